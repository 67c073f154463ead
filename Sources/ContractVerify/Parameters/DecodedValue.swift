import ContractJSON

/// A parameter or form value after its style is undone but before its schema types it: strings in
/// arrays and objects, as `form`, `deepObject` and the other styles deliver them.
indirect enum DecodedValue: Sendable, Hashable {
    case string(String)
    case array([DecodedValue])
    case object([Member])

    struct Member: Sendable, Hashable {
        let key: String
        let value: DecodedValue
    }

    /// The JSON value the schema validates: each string typed by what the schema allows there.
    func coerced(by shape: ValueShape) -> JSONValue {
        switch self {
        case .string(let text):
            return Self.coerce(text, to: shape)
        case .array(let elements):
            let itemShape = shape.items ?? .any
            return .array(elements.map { $0.coerced(by: itemShape) })
        case .object(let members):
            return .object(
                JSONObject(
                    members: members.map {
                        JSONObject.Member(key: $0.key, value: $0.value.coerced(by: shape.property($0.key)))
                    }
                ))
        }
    }

    /// Coercion rules: a schema that allows strings (or says nothing) keeps the text; otherwise text that is
    /// a JSON number becomes a number when numbers are allowed, `true`/`false` a boolean when booleans are,
    /// the empty text `null` when only `null` fits. Anything else stays a string, so the schema reports
    /// "expected integer, got string "abc"" instead of a decoding error.
    static func coerce(_ text: String, to shape: ValueShape) -> JSONValue {
        if !shape.branches.isEmpty { return coerce(text, toOneOf: shape.branches) }
        let types = shape.types
        if types.isEmpty || types.contains("string") { return .string(text) }
        if types.contains("number"), isJSONNumber(text) { return .number(JSONNumber(text: text)) }
        if types.contains("boolean") {
            if text == "true" { return .bool(true) }
            if text == "false" { return .bool(false) }
        }
        if types.contains("null"), text.isEmpty || text == "null" { return .null }
        return .string(text)
    }

    /// Coercion for a union (`anyOf: [{type: string, enum: [now]}, {type: integer}]`): a branch that lists
    /// the text as one of its strings keeps it; else the first branch that reads it as a number, boolean or
    /// null it takes; else a branch that takes any string keeps it. So `now` stays text, `1700000000` is
    /// an integer, and `soon` stays a string for the schema to report.
    private static func coerce(_ text: String, toOneOf branches: [ValueShape]) -> JSONValue {
        let string = JSONValue.string(text)
        if branches.contains(where: { $0.listedValues?.contains(string) == true }) { return string }
        for branch in branches {
            let value = coerce(text, to: branch)
            if value != string, branch.listedValues?.contains(value) ?? true { return value }
        }
        return string
    }

    /// Whether the text follows JSON's number grammar (no `+`, no leading zeros, no bare `.5`).
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let leadingZero = bytes.first == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0, !(leadingZero && integerDigits > 1) else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
