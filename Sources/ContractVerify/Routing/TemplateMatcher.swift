import ContractSpec

/// Matches text against a template of literal pieces and variables (`{name}.{ext}`, `{env}.example.com`),
/// backtracking over where each variable ends. Variables match at least one character, as many as they can.
/// Comparison is exact: callers lower-case hosts and schemes on both sides first.
enum TemplateMatcher {
    /// The variables' values, or `nil` when the text does not match. `allowed` restricts a variable to
    /// listed values (server variables with `enum`).
    static func match(
        _ pieces: ArraySlice<PathTemplate.Piece>, _ text: Substring, allowed: [String: Set<String>] = [:]
    ) -> [(name: String, value: Substring)]? {
        guard let first = pieces.first else { return text.isEmpty ? [] : nil }
        let rest = pieces.dropFirst()
        // A piece that is all literal (a scheme, a host, a base path segment): the bytes usually decide.
        if rest.isEmpty, case .literal(let literal) = first, let equal = bytesEqual(literal, text) {
            return equal ? [] : nil
        }
        switch first {
        case .literal(let literal):
            guard let tail = dropPrefix(literal, of: text) else { return nil }
            return match(rest, tail, allowed: allowed)
        case .variable(let name):
            if rest.isEmpty {
                guard !text.isEmpty, isAllowed(text, name, allowed) else { return nil }
                return [(name, text)]
            }
            var following: String?
            if case .literal(let literal) = rest.first { following = literal }
            // The common server shape `{env}.example.com`: the variable is whatever precedes the last literal.
            if rest.count == 1, let following {
                guard text.utf8.count > following.utf8.count, text.utf8.elementsEqual(following.utf8, suffix: true)
                else { return nil }
                let value = Substring(text.utf8.dropLast(following.utf8.count))
                return isAllowed(value, name, allowed) ? [(name, value)] : nil
            }
            // Longest first: `{name}.{ext}` reads `report.v2.pdf` as `report.v2` and `pdf`, as file names go.
            var end = text.endIndex
            while end > text.startIndex {
                let tail = text[end...]
                if following.map({ tail.hasPrefix($0) }) ?? true {
                    let value = text[text.startIndex..<end]
                    if isAllowed(value, name, allowed), let captured = match(rest, tail, allowed: allowed) {
                        return [(name, value)] + captured
                    }
                }
                end = text.index(before: end)
            }
            return nil
        }
    }

    /// The text after `literal`, or `nil` when it does not start with it, as `hasPrefix` compares
    /// (by `Character`). The bytes decide for the usual ASCII URL; other text is compared by character.
    private static func dropPrefix(_ literal: String, of text: Substring) -> Substring? {
        switch BytePrefix.compare(literal, text) {
        case .matches(let count): return Substring(text.utf8.dropFirst(count))
        case .differs: return nil
        case .undecided, nil: return text.hasPrefix(literal) ? text.dropFirst(literal.count) : nil
        }
    }

    /// Whether `text` is `literal`, as comparing characters would say, or `nil` when only that can tell.
    private static func bytesEqual(_ literal: String, _ text: Substring) -> Bool? {
        // Equal text is the literal, as comparing characters says; `==` on identical ASCII is one memory
        // comparison, and the byte counts rule out most other text first.
        if text.utf8.count == literal.utf8.count, text == literal { return true }
        switch BytePrefix.compare(literal, text) {
        case .matches(let count): return count == text.utf8.count
        case .differs: return false
        case .undecided, nil: return nil
        }
    }

    private static func isAllowed(_ value: Substring, _ name: String, _ allowed: [String: Set<String>]) -> Bool {
        guard let values = allowed[name] else { return true }
        return values.contains(String(value))
    }
}

extension Substring.UTF8View {
    /// Whether the view ends with `suffix`'s bytes.
    fileprivate func elementsEqual(_ suffix: String.UTF8View, suffix _: Bool) -> Bool {
        guard count >= suffix.count else { return false }
        return self.suffix(suffix.count).elementsEqual(suffix)
    }
}
