/// A JSON number that keeps the text it was written with.
///
/// Keeping the text means `1.0` stays `1.0`, `10000000000000000001` keeps every digit and
/// `0.01` is not rounded to a binary fraction; numeric questions are answered from the text.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The literal as written in the source (JSON number syntax, or a YAML 1.2 core-schema number).
    public let text: String

    /// Creates a number from its literal text. The text is trusted to be a number literal.
    public init(text: String) {
        self.text = text
    }

    /// Creates a number from an integer.
    public init(_ value: Int) {
        self.text = String(value)
    }

    /// Creates a number from a double, written in the shortest form that reads back the same.
    public init(_ value: Double) {
        if value.rounded() == value, abs(value) < 1e15 {
            self.text = String(Int64(value))
        } else {
            self.text = "\(value)"
        }
    }

    /// The value as a `Double` (nearest binary value; large integers may round).
    public var doubleValue: Double {
        if let decimal = DecimalText(text) {
            return decimal.doubleValue
        }
        return Double(text) ?? .nan
    }

    /// The value in exact decimal form, or `nil` for YAML specials such as `.inf` and `.nan`.
    package var decimal: DecimalText? { DecimalText(text) }

    /// The value as an `Int64` when it is an integer that fits, whatever its spelling (`1.0`, `1e2`).
    public var int64Value: Int64? {
        decimal?.int64Value
    }

    /// Whether the value is a mathematical integer (`1.0` and `1e2` are; `1.5` is not).
    public var isInteger: Bool { decimal?.isInteger ?? false }

    /// The text in JSON syntax: YAML hex and octal integers are written in decimal.
    public var jsonText: String {
        if let decimal = DecimalText(text), decimal.radix != 10 {
            return decimal.canonicalText
        }
        return text
    }

    /// The literal text.
    public var description: String { text }

    /// Numbers are equal when their values are equal (`1.0 == 1`).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if lhs.text == rhs.text { return true }
        guard let left = lhs.decimal, let right = rhs.decimal else { return false }
        return left.compare(to: right) == 0
    }

    /// Hashes the canonical value, so that equal numbers hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(decimal?.canonicalText ?? text)
    }
}
