#if canImport(Glibc)
import Glibc
#endif
import NavCore
import NavCoreJSON
import NavCoreSession
import NavCoreTable

/// Checks of the pointers C callers pass in. An argument's name is only
/// built when an error needs it (`segments[i]` would cost a string per segment).
enum Input {
    /// A required input pointer; `.invalidArgument` naming `name` when NULL.
    static func required<T>(_ pointer: T?, _ name: @autoclosure () -> String) throws(NavError) -> T {
        guard let pointer else { throw NavError(.invalidArgument, at: name(), "is NULL") }
        return pointer
    }

    /// A required NUL-terminated string that must be valid UTF-8; text that is
    /// not is an `invalid` error (restore input that is not UTF-8 is `.restore`).
    static func text(_ pointer: UnsafePointer<CChar>?, _ name: @autoclosure () -> String,
                     invalid: NavError.Kind = .invalidArgument) throws(NavError) -> UnsafePointer<CChar> {
        let text = try required(pointer, name())
        if let (offset, byte) = UTF8Check.firstInvalidByte(in: text) {
            let hex = String(byte, radix: 16, uppercase: true)
            throw NavError(invalid, at: name(), "is not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset))")
        }
        return text
    }

    /// Batch input (actions, routes or params JSON): required UTF-8 text of at
    /// most `ActionDecoder.maxBatchBytes` bytes, measured before anything else
    /// reads it; longer text is `.limit`.
    static func batchText(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(NavError) -> UnsafePointer<CChar> {
        let limit = ActionDecoder.maxBatchBytes
        guard strnlen(try required(pointer, name), limit + 1) <= limit else {
            throw NavError(.limit, at: name, "is larger than the \(limit)-byte limit for a batch (NAVCORE_MAX_BATCH_BYTES)")
        }
        return try text(pointer, name)
    }

    /// A required NUL-terminated UTF-8 string, as a Swift string. The
    /// standard library's validation (strict UTF-8, as `UTF8Check`'s) is the
    /// check; `UTF8Check` runs only to say where text it refused goes wrong,
    /// so that valid text is read once, not twice.
    static func string(_ pointer: UnsafePointer<CChar>?, _ name: @autoclosure () -> String) throws(NavError) -> String {
        if let string = String(validatingCString: try required(pointer, name())) { return string }
        _ = try text(pointer, name())
        throw NavError(.invalidArgument, at: name(), "is not valid UTF-8")
    }
}
