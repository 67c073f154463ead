import ContractSpec

/// Matches text against a template of literal pieces and variables (`{name}.{ext}`, `{env}.example.com`),
/// backtracking over where each variable ends. Variables match at least one character, as many as they can.
enum TemplateMatcher {
    /// The variables' values, or `nil` when the text does not match. `allowed` restricts a variable to
    /// listed values (server variables with `enum`).
    static func match(
        _ pieces: ArraySlice<PathTemplate.Piece>, _ text: Substring, allowed: [String: Set<String>] = [:],
        caseInsensitive: Bool = false
    ) -> [(name: String, value: Substring)]? {
        guard let first = pieces.first else { return text.isEmpty ? [] : nil }
        let rest = pieces.dropFirst()
        switch first {
        case .literal(let literal):
            guard text.count >= literal.count else { return nil }
            let head = text.prefix(literal.count)
            let same = caseInsensitive ? head.lowercased() == literal.lowercased() : head == literal[...]
            guard same else { return nil }
            return match(rest, text.dropFirst(literal.count), allowed: allowed, caseInsensitive: caseInsensitive)
        case .variable(let name):
            if rest.isEmpty {
                guard !text.isEmpty, isAllowed(text, name, allowed) else { return nil }
                return [(name, text)]
            }
            // Longest first: `{name}.{ext}` reads `report.v2.pdf` as `report.v2` and `pdf`, as file names go.
            var end = text.endIndex
            while end > text.startIndex {
                let value = text[text.startIndex..<end]
                if isAllowed(value, name, allowed),
                    let tail = match(rest, text[end...], allowed: allowed, caseInsensitive: caseInsensitive)
                {
                    return [(name, value)] + tail
                }
                end = text.index(before: end)
            }
            return nil
        }
    }

    private static func isAllowed(_ value: Substring, _ name: String, _ allowed: [String: Set<String>]) -> Bool {
        guard let values = allowed[name] else { return true }
        return values.contains(String(value))
    }
}
