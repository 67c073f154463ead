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
        items = query.splitting(at: UInt8(ascii: "&")).filter { !$0.isEmpty }.map { piece in
            let pair = piece.splitting(at: UInt8(ascii: "="), maxSplits: 1)
            let name = URLDecoding.lenient(pair[0], plusIsSpace: true)
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
