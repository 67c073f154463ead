import ContractJSON

/// Resolves plain YAML scalars by the YAML 1.2 core schema (§10.3.2), which OpenAPI 3.1 requires.
///
/// Unlike YAML 1.1, `yes`, `no`, `on`, `off` and `NO` (the country code) stay strings; numbers
/// keep the text they were written with, so `1.0` is not read back as `1`.
enum YAMLCoreSchema {
    static func resolvePlain(_ text: String) -> JSONValue {
        // Only these first bytes start a null, a boolean, an infinity, NaN or a number: any other text is a
        // string, answered without comparing it with each literal below (two dozen calls per scalar in a
        // user's debug build).
        guard let first = text.utf8.first else { return .null }
        let lower = first | 0x20
        guard
            lower == UInt8(ascii: "n") || lower == UInt8(ascii: "t") || lower == UInt8(ascii: "f")
                || first == UInt8(ascii: "~") || first == UInt8(ascii: ".") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39)
        else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            // JSON has no infinities or NaN; keeping the text lets a schema say what it expects.
            return .string(text)
        default:
            break
        }
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: ".") || (first >= 0x30 && first <= 0x39)
        else { return .string(text) }
        return isCoreNumber(text) ? .number(JSONNumber(text: text)) : .string(text)
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`, or `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
    static func isCoreNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "o") {
                return bytes[2...].allSatisfy { $0 >= 0x30 && $0 <= 0x37 }
            }
            if bytes[1] == UInt8(ascii: "x") {
                return bytes[2...].allSatisfy { isHexDigit($0) }
            }
        }
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        while index < bytes.count, isDigit(bytes[index]) {
            index += 1
            digits += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            var exponentDigits = 0
            while index < bytes.count, isDigit(bytes[index]) {
                index += 1
                exponentDigits += 1
            }
            guard exponentDigits > 0 else { return false }
        }
        return index == bytes.count
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }
}
