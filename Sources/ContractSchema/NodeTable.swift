import ContractJSON

/// The schema compiler's nodes by location: documents numbered once, pointers hashed by the digest
/// they already carry.
///
/// A `[SchemaRegistry.Location: SchemaNode]` dictionary hashed the document's URI and the pointer
/// through `Hasher` on every lookup and again on every growth, about a twentieth of compiling a
/// contract. Here a document's URI is looked up once per run of lookups in the same document (the
/// common case by far), and a slot is found from the pointer's digest with a multiply and a shift.
struct NodeTable {
    private struct Entry {
        let document: Int
        let pointer: JSONPointer
        let hash: UInt64
        let node: SchemaNode
    }

    private var documentIDs: [String: Int] = [:]
    private var lastDocument: (uri: String, id: Int)?
    /// Offsets into `entries` + 1 (0 marks an empty slot), a power of two of them, at most half full.
    private var slots = [Int32](repeating: 0, count: 64)
    private var entries: [Entry] = []

    /// The number of a document, given on first sight.
    mutating func documentID(_ uri: String) -> Int {
        if let last = lastDocument, last.uri == uri { return last.id }
        let id: Int
        if let known = documentIDs[uri] {
            id = known
        } else {
            id = documentIDs.count
            documentIDs[uri] = id
        }
        lastDocument = (uri, id)
        return id
    }

    /// The node at `pointer` in document `document`, if there is one yet.
    func node(document: Int, pointer: JSONPointer) -> SchemaNode? {
        let hash = Self.hash(document: document, pointer: pointer)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) - 1]
            if entry.hash == hash, entry.document == document, entry.pointer == pointer { return entry.node }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Records `node` at a location that has none yet.
    mutating func insert(_ node: SchemaNode, document: Int, pointer: JSONPointer) {
        let entry = Entry(
            document: document, pointer: pointer, hash: Self.hash(document: document, pointer: pointer), node: node)
        entries.append(entry)
        if entries.count * 2 > slots.count {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            for offset in entries.indices { place(offset) }
        } else {
            place(entries.count - 1)
        }
    }

    private mutating func place(_ offset: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entries[offset].hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(truncatingIfNeeded: offset + 1)
    }

    /// Mixes the pointer's digest with the document number; the high bits of the product end up
    /// in the low bits the slot is taken from.
    private static func hash(document: Int, pointer: JSONPointer) -> UInt64 {
        let mixed = (pointer.digest ^ UInt64(truncatingIfNeeded: document)) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 29)
    }
}
