import ContractJSON
import ContractSchema
import ContractSpec

/// A `content` map with its media-type keys parsed and schemas compiled once, to pick the entry a
/// `Content-Type` selects.
struct ContentMap: Sendable {
    /// One media type of the map. A class, so picking one per request retains one object instead of
    /// copying its fields.
    final class Entry: Sendable {
        let name: MediaTypeName
        let media: Spec.MediaType
        /// `nil` when the entry has no schema or it does not compile (lint reports that).
        let schema: CompiledSchema?
        let shape: ValueShape
        /// The items of a sequential media type (server-sent events, JSON lines), checked one by one.
        let sequence: PreparedSequence?

        init(
            name: MediaTypeName, media: Spec.MediaType, schema: CompiledSchema?, shape: ValueShape,
            sequence: PreparedSequence?
        ) {
            self.name = name
            self.media = media
            self.schema = schema
            self.shape = shape
            self.sequence = sequence
        }
    }

    /// A `Content-Type` value parsed, with the entry it selects. A class: the selection of a key as
    /// written is made once and handed out per request, which then retains one object instead of copying
    /// each string of the parsed type.
    final class Selection: Sendable {
        let type: MediaTypeName
        let entry: Entry?

        init(type: MediaTypeName, entry: Entry?) {
            self.type = type
            self.entry = entry
        }
    }

    /// A key as written and what it selects.
    private struct Written: Sendable {
        let text: String
        let selection: Selection
    }

    let entries: [Entry]
    /// The selection for each key as written (`application/json`): clients usually send the key itself,
    /// which then costs a string comparison instead of parsing and ranking the entries.
    private let written: [Written]

    /// The content of `operation`'s request body or of one of its responses (the operation's prose may
    /// document how its event streams end).
    init(
        _ content: [Spec.MediaType], of operation: Spec.Operation? = nil, schemas: ContractSchemas,
        shapes: ShapeBuilder
    ) {
        // Only form and multipart bodies are read field by field through a shape; JSON bodies, most of a
        // contract's content, are validated as parsed. Building shapes for those only, not for every body,
        // takes a third off preparing a large contract in a debug build.
        entries = content.compactMap { media in
            MediaTypeName(media.name).map {
                Entry(
                    name: $0, media: media, schema: media.schema.flatMap { try? schemas.compiled($0) },
                    shape: $0.mayBeFields ? shapes.shape(of: media.schema) : .any,
                    sequence: SequentialBody(media: media, operation: operation, schemas: schemas).map {
                        PreparedSequence($0, schemas: schemas)
                    })
            }
        }
        let entries = entries
        written = entries.map {
            Written(
                text: $0.media.name, selection: Selection(type: $0.name, entry: Self.entry(for: $0.name, in: entries)))
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The keys as written, for messages: `application/json or application/xml`.
    var names: String { entries.map(\.media.name).joined(separator: " or ") }

    /// A `Content-Type` value parsed and its entry; `nil` when the value is no media type.
    func select(_ contentType: String) -> Selection? {
        // Bytes, not `==`: a canonically equivalent spelling must be parsed as sent (a multipart boundary).
        // By index: iterating the elements copied each one (its text and selection retained and released).
        for index in written.indices where written[index].text.hasSameUTF8(as: contentType) {
            return written[index].selection
        }
        guard let type = MediaTypeName(contentType) else { return nil }
        return Selection(type: type, entry: entry(for: type))
    }

    /// The most specific entry whose key includes `actual`: `application/json` before `application/*`
    /// before `*/*`, document order among equals.
    func entry(for actual: MediaTypeName) -> Entry? {
        Self.entry(for: actual, in: entries)
    }

    private static func entry(for actual: MediaTypeName, in entries: [Entry]) -> Entry? {
        var best: (entry: Entry, score: Int)?
        for entry in entries {
            guard let score = entry.name.specificity(matching: actual) else { continue }
            if best == nil || score > (best?.score ?? -1) { best = (entry, score) }
        }
        return best?.entry
    }
}
