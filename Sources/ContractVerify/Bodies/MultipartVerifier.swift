import ContractJSON
import ContractSpec

/// Turns `multipart/form-data` parts into the object the schema describes, checking each part's
/// `Content-Type` and headers against its `encoding` entry on the way.
struct MultipartVerifier {
    let side: BodySide
    let entry: ContentMap.Entry

    func object(from parts: [MultipartParser.Part], into recorder: inout ViolationRecorder) -> JSONValue {
        var order: [String] = []
        var values: [String: [JSONValue]] = [:]
        for part in parts {
            guard let name = part.name else { continue }
            guard let value = value(of: part, named: name, into: &recorder) else { continue }
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(value)
        }
        let members = order.map { name in
            let list = values[name] ?? []
            let single = list.count == 1 && !entry.shape.property(name).isArray
            return JSONObject.Member(key: name, value: single ? list[0] : .array(list))
        }
        return .object(JSONObject(members: members))
    }

    private func value(of part: MultipartParser.Part, named name: String, into recorder: inout ViolationRecorder)
        -> JSONValue?
    {
        let location = side.part(name)
        let source = entry.media.location
        let encoding = entry.media.encoding[name]
        let shape = entry.shape.property(name)
        let declared = part.headers["Content-Type"].flatMap(MediaTypeName.init)
        // RFC 7578: a part without Content-Type is text/plain.
        let actual = declared ?? MediaTypeName("text/plain")
        if let allowed = encoding?.contentType, let actual {
            let ranges = allowed.split(separator: ",").compactMap(MediaTypeName.init)
            if !ranges.contains(where: { $0.includes(actual) }) {
                recorder.add(
                    side.mediaType, at: location, source: source, expected: "part Content-Type \(allowed)",
                    actual: actual.essence)
            }
        }
        for header in encoding?.headers ?? [] where header.required && !part.headers.contains(header.name) {
            recorder.add(
                side.schemaKind, at: location, source: header.location, expected: "part header \(header.name)",
                actual: "none")
        }
        // A file's bytes are not read as their label says: a `.json` upload labelled `application/json` is
        // still a file, kept as text (only the `encoding.contentType` checked above constrains the label).
        if let actual, actual.isJSON, !shape.takesBytes {
            do {
                return try BodyVerifier.parseJSON(Array(part.body), actual)
            } catch {
                recorder.add(
                    side.malformed, at: location, source: source, expected: error.expected, actual: error.actual,
                    hint: error.hint)
                return nil
            }
        }
        let text = String(decoding: part.body, as: UTF8.self)
        return DecodedValue.coerce(text, to: shape)
    }
}
