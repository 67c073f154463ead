/// A stack the parser collects an object's members (or an array's elements) on before moving
/// them, all at once, into an array of exactly the right size.
///
/// Appending to a fresh array per container reallocated it as it grew (1, 2, 4, 8… elements):
/// a third of the parser's time went to `malloc` and `free`. The stack is reused for every
/// container of a document, and moving elements out retains nothing.
struct ScratchStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements on the stack.
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = Swift.max(capacity, 1)
        self.storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements from `start` to the top into a new array and pops them.
    mutating func popArray(from start: Int) -> [Element] {
        let moved = count - start
        let base = storage + start
        let array = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            if let target = buffer.baseAddress { target.moveInitialize(from: base, count: moved) }
            initialized = moved
        }
        count = start
        return array
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
