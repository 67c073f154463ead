import ContractJSON

/// What one validation carries down the schema tree.
///
/// In `isValid` mode `path` stays empty: instance paths are only built when errors are collected,
/// so a successful check allocates nothing.
struct ValidationState {
    let context: ValidationContext
    let tracksScope: Bool
    let maximumDepth: Int
    /// The instance path from the root, only kept while collecting errors.
    var path: [InstancePath.Component] = []
    /// Resource ids of the dynamic scope, outermost first, only kept when the schema uses `$dynamicRef`.
    var scope: [Int] = []
    var depth = 0
    /// The nodes that cut loops (`SchemaNode.cutsLoops`) being applied, outermost first, each with its value.
    var loops: [(node: ObjectIdentifier, instance: JSONValue)] = []

    init(context: ValidationContext, tracksScope: Bool, maximumDepth: Int) {
        self.context = context
        self.tracksScope = tracksScope
        self.maximumDepth = maximumDepth
    }

    var instancePath: InstancePath { InstancePath(components: path) }

    /// Builds an error at the current instance path.
    func error(
        _ site: KeywordSite, expected: String, actual: String, branches: [SchemaValidationError.Branch] = []
    ) -> SchemaValidationError {
        SchemaValidationError(
            instancePath: instancePath, keyword: site.keyword, schemaLocation: site.location,
            sourceLocation: site.source, expected: expected, actual: actual, branches: branches)
    }

    /// Records that `node` is applied to `instance`; `false`, recording nothing, when it already is: the
    /// schema has come back to itself in place, and passes there. The values along one walk are each a
    /// part of the one before or that one itself, so a value equal to one recorded is that very value.
    mutating func enterLoop(_ node: SchemaNode, _ instance: JSONValue) -> Bool {
        let id = ObjectIdentifier(node)
        if loops.contains(where: { $0.node == id && $0.instance == instance }) { return false }
        loops.append((id, instance))
        return true
    }
}
