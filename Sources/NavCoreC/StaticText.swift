import CNavcore

/// NUL-terminated strings with static storage, handed to C callers that must
/// not free them.
enum StaticText {
    /// The empty string.
    static var empty: UnsafePointer<CChar> { pointer("") }

    /// The library's version, "MAJOR.MINOR.PATCH": `NAVCORE_VERSION` of the header.
    static var version: UnsafePointer<CChar> { cnavcore_version() }

    /// The library's version as one number: `NAVCORE_VERSION_NUMBER` of the header.
    static var versionNumber: Int32 { cnavcore_version_number() }

    /// The static storage of a string literal as a C string.
    static func pointer(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
