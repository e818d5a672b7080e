import NavCore

/// Checks of the pointers C callers pass in.
enum Input {
    /// A required input pointer; `.invalidArgument` naming `name` when NULL.
    static func required<T>(_ pointer: T?, _ name: String) throws(NavError) -> T {
        guard let pointer else { throw NavError(.invalidArgument, at: name, "is NULL") }
        return pointer
    }

    /// A required NUL-terminated UTF-8 string, as a Swift string.
    static func utf8(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(NavError) -> String {
        guard let text = String(validatingCString: try required(pointer, name)) else {
            throw NavError(.invalidArgument, at: name, "is not valid UTF-8")
        }
        return text
    }
}
