import NavCore
import NavCoreJSON
import NavCoreSession
import NavCoreTable

/// `char *navcore_error_text(int code)`: the name of `code`, then ": " and
/// the calling thread's last error message when there is one; owned by the
/// caller; nil only when memory runs out. Changes no error state.
@_cdecl("navcore_error_text")
public func navcore_error_text(_ code: Int32) -> UnsafeMutablePointer<CChar>? {
    let name = String(cString: Status.name(of: code))
    let message = String(cString: ThreadContext.current.lastErrorMessage)
    return try? OwnedText.make(code == 0 || message.isEmpty ? name : "\(name): \(message)")
}

/// `int navcore_condition(const navcore_navigator *nav, const char *name, int *value_out)`:
/// the condition's value, 1 or 0; `.action` for an undeclared condition.
@_cdecl("navcore_condition")
public func navcore_condition(_ nav: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let name = try Input.string(name, "name")
        let out = try Input.required(out, "value_out")
        let value = try engine.withSession { (session) throws(NavError) in
            try session.navigator.condition(named: name)
        }
        out.pointee = value ? 1 : 0
    }
}

/// `int navcore_navigator_new_from_file(const char *path, navcore_navigator **out)`:
/// `navcore_navigator_new` of the file's text, read by the Swift API's
/// `RouteTable(contentsOfFile:)`, so that both give the same errors.
@_cdecl("navcore_navigator_new_from_file")
public func navcore_navigator_new_from_file(_ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    Status.call { () throws(NavError) in
        let path = try Input.string(path, "path")
        let out = try Input.required(out, "out")
        let table = try RouteTable(contentsOfFile: path)
        out.pointee = NavigatorHandle.make(Engine(table: table))
    }
}
