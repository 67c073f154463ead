import ContractExamples
import ContractJSON
import ContractSpec
import ContractVerify

/// The body of a sequential media type, synthesized: items generated from the item schema (three, the
/// first in the scenario's mode and the others seeded at random, fewer when no other value is found),
/// written as server-sent events or JSON lines, and the terminating event the contract documents. Each
/// item is one piece of the body, which the backend delivers as a stream.
struct StreamSynthesis {
    let synthesizer: ExampleSynthesizer
    /// How many items a synthesized stream carries.
    static let itemCount = 3

    /// The body's pieces, in order.
    func pieces(_ sequence: SequentialBody, mode: ExampleMode) throws(ExampleError) -> [[UInt8]] {
        guard let schema = sequence.itemSchema else {
            throw ExampleError(kind: .noSchema, message: "the stream's media type has no schema to answer with")
        }
        if sequence.linesFormArray {
            let value = try synthesizer.value(for: schema, context: .response, mode: mode)
            return (value.arrayValue ?? [value]).map(line)
        }
        var items = [try synthesizer.value(for: schema, context: .response, mode: mode)]
        for seed in 1..<UInt64(Self.itemCount) {
            guard let item = try? synthesizer.value(for: schema, context: .response, mode: .random(seed: seed)) else {
                break
            }
            items.append(item)
        }
        switch sequence.framing {
        case .jsonLines:
            return items.map(line)
        case .eventStream:
            if let dataSchema = sequence.dataContentSchema {
                for index in items.indices {
                    items[index] = try withJSONData(items[index], dataSchema, mode: mode, seed: UInt64(index))
                }
            }
            var events = items.map { event($0, sequence) }
            if let terminator = sequence.terminator { events.append(EventStreamEvent(data: terminator)) }
            return events.map { Array($0.text.utf8) }
        }
    }

    /// The event object with a value of the data's content schema written as its `data`: in the scenario's
    /// mode for the first event, seeded at random for the others (the scenario's mode when that finds none).
    private func withJSONData(_ item: JSONValue, _ dataSchema: Spec.Schema, mode: ExampleMode, seed: UInt64)
        throws(ExampleError) -> JSONValue
    {
        guard case .object(var fields) = item else { return item }
        func value(_ mode: ExampleMode) throws(ExampleError) -> JSONValue {
            try synthesizer.value(for: dataSchema, context: .response, mode: mode)
        }
        if seed > 0, let varied = try? value(.random(seed: seed)) {
            fields["data"] = .string(JSONWriter.string(from: varied))
        } else {
            fields["data"] = .string(JSONWriter.string(from: try value(mode)))
        }
        return .object(fields)
    }

    private func line(_ value: JSONValue) -> [UInt8] {
        JSONWriter.bytes(from: value) + [UInt8(ascii: "\n")]
    }

    /// The event an item stands for: the item as its data, or the event object's fields.
    private func event(_ item: JSONValue, _ sequence: SequentialBody) -> EventStreamEvent {
        guard sequence.itemIsEvent, case .object(let fields) = item else {
            return EventStreamEvent(data: text(item))
        }
        return EventStreamEvent(
            data: fields["data"].map(text) ?? "", event: fields["event"].map(text), id: fields["id"].map(text),
            retry: fields["retry"].map(text))
    }

    /// A string as itself, any other value as JSON.
    private func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return JSONWriter.string(from: value)
    }
}
