import ContractJSON
import ContractSpec

/// How a body of a sequential media type is cut into items: server-sent events (`text/event-stream`),
/// or one JSON value per line (`application/jsonl`, `application/x-ndjson`).
package enum SequenceFraming: Sendable {
    case eventStream
    case jsonLines

    /// The framing of a media type, `nil` for a type whose body is one value.
    package init?(_ type: MediaTypeName) {
        switch type.essence {
        case "text/event-stream": self = .eventStream
        case "application/jsonl", "application/x-ndjson", "application/x-jsonlines": self = .jsonLines
        default: return nil
        }
    }
}

/// What the contract says about the items of a sequential body, for checking a recorded stream and for
/// answering with one.
///
/// The item schema is OpenAPI 3.2's `itemSchema`, else the media type's `schema`. For server-sent events
/// it describes the event (`data`, `event`, `id`, `retry`) when its properties are those fields and
/// include `data`, else each event's `data`. A `schema` (not an `itemSchema`) that only allows a string
/// describes the whole stream's text, and a JSON-lines `schema` that only allows an array the whole
/// stream as the array of its lines: those bodies are checked as one value, as before sequential media
/// types had item schemas.
package struct SequentialBody: Sendable {
    package let framing: SequenceFraming
    /// The schema each item is checked against and generated from; `nil` when the contract gives none.
    package let itemSchema: Spec.Schema?
    /// Whether the JSON lines together form one array that `itemSchema` describes.
    package let linesFormArray: Bool
    /// Whether each event is the object `{data, event, id, retry}` the item schema describes (else the
    /// item schema describes its `data`).
    package let itemIsEvent: Bool
    /// Whether an event's `data` is kept as text: its schema allows strings and nothing else.
    package let dataIsText: Bool
    /// The schema of the JSON an event object's text `data` carries (its `contentSchema`), when the item
    /// schema gives one (`EventDataSchema`).
    package let dataContentSchema: Spec.Schema?
    /// The `data` of a terminating event the contract documents (`[DONE]`), which carries no item.
    package let terminator: String?

    /// The sequence a media type describes; `nil` for a type that is not sequential, or one whose schema
    /// describes the whole body as one value.
    package init?(media: Spec.MediaType, operation: Spec.Operation?, schemas: ContractSchemas) {
        guard let name = MediaTypeName(media.name), let framing = SequenceFraming(name) else { return nil }
        let schema = media.itemSchema ?? media.schema
        let shape = ShapeBuilder(schemas: schemas).shape(of: schema)
        let describesWholeBody = media.itemSchema == nil
        if describesWholeBody && shape.types == ["string"] { return nil }
        let linesFormArray = describesWholeBody && framing == .jsonLines && shape.types == ["array"]
        let fields: Set<String> = ["data", "event", "id", "retry"]
        let isEvent =
            framing == .eventStream && shape.properties["data"] != nil
            && Set(shape.properties.keys).isSubset(of: fields)
        let dataShape = isEvent ? shape.property("data") : shape
        self.framing = framing
        itemSchema = schema
        self.linesFormArray = linesFormArray
        itemIsEvent = isEvent
        dataIsText = dataShape.types == ["string"]
        dataContentSchema = isEvent ? schema.flatMap { EventDataSchema.of(eventSchema: $0, schemas: schemas) } : nil
        let prose = StreamTerminator.texts(media: media, operation: operation, schemas: schemas)
        terminator = framing == .eventStream ? StreamTerminator.documented(in: prose) : nil
    }
}
