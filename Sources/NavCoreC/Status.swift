#if canImport(Glibc)
import Glibc
#endif
import NavCore

/// The C status codes and their static names.
enum Status {
    /// `NAVCORE_OK`.
    static let ok: Int32 = 0

    /// The static name of a status code, `NAVCORE_UNKNOWN` for any other value.
    static func name(of code: Int32) -> UnsafePointer<CChar> {
        if code == ok { return StaticText.pointer("NAVCORE_OK") }
        return names[code] ?? StaticText.pointer("NAVCORE_UNKNOWN")
    }

    /// Each error kind's name as a C string, made once and kept for the process.
    /// Never written after its (thread-safe) lazy initialisation.
    nonisolated(unsafe) private static let names: [Int32: UnsafePointer<CChar>] = Dictionary(
        uniqueKeysWithValues: NavError.Kind.allCases.compactMap { kind in
            strdup(kind.statusName).map { (kind.rawValue, UnsafePointer($0)) }
        })

    /// Runs the body of an exported call: clears the thread's last error,
    /// and turns a thrown error into its status code and message.
    static func call(_ body: () throws(NavError) -> Void) -> Int32 {
        let context = ThreadContext.current
        context.clearError()
        do {
            try body()
            return ok
        } catch {
            context.setError(error)
            return error.kind.rawValue
        }
    }
}
