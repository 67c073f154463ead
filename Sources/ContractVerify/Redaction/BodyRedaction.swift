import ContractJSON

/// A body as logs show it, secrets hidden: a JSON body with the value of every secret member (at any
/// depth, whatever the value is) replaced by `"<redacted>"`, a form body with the value of every secret
/// field replaced by `<redacted>`, both cut to `limit` bytes after that, so a cut never shows part of a
/// secret. Any other body, and a JSON body that does not parse, is shown as its size and type only
/// (`<512 bytes of text/plain>`): text and binary bodies have no names to tell a secret by.
enum BodyRedaction {
    /// The logged form of `body`, sent with `contentType`, where `isSecret` tells which member and field
    /// names hold secrets.
    static func excerpt(
        of body: HTTPBody, contentType: String?, limit: Int, isSecret: (String) -> Bool
    ) -> String {
        guard let bytes = body.bytes else { return "<unavailable>" }
        guard !bytes.isEmpty else { return "" }
        guard let contentType, let type = MediaTypeName(contentType) else {
            return "<\(bytes.count) bytes without Content-Type>"
        }
        if type.isJSON {
            guard let value = try? JSONParser.parse(bytes) else {
                return "<\(bytes.count) bytes of \(type.essence), not valid JSON>"
            }
            let redacted = JSONWriter.bytes(from: redact(value, isSecret: isSecret))
            return cut(redacted, limit: limit, size: bytes.count)
        }
        if type.essence == "application/x-www-form-urlencoded" {
            return cut(Array(redactForm(bytes, isSecret: isSecret).utf8), limit: limit, size: bytes.count)
        }
        return "<\(bytes.count) bytes of \(type.essence)>"
    }

    /// `value` with the value of every member whose name is secret replaced, at any depth.
    static func redact(_ value: JSONValue, isSecret: (String) -> Bool) -> JSONValue {
        switch value {
        case .object(let object):
            let members = object.members.map { member in
                JSONObject.Member(
                    key: member.key,
                    value: isSecret(member.key)
                        ? .string(ContractViolation.redactedText) : redact(member.value, isSecret: isSecret))
            }
            return .object(JSONObject(members: members))
        case .array(let items):
            return .array(items.map { redact($0, isSecret: isSecret) })
        default:
            return value
        }
    }

    /// The form text with the value of every field whose (decoded) name is secret replaced; the rest as sent.
    static func redactForm(_ bytes: [UInt8], isSecret: (String) -> Bool) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(separator: "&", omittingEmptySubsequences: false).map { field -> String in
            guard let equals = field.firstIndex(of: "=") else { return String(field) }
            let name = field[..<equals]
            let secret = isSecret(URLDecoding.lenient(name, plusIsSpace: true))
            return secret ? name + "=" + ContractViolation.redactedText : String(field)
        }.joined(separator: "&")
    }

    /// The first `limit` bytes of redacted text, cut at a character boundary, with the body's size when
    /// anything was cut.
    static func cut(_ text: [UInt8], limit: Int, size: Int) -> String {
        guard text.count > limit else { return String(decoding: text, as: UTF8.self) }
        var end = max(limit, 0)
        // Back to the first byte of a character: a continuation byte is 10xxxxxx.
        while end > 0, text[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: text[..<end], as: UTF8.self) + "… (\(size) bytes)"
    }
}
