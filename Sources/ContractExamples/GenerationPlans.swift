/// The members of an object schema, each with its merged schema and name hints, in declaration order.
struct ObjectPlan: Sendable {
    struct Property: Sendable {
        var name: String
        var node: MergedNode
        var isRequired: Bool
        /// Whether no `additionalProperties: false` excludes the name.
        var isAllowed: Bool
        var hints: NameHints
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
