import ContractSchema

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
        /// Whether the member's merged schema is `readOnly` (left out of requests) or `writeOnly` (out of
        /// responses), read here once rather than through the merged schema on every visit.
        let isReadOnly: Bool
        let isWriteOnly: Bool

        init(name: String, node: MergedNode, isRequired: Bool, isAllowed: Bool, hints: NameHints) {
            self.name = name
            self.node = node
            self.isRequired = isRequired
            self.isAllowed = isAllowed
            self.hints = hints
            isReadOnly = node.schema.readOnly
            isWriteOnly = node.schema.writeOnly
        }
    }

    var properties: [Property]
    /// Whether a required property is left out of requests (`readOnly`) or responses (`writeOnly`). The
    /// validator excuses a missing property only when the property's schema beside that `required` says
    /// so, which the merge of several schema objects need not match, so objects that leave one out keep
    /// the proof.
    var leavesOutRequired: (request: Bool, response: Bool)

    init(properties: [Property]) {
        self.properties = properties
        leavesOutRequired = (
            properties.contains { $0.isRequired && $0.isReadOnly },
            properties.contains { $0.isRequired && $0.isWriteOnly }
        )
    }

    /// Whether the members chosen for `context` are valid by construction (each member's own value is
    /// decided where it is built).
    func isConstructive(in context: ValidationContext) -> Bool {
        switch context {
        case .request: !leavesOutRequired.request
        case .response: !leavesOutRequired.response
        case .none: true
        }
    }
}

/// The merged schemas of an array's items: by position for `prefixItems`, with `contains` merged in for
/// the items meant to match it.
struct ArrayPlan: Sendable {
    var items: MergedNode
    var itemsContaining: MergedNode
    var prefix: [MergedNode]
    var prefixContaining: [MergedNode]
}
