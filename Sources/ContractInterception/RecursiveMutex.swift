#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Memory safety: `storage` is allocated in `init` with room and alignment for the value and the mutex, both
// initialized there, and released in `deinit`; the value is read and written only holding the mutex.

/// A recursive pthread mutex and the value it guards, in one allocation made and released once per load (a
/// value without copies, so that the protocol object holds it without an object of its own).
///
/// `NSRecursiveLock` would do, but it is a Foundation object of its own (an `NSObject`, with its set-up and
/// tear-down) around a heap mutex, made and released with every load. The load's state shares the mutex's
/// allocation: a control object of its own around a separately allocated mutex was two allocations, an
/// object's set-up and its release per request. (`Synchronization.Mutex` is not recursive, and needs
/// macOS 15.)
/// Unchecked Sendable: `storage` is a `let`, and the value it holds is read and written only holding the mutex.
struct RecursiveMutex<Value>: ~Copyable, @unchecked Sendable {
    /// The value, then the mutex.
    private let storage: UnsafeMutableRawPointer

    init(_ value: Value) {
        storage = .allocate(
            byteCount: Self.mutexOffset + MemoryLayout<pthread_mutex_t>.size,
            alignment: max(MemoryLayout<Value>.alignment, MemoryLayout<pthread_mutex_t>.alignment))
        storage.initializeMemory(as: Value.self, to: value)
        let mutex = (storage + Self.mutexOffset).bindMemory(to: pthread_mutex_t.self, capacity: 1)
        pthread_mutex_init(mutex, recursiveMutexAttributes.attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        // Moved out and dropped: `deinitialize(count:)` destroyed it through its type's value witness table
        // (two data-cache misses per request, and two functions' code).
        _ = value.move()
        storage.deallocate()
    }

    /// The guarded value; read and write it only while holding the mutex, and never keep an access to it
    /// across a call that may take the mutex again.
    var value: UnsafeMutablePointer<Value> {
        storage.assumingMemoryBound(to: Value.self)
    }

    /// Runs `body` holding the mutex; `body` may take it again on the same thread.
    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    private var mutex: UnsafeMutablePointer<pthread_mutex_t> {
        (storage + Self.mutexOffset).assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// Where the mutex starts: after the value, at the mutex's alignment.
    private static var mutexOffset: Int {
        let alignment = MemoryLayout<pthread_mutex_t>.alignment
        return (MemoryLayout<Value>.size + alignment - 1) / alignment * alignment
    }
}

/// The attributes every recursive mutex is made with, made once: setting up and destroying a set for each
/// load was three library calls per request. Never destroyed.
/// Unchecked Sendable: `attributes` is a `let`, and the memory it points to is not written after `init`.
private struct RecursiveMutexAttributes: @unchecked Sendable {
    let attributes: UnsafeMutablePointer<pthread_mutexattr_t>

    init() {
        attributes = .allocate(capacity: 1)
        pthread_mutexattr_init(attributes)
        pthread_mutexattr_settype(attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    }
}

private let recursiveMutexAttributes = RecursiveMutexAttributes()
