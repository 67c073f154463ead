import ContractJSON

/// Describes values in the short words errors use: `integer 42`, `string "abc…"`, `object`.
enum ValueDescription {
    static let maximumLength = 40

    /// The type and, for scalars, the value cut short.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return "boolean \(bool)"
        case .number(let number): return "\(value.typeName) \(cut(number.text))"
        case .string(let string): return "string \(quote(string))"
        case .array(let array): return array.isEmpty ? "empty array" : "array of \(array.count)"
        case .object(let object): return object.isEmpty ? "empty object" : "object"
        }
    }

    /// The value as JSON, cut short.
    static func literal(_ value: JSONValue) -> String {
        switch value {
        case .string(let string): return quote(string)
        default: return cut(JSONWriter.string(from: value))
        }
    }

    /// A string in quotes, cut short.
    static func quote(_ string: String) -> String {
        var buffer = ""
        JSONWriter.writeString(cut(string), into: &buffer)
        return buffer
    }

    static func cut(_ text: String) -> String {
        // No more UTF-8 bytes than the limit is no more characters: most values are not counted.
        guard text.utf8.count > maximumLength, text.count > maximumLength else { return text }
        return String(text.prefix(maximumLength - 1)) + "…"
    }

    /// A list of literals: `"ASC", "DESC"`, at most six shown.
    static func list(_ values: [JSONValue]) -> String {
        let shown = values.prefix(6).map(literal).joined(separator: ", ")
        return values.count > 6 ? shown + ", … (\(values.count) in all)" : shown
    }
}
