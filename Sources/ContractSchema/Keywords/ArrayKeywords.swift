import ContractJSON

/// `prefixItems` + `items` (2020-12), or `items` + `additionalItems` (draft 4): a prefix of
/// positional schemas and one schema for the rest.
final class ItemsCheck: KeywordCheck {
    let prefix: [SchemaNode]
    let rest: SchemaNode?

    init(prefix: [SchemaNode], rest: SchemaNode?) {
        self.prefix = prefix
        self.rest = rest
        super.init()
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard case .array(let items) = instance else { return true }
        for index in items.indices {
            if let node = node(at: index), !node.isValid(items[index], &state) { return false }
        }
        return true
    }

    override var streamingRole: StreamingRole { .items(self) }

    /// The schema of the element at `index`, if any.
    @inline(__always)
    func node(at index: Int) -> SchemaNode? {
        index < prefix.count ? prefix[index] : rest
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        guard case .array(let items) = instance else { return }
        for (index, item) in items.enumerated() {
            guard let node = index < prefix.count ? prefix[index] : rest else { continue }
            state.path.append(.index(index))
            node.collect(item, &state, &errors)
            state.path.removeLast()
        }
    }

    override func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {
        guard case .array(let items) = instance else { return }
        evaluated.prefixItems = max(evaluated.prefixItems, min(prefix.count, items.count))
        if rest != nil, items.count > prefix.count { evaluated.allItems = true }
    }
}

/// `contains` with `minContains` / `maxContains`.
final class ContainsCheck: LeafKeywordCheck {
    let node: SchemaNode
    let minimum: Int
    let maximum: Int?

    init(site: KeywordSite, node: SchemaNode, minimum: Int, maximum: Int?) {
        self.node = node
        self.minimum = minimum
        self.maximum = maximum
        super.init(site: site)
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard case .array(let items) = instance else { return true }
        var count = 0
        for item in items where node.isValid(item, &state) {
            count += 1
            if maximum == nil, count >= minimum { return true }
        }
        return count >= minimum && count <= (maximum ?? Int.max)
    }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        var count = 0
        var state = ValidationState(context: .none, tracksScope: false, maximumDepth: 400)
        for item in instance.arrayValue ?? [] where node.isValid(item, &state) { count += 1 }
        let range = maximum.map { "\(minimum) to \($0)" } ?? "at least \(minimum)"
        return ("\(range) items matching \(node.resolved.location.fragment)", "\(count) matching")
    }

    override func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {
        guard case .array(let items) = instance else { return }
        for (index, item) in items.enumerated() where node.isValid(item, &state) {
            evaluated.items.insert(index)
        }
    }
}

/// `minItems`, `maxItems`, `minProperties`, `maxProperties`.
final class CountCheck: LeafKeywordCheck {
    let limit: Int
    let isMinimum: Bool
    let countsProperties: Bool

    init(site: KeywordSite, limit: Int, isMinimum: Bool, countsProperties: Bool) {
        self.limit = limit
        self.isMinimum = isMinimum
        self.countsProperties = countsProperties
        super.init(site: site)
    }

    func count(_ instance: JSONValue) -> Int? {
        switch instance {
        case .array(let items) where !countsProperties: items.count
        case .object(let object) where countsProperties: object.count
        default: nil
        }
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard let count = count(instance) else { return true }
        return holds(for: count)
    }

    override var streamingRole: StreamingRole { .count(self) }

    /// Whether `count` members or elements satisfy the limit.
    func holds(for count: Int) -> Bool {
        isMinimum ? count >= limit : count <= limit
    }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        let noun = countsProperties ? "properties" : "items"
        return ("\(isMinimum ? "at least" : "at most") \(limit) \(noun)", "\(count(instance) ?? 0) \(noun)")
    }
}

/// `uniqueItems: true`.
final class UniqueItemsCheck: LeafKeywordCheck {
    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard case .array(let items) = instance, items.count > 1 else { return true }
        return duplicate(in: items) == nil
    }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        let found = duplicate(in: instance.arrayValue ?? [])
        return ("unique items", "duplicate \(found.map(ValueDescription.literal) ?? "item")")
    }

    /// The first item equal to an earlier one. Short arrays compare every pair; longer ones compare only
    /// items of equal `JSONEquality.hashValue` (not `Hashable`, whose strings use Swift's canonical
    /// equivalence): every pair of a 100,000-item array was minutes of one request's verification.
    private func duplicate(in items: [JSONValue]) -> JSONValue? {
        guard items.count > 16 else {
            for later in items.indices.dropFirst() {
                for earlier in 0..<later where JSONEquality.equal(items[earlier], items[later]) {
                    return items[later]
                }
            }
            return nil
        }
        var seen: [Int: [Int]] = [:]
        for index in items.indices {
            let hash = JSONEquality.hashValue(items[index])
            if let earlier = seen[hash], earlier.contains(where: { JSONEquality.equal(items[$0], items[index]) }) {
                return items[index]
            }
            seen[hash, default: []].append(index)
        }
        return nil
    }
}

extension SchemaCompiler {
    func compileArray(_ context: KeywordContext, into checks: inout [KeywordCheck]) {
        var prefix: [SchemaNode] = []
        var rest: SchemaNode?
        let prefixKeyword: CompiledKeyword = context.dialect == .draft2020_12 ? .prefixItems : .items
        if case .array(let elements)? = context[prefixKeyword] {
            prefix = elements.indices.map { child(context, prefixKeyword, String($0), appliesBelow: true) }
        }
        if context.dialect == .draft2020_12 {
            if context[.items] != nil { rest = child(context, .items, appliesBelow: true) }
        } else if context[.items]?.arrayValue != nil {
            if context[.additionalItems] != nil { rest = child(context, .additionalItems, appliesBelow: true) }
        } else if context[.items] != nil {
            rest = child(context, .items, appliesBelow: true)
        }
        if !prefix.isEmpty || rest != nil { checks.append(ItemsCheck(prefix: prefix, rest: rest)) }
        if context[.contains] != nil {
            let minimum = context[.minContains].flatMap(nonNegativeInteger) ?? 1
            let maximum = context[.maxContains].flatMap(nonNegativeInteger)
            checks.append(
                ContainsCheck(
                    site: site(.contains, context), node: child(context, .contains, appliesBelow: true),
                    minimum: minimum,
                    maximum: maximum))
        }
        let counts: [(CompiledKeyword, Bool, Bool)] = [
            (.minItems, true, false), (.maxItems, false, false), (.minProperties, true, true),
            (.maxProperties, false, true),
        ]
        for (keyword, isMinimum, countsProperties) in counts {
            guard let value = context[keyword] else { continue }
            guard let limit = nonNegativeInteger(value) else {
                report("\(keyword.name) must be a non-negative integer", at: context, keyword.name)
                continue
            }
            checks.append(
                CountCheck(
                    site: site(keyword, context), limit: limit, isMinimum: isMinimum,
                    countsProperties: countsProperties))
        }
        if context[.uniqueItems]?.boolValue == true {
            checks.append(UniqueItemsCheck(site: site(.uniqueItems, context)))
        }
    }
}
