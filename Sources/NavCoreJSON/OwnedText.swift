#if canImport(Glibc)
import Glibc
#endif
import CJansson
import NavCore

/// Text that navcore hands to its caller: a NUL-terminated buffer from
/// jansson's allocator (the one `json_dumps` uses), so that every string the
/// library returns is released the same way, by `OwnedText.free`
/// (`navcore_string_free`).
public enum OwnedText {
    /// Releases a buffer through jansson's allocator; nil is a no-op.
    public static func free(_ text: UnsafeMutablePointer<CChar>?) {
        guard let text else { return }
        var mallocFunction: json_malloc_t?
        var freeFunction: json_free_t?
        json_get_alloc_funcs(&mallocFunction, &freeFunction)
        freeFunction?(text)
    }

    /// A second copy of a buffer, from the same allocator.
    public static func copy(_ text: UnsafePointer<CChar>) throws(NavError) -> UnsafeMutablePointer<CChar> {
        var mallocFunction: json_malloc_t?
        var freeFunction: json_free_t?
        json_get_alloc_funcs(&mallocFunction, &freeFunction)
        let size = strlen(text) + 1
        guard let mallocFunction, let raw = mallocFunction(size) else { throw NodeBuilder.outOfMemory }
        raw.copyMemory(from: text, byteCount: size)
        return raw.assumingMemoryBound(to: CChar.self)
    }

    /// `text` (which holds no NUL) as a buffer: a URL handed to C callers.
    public static func make(_ text: String) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let copied = text.withCString { pointer in Result { () throws(NavError) in try copy(pointer) } }
        return try copied.get()
    }

    /// The buffer's text as a Swift string; the buffer is released.
    public static func string(consuming text: UnsafeMutablePointer<CChar>) -> String {
        defer { free(text) }
        return String(cString: text)
    }
}
