import ContractJSON
import ContractSchema
import Foundation

/// What generation reuses between calls: merged schemas by address, the plans derived from them, and
/// compiled `pattern` matchers. Shared by every thread using one synthesizer, so it is locked.
/// Unchecked Sendable: `source` never changes, and every `var` is read and written only holding `lock`.
final class SynthesisCache: @unchecked Sendable {
    let source: any SchemaSource
    private let lock = NSLock()
    // Guarded by `lock`.
    private var nodes: [String: MergedNode] = [:]
    private var derived: [String: MergedNode] = [:]
    private var matchers: [String: CompiledSchema?] = [:]
    private var nextID = 0

    init(source: any SchemaSource) {
        self.source = source
    }

    private func makeNode(_ schema: MergedSchema, shared: Bool) -> MergedNode {
        lock.lock()
        nextID += 1
        let id = nextID
        lock.unlock()
        return MergedNode(id: id, schema: schema, isShared: shared)
    }

    /// The merge of `schemas`; shared when every one of them sits at an address.
    func node(_ schemas: [LocatedSchema]) -> MergedNode {
        var key = ""
        for schema in schemas {
            guard let uri = schema.uri else { return makeNode(MergedSchema(schemas, source: source), shared: false) }
            key += key.isEmpty ? uri : "|" + uri
        }
        lock.lock()
        let known = nodes[key]
        lock.unlock()
        if let known { return known }
        let node = makeNode(MergedSchema(schemas, source: source), shared: true)
        lock.lock()
        defer { lock.unlock() }
        if let raced = nodes[key] { return raced }
        nodes[key] = node
        return node
    }

    /// A node derived from `base` (a choice made, a branch merged in), cached under `key` when `base` is shared.
    func derived(from base: MergedNode, key: String, _ build: () -> MergedSchema) -> MergedNode {
        guard base.isShared else { return makeNode(build(), shared: false) }
        let fullKey = "\(base.id)|" + key
        lock.lock()
        let known = derived[fullKey]
        lock.unlock()
        if let known { return known }
        let node = makeNode(build(), shared: true)
        lock.lock()
        defer { lock.unlock() }
        if let raced = derived[fullKey] { return raced }
        derived[fullKey] = node
        return node
    }

    /// The compiled validators of the node's members.
    func validators(for node: MergedNode) -> [CompiledSchema] {
        lock.lock()
        let known = node.validators
        lock.unlock()
        if let known { return known }
        let validators = node.schema.roots.compactMap { source.validator(for: $0) }
        lock.lock()
        node.validators = validators
        lock.unlock()
        return validators
    }

    /// The object plan of a node, built on first use.
    func objectPlan(for node: MergedNode, build: () -> ObjectPlan) -> ObjectPlan {
        lock.lock()
        let known = node.objectPlan
        lock.unlock()
        if let known { return known }
        let plan = build()
        lock.lock()
        node.objectPlan = plan
        lock.unlock()
        return plan
    }

    /// The array plan of a node, built on first use.
    func arrayPlan(for node: MergedNode) -> ArrayPlan {
        lock.lock()
        let known = node.arrayPlan
        lock.unlock()
        if let known { return known }
        let schema = node.schema
        let plan = ArrayPlan(
            items: self.node(schema.items), itemsContaining: self.node(schema.items + schema.contains),
            prefix: schema.prefixItems.map { self.node($0) },
            prefixContaining: schema.prefixItems.map { self.node($0 + schema.contains) })
        lock.lock()
        node.arrayPlan = plan
        lock.unlock()
        return plan
    }

    /// Whether the ECMA-262 `pattern` matches `text`, decided by the validator's own regex engine.
    func matches(_ pattern: String, _ text: String) -> Bool {
        lock.lock()
        let known = matchers[pattern]
        lock.unlock()
        let matcher: CompiledSchema?
        if let known {
            matcher = known
        } else {
            matcher = try? CompiledSchema(schema: ["pattern": .string(pattern)])
            lock.lock()
            matchers[pattern] = matcher
            lock.unlock()
        }
        return matcher?.isValid(.string(text)) ?? false
    }
}
