import ContractJSON

/// The schema compiler's nodes, in the order they were made, and found by location: documents
/// numbered once, pointers hashed by the digest they already carry.
///
/// A `[SchemaRegistry.Location: SchemaNode]` dictionary hashed the document's URI and the pointer
/// through `Hasher` on every lookup and again on every growth, about a twentieth of compiling a
/// contract. Here a document's URI is looked up once per run of lookups in the same document (the
/// common case by far), and a slot is found from the pointer's digest with a multiply and a shift.
/// A node's pointer is its own location's, so the table keeps only the node and its document's number.
struct NodeTable {
    /// Every node, in the order inserted.
    private(set) var nodes: [SchemaNode] = []
    /// The number of each node's document, beside `nodes`.
    private var documents: [Int32] = []
    /// Each node's pointer digest, beside `nodes`: a probe compares it before it reads the node, so that
    /// probing a large contract's table reads one array rather than a node and its pointer per slot.
    private var digests: [UInt64] = []
    private var documentIDs: [URIKey: Int32] = [:]
    private var lastDocument: (uri: String, id: Int32)?
    /// Offsets into `nodes` + 1 (0 marks an empty slot), a power of two of them, at most half full.
    private var slots = [Int32](repeating: 0, count: 64)

    /// The number of a document, given on first sight.
    mutating func documentID(_ uri: String) -> Int32 {
        if let last = lastDocument, last.uri == uri { return last.id }
        let id: Int32
        if let known = documentIDs[URIKey(uri)] {
            id = known
        } else {
            id = Int32(truncatingIfNeeded: documentIDs.count)
            documentIDs[URIKey(uri)] = id
        }
        lastDocument = (uri, id)
        return id
    }

    /// The node at `pointer` in document `document`, if there is one yet. Mutating though it changes
    /// nothing: the compiler keeps the table in a stored property, and a non-mutating call there
    /// copied the whole table first (retaining its arrays).
    mutating func node(document: Int32, pointer: JSONPointer) -> SchemaNode? {
        let mask = slots.count - 1
        let digest = pointer.digest
        var slot = Self.slot(document: document, digest: digest) & mask
        while slots[slot] != 0 {
            let offset = Int(slots[slot]) - 1
            if digests[offset] == digest, documents[offset] == document, nodes[offset].location.pointer == pointer {
                return nodes[offset]
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Records `node`, which has no entry yet, under its own pointer in document `document`.
    mutating func insert(_ node: SchemaNode, document: Int32) {
        nodes.append(node)
        documents.append(document)
        digests.append(node.location.pointer.digest)
        if nodes.count * 2 > slots.count {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            for offset in nodes.indices { place(offset) }
        } else {
            place(nodes.count - 1)
        }
    }

    private mutating func place(_ offset: Int) {
        let mask = slots.count - 1
        var slot = Self.slot(document: documents[offset], digest: digests[offset]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(truncatingIfNeeded: offset + 1)
    }

    /// Mixes a pointer's digest with the document number; the high bits of the product end up
    /// in the low bits the slot is taken from.
    private static func slot(document: Int32, digest: UInt64) -> Int {
        let mixed = (digest ^ UInt64(UInt32(bitPattern: document))) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
    }
}
