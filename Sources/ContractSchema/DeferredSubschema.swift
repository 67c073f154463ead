import Atomics
import ContractJSON

/// A subschema that applies to a member or an element (under `properties`, `patternProperties`,
/// `additionalProperties`, `items`, `prefixItems`, `additionalItems`, `contains` or `propertyNames`),
/// compiled when validation first reaches it.
///
/// A catalog that defers these (`SchemaCatalog`, for a contract's fake backend and verifier) compiles a
/// root and what applies in place to the same value (`allOf`, `anyOf`, `oneOf`, `$ref`, ...), and leaves a
/// forwarding node (`SchemaNode.deferred`) where a subschema applies to a value below. A large contract's
/// list response reaches most of its component schemas through such subschemas; validating one value
/// visits few of them. Compile errors of a deferred subschema become a check that fails every value with
/// the error (`UncompiledSubschemaCheck`), reported where validation reached it.
///
/// The compiled node is published once, with acquire and release ordering, so a thread that loads it sees
/// the node as its compiler finished it.
final class DeferredSubschema: Sendable {
    /// Where the subschema is written.
    let location: SchemaRegistry.Location
    /// The subschema's value and position, when its parent found them.
    let written: PositionedJSONValue?
    /// The catalog that compiles it: weak, since the catalog's compiler holds the forwarding node.
    /// Every `CompiledSchema` of the catalog keeps it alive while it validates.
    private weak let catalog: SchemaCatalog?
    private let compiled = ManagedAtomicLazyReference<SchemaNode>()

    init(location: SchemaRegistry.Location, written: PositionedJSONValue?, catalog: SchemaCatalog) {
        self.location = location
        self.written = written
        self.catalog = catalog
    }

    /// The compiled subschema, compiled on the first call.
    var node: SchemaNode {
        if let node = compiled.load() { return node }
        let node: SchemaNode
        if let catalog {
            node = catalog.compileDeferred(self)
        } else {
            node = Self.uncompiled(
                at: location, source: nil,
                message: "the contract this schema belongs to was released while the schema was in use")
        }
        return compiled.storeIfNilThenLoad(node)
    }

    /// A node that fails every value with `message`: a subschema that does not compile.
    static func uncompiled(
        at location: SchemaRegistry.Location, source: SourceLocation?, message: String
    ) -> SchemaNode {
        let schema = SchemaLocation(documentURI: location.document, pointer: location.pointer)
        let node = SchemaNode(location: schema, resourceID: 0)
        let site = KeywordSite(keyword: "schema", location: schema, source: source)
        node.install([UncompiledSubschemaCheck(site: site, message: message)])
        return node
    }
}

/// The check of a deferred subschema that does not compile: every value fails, with the compile error.
final class UncompiledSubschemaCheck: LeafKeywordCheck {
    let message: String

    init(site: KeywordSite, message: String) {
        self.message = message
        super.init(site: site)
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool { false }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        ("a schema that compiles (\(message))", ValueDescription.describe(instance))
    }
}
