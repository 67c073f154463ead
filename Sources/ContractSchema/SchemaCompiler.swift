import ContractJSON

// Memory safety: the keyword offsets live in a `withUnsafeTemporaryAllocation` of one entry per
// `CompiledKeyword`, initialized before use; the `KeywordContext` that reads them does not outlive the closure.

/// Turns schema documents into trees of `SchemaNode`s, each schema object compiled once.
///
/// Nodes are created on first reference and filled from a work list, so `$ref` cycles and deep
/// schemas compile without recursion. A compiler is used by one thread at a time: under its catalog's
/// lock, or by the one `CompiledSchema` that owns it.
final class SchemaCompiler {
    let registry: SchemaRegistry
    let options: SchemaCompileOptions
    private var cache = NodeTable()
    /// The forwarding nodes of deferred subschemas, by where they are written (see `deferredNode(at:found:)`).
    private var forwarders = NodeTable()
    /// The catalog that compiles deferred subschemas, when this compiler defers the subschemas that apply to
    /// a member or an element (`DeferredSubschema`); `nil` compiles everything a root reaches.
    private(set) weak var deferringCatalog: SchemaCatalog?
    /// Whether `deferringCatalog` was set: read where a weak reference's load would cost every subschema.
    private var defersBelow = false
    /// Nodes waiting to be compiled, with their value and position when the caller already had them.
    /// Subschemas come with the value and position their parent found them at, when it did.
    private var queue: [(SchemaNode, SchemaRegistry.Location, PositionedJSONValue?)] = []

    private var resourceIDs: [URIKey: Int] = [:]
    private var resourceURIs: [String] = []
    private var lastSingleResource: (uri: String, id: Int)?
    let dynamicAnchors = DynamicAnchorTable()
    var usesDynamicRef = false
    var errors: [SchemaCompileError] = []
    /// The list `compile` gathers a node's checks in, emptied (keeping its storage) after each node.
    private var reusableChecks: [KeywordCheck] = []
    /// The `type` of the schema object being compiled, which its node keeps instead of a check.
    var pendingType: SchemaNode.TypeKeyword?
    /// The discriminators of the schema object being compiled, which its node keeps for `CompiledSchema`.
    var pendingDiscriminators: [Discriminator] = []
    private var lastKeywordPointer: (schema: ObjectIdentifier?, keyword: String, pointer: JSONPointer)?
    /// `$ref` texts already resolved, by the base they were resolved against: a contract repeats
    /// the same few references thousands of times, and resolving and locating one (percent-decoding
    /// and splitting its pointer) was a fifth of compiling.
    private var references: [ReferenceKey: (SchemaNode, URIReference)] = [:]
    /// For each node reached by a `$ref` whose schema is only a `$ref` itself, the end of that chain of
    /// references (see `chainEnd(from:)`), so that each chain is followed once.
    var chainEnds: [ObjectIdentifier: SchemaNode] = [:]

    private struct ReferenceKey: Hashable {
        /// The base, as its document and its index there: comparing two bases' five strings on every
        /// lookup was a sixth of following a `$ref` already resolved.
        var document: ObjectIdentifier
        var baseIndex: Int
        var text: String

        /// Hashed by the reference text alone (its `KeyHash`): the base is the same for every schema of a
        /// document without `$id`s, and hashing it on each of a contract's thousands of lookups cost more
        /// than the rare equal texts under different bases, which equality still tells apart.
        func hash(into hasher: inout Hasher) {
            hasher.combine(KeyHash.of(text).hash)
        }
    }

    init(registry: SchemaRegistry, options: SchemaCompileOptions) {
        self.registry = registry
        self.options = options
    }

    /// Makes the compiler leave the subschemas that apply to a member or an element to `catalog`, which
    /// compiles each when validation first reaches it (`DeferredSubschema`).
    func deferSubschemasBelow(to catalog: SchemaCatalog) {
        deferringCatalog = catalog
        defersBelow = true
    }

