/// Nests bracketed names into arrays and objects, as Rails, PHP, Stripe and the `qs` library write them
/// (`expand[]=a`, `items[0][price]=p`, `metadata[order]=6735`): where the schema takes an array, `[]`
/// adds an item and `[n]` places one by its index (items in index order); anywhere else a key names an
/// object member. Values arrive percent-decoded.
enum BracketNesting {
    /// One item below a name: the keys after the name and the decoded value.
    struct Entry: Sendable {
        let keys: ArraySlice<String>
        let value: String
    }

    /// Deeper nesting than this is refused with a message rather than followed.
    static let maximumDepth = 32

    /// `items[0][price]` → (`items`, [`0`, `price`]); `nil` when the name has no brackets, starts with one,
    /// or its brackets do not pair up.
    static func split(_ name: String) -> (base: String, keys: [String])? {
        guard let open = name.firstIndex(of: "["), open > name.startIndex,
            let keys = keys(name[open...])
        else { return nil }
        return (String(name[..<open]), keys)
    }

    /// `[a][b]` → `["a", "b"]`; `nil` when the brackets do not pair up.
    static func keys(_ text: Substring) -> [String]? {
        var keys: [String] = []
        var rest = text
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            keys.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return keys.isEmpty ? nil : keys
    }

    /// The value the entries below `name` describe. Entries without further keys are the value itself
    /// (repeated, an array); an entry cannot be both a value and a container.
    static func nest(_ entries: [Entry], shape: ValueShape, name: String) throws(DecodeFailure) -> DecodedValue {
        var leaves: [String] = []
        var nested: [(key: String, entry: Entry)] = []
        for entry in entries {
            guard let key = entry.keys.first else {
                leaves.append(entry.value)
                continue
            }
            guard entry.keys.count <= maximumDepth else {
                throw DecodeFailure(
                    expected: "at most \(maximumDepth) levels of brackets", actual: Excerpt.quoted(name + "[…]"))
            }
            nested.append((key, Entry(keys: entry.keys.dropFirst(), value: entry.value)))
        }
        if nested.isEmpty { return leaves.count == 1 ? .string(leaves[0]) : .array(leaves.map { .string($0) }) }
        guard leaves.isEmpty else {
            throw DecodeFailure(
                expected: "either \(name)=value or \(name)[…]=value items", actual: "both",
                hint: "a value cannot also hold nested items")
        }
        let isArray =
            nested.contains { $0.key.isEmpty } || (shape.admitsArray && nested.allSatisfy { index($0.key) != nil })
        return isArray
            ? try array(nested, itemShape: shape.items ?? .any, name: name)
            : try object(nested, shape: shape, name: name)
    }

    /// Array items: `[n]` entries grouped by index in index order, then each `[]` entry as an item of its own.
    private static func array(_ nested: [(key: String, entry: Entry)], itemShape: ValueShape, name: String)
        throws(DecodeFailure) -> DecodedValue
    {
        var indexed: [Int: [Entry]] = [:]
        var appended: [Entry] = []
        for (key, entry) in nested {
            if key.isEmpty {
                appended.append(entry)
            } else if let index = index(key) {
                indexed[index, default: []].append(entry)
            } else {
                throw DecodeFailure(
                    expected: "array items written \(name)[] or \(name)[n]", actual: Excerpt.quoted("\(name)[\(key)]"))
            }
        }
        var items: [DecodedValue] = []
        for index in indexed.keys.sorted() {
            items.append(try nest(indexed[index] ?? [], shape: itemShape, name: "\(name)[\(index)]"))
        }
        for entry in appended { items.append(try nest([entry], shape: itemShape, name: name + "[]")) }
        return .array(items)
    }

    /// Object members in first-seen order, each nested by its property's shape.
    private static func object(_ nested: [(key: String, entry: Entry)], shape: ValueShape, name: String)
        throws(DecodeFailure) -> DecodedValue
    {
        var order: [String] = []
        var groups: [String: [Entry]] = [:]
        for (key, entry) in nested {
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(entry)
        }
        var members: [DecodedValue.Member] = []
        for key in order {
            let value = try nest(groups[key] ?? [], shape: shape.property(key), name: "\(name)[\(key)]")
            members.append(.init(key: key, value: value))
        }
        return .object(members)
    }

    /// An array index written as decimal digits (at most nine, so it never overflows).
    private static func index(_ key: String) -> Int? {
        guard !key.isEmpty, key.utf8.count <= 9, key.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(key)
    }
}
