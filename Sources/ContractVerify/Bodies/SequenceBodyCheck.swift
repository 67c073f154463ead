import ContractJSON
import ContractSchema
import ContractSpec

/// A sequential media type of a `content` map with its item schema compiled once.
final class PreparedSequence: Sendable {
    let body: SequentialBody
    /// `nil` when the contract gives no item schema, or it does not compile (lint reports that).
    let schema: CompiledSchema?
    /// The schema of the JSON in an event's text `data`, when the item schema gives one.
    let dataSchema: CompiledSchema?

    init(_ body: SequentialBody, schemas: ContractSchemas) {
        self.body = body
        schema = body.itemSchema.flatMap { try? schemas.compiled($0) }
        dataSchema = body.dataContentSchema.flatMap { try? schemas.compiled($0) }
    }
}

/// Checks a sequential body item by item: each server-sent event (its `data`, or the event object when the
/// item schema describes events) or each JSON line against the item schema. An error's instance path
/// starts with the item's position (`$[2].choices`: the third event). The documented terminating event
/// (`data: [DONE]`) carries no item and is not checked.
struct SequenceBodyCheck {
    let sequence: PreparedSequence
    let context: ValidationContext

    func errors(_ bytes: [UInt8], as type: MediaTypeName) throws(DecodeFailure) -> [SchemaValidationError] {
        let items = try items(of: bytes, type)
        guard let schema = sequence.schema else { return [] }
        if sequence.body.linesFormArray { return schema.validate(.array(items), context: context) }
        var errors: [SchemaValidationError] = []
        for (position, item) in items.enumerated() {
            var found = schema.validate(item, context: context)
            if let dataSchema = sequence.dataSchema, let text = item["data"]?.stringValue {
                let data = (try? JSONParser.parse(Array(text.utf8))) ?? .string(text)
                found += dataSchema.validate(data, context: context).map { error in
                    var error = error
                    error.instancePath = InstancePath(components: [.key("data")] + error.instancePath.components)
                    return error
                }
            }
            for var error in found {
                error.instancePath = InstancePath(components: [.index(position)] + error.instancePath.components)
                errors.append(error)
            }
        }
        return errors
    }

    private func items(of bytes: [UInt8], _ type: MediaTypeName) throws(DecodeFailure) -> [JSONValue] {
        switch sequence.body.framing {
        case .jsonLines:
            var items: [JSONValue] = []
            var lineNumber = 0
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                lineNumber += 1
                let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
                guard !trimmed.isEmpty else { continue }
                do {
                    items.append(try JSONParser.parse(trimmed))
                } catch {
                    throw DecodeFailure(
                        expected: "one JSON value per line (\(type.essence)), line \(lineNumber): \(error.description)",
                        actual: Excerpt.quoted(String(decoding: trimmed.prefix(200), as: UTF8.self)))
                }
            }
            return items
        case .eventStream:
            let events = EventStreamEvent.events(in: String(decoding: bytes, as: UTF8.self))
            return events.filter { $0.data != sequence.body.terminator }.map(item)
        }
    }

    /// The value an event stands for: its data, or the event object the item schema describes.
    private func item(_ event: EventStreamEvent) -> JSONValue {
        let data = value(ofData: event.data)
        guard sequence.body.itemIsEvent else { return data }
        var object: JSONObject = ["data": data]
        if let name = event.event { object["event"] = .string(name) }
        if let id = event.id { object["id"] = .string(id) }
        if let retry = event.retry {
            object["retry"] = Int(retry).map { .number(JSONNumber($0)) } ?? .string(retry)
        }
        return .object(object)
    }

    /// An event's data as the schema sees it: the text itself where the schema wants text, else the JSON
    /// value it spells (the text when it is not JSON, so that the schema reports what it got).
    private func value(ofData text: String) -> JSONValue {
        if sequence.body.dataIsText { return .string(text) }
        return (try? JSONParser.parse(Array(text.utf8))) ?? .string(text)
    }
}