    /// Compiles everything reachable from `location` and returns its node; `written` is the schema
    /// there and its position, when the caller already has them (else they are found from the root).
    /// `asSubschema`: the schema is a deferred subschema (`DeferredSubschema`), whose node is the one its
    /// parent would have held, the target itself when it is only a `$ref` (see `referenceTarget`).
    func compileRoot(
        _ location: SchemaRegistry.Location, writtenAs written: PositionedJSONValue? = nil, asSubschema: Bool = false
    ) throws(SchemaCompileErrors) -> SchemaNode {
        let firstError = errors.count
        let firstNode = cache.nodes.count
        let root = rootTarget(location, written, inAnyResource: asSubschema) ?? node(at: location, found: written)
        drain()
        if usesDynamicRef { compileDynamicAnchors() }
        // Nodes from earlier roots (a catalog compiles many) are finished already and may be in use on
        // other threads: their count, set before they were shared, keeps this pass from writing them.
        // A root compiled earlier keeps its count, so one that reaches a schema refused then is refused
        // again (at itself: the deepest one was reported with the first).
        let reachesRefused = root.resolved.inPlaceCost > InPlaceGraph.limit
        if let node = InPlaceGraph.finish(cache.nodes[firstNode...]) ?? (reachesRefused ? root.resolved : nil) {
            report(
                InPlaceGraph.message,
                at: SchemaRegistry.Location(document: node.location.documentURI, pointer: node.location.pointer))
        }
        if errors.count > firstError { throw SchemaCompileErrors(errors: Array(errors[firstError...])) }
        return root
    }

    /// The node for the schema at `location`, created (and queued for compilation) on first use.
    func node(at location: SchemaRegistry.Location) -> SchemaNode {
        node(at: location, found: nil)
    }

    func node(at location: SchemaRegistry.Location, found: PositionedJSONValue?) -> SchemaNode {
        let document = cache.documentID(location.document)
        if let existing = cache.node(document: document, pointer: location.pointer) { return existing }
        let id = resourceID(of: location)
        let node = SchemaNode(
            location: SchemaLocation(documentURI: location.document, pointer: location.pointer), resourceID: id)
        cache.insert(node, document: document)
        queue.append((node, location, found))
        return node
    }

    /// The id of the resource (document or `$id` subschema) around `location`. A document without
    /// embedded resources is one resource throughout: the last such document is remembered, so most
    /// nodes skip two lookups keyed by its (long) URI.
    func resourceID(of location: SchemaRegistry.Location) -> Int {
        if let last = lastSingleResource, last.uri == location.document { return last.id }
        let resource = registry.resourceRoot(at: location)
        let id: Int
        if let known = resourceIDs[URIKey(resource.uri)] {
            id = known
        } else {
            id = resourceURIs.count
            resourceIDs[URIKey(resource.uri)] = id
            resourceURIs.append(resource.uri)
        }
        if registry.isSingleResource(location.document) { lastSingleResource = (location.document, id) }
        return id
    }

    private func drain() {
        while let (node, location, found) = queue.popLast() {
            compile(node, at: location, found: found)
        }
    }

    private func compileDynamicAnchors() {
        var done = 0
        while done < resourceURIs.count {
            let uri = resourceURIs[done]
            let prefix = uri + "#"
            for (name, location) in registry.dynamicAnchors where name.hasPrefix(prefix) {
                let anchor = String(name.dropFirst(prefix.count))
                dynamicAnchors.anchors[done, default: [:]][anchor] = node(at: location)
            }
            drain()
            done += 1
        }
    }

    /// The document of the last node compiled: nodes come in runs from one document, and looking
    /// its (long) URI up in the registry twice per node was a fiftieth of compiling.
    private var lastDocument: (uri: String, document: SchemaRegistry.Document)?

    func document(_ uri: String) -> SchemaRegistry.Document? {
        if let last = lastDocument, last.uri == uri { return last.document }
        guard let document = registry.document(uri) else { return nil }
        lastDocument = (uri, document)
        return document
    }

