// Memory safety: `storage` has room for `capacity` elements (the parser's temporary allocation, which outlives
// the stack; a placeholder never dereferenced while `capacity` is 0; or allocated here), the first `count`
// initialized; `push` grows before writing when full, and `popArray`/`top`/`pop` take a `start` the caller read
// from `count` earlier, so they touch initialized elements only.

/// A stack the parser collects an object's members (or an array's elements) on before moving
/// them, all at once, into an array of exactly the right size.
///
/// Appending to a fresh array per container reallocated it as it grew (1, 2, 4, 8… elements):
/// a third of the parser's time went to `malloc` and `free`. The stack is reused for every
/// container of a document, and moving elements out retains nothing. It starts in memory its
/// owner lends (the parser's temporary stack allocation, so a small document allocates no
/// scratch storage at all) and moves to the heap only when that fills up.
struct ScratchStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Whether `storage` was allocated here (and must be freed here) rather than lent.
    private var ownsStorage = false
    /// The number of elements on the stack.
    private(set) var count = 0

    /// A stack in `buffer`, which must outlive it; with an empty buffer it has no storage until its
    /// first push (a streaming read, which builds a value only now and then, may never push).
    init(lending buffer: UnsafeMutableBufferPointer<Element>) {
        if let base = buffer.baseAddress, !buffer.isEmpty {
            storage = base
            capacity = buffer.count
        } else if let placeholder = UnsafeMutablePointer<Element>(bitPattern: MemoryLayout<Element>.alignment) {
            // Never read nor written: with no capacity, the first push grows the stack first.
            storage = placeholder
            capacity = 0
        } else {
            // Not reached (only address 0 makes no pointer); kept so that no pointer is forced.
            capacity = 16
            storage = .allocate(capacity: capacity)
            ownsStorage = true
        }
    }

    deinit {
        storage.deinitialize(count: count)
        if ownsStorage { storage.deallocate() }
    }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements from `start` to the top into a new array and pops them.
    mutating func popArray(from start: Int) -> [Element] {
        let moved = count - start
        var array: [Element] = []
        // `reserveCapacity` is specialized for `Element`; `Array(unsafeUninitializedCapacity:)`
        // allocates through an unspecialized standard-library entry that looks the array's type
        // metadata up on every call (a quarter of parsing a 200-byte body).
        array.reserveCapacity(moved)
        let base = storage + start
        for offset in 0..<moved { array.append((base + offset).move()) }
        count = start
        return array
    }

    /// The elements from `start` to the top, in place; valid until the stack next changes.
    func top(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: storage + start, count: count - start)
    }

    /// Pops the elements from `start` to the top.
    mutating func pop(to start: Int) {
        (storage + start).deinitialize(count: count - start)
        count = start
    }

    /// The capacity a stack takes when it first outgrows its lent storage: a document that fills the
    /// caller's 1 KB has large containers, and growing a step at a time cost it several moves.
    private static var firstHeapCapacity: Int { 128 }

    private mutating func grow() {
        let larger = ownsStorage ? capacity * 2 : max(capacity * 2, Self.firstHeapCapacity)
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        storage.moveInitialize(from: self.storage, count: count)
        if ownsStorage { self.storage.deallocate() }
        self.storage = storage
        capacity = larger
        ownsStorage = true
    }
}
