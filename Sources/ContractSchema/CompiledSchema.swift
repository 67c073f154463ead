import ContractJSON

/// A schema compiled once into keyword checks; validate as many instances as you like, from any thread.
public struct CompiledSchema: Sendable {
    let root: SchemaNode
    let tracksScope: Bool
    let options: SchemaCompileOptions
    /// Kept alive here because `$dynamicRef` checks read it by reference.
    let dynamicAnchors: DynamicAnchorTable
    /// The catalog that compiled the schema, when one did: kept alive here because its deferred subschemas
    /// (`DeferredSubschema`) compile through it.
    let catalog: SchemaCatalog?

    /// Compiles the schema at `uri` (absolute, with an optional fragment: a JSON pointer or an anchor).
    /// - Throws: `SchemaCompileErrors` listing every problem with its location.
    public init(registry: SchemaRegistry, uri: String, options: SchemaCompileOptions = SchemaCompileOptions())
        throws(SchemaCompileErrors)
    {
        let reference = URIReference(uri)
        guard let location = registry.locate(reference) else {
            let error = SchemaCompileError(
                message: "no schema registered at \(uri)",
                schemaLocation: SchemaLocation(documentURI: reference.withoutFragment.description, pointer: .root),
                sourceLocation: nil)
            throw SchemaCompileErrors(errors: [error])
        }
        let compiler = SchemaCompiler(registry: registry, options: options)
        self.root = try compiler.compileRoot(location)
        self.tracksScope = compiler.usesDynamicRef
        self.options = options
        self.dynamicAnchors = compiler.dynamicAnchors
        self.catalog = nil
    }

    /// Wraps a node that a shared compiler produced (see `SchemaCatalog`); `tracksScope` is whether
    /// the compiler had met a `$dynamicRef` when it compiled the node.
    init(root: SchemaNode, tracksScope: Bool, compiler: SchemaCompiler, catalog: SchemaCatalog) {
        self.root = root
        self.tracksScope = tracksScope
        self.options = compiler.options
        self.dynamicAnchors = compiler.dynamicAnchors
        self.catalog = catalog
    }

    /// Compiles a schema given as a value, registered under `baseURI` beside the documents of `registry`.
    public init(
        schema: JSONValue, baseURI: String = "urn:contractcheck:schema", dialect: SchemaDialect = .draft2020_12,
        registry: SchemaRegistry = SchemaRegistry(), options: SchemaCompileOptions = SchemaCompileOptions()
    ) throws(SchemaCompileErrors) {
        var registry = registry
        registry.add(schema, uri: baseURI, dialect: dialect)
        try self.init(registry: registry, uri: URIReference(baseURI).withoutFragment.description, options: options)
    }

    /// For a schema whose `keyword` (`oneOf` or `anyOf`) has a `discriminator`: per branch, the values of
    /// the discriminator property that select it, the preferred first (the branch's own `enum`/`const` for the
    /// property when it has one, else the mapping keys naming it, else its component name); `nil` otherwise.
    public func discriminatorValues(of keyword: String) -> [[String]]? {
        root.discriminators.first { $0.keyword == keyword }?.branchValues
    }

    /// Whether `instance` is valid, stopping at the first failure and building no errors.
    public func isValid(_ instance: JSONValue, context: ValidationContext = .none) -> Bool {
        var state = ValidationState(context: context, tracksScope: tracksScope, maximumDepth: options.maximumDepth)
        return root.isValid(instance, &state)
    }

    /// Every error of `instance`, in schema order; empty when it is valid.
    public func validate(_ instance: JSONValue, context: ValidationContext = .none) -> [SchemaValidationError] {
        // The fast path first: a valid instance costs no more than `isValid`, and no path is built.
        if isValid(instance, context: context) { return [] }
        return errors(ofInvalid: instance, context: context)
    }

    /// Every error of an instance already known to be invalid (the verdict `isValid` or the streaming
    /// validator gave), without deciding it again.
    func errors(ofInvalid instance: JSONValue, context: ValidationContext) -> [SchemaValidationError] {
        var state = ValidationState(context: context, tracksScope: tracksScope, maximumDepth: options.maximumDepth)
        state.path.reserveCapacity(16)
        var errors: [SchemaValidationError] = []
        root.collect(instance, &state, &errors)
        // A subschema applied in place through several branches (`allOf` of two `$ref`s to it) reports the
        // same failure once per way it was reached; the reader needs it once.
        guard errors.count > 1 else { return errors }
        var seen = Set<SchemaValidationError>()
        return errors.filter { seen.insert($0).inserted }
    }
}
