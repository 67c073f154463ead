import ContractJSON

/// Writes a synthesized value as the bytes of its media type.
enum BodyEncoding {
    /// The `Content-Type` to send for a documented media type (a range such as `image/*` gets a concrete type).
    static func contentType(_ name: String) -> String {
        switch name.lowercased() {
        case "*/*", "application/*": "application/octet-stream"
        case "image/*": "image/png"
        case "text/*": "text/plain"
        default: name
        }
    }

    /// JSON for JSON types (any `+json`), a form for `application/x-www-form-urlencoded`, the text itself
    /// for a string value of any other type, JSON otherwise.
    static func bytes(_ value: JSONValue, mediaType: String) -> [UInt8] {
        let essence = mediaType.lowercased().split(separator: ";").first.map(String.init) ?? ""
        if essence == "application/json" || essence.hasSuffix("+json") {
            return JSONWriter.bytes(from: value)
        }
        if essence == "application/x-www-form-urlencoded", case .object(let object) = value {
            return Array(form(object).utf8)
        }
        if case .string(let text) = value { return Array(text.utf8) }
        return JSONWriter.bytes(from: value)
    }

    /// A few bytes that start like the type's files, for binary media types the contract gives no schema.
    static func placeholder(for mediaType: String) -> [UInt8] {
        switch mediaType.lowercased() {
        case "application/pdf": Array("%PDF-1.4\n%%EOF\n".utf8)
        case "image/png", "image/*": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case "image/jpeg": [0xFF, 0xD8, 0xFF, 0xD9]
        default: Array("binary".utf8)
        }
    }

    private static func form(_ object: JSONObject) -> String {
        var pairs: [String] = []
        for (key, value) in object {
            let items: [JSONValue] = if case .array(let array) = value { array } else { [value] }
            for item in items {
                let text: String
                switch item {
                case .string(let string): text = string
                default: text = JSONWriter.string(from: item)
                }
                pairs.append(PercentEncoding.encodeComponent(key) + "=" + PercentEncoding.encodeComponent(text))
            }
        }
        return pairs.joined(separator: "&")
    }
}
