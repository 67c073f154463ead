import ContractJSON
import ContractSpec

/// Turns `multipart/form-data` parts into the object the schema describes, checking each part's
/// `Content-Type` and headers against its `encoding` entry on the way. Parts named with brackets
/// (`file_link_data[create]`), where the schema does not declare that name itself, are text nested by
/// the schema as in form bodies (see `BracketNesting`).
struct MultipartVerifier {
    let side: BodySide
    let entry: ContentMap.Entry

    func object(from parts: [MultipartParser.Part], into recorder: inout ViolationRecorder) -> JSONValue {
        var order: [String] = []
        var values: [String: [JSONValue]] = [:]
        var bracketed: [String: [BracketNesting.Entry]] = [:]
        for part in parts {
            guard let name = part.name else { continue }
            if entry.shape.properties[name] == nil, let (base, keys) = BracketNesting.split(name) {
                if values[base] == nil && bracketed[base] == nil { order.append(base) }
                let text = String(decoding: part.body, as: UTF8.self)
                bracketed[base, default: []].append(BracketNesting.Entry(keys: keys[...], value: text))
                continue
            }
            guard let value = value(of: part, named: name, into: &recorder) else { continue }
            if values[name] == nil && bracketed[name] == nil { order.append(name) }
            values[name, default: []].append(value)
        }
        var members: [JSONObject.Member] = []
        for name in order {
            let shape = entry.shape.property(name)
            if let entries = bracketed[name] {
                if let value = nested(entries, named: name, sentPlain: values[name] != nil, into: &recorder) {
                    members.append(JSONObject.Member(key: name, value: value.coerced(by: shape)))
                }
                continue
            }
            let list = values[name] ?? []
            let single = list.count == 1 && !shape.isArray
            members.append(JSONObject.Member(key: name, value: single ? list[0] : .array(list)))
        }
        return .object(JSONObject(members: members))
    }

    /// The value of the parts named `name[…]`, or `nil` after recording why there is none.
    private func nested(
        _ entries: [BracketNesting.Entry], named name: String, sentPlain: Bool, into recorder: inout ViolationRecorder
    ) -> DecodedValue? {
        let location = side.part(name)
        do throws(DecodeFailure) {
            guard !sentPlain else {
                throw DecodeFailure(expected: "either a part \(name) or parts \(name)[…]", actual: "both")
            }
            return try BracketNesting.nest(entries, shape: entry.shape.property(name), name: name)
        } catch {
            recorder.add(
                side.malformed, at: location, source: entry.media.location, expected: error.expected,
                actual: error.actual, hint: error.hint)
            return nil
        }
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
        // An object's part sent without a label (OpenAPI's default for it is application/json, which many
        // form builders leave unwritten) is the JSON it holds; text that is no JSON stays text, and fails.
        if declared == nil, shape.isObject, !shape.takesBytes, let value = try? JSONParser.parse(Array(part.body)) {
            return value
        }
        let text = String(decoding: part.body, as: UTF8.self)
        return DecodedValue.coerce(text, to: shape)
    }
}
