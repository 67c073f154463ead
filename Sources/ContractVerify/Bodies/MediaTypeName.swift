/// A parsed media type or media range: `application/problem+json; charset=utf-8`, `image/*`, `*/*`.
///
/// Type, subtype and parameter names are lower-cased; parameter values keep their case (a multipart
/// boundary is case-sensitive).
package struct MediaTypeName: Hashable, Sendable, CustomStringConvertible {
    /// `application`, or `*`.
    package var type: String
    /// `problem+json`, or `*`.
    package var subtype: String
    /// The text after the first `;`, parsed only when a parameter is asked for: most checks need only
    /// the type and subtype.
    private let parameterText: Substring

    /// Parameters in order (`charset`, `boundary`, `q`), names lower-cased, quotes removed.
    package var parameters: [(name: String, value: String)] {
        guard !parameterText.isEmpty else { return [] }
        return parameterText.splitting(at: UInt8(ascii: ";")).compactMap { piece in
            let pair = piece.splitting(at: UInt8(ascii: "="), maxSplits: 1)
            let name = Self.token(pair[0])
            guard !name.isEmpty else { return nil }
            var value = pair.count > 1 ? pair[1].trimmingSpaces : ""
            if value.utf8.count >= 2, value.utf8.first == UInt8(ascii: "\""), value.utf8.last == UInt8(ascii: "\"") {
                value = String(value.dropFirst().dropLast())
            }
            return (name, value)
        }
    }

    /// Parses a `Content-Type` or one element of an `Accept` list; `nil` when it has no `type/subtype`.
    package init?(_ text: some StringProtocol) {
        let pieces = text.splitting(at: UInt8(ascii: ";"), maxSplits: 1)
        let essence = pieces[0].splitting(at: UInt8(ascii: "/"))
        guard essence.count == 2 else { return nil }
        let type = Self.token(essence[0])
        let subtype = Self.token(essence[1])
        guard !type.isEmpty, !subtype.isEmpty else { return nil }
        self.type = type
        self.subtype = subtype
        self.parameterText = pieces.count > 1 ? pieces[1] : ""
    }

    /// A trimmed, lower-cased token; lower-casing is skipped for the usual all-lower-case text.
    private static func token(_ text: Substring) -> String {
        let trimmed = text.trimmingSpaces
        return trimmed.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
            ? trimmed.lowercased() : trimmed
    }

    /// `type/subtype`, without parameters.
    package var essence: String { type + "/" + subtype }

    /// The structured syntax suffix: `json` for `application/problem+json`.
    package var suffix: String? {
        guard let plus = subtype.lastIndex(of: "+") else { return nil }
        return String(subtype[subtype.index(after: plus)...])
    }

    /// A parameter's value.
    package func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// Whether the body is JSON: `application/json`, any `+json` suffix, or `*/json`.
    package var isJSON: Bool { subtype == "json" || suffix == "json" }

    /// Whether this range (`application/*`, `*/*`, `application/json`) includes the concrete type `other`.
    /// Parameters are ignored, as OpenAPI's content maps ignore them. A suffix range (`application/*+json`,
    /// common in contracts though not in RFC 9110) includes every type with that suffix; `application/json`
    /// does not include `application/problem+json`: they are different types, parsed alike.
    package func includes(_ other: MediaTypeName) -> Bool {
        specificity(matching: other) != nil
    }

    /// Whether a `content` key with this name may select a form (`application/x-www-form-urlencoded`) or
    /// multipart body: the bodies whose fields are decoded by the schema's value shape.
    var mayBeFields: Bool {
        type == "*" || type == "multipart"
            || (type == "application" && ["*", "x-www-form-urlencoded"].contains(subtype))
    }

    /// How closely this range matches `other`, higher is closer; `nil` when it does not match.
    /// Exact type (3) beats `type/*+suffix` (2) beats `type/*` (1) beats `*/*` (0).
    func specificity(matching other: MediaTypeName) -> Int? {
        if type == "*" { return subtype == "*" ? 0 : nil }
        guard type == other.type else { return nil }
        if subtype == other.subtype { return 3 }
        if subtype == "*" { return 1 }
        if subtype.hasPrefix("*+"), let suffix = other.suffix, subtype.dropFirst(2) == suffix { return 2 }
        return nil
    }

    /// Whether one of the two types is the other's structured syntax suffix written as a type: `+json`
    /// and `application/json`, `+xml` and `application/xml` (RFC 6839). Used for `Accept` only, where
    /// servers treat them as the same representation; `content` keys stay distinct types.
    func isSuffixVariant(of other: MediaTypeName) -> Bool {
        func isBase(_ base: MediaTypeName, of suffixed: MediaTypeName) -> Bool {
            guard let suffix = suffixed.suffix, !suffix.isEmpty else { return false }
            return base.type == "application" && base.subtype == suffix
        }
        return isBase(self, of: other) || isBase(other, of: self)
    }

    /// Equal when type, subtype and parameters are equal.
    package static func == (lhs: MediaTypeName, rhs: MediaTypeName) -> Bool {
        lhs.type == rhs.type && lhs.subtype == rhs.subtype
            && lhs.parameters.elementsEqual(rhs.parameters) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes type and subtype.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(subtype)
    }

    /// `type/subtype; name=value`.
    package var description: String {
        ([essence] + parameters.map { "\($0.name)=\($0.value)" }).joined(separator: "; ")
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace); works on UTF-8
    /// offsets, since it runs on every header value.
    var trimmingSpaces: String {
        let bytes = Substring(self).utf8
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(Substring(bytes[first...last]))
    }
}
