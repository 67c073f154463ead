import ContractJSON

/// The exercised responses a JUnit report keeps as a property value, so that `merge` can join the shards'
/// responses instead of adding up counts that overlap: a JSON array of `[operation, status]` pairs.
enum ResponseKeyList {
    /// `[["getPet","200"],["getPet","404"]]`.
    static func text(_ keys: [ContractTrafficResult.ResponseKey]) -> String {
        JSONWriter.string(from: .array(keys.map { [.string($0.operation), .string($0.status)] }))
    }

    /// The keys of a property value; `nil` when it is not such a list.
    static func keys(_ text: String) -> [ContractTrafficResult.ResponseKey]? {
        guard case .array(let pairs)? = try? JSONParser.parse(text) else { return nil }
        var keys: [ContractTrafficResult.ResponseKey] = []
        for pair in pairs {
            guard let operation = pair[0]?.stringValue, let status = pair[1]?.stringValue else { return nil }
            keys.append(.init(operation: operation, status: status))
        }
        return keys
    }
}
