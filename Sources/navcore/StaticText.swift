/// NUL-terminated strings with static storage, handed to C callers that must
/// not free them.
enum StaticText {
    /// The empty string.
    static var empty: UnsafePointer<CChar> { pointer("") }

    /// The library's version, "MAJOR.MINOR.PATCH" (`NAVCORE_VERSION`).
    static var version: UnsafePointer<CChar> { pointer("0.1.0") }

    /// The static storage of a string literal as a C string.
    static func pointer(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
