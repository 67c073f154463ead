import ContractSchema

/// A merged schema with an identity, and what generation derives from it once: the facts read on every
/// visit (`NodeFacts`), the merge of every property and item, the validators of its members. Generating
/// the thousandth value then costs no merging and no lookups by address.
/// Unchecked Sendable: the `let`s never change, and the plans are used only holding the owning cache's lock.
final class MergedNode: @unchecked Sendable {
    let id: Int
    let schema: MergedSchema
    let facts: NodeFacts
    /// Whether the node is shared through the cache (every member has an address), so what is derived
    /// from it may be cached too.
    let isShared: Bool
    // Guarded by the owning cache's lock.
    var objectPlan: ObjectPlan?
    var arrayPlan: ArrayPlan?
    var validators: [CompiledSchema]?

    init(id: Int, schema: MergedSchema, isShared: Bool) {
        self.id = id
        self.schema = schema
        self.isShared = isShared
        facts = NodeFacts(schema)
    }
}