    private func compile(_ node: SchemaNode, at location: SchemaRegistry.Location, found: PositionedJSONValue?) {
        guard let document = document(location.document),
            let (value, position) = found ?? location.pointer.resolveWithPosition(in: document.root)
        else {
            if let target = locationThroughReferences(location) {
                node.install([RefCheck(target: self.node(at: target))])
            } else {
                report("no schema at \(location.pointer.fragment)", at: location)
            }
            return
        }
        switch value {
        case .bool(true):
            return
        case .bool(false):
            node.install([FalseCheck(site: site("false", location))])
        case .object(let written):
            let object = document.dialect == .oas30 ? OASSchemaTranslation.translateShallow(written).object : written
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: CompiledKeyword.allCases.count) { offsets in
                offsets.initialize(repeating: -1)
                let families = KeywordFamilies(of: object, offsets: offsets)
                let context = KeywordContext(
                    object: object, written: written, location: location, dialect: document.dialect,
                    document: document, baseIndex: registry.baseIndex(in: document, at: location.pointer),
                    position: position, displayPath: document.displayPath, offsets: UnsafeBufferPointer(offsets))
                if document.dialect == .oas30 || document.readsNullable, options.nullable == .lenient,
                    OASSchemaTranslation.declaresNullable(written)
                {
                    node.acceptsNull = true
                }
                if families.contains(.access) {
                    node.readOnlyFlag = context[.readOnly]?.boolValue ?? false
                    node.writeOnlyFlag = context[.writeOnly]?.boolValue ?? false
                }
                // Into the one list every node fills in turn: a fresh list per node was an allocation each.
                var checks = reusableChecks
                reusableChecks = []
                pendingType = nil
                compileKeywords(context, families: families, into: &checks)
                node.install(checks, type: pendingType)
                if !pendingDiscriminators.isEmpty {
                    node.discriminators = pendingDiscriminators
                    pendingDiscriminators = []
                }
                checks.removeAll(keepingCapacity: true)
                reusableChecks = checks
            }
        default:
            report("a schema must be an object or a boolean, not \(value.typeName)", at: location)
        }
    }

    /// The checks of one schema object, in evaluation order; only the families of keywords it holds run.
    private func compileKeywords(
        _ context: KeywordContext, families: KeywordFamilies, into checks: inout [KeywordCheck]
    ) {
        if families.contains(.references) {
            compileReferences(context, into: &checks)
            if context.dialect.refOverridesSiblings, context[.ref] != nil { return }
        }
        if families.contains(.typeAndValues) { compileTypeAndValues(context, into: &checks) }
        if families.contains(.numeric) { compileNumeric(context, into: &checks) }
        if families.contains(.string) { compileString(context, into: &checks) }
        if families.contains(.format) { compileFormat(context, into: &checks) }
        if families.contains(.array) { compileArray(context, into: &checks) }
        if families.contains(.object) { compileObject(context, into: &checks) }
        if families.contains(.combinators) { compileCombinators(context, into: &checks) }
        if families.contains(.unevaluated) { compileUnevaluated(context, into: &checks) }
    }

    // MARK: helpers for keyword families

    func site(_ keyword: String, _ location: SchemaRegistry.Location) -> KeywordSite {
        let keywordLocation = SchemaRegistry.Location(
            document: location.document,
            pointer: keyword == "false" ? location.pointer : location.pointer.appending(keyword))
        return KeywordSite(
            keyword: keyword,
            location: SchemaLocation(documentURI: keywordLocation.document, pointer: keywordLocation.pointer),
            source: registry.sourceLocation(of: keywordLocation))
    }

    /// Where `keyword` of the schema of `context` is: its key's file:line:column from the schema
    /// object at hand (found through the context's table of keyword offsets), else the schema's own,
    /// as `SchemaRegistry.sourceLocation(of:)` would find them by walking the file from its root
    /// (which, once per keyword, was a tenth of compiling).
    func site(_ keyword: CompiledKeyword, _ context: KeywordContext) -> KeywordSite {
        let location = context.location
        let schema = SchemaLocation(documentURI: location.document, pointer: location.pointer)
        return KeywordSite(keyword: keyword.name, below: schema, source: source(of: keyword, context))
    }

    /// The file:line:column `site(_:_:)` gives `keyword` of the schema of `context`.
    func source(of keyword: CompiledKeyword, _ context: KeywordContext) -> SourceLocation? {
        var position = context.position
        if let offset = context.offset(of: keyword), context.object.members[offset].position.isKnown {
            position = context.object.members[offset].position
        }
        return position.isKnown ? SourceLocation(file: context.displayPath, position: position) : nil
    }

    /// For a compiler that defers the subschemas that apply to a member or an element
    /// (`deferringCatalog`), the node of the one at `location`: its compiled node when there is one
    /// already, else a forwarding node that compiles it when validation first reaches it, one per location.
    /// `nil` for a compiler that compiles everything reachable.
    /// `location` is asked for only then: spelling it out costs an eager compiler a pointer per subschema.
    func deferredNode(at location: () -> SchemaRegistry.Location, found: PositionedJSONValue?) -> SchemaNode? {
        guard defersBelow, let catalog = deferringCatalog else { return nil }
        let location = location()
        let document = cache.documentID(location.document)
        if let existing = cache.node(document: document, pointer: location.pointer) { return existing }
        let forwardingDocument = forwarders.documentID(location.document)
        if let known = forwarders.node(document: forwardingDocument, pointer: location.pointer) { return known }
        let node = SchemaNode(
            location: SchemaLocation(documentURI: location.document, pointer: location.pointer),
            resourceID: resourceID(of: location),
            deferred: DeferredSubschema(location: location, written: found, catalog: catalog))
        forwarders.insert(node, document: forwardingDocument)
        return node
    }

    /// The pointer to `keyword` below `schema`, shared by the subschemas under that keyword
    /// (`properties/a`, `properties/b`): each used to append a `properties` token of its own, which
    /// lived as long as the compiled schema.
    func keywordPointer(_ schema: JSONPointer, _ keyword: String) -> JSONPointer {
        if let last = lastKeywordPointer, last.schema == schema.storageIdentity, last.keyword == keyword {
            return last.pointer
        }
        let pointer = schema.appending(keyword)
        // The cached pointer holds the schema's storage, so its identity cannot be reused meanwhile.
        lastKeywordPointer = (schema.storageIdentity, keyword, pointer)
        return pointer
    }

    /// Where `location` is when its pointer passes through `$ref`s, as pointers copied from a dereferenced
    /// view of a document are written (PagerDuty's discriminator mappings are); see
    /// `JSONPointer.resolvingThroughReferences`. Each `$ref` on the way resolves against the base in force
    /// where it is written. The loader's references read such pointers the same way.
    private func locationThroughReferences(_ location: SchemaRegistry.Location) -> SchemaRegistry.Location? {
        guard let document = registry.document(location.document) else { return nil }
        let reached = location.pointer.resolvingThroughReferences(
            from: (uri: location.document, document: document), root: document.root
        ) { text, place, at in
            let base = place.document.baseReferences[registry.baseIndex(in: place.document, at: at)]
            guard let target = registry.locate(base.resolving(text)),
                let targetDocument = registry.document(target.document),
                let value = target.pointer.resolve(in: targetDocument.root)
            else { return nil }
            return ((target.document, targetDocument), target.pointer, value)
        }
        return reached.map { SchemaRegistry.Location(document: $0.place.uri, pointer: $0.pointer) }
    }

    /// Resolves a `$ref`-style URI reference against the base in force; reports it when unknown.
    func resolve(_ text: String, _ context: KeywordContext, keyword: String) -> (SchemaNode, URIReference)? {
        if let resolved = resolvedReference(text, context) { return resolved }
        let reference = context.base.resolving(text)
        report("cannot resolve \(keyword) \"\(text)\" (\(reference)): not in the registry", at: context, keyword)
        return nil
    }

    /// The node a URI reference names from the base in force, or `nil` when the registry has none.
    func resolvedReference(_ text: String, _ context: KeywordContext) -> (SchemaNode, URIReference)? {
        resolvedReference(text, in: context.document, at: context.location.document, baseIndex: context.baseIndex)
    }

    /// The same for a reference written in `document` (registered as `uri`) under its base `baseIndex`.
    func resolvedReference(
        _ text: String, in document: SchemaRegistry.Document, at uri: String, baseIndex: Int
    ) -> (SchemaNode, URIReference)? {
        let key = ReferenceKey(document: ObjectIdentifier(document), baseIndex: baseIndex, text: text)
        if let known = references[key] { return known }
        let reference = document.baseReferences[baseIndex].resolving(text)
        guard let location = Self.locateInDocument(text, at: uri, baseIndex: baseIndex) ?? registry.locate(reference)
        else { return nil }
        let resolved = (node(at: location), reference)
        references[key] = resolved
        return resolved
    }

    /// Where a pointer fragment (`#/components/schemas/Pet`) names a schema of the document it is written
    /// in, when the base there is the document's own URI: what `SchemaRegistry.locate` finds for it (the
    /// document's URI names its root), without spelling the resolved URI out and looking it up.
    private static func locateInDocument(_ text: String, at uri: String, baseIndex: Int) -> SchemaRegistry.Location? {
        guard baseIndex == 0, text.utf8.starts(with: "#/".utf8), let pointer = JSONPointer(fragment: text)
        else { return nil }
        return SchemaRegistry.Location(document: uri, pointer: pointer)
    }

    func report(_ message: String, at context: KeywordContext, _ keyword: String) {
        report(
            message,
            at: SchemaRegistry.Location(
                document: context.location.document, pointer: context.location.pointer.appending(keyword)))
    }

    func report(_ message: String, at location: SchemaRegistry.Location) {
        errors.append(
            SchemaCompileError(
                message: message,
                schemaLocation: SchemaLocation(documentURI: location.document, pointer: location.pointer),
                sourceLocation: registry.sourceLocation(of: location)))
    }
}
