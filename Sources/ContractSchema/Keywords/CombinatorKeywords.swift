import ContractJSON

/// `allOf`.
final class AllOfCheck: KeywordCheck {
    let nodes: [SchemaNode]

    override var inPlaceSubschemas: [SchemaNode] { nodes }
    override var passesAccessFlags: Bool { true }

    init(nodes: [SchemaNode]) {
        self.nodes = nodes
        super.init()
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        for node in nodes where !node.isValid(instance, &state) { return false }
        return true
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        for node in nodes { node.collect(instance, &state, &errors) }
    }

    override var streamingRole: StreamingRole { .allOf(self) }

    override func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {
        for node in nodes where node.isValid(instance, &state) { node.annotate(instance, &state, &evaluated) }
    }
}

/// `anyOf` (`exactlyOne == false`) and `oneOf` (`exactlyOne == true`), with an optional `discriminator`.
final class ChoiceCheck: KeywordCheck {
    let site: KeywordSite
    let nodes: [SchemaNode]
    let exactlyOne: Bool
    let discriminator: Discriminator?
    /// Whether a value whose discriminator property names a schema is judged by that schema alone. OpenAPI
    /// 3.0 (and 2.0) call the discriminator a hint that shortcuts validation to the schema it names, and code
    /// generators decode by it, so a value of a subtype that an overlapping sibling also accepts (Qovery's
    /// `type: EMAIL` receiver beside a Slack one that leaves `type` open) is that subtype. OpenAPI 3.1.1 and
    /// later say it must not change the outcome: there the `oneOf`/`anyOf` alone decides.
    let discriminatorDecides: Bool

    /// Every branch: an invalid value is tried against all of them, whatever the discriminator picks first.
    override var inPlaceSubschemas: [SchemaNode] { nodes }

    init(
        site: KeywordSite, nodes: [SchemaNode], exactlyOne: Bool, discriminator: Discriminator?,
        discriminatorDecides: Bool
    ) {
        self.site = site
        self.nodes = nodes
        self.exactlyOne = exactlyOne
        self.discriminator = discriminator
        self.discriminatorDecides = discriminator != nil && discriminatorDecides
        super.init()
    }

    /// A deciding discriminator needs the value's property before any branch: the tree validator reads it.
    override var streamingRole: StreamingRole { discriminatorDecides ? .needsValue : .choice(self) }

    /// The schema that alone judges `instance`, when the discriminator decides and names one.
    private func decidingSchema(_ instance: JSONValue) -> SchemaNode? {
        guard discriminatorDecides, let discriminator else { return nil }
        return discriminator.selected(instance, nodes)
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        if let schema = decidingSchema(instance) { return schema.isValid(instance, &state) }
        var count = 0
        for node in nodes where node.isValid(instance, &state) {
            count += 1
            if !exactlyOne || count > 1 { break }
        }
        return exactlyOne ? count == 1 : count > 0
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        if let discriminator, decidingSchema(instance) != nil {
            if let error = discriminator.collect(instance, nodes, site, &state) { errors.append(error) }
            return
        }
        var matching: [Int] = []
        for (index, node) in nodes.enumerated() where node.isValid(instance, &state) { matching.append(index) }
        let name = exactlyOne ? "oneOf" : "anyOf"
        if matching.count > 1, exactlyOne {
            let list = matching.map(String.init).joined(separator: ", ")
            errors.append(
                state.error(
                    site, expected: "exactly one \(name) branch to match", actual: "branches \(list) all match"))
            return
        }
        guard matching.isEmpty else { return }
        if let discriminator, let error = discriminator.collect(instance, nodes, site, &state) {
            errors.append(error)
            return
        }
        var branches: [SchemaValidationError.Branch] = []
        for (index, node) in nodes.enumerated() {
            var branchErrors: [SchemaValidationError] = []
            node.collect(instance, &state, &branchErrors)
            branches.append(.init(index: index, schemaLocation: node.location, errors: branchErrors))
        }
        branches = BranchRanking.rank(branches, depth: state.path.count)
        let closest = branches.first?.errors.first.map { error in
            let leaf = error.mostRelevant
            return "; closest (\(branches[0].schemaLocation.fragment)): \(leaf.instancePath) \(leaf.message)"
        }
        errors.append(
            state.error(
                site,
                expected:
                    "a value matching \(exactlyOne ? "exactly one" : "at least one") of \(nodes.count) \(name) branches",
                actual: ValueDescription.describe(instance) + " matching none" + (closest ?? ""), branches: branches))
    }

