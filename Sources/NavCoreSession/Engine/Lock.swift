#if canImport(Glibc)
import Glibc
#endif
import Synchronization

#if NAVCORE_PTHREAD_LOCK
/// A value behind a pthread mutex, with the interface of `Mutex`: the lock of
/// the ThreadSanitizer build (make test-tsan), because ThreadSanitizer sees
/// pthread locks but not the Synchronization module's `Mutex`, and would
/// report every access it guards as a race. Chosen at build time by
/// `-D NAVCORE_PTHREAD_LOCK`; the library itself uses `Mutex`.
final class Lock<Value: ~Copyable>: @unchecked Sendable {
    /// The mutex, at an address that never moves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The value; only touched with `mutex` held.
    private var value: Value

    /// A lock around `value`.
    init(_ value: consuming sending Value) {
        mutex = UnsafeMutablePointer.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the mutex held.
    func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    #if NAVCORE_PLANTED_RACE
    /// Reads the value without the lock: the data race planted on purpose to
    /// show that make test-tsan catches one (`-D NAVCORE_PLANTED_RACE`).
    func withoutLock<Result, E: Error>(_ body: (borrowing Value) throws(E) -> Result) throws(E) -> Result {
        try body(value)
    }
    #endif
}
#else
/// A value behind a lock: the Synchronization module's `Mutex`.
typealias Lock<Value: ~Copyable> = Mutex<Value>
#endif
