import ContractJSON

/// Values as messages quote them: in JSON quotes and cut short, so a long body never floods a report.
enum Excerpt {
    static let maximumLength = 40

    /// `"abc…"`.
    static func quoted(_ text: some StringProtocol) -> String {
        var buffer = ""
        JSONWriter.writeString(cut(text), into: &buffer)
        return buffer
    }

    /// The text, cut to `maximumLength` characters with an ellipsis.
    static func cut(_ text: some StringProtocol) -> String {
        guard text.count > maximumLength else { return String(text) }
        return String(text.prefix(maximumLength - 1)) + "…"
    }

    /// A list for messages: `a, b and c` (or `a, b or c`).
    static func list(_ items: [String], conjunction: String = "and") -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
