#if canImport(Glibc)
import Glibc
#endif

/// What navcore keeps per calling thread: the message of the thread's last
/// failed call, and the navigators whose listeners it is currently running.
final class ThreadContext {
    /// The last failure's message (malloc'd), or nil after a success.
    private var message: UnsafeMutablePointer<CChar>?
    /// Deliveries in progress on this thread, by navigator.
    var deliveries: [ObjectIdentifier: Delivery] = [:]

    deinit { free(message) }

    /// The calling thread's context, created on first use and released when
    /// the thread exits.
    static var current: ThreadContext {
        if let raw = pthread_getspecific(threadContextKey) {
            return Unmanaged<ThreadContext>.fromOpaque(raw).takeUnretainedValue()
        }
        let context = ThreadContext()
        pthread_setspecific(threadContextKey, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// The message for `navcore_last_error_message`: never NULL, "" after a success.
    var lastErrorMessage: UnsafePointer<CChar> {
        guard let message else { return StaticText.empty }
        return UnsafePointer(message)
    }

    /// Forgets the last message (every call does this on entry).
    func clearError() {
        if message != nil {
            free(message)
            message = nil
        }
    }

    /// Records the message of a failed call.
    func setError(_ text: String) {
        clearError()
        message = strdup(text)
    }
}

/// The key of each thread's `ThreadContext`; its destructor releases it.
private let threadContextKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in
        guard let raw else { return }
        Unmanaged<ThreadContext>.fromOpaque(raw).release()
    }
    return key
}()
