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
/// `NSRecursiveLock` would do, but swift-corelibs-foundation gives each one a mutex, a condition and a
/// second mutex (for `lock(before:)`), three allocations with their set-up and tear-down: about a
/// thirtieth of the fake backend's cost per request, for a lock that is taken a handful of times.
/// (`Synchronization.Mutex` is not recursive, and needs macOS 15.)
struct RecursiveMutex: ~Copyable, @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
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
