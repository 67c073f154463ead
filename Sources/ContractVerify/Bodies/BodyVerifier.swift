import ContractJSON
import ContractSchema
import ContractSpec

/// Decodes a body by its media type and validates it against the chosen `content` entry: JSON (and
/// every `+json` type), form-urlencoded, multipart, text, and sequential types (server-sent events, JSON
/// lines) item by item; other types are taken as binary and not parsed.
struct BodyVerifier {
    let side: BodySide

    func verify(
        _ bytes: [UInt8], as actual: MediaTypeName, entry: ContentMap.Entry, into recorder: inout ViolationRecorder
    ) {
        let source = entry.media.location
        let errors: [SchemaValidationError]
        do {
            errors = try schemaErrors(bytes, as: actual, entry: entry, into: &recorder)
        } catch {
            recorder.add(
                side.malformed, at: side.location, source: source, expected: error.expected, actual: error.actual,
                hint: error.hint)
            return
        }
        if !errors.isEmpty { recorder.add(side.schemaKind, at: side.location, errors: errors, fallback: source) }
    }

    /// The body's errors against the entry's schema (none without a schema). A JSON body is
    /// validated as it is read and parsed only when it has problems, for the errors (most bodies
    /// are valid, and building them was most of their cost); other bodies are decoded first.
    private func schemaErrors(
        _ bytes: [UInt8], as actual: MediaTypeName, entry: ContentMap.Entry, into recorder: inout ViolationRecorder
    ) throws(DecodeFailure) -> [SchemaValidationError] {
        if let sequence = entry.sequence {
            return try SequenceBodyCheck(sequence: sequence, context: side.context).errors(bytes, as: actual)
        }
        if actual.isJSON, let schema = entry.schema {
            do {
                return try schema.validate(json: bytes, context: side.context)
            } catch {
                throw Self.malformed(bytes, actual, error)
            }
        }
        guard let value = try decode(bytes, as: actual, entry: entry, into: &recorder), let schema = entry.schema else {
            return []
        }
        let errors = schema.validate(value, context: side.context)
        // A text body whose schema takes no string (Docker's API declares `text/plain` beside
        // `application/json` for its JSON bodies) is the JSON text it holds; text that is no JSON stays a
        // string, and fails as one.
        if actual.type == "text", errors.contains(where: { $0.keyword == "type" && $0.instancePath == .root }),
            let held = try? JSONParser.parse(bytes), held.stringValue == nil
        {
            return schema.validate(held, context: side.context)
        }
        return errors
    }

    /// The value the schema validates, or `nil` for a body that is not parsed (binary).
    private func decode(
        _ bytes: [UInt8], as actual: MediaTypeName, entry: ContentMap.Entry, into recorder: inout ViolationRecorder
    ) throws(DecodeFailure) -> JSONValue? {
        if actual.isJSON { return try Self.parseJSON(bytes, actual) }
        switch actual.essence {
        case "application/x-www-form-urlencoded":
            return try FormBodyDecoder(shape: entry.shape, encoding: entry.media.encoding).decode(bytes)
        case let essence where essence.hasPrefix("multipart/"):
            guard let boundary = actual.parameter("boundary"), !boundary.isEmpty else {
                throw DecodeFailure(expected: "a boundary parameter in \(actual.essence)", actual: "none")
            }
            let parts = try MultipartParser(boundary: boundary).parts(of: bytes)
            return MultipartVerifier(side: side, entry: entry).object(from: parts, into: &recorder)
        default:
            guard actual.type == "text" || actual.essence == "application/xml" else { return nil }
            return .string(String(decoding: bytes, as: UTF8.self))
        }
    }

    static func parseJSON(_ bytes: [UInt8], _ type: MediaTypeName) throws(DecodeFailure) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw malformed(bytes, type, error)
        }
    }

    /// The problem with a JSON body the parser refused.
    private static func malformed(_ bytes: [UInt8], _ type: MediaTypeName, _ error: JSONParseError) -> DecodeFailure {
        let text = String(decoding: bytes.prefix(200), as: UTF8.self)
        return DecodeFailure(
            expected: "valid JSON (\(type.essence)): \(error.description)", actual: Excerpt.quoted(text))
    }
}
