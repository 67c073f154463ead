/// The members of an object schema, each with its merged schema and name hints, in declaration order.
struct ObjectPlan: Sendable {
    /// A class, so that walking the members while generating copies one reference each.
    final class Property: Sendable {
        let name: String
        let node: MergedNode
        let isRequired: Bool
        /// Whether no `additionalProperties: false` excludes the name.
        let isAllowed: Bool
        let hints: NameHints

        init(name: String, node: MergedNode, isRequired: Bool, isAllowed: Bool, hints: NameHints) {
            self.name = name
            self.node = node
            self.isRequired = isRequired
            self.isAllowed = isAllowed
            self.hints = hints
        }
    }

    var properties: [Property]
}

/// The merged schemas of an array's items: by position for `prefixItems`, with `contains` merged in for
/// the items meant to match it.
struct ArrayPlan: Sendable {
    var items: MergedNode
    var itemsContaining: MergedNode
    var prefix: [MergedNode]
    var prefixContaining: [MergedNode]
}
