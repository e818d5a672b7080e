import NavCore
import NavCoreJSON
import NavCoreSession

/// `int navcore_navigator_new(const char *route_table_json, navcore_navigator **out)`.
@_cdecl("navcore_navigator_new")
public func navcore_navigator_new(_ tableJSON: UnsafePointer<CChar>?,
                                  _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    Status.call { () throws(NavError) in
        let text = try Input.text(tableJSON, "route_table_json")
        let out = try Input.required(out, "out")
        let table = try RouteTableDecoder.decode(text: text)
        out.pointee = NavigatorHandle.make(Engine(table: table))
    }
}

/// `int navcore_navigator_new_locale(const char *route_table_json, const char *locale, navcore_navigator **out)`:
/// `navcore_navigator_new` in a locale (NULL: the table's default; docs/locales.md).
@_cdecl("navcore_navigator_new_locale")
public func navcore_navigator_new_locale(_ tableJSON: UnsafePointer<CChar>?, _ locale: UnsafePointer<CChar>?,
                                         _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    Status.call { () throws(NavError) in
        let text = try Input.text(tableJSON, "route_table_json")
        let tag = try locale.map { (pointer) throws(NavError) in try Input.string(pointer, "locale") }
        let out = try Input.required(out, "out")
        let table = try RouteTableDecoder.decode(text: text)
        out.pointee = NavigatorHandle.make(try Engine(table: table, locale: tag))
    }
}

/// `void navcore_navigator_free(navcore_navigator *nav)`: NULL is a no-op.
/// Closes the handle, then lets go of the host's reference; the calls in
/// flight hold theirs, so the memory goes when the last of them returns.
@_cdecl("navcore_navigator_free")
public func navcore_navigator_free(_ nav: OpaquePointer?) {
    guard let nav else { return }
    NavigatorHandle.free(nav)
}

/// `int navcore_state(const navcore_navigator *nav, char **out)`.
@_cdecl("navcore_state")
public func navcore_state(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    read(nav, out) { (session) throws(NavError) in try session.stateText() }
}

/// `int navcore_back_preview(const navcore_navigator *nav, char **out)`.
@_cdecl("navcore_back_preview")
public func navcore_back_preview(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    read(nav, out) { (session) throws(NavError) in try session.backPreviewText() }
}

/// `int navcore_view_model(const navcore_navigator *nav, char **out)`.
@_cdecl("navcore_view_model")
public func navcore_view_model(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    read(nav, out) { (session) throws(NavError) in try session.viewModelText() }
}

/// `int navcore_stack(const navcore_navigator *nav, char **out)`.
@_cdecl("navcore_stack")
public func navcore_stack(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    read(nav, out) { (session) throws(NavError) in try session.stackText() }
}

/// One read of a navigator's documents: checks `nav` and `out`, then writes
/// what `document` gives, under the navigator's lock, to `out` (owned by the caller).
private func read(_ nav: OpaquePointer?, _ out: TextOut?,
                  _ document: (Session) throws(NavError) -> UnsafeMutablePointer<CChar>) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let out = try Input.required(out, "out")
        out.pointee = try engine.read(document)
    }
}