    override func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {
        if let schema = decidingSchema(instance) {
            if schema.isValid(instance, &state) { schema.annotate(instance, &state, &evaluated) }
            return
        }
        for node in nodes where node.isValid(instance, &state) { node.annotate(instance, &state, &evaluated) }
    }
}

/// `not`.
final class NotCheck: LeafKeywordCheck {
    let node: SchemaNode

    override var inPlaceSubschemas: [SchemaNode] { [node] }

    init(site: KeywordSite, node: SchemaNode) {
        self.node = node
        super.init(site: site)
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        !node.isValid(instance, &state)
    }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        ("a value not matching \(node.location.fragment)", ValueDescription.describe(instance) + " matching it")
    }
}

/// `if` / `then` / `else`.
final class ConditionalCheck: KeywordCheck {
    let condition: SchemaNode
    let then: SchemaNode?
    let otherwise: SchemaNode?

    override var inPlaceSubschemas: [SchemaNode] { [condition] + [then, otherwise].compactMap { $0 } }

    init(condition: SchemaNode, then: SchemaNode?, otherwise: SchemaNode?) {
        self.condition = condition
        self.then = then
        self.otherwise = otherwise
        super.init()
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        let branch = condition.isValid(instance, &state) ? then : otherwise
        return branch?.isValid(instance, &state) ?? true
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        let branch = condition.isValid(instance, &state) ? then : otherwise
        branch?.collect(instance, &state, &errors)
    }

    override func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {
        if condition.isValid(instance, &state) {
            condition.annotate(instance, &state, &evaluated)
            if let then, then.isValid(instance, &state) { then.annotate(instance, &state, &evaluated) }
        } else if let otherwise, otherwise.isValid(instance, &state) {
            otherwise.annotate(instance, &state, &evaluated)
        }
    }
}

extension SchemaCompiler {
    func compileCombinators(_ context: KeywordContext, into checks: inout [KeywordCheck]) {
        for keyword in [CompiledKeyword.allOf, .anyOf, .oneOf] {
            guard let value = context[keyword] else { continue }
            guard case .array(let elements) = value, !elements.isEmpty else {
                report("\(keyword.name) must be a non-empty array of schemas", at: context, keyword.name)
                continue
            }
            let nodes = elements.indices.map { child(context, keyword, String($0)) }
            if keyword == .allOf {
                checks.append(AllOfCheck(nodes: nodes))
            } else {
                let discriminator = compileDiscriminator(context, branches: elements, keyword: keyword.name)
                if let discriminator { pendingDiscriminators.append(discriminator) }
                checks.append(
                    ChoiceCheck(
                        site: site(keyword, context), nodes: nodes, exactlyOne: keyword == .oneOf,
                        discriminator: discriminator, discriminatorDecides: context.dialect == .oas30))
            }
        }
        if context[.not] != nil {
            checks.append(NotCheck(site: site(.not, context), node: child(context, .not)))
        }
        if context[.ifSchema] != nil, context.dialect == .draft2020_12 {
            checks.append(
                ConditionalCheck(
                    condition: child(context, .ifSchema),
                    then: context[.thenSchema] != nil ? child(context, .thenSchema) : nil,
                    otherwise: context[.elseSchema] != nil ? child(context, .elseSchema) : nil))
        }
    }
}
