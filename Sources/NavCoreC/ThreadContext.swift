#if canImport(Glibc)
import Glibc
#endif
import NavCore
import NavCoreJSON

/// What navcore keeps per calling thread: the message and the place of the
/// thread's last failed call (and the batch it held back, for a blocked one).
/// What the thread delivers and judges is the engine's (`ThreadDeliveries`).
final class ThreadContext {
    /// The last failure's message (malloc'd), or nil after a success.
    private var message: UnsafeMutablePointer<CChar>?
    /// The last failure's place (malloc'd), or nil after a success or for an error without one.
    private var path: UnsafeMutablePointer<CChar>?
    /// The document of the batch the last failure's blocker held back (jansson's
    /// allocator), or nil when the last call was not held back.
    private var blocked: UnsafeMutablePointer<CChar>?

    deinit { clearError() }

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

    /// The place for `navcore_last_error_path`: never NULL, "" after a
    /// success or for an error that has no place.
    var lastErrorPath: UnsafePointer<CChar> {
        guard let path else { return StaticText.empty }
        return UnsafePointer(path)
    }

    /// The document for `navcore_last_blocked`, or nil.
    var lastBlocked: UnsafePointer<CChar>? {
        blocked.map { UnsafePointer($0) }
    }

    /// Forgets the last error (every call does this on entry).
    func clearError() {
        if blocked != nil {
            OwnedText.free(blocked)
            blocked = nil
        }
        if message != nil {
            free(message)
            message = nil
        }
        if path != nil {
            free(path)
            path = nil
        }
    }

    /// Records the message and the place of a failed call. When memory runs
    /// out for either copy, that one reads as "".
    func setError(_ error: NavError) {
        clearError()
        message = strdup(error.message)
        path = error.path.isEmpty ? nil : strdup(error.path)
        blocked = error.blocked.flatMap { try? DocumentWriter.blocked($0) }
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
