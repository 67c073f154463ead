import ContractJSON
import ContractSchema
import ContractSpec
import Foundation

/// The located form and validator of each contract schema asked about, keyed by file and pointer, so
/// that asking for the same schema again builds no address strings.
/// Unchecked Sendable: both tables are read and written only holding `lock`.
final class SchemaEntryCache: @unchecked Sendable {
    struct Key: Hashable {
        var baseURI: String
        var pointer: JSONPointer
        var isSynthesized: Bool
    }

    struct Entry {
        var located: LocatedSchema
        var validator: CompiledSchema
        /// The merged root, so that generating again skips the lookup by address.
        var node: MergedNode
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var entries: [Key: Entry] = [:]
    /// The entries again, by the identity of the pointer the schema was asked with: the schemas of a
    /// document share their pointers' storage, and hashing every token and the file URI was a fifth of
    /// asking for a small example again. The key is kept so that the identity stays taken.
    private var byPointerIdentity: [ObjectIdentifier: (key: Key, entry: Entry)] = [:]

    func entry(for schema: Spec.Schema, build: () throws(ExampleError) -> Entry) throws(ExampleError) -> Entry {
        // Schemas the loader built (2.0 parameters) have no address of their own to key by.
        guard !schema.isSynthesized else { return try build() }
        let identity = schema.pointer.storageIdentity
        lock.lock()
        if let identity, let known = byPointerIdentity[identity], known.key.baseURI == schema.baseURI {
            lock.unlock()
            return known.entry
        }
        let key = Key(baseURI: schema.baseURI, pointer: schema.pointer, isSynthesized: schema.isSynthesized)
        let known = entries[key]
        lock.unlock()
        if let known { return known }
        let entry = try build()
        lock.lock()
        entries[key] = entry
        if let identity { byPointerIdentity[identity] = (key, entry) }
        lock.unlock()
        return entry
    }
}
