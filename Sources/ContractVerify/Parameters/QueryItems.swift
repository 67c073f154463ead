import ContractJSON

/// A query string (or a form body) split into `name=value` items once per request: names decoded for
/// lookup, values kept encoded until the parameter's style has split them.
struct QueryItems: Sendable {
    struct Item: Sendable {
        /// The decoded name (`filter[from]`).
        let name: String
        /// The value as sent, percent-encoded.
        let rawValue: Substring
        /// Whether the item had an `=` (`?flag` has none).
        let hasValue: Bool
    }

    let items: [Item]

    init(_ query: String?) {
        guard let query, !query.isEmpty else {
            items = []
            return
        }
        items = query.split(separator: "&").map { piece in
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let rawName = pair[0].replacingOccurrences(of: "+", with: " ")
            let name = PercentEncoding.decode(rawName) ?? rawName
            return Item(name: name, rawValue: pair.count > 1 ? pair[1] : "", hasValue: pair.count > 1)
        }
    }

    /// The raw values sent under `name`, in order.
    func values(named name: String) -> [Substring] {
        items.compactMap { $0.name == name ? $0.rawValue : nil }
    }

    /// Whether `name` was sent.
    func contains(_ name: String) -> Bool {
        items.contains { $0.name == name }
    }
}
