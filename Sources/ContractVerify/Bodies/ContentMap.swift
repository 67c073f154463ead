import ContractSchema
import ContractSpec

/// A `content` map with its media-type keys parsed and schemas compiled once, to pick the entry a
/// `Content-Type` selects.
struct ContentMap: Sendable {
    struct Entry: Sendable {
        let name: MediaTypeName
        let media: Spec.MediaType
        /// `nil` when the entry has no schema or it does not compile (lint reports that).
        let schema: CompiledSchema?
        let shape: ValueShape
    }

    let entries: [Entry]

    init(_ content: [Spec.MediaType], schemas: ContractSchemas) {
        entries = content.compactMap { media in
            MediaTypeName(media.name).map {
                Entry(
                    name: $0, media: media, schema: media.schema.flatMap { try? schemas.compiled($0) },
                    shape: ValueShape(media.schema, schemas: schemas))
            }
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The keys as written, for messages: `application/json or application/xml`.
    var names: String { entries.map(\.media.name).joined(separator: " or ") }

    /// The most specific entry whose key includes `actual`: `application/json` before `application/*`
    /// before `*/*`, document order among equals.
    func entry(for actual: MediaTypeName) -> Entry? {
        var best: (entry: Entry, score: Int)?
        for entry in entries {
            guard let score = entry.name.specificity(matching: actual) else { continue }
            if best == nil || score > (best?.score ?? -1) { best = (entry, score) }
        }
        return best?.entry
    }
}
