/// Reads a `deepObject` query parameter: `filter[from]=2025-03-01&filter[vet][id]=7` becomes
/// `{"from": "2025-03-01", "vet": {"id": "7"}}`.
struct DeepObjectDecoder {
    let name: String
    let decoder: StyleDecoder

    /// The object, or `nil` when no item belongs to the parameter.
    func decode(_ query: QueryItems) throws(DecodeFailure) -> DecodedValue? {
        var entries: [(path: [String], value: String)] = []
        let prefix = name + "["
        for item in query.items {
            if item.name == name {
                throw DecodeFailure(
                    expected: "deepObject items written \(name)[property]=value",
                    actual: Excerpt.quoted("\(name)=\(item.rawValue)"))
            }
            guard item.name.hasPrefix(prefix) else { continue }
            guard let path = Self.keys(item.name.dropFirst(name.count)) else {
                throw DecodeFailure(
                    expected: "deepObject items written \(name)[property]=value", actual: Excerpt.quoted(item.name))
            }
            entries.append((path, try decoder.text(item.rawValue)))
        }
        if entries.isEmpty { return nil }
        return Self.build(entries)
    }

    /// `[a][b]` → `["a", "b"]`; `nil` when the brackets do not pair up.
    private static func keys(_ text: Substring) -> [String]? {
        var keys: [String] = []
        var rest = text
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            keys.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return keys.isEmpty ? nil : keys
    }

    /// Nests the entries into objects, keeping first-seen key order.
    private static func build(_ entries: [(path: [String], value: String)]) -> DecodedValue {
        var order: [String] = []
        var leaves: [String: [String]] = [:]
        var nested: [String: [(path: [String], value: String)]] = [:]
        for entry in entries {
            guard let key = entry.path.first else { continue }
            if leaves[key] == nil && nested[key] == nil { order.append(key) }
            if entry.path.count == 1 {
                leaves[key, default: []].append(entry.value)
            } else {
                nested[key, default: []].append((Array(entry.path.dropFirst()), entry.value))
            }
        }
        return .object(
            order.map { key in
                if let children = nested[key] { return .init(key: key, value: build(children)) }
                let values = leaves[key] ?? []
                // A repeated key (`filter[kind]=a&filter[kind]=b`) is an array.
                let value: DecodedValue = values.count == 1 ? .string(values[0]) : .array(values.map { .string($0) })
                return .init(key: key, value: value)
            })
    }
}
