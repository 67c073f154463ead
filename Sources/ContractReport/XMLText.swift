import Foundation

/// Text as XML 1.0 allows it: escaped, with the characters it forbids replaced, and numbers and
/// dates in the forms the JUnit XSDs accept.
enum XMLText {
    /// Escapes `&`, `<`, `>` and replaces characters XML 1.0 forbids with U+FFFD.
    static func escapeText(_ text: String) -> String {
        escape(text, forAttribute: false)
    }

    /// Escapes text for a double-quoted attribute; line breaks and tabs become character references
    /// so that parsers do not normalise them to spaces.
    static func escapeAttribute(_ text: String) -> String {
        escape(text, forAttribute: true)
    }

    private static func escape(_ text: String, forAttribute: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where forAttribute: output += "&quot;"
            case "\n" where forAttribute: output += "&#10;"
            case "\r" where forAttribute: output += "&#13;"
            case "\t" where forAttribute: output += "&#9;"
            default: output.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return output
    }

    /// XML 1.0 §2.2: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Seconds with at most three decimals and no exponent (`0.123`, `12`), which both XSDs accept.
    static func seconds(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0" }
        let milliseconds = (value * 1000).rounded()
        let whole = Int(milliseconds / 1000)
        let fraction = Int(milliseconds.truncatingRemainder(dividingBy: 1000))
        if fraction == 0 { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }

    /// `YYYY-MM-DDThh:mm:ss` in UTC, without a zone: the strict XSD rejects one.
    static func timestamp(_ date: Date) -> String {
        UTCTimestamp.format(date, withMillisecondsAndZone: false)
    }
}
