#if canImport(Glibc)
import Glibc
#endif
import NavCore
import NavCoreSession

/// The C status codes and their static names (the header's table, `StatusCode`).
enum Status {
    /// `NAVCORE_OK`.
    static let ok = StatusCode.ok.rawValue

    /// The static name of a status code, `NAVCORE_UNKNOWN` for any other value.
    static func name(of code: Int32) -> UnsafePointer<CChar> {
        names[code] ?? StaticText.pointer("NAVCORE_UNKNOWN")
    }

    /// Each status code's name as a C string, made once and kept for the process.
    /// Never written after its (thread-safe) lazy initialisation.
    nonisolated(unsafe) private static let names: [Int32: UnsafePointer<CChar>] = Dictionary(
        uniqueKeysWithValues: StatusCode.allCases.compactMap { status in
            strdup(status.name).map { (status.rawValue, UnsafePointer($0)) }
        })

    /// Runs the body of an exported call: clears the thread's last error,
    /// and turns a thrown error into its status code and message.
    static func call(_ body: () throws(NavError) -> Void) -> Int32 {
        let context = ThreadContext.current
        context.clearError()
        do {
            try body()
            // A listener's or guard's own failing call inside leaves no message behind a success.
            context.clearError()
            return ok
        } catch {
            context.setError(error)
            return error.kind.status.rawValue
        }
    }
}
