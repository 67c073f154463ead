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
}
