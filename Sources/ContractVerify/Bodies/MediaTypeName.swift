/// A parsed media type or media range: `application/problem+json; charset=utf-8`, `image/*`, `*/*`.
///
/// Type, subtype and parameter names are lower-cased; parameter values keep their case (a multipart
/// boundary is case-sensitive).
public struct MediaTypeName: Hashable, Sendable, CustomStringConvertible {
    /// `application`, or `*`.
    public var type: String
    /// `problem+json`, or `*`.
    public var subtype: String
    /// Parameters in order (`charset`, `boundary`, `q`), names lower-cased, quotes removed.
    public var parameters: [(name: String, value: String)]

    /// Parses a `Content-Type` or one element of an `Accept` list; `nil` when it has no `type/subtype`.
    public init?(_ text: some StringProtocol) {
        var pieces = text.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let essence = pieces.next() else { return nil }
        let parts = essence.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let type = parts[0].trimmingSpaces.lowercased()
        let subtype = parts[1].trimmingSpaces.lowercased()
        guard !type.isEmpty, !subtype.isEmpty else { return nil }
        self.type = type
        self.subtype = subtype
        self.parameters = []
        while let piece = pieces.next() {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].trimmingSpaces.lowercased()
            guard !name.isEmpty else { continue }
            var value = pair.count > 1 ? pair[1].trimmingSpaces : ""
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            parameters.append((name, value))
        }
    }

    /// `type/subtype`, without parameters.
    public var essence: String { type + "/" + subtype }

    /// The structured syntax suffix: `json` for `application/problem+json`.
    public var suffix: String? {
        guard let plus = subtype.lastIndex(of: "+") else { return nil }
        return String(subtype[subtype.index(after: plus)...])
    }

    /// A parameter's value.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// Whether the body is JSON: `application/json`, any `+json` suffix, or `*/json`.
    public var isJSON: Bool { subtype == "json" || suffix == "json" }

    /// Whether this range (`application/*`, `*/*`, `application/json`) includes the concrete type `other`.
    /// Parameters are ignored, as OpenAPI's content maps ignore them. A suffix range (`application/*+json`,
    /// common in contracts though not in RFC 9110) includes every type with that suffix; `application/json`
    /// does not include `application/problem+json`: they are different types, parsed alike.
    public func includes(_ other: MediaTypeName) -> Bool {
        specificity(matching: other) != nil
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

    /// Equal when type, subtype and parameters are equal.
    public static func == (lhs: MediaTypeName, rhs: MediaTypeName) -> Bool {
        lhs.type == rhs.type && lhs.subtype == rhs.subtype
            && lhs.parameters.elementsEqual(rhs.parameters) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes type and subtype.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(subtype)
    }

    /// `type/subtype; name=value`.
    public var description: String {
        ([essence] + parameters.map { "\($0.name)=\($0.value)" }).joined(separator: "; ")
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
