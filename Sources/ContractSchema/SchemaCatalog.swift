import ContractJSON
import Foundation

/// Compiles many schemas of one registry through one shared compiler, so that what several of them
/// reach (the `$ref`'d components of a contract) is compiled once, and answers from a cache after that.
///
/// Safe to use from many threads: compiling takes a lock; validating with what it returns does not.
/// Unchecked Sendable: every stored `var` (and the compiler) is read and written only holding `lock`.
package final class SchemaCatalog: @unchecked Sendable {
    /// The documents the schemas live in.
    package let registry: SchemaRegistry
    private let lock = NSLock()
    // Guarded by `lock`.
    private let compiler: SchemaCompiler
    /// Each root's node and whether it tracked the dynamic scope when compiled, not the whole
    /// `CompiledSchema` (options and tables the compiler holds anyway): a contract has thousands of
    /// roots, and the full values made this table a twentieth of the memory of a load. By document, then
    /// by pointer: one table keyed by both compared the (long) document URI on every probe, and with the
    /// registry lookup that checked the document, it was 4% of loading a contract. Read and written only
    /// under `lock`.
    private var results: [String: DocumentResults] = [:]
    /// The document of the last lookup: roots come in runs from one document.
    private var lastResults: (uri: String, results: DocumentResults)?

    /// The results of one document's roots.
    private final class DocumentResults {
        /// Whether the registry holds the document (asked once, not per root).
        let isRegistered: Bool
        var byPointer: [PointerKey: Result<CompiledRoot, SchemaCompileErrors>] = [:]

        init(isRegistered: Bool) {
            self.isRegistered = isRegistered
        }
    }

    /// A pointer with its digest beside it, so that the dictionary's probes compare two integers before
    /// they follow the pointers into their tokens (a cache miss each in a large contract).
    private struct PointerKey: Hashable {
        let digest: UInt64
        let pointer: JSONPointer

        init(_ pointer: JSONPointer) {
            self.digest = pointer.digest
            self.pointer = pointer
        }

        static func == (lhs: PointerKey, rhs: PointerKey) -> Bool {
            lhs.digest == rhs.digest && lhs.pointer == rhs.pointer
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
        }
    }

    private struct CompiledRoot {
        let node: SchemaNode
        let tracksScope: Bool
    }

    /// Creates a catalog over `registry`.
    ///
    /// `defersSubschemas`: whether a root's subschemas that apply to a member or an element (`properties`,
    /// `items`, ...) are compiled when validation first reaches them (`DeferredSubschema`) instead of with
    /// the root. Their compile errors then show when a value reaches them, as failures that quote the
    /// error, instead of as the root's. Not for a registry with a `$dynamicAnchor`: which resources the
    /// dynamic scope tracks is decided when a root compiles.
    package init(
        registry: SchemaRegistry, options: SchemaCompileOptions = SchemaCompileOptions(),
        defersSubschemas: Bool = false
    ) {
        self.registry = registry
        self.compiler = SchemaCompiler(registry: registry, options: options)
        if defersSubschemas, registry.dynamicAnchors.isEmpty { compiler.deferSubschemasBelow(to: self) }
    }

    /// The node of a deferred subschema, compiled (with what it applies in place) on its first use; a node
    /// that fails every value with the first compile error when it does not compile.
    func compileDeferred(_ subschema: DeferredSubschema) -> SchemaNode {
        lock.lock()
        defer { lock.unlock() }
        do throws(SchemaCompileErrors) {
            return try compiler.compileRoot(subschema.location, writtenAs: subschema.written, asSubschema: true)
        } catch {
            let first = error.errors.first
            let more = error.errors.count > 1 ? " (and \(error.errors.count - 1) more)" : ""
            return DeferredSubschema.uncompiled(
                at: subschema.location, source: first?.sourceLocation,
                message: (first.map { "\($0.schemaLocation.fragment): \($0.message)" } ?? "no schema") + more)
        }
    }

    /// The compiled schema at `uri` (absolute, with a pointer or anchor fragment), compiled on first use.
    /// - Throws: the compile errors found while compiling it the first time (and again on every later call).
    package func schema(at uri: String) throws(SchemaCompileErrors) -> CompiledSchema {
        let reference = URIReference(uri)
        guard let location = registry.locate(reference) else {
            throw Self.unknown(reference.withoutFragment.description, pointer: .root)
        }
        return try schema(at: location)
    }

    /// The compiled schema at `pointer` inside the registered document `documentURI` (no fragment):
    /// the same as `schema(at:)` with a pointer fragment, without spelling the pointer out and parsing it back.
    package func schema(inDocument documentURI: String, at pointer: JSONPointer) throws(SchemaCompileErrors)
        -> CompiledSchema
    {
        try schema(at: SchemaRegistry.Location(document: documentURI, pointer: pointer), checkingDocument: true)
    }

    /// The same, for a caller that already holds the schema as the document has it at `pointer` and
    /// where it is written (a `JSONPointer.resolveWithPosition` answer), so that compiling it does not
    /// walk the document from its root to find them; `nil` finds them as `schema(inDocument:at:)` does.
    package func schema(
        inDocument documentURI: String, at pointer: JSONPointer,
        writtenAs written: PositionedJSONValue?
    ) throws(SchemaCompileErrors) -> CompiledSchema {
        try schema(
            at: SchemaRegistry.Location(document: documentURI, pointer: pointer), checkingDocument: true,
            written: written)
    }

    /// With `checkingDocument`, an unknown document is an error. The document is looked up (its long
    /// URI hashed) only when the location has no result yet: results exist only for known documents.
    private func schema(
        at location: SchemaRegistry.Location, checkingDocument: Bool = false,
        written: PositionedJSONValue? = nil
    ) throws(SchemaCompileErrors) -> CompiledSchema {
        lock.lock()
        defer { lock.unlock() }
        let documentResults = documentResults(for: location.document)
        let key = PointerKey(location.pointer)
        if let known = documentResults.byPointer[key] { return try compiled(known.get()) }
        if checkingDocument, !documentResults.isRegistered {
            throw Self.unknown(location.document, pointer: location.pointer)
        }
        let result: Result<CompiledRoot, SchemaCompileErrors>
        do throws(SchemaCompileErrors) {
            let root = try compiler.compileRoot(location, writtenAs: written)
            result = .success(CompiledRoot(node: root, tracksScope: compiler.usesDynamicRef))
        } catch {
            result = .failure(error)
        }
        documentResults.byPointer[key] = result
        return try compiled(result.get())
    }

    /// The results table of the document at `uri`, made on first use. Call with `lock` held.
    private func documentResults(for uri: String) -> DocumentResults {
        if let last = lastResults, last.uri == uri { return last.results }
        let documentResults: DocumentResults
        if let known = results[uri] {
            documentResults = known
        } else {
            documentResults = DocumentResults(isRegistered: registry.document(uri) != nil)
            results[uri] = documentResults
        }
        lastResults = (uri, documentResults)
        return documentResults
    }

    private func compiled(_ root: CompiledRoot) -> CompiledSchema {
        CompiledSchema(root: root.node, tracksScope: root.tracksScope, compiler: compiler, catalog: self)
    }

    private static func unknown(_ documentURI: String, pointer: JSONPointer) -> SchemaCompileErrors {
        let error = SchemaCompileError(
            message: "no schema registered at \(documentURI)",
            schemaLocation: SchemaLocation(documentURI: documentURI, pointer: pointer),
            sourceLocation: nil)
        return SchemaCompileErrors(errors: [error])
    }
}
