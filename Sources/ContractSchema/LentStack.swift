/// A stack of trivially destroyed or reference-counted values that starts in memory its owner
/// lends (a caller's stack frame) and moves to the heap only if it outgrows it: the streaming
/// validator's stacks, so that validating a small body allocates nothing for them.
///
/// (ContractJSON's `ScratchStack` is the parser's own; this one lives here because a generic
/// type from another module was called unspecialized, through its value witnesses, on every push.
/// Measured again with `ScratchStack` made `package` and every member `@inlinable`: its `push` and
/// subscript still ran unspecialized here, and validating the 20 KB list from bytes went from 1.11 M
/// to 1.47 M instructions a call, so the two stay apart.)
struct LentStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    private var ownsStorage = false
    /// The number of elements on the stack.
    private(set) var count = 0

    /// A stack in `buffer`, which must outlive it and hold at least one element.
    init(lending buffer: UnsafeMutableBufferPointer<Element>) {
        if let base = buffer.baseAddress, !buffer.isEmpty {
            storage = base
            capacity = buffer.count
        } else {
            capacity = 16
            storage = .allocate(capacity: capacity)
            ownsStorage = true
        }
    }

    deinit {
        if count > 0 { storage.deinitialize(count: count) }
        if ownsStorage { storage.deallocate() }
    }

    /// The element at `index`, below `count`.
    @inline(__always)
    subscript(index: Int) -> Element {
        storage[index]
    }

    /// The elements from `start` to the top, in place; valid until the stack next changes.
    func top(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: storage + start, count: count - start)
    }

    // Inlined: a push is a store and an increment, and the call around it cost as much (the streaming
    // validator pushes a schema for every member and element it reads).
    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    private mutating func grow() {
        let larger = capacity * 2
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        moved.moveInitialize(from: storage, count: count)
        if ownsStorage { storage.deallocate() }
        storage = moved
        capacity = larger
        ownsStorage = true
    }

    /// Pops the elements from `start` to the top.
    @inline(__always)
    mutating func pop(to start: Int) {
        // Nothing to destroy (the usual case for kept keys) calls nothing.
        if count > start { (storage + start).deinitialize(count: count - start) }
        count = start
    }
}
