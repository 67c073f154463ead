import ContractJSON
import ContractSchema
import ContractSpec
import Foundation

/// The located form and validator of each contract schema asked about, keyed by file and pointer, so
/// that asking for the same schema again builds no address strings.
final class SchemaEntryCache: @unchecked Sendable {
    struct Key: Hashable {
        var baseURI: String
        var pointer: JSONPointer
        var isSynthesized: Bool

        /// Hashes the pointer and only the length of the file URI: a contract has few files, and hashing
        /// the whole URI was a twentieth of asking for a small example again. Equality compares everything.
        func hash(into hasher: inout Hasher) {
            hasher.combine(pointer)
            hasher.combine(baseURI.utf8.count)
        }
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

    func entry(for schema: Spec.Schema, build: () throws(ExampleError) -> Entry) throws(ExampleError) -> Entry {
        // Schemas the loader built (2.0 parameters) have no address of their own to key by.
        guard !schema.isSynthesized else { return try build() }
        let key = Key(baseURI: schema.baseURI, pointer: schema.pointer, isSynthesized: schema.isSynthesized)
        lock.lock()
        let known = entries[key]
        lock.unlock()
        if let known { return known }
        let entry = try build()
        lock.lock()
        entries[key] = entry
        lock.unlock()
        return entry
    }
}
