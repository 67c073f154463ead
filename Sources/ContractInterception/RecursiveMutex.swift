#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recursive pthread mutex, made and released once per load (a value without copies, so that the load's
/// control object holds it without a second object).
///
/// `NSRecursiveLock` would do, but it is a Foundation object of its own (an `NSObject`, with its set-up and
/// tear-down) around a heap mutex, made and released with every load; held by value, the load's control
/// object keeps only the mutex. With the cancel target kept without a closure (see `LoadingControl`), the
/// protocol object's set-up and tear-down went from about 2,730 to 2,060 instructions per request.
/// (`Synchronization.Mutex` is not recursive, and needs macOS 15.)
struct RecursiveMutex: ~Copyable, @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, Self.recursive.attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex; `body` may take it again on the same thread.
    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}

extension RecursiveMutex {
    /// The attributes every recursive mutex is made with, made once: setting up and destroying a set for
    /// each load was three library calls per request. Never changed after it is made, and never destroyed.
    private struct Attributes: @unchecked Sendable {
        let attributes: UnsafeMutablePointer<pthread_mutexattr_t>

        init() {
            attributes = .allocate(capacity: 1)
            pthread_mutexattr_init(attributes)
            pthread_mutexattr_settype(attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
    }

    private static let recursive = Attributes()
}
