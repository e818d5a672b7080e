import NavCoreJSON
import NavCoreSession

/// `const char *navcore_version(void)`: the library's version, static.
@_cdecl("navcore_version")
public func navcore_version() -> UnsafePointer<CChar> {
    StaticText.version
}

/// `int navcore_version_number(void)`: the library's version as
/// MAJOR * 1000000 + MINOR * 1000 + PATCH.
@_cdecl("navcore_version_number")
public func navcore_version_number() -> Int32 {
    StaticText.versionNumber
}

/// `const char *navcore_status_string(int code)`: a status code's static name.
@_cdecl("navcore_status_string")
public func navcore_status_string(_ code: Int32) -> UnsafePointer<CChar> {
    Status.name(of: code)
}

/// `const char *navcore_last_error_message(void)`: the calling thread's
/// message for its last failed call, "" after a success; never NULL.
@_cdecl("navcore_last_error_message")
public func navcore_last_error_message() -> UnsafePointer<CChar> {
    ThreadContext.current.lastErrorMessage
}

/// `const char *navcore_last_error_path(void)`: the place of the calling
/// thread's last failed call (`actions[0].route.name`), "" after a success or
/// for an error without a place; never NULL.
@_cdecl("navcore_last_error_path")
public func navcore_last_error_path() -> UnsafePointer<CChar> {
    ThreadContext.current.lastErrorPath
}

/// `void navcore_string_free(char *s)`: releases a string navcore returned.
@_cdecl("navcore_string_free")
public func navcore_string_free(_ text: UnsafeMutablePointer<CChar>?) {
    OwnedText.free(text)
}
