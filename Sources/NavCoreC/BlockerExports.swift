import NavCore
import NavCoreJSON
import NavCoreSession

/// `int navcore_set_blocker(navcore_navigator *nav, int64_t id, const char *reason, char **transition_out)`:
/// the `set_blocker` action; a NULL reason clears the mark.
@_cdecl("navcore_set_blocker")
public func navcore_set_blocker(_ nav: OpaquePointer?, _ id: Int64, _ reason: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in
        [.setBlocker(id: Int(id), reason: try reason.map { (pointer) throws(NavError) in try Input.string(pointer, "reason") })]
    }
}

/// `int navcore_proceed(navcore_navigator *nav, const char *token, char **transition_out)`:
/// applies the batch a blocker held back, past that blocker, once.
@_cdecl("navcore_proceed")
public func navcore_proceed(_ nav: OpaquePointer?, _ token: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let token = try Input.string(token, "token")
        write(try engine.proceed(token, wantsTransition: out != nil), to: out)
    }
}

/// `const char *navcore_last_blocked(void)`: the document of the batch a
/// blocker held back in the calling thread's last call, or NULL when that call
/// was not held back. Valid until the thread's next navcore call.
@_cdecl("navcore_last_blocked")
public func navcore_last_blocked() -> UnsafePointer<CChar>? {
    ThreadContext.current.lastBlocked
}

/// `char *navcore_last_blocked_copy(void)`: `navcore_last_blocked`'s
/// document as a string the caller owns; nil when the last call was not held
/// back, or when memory runs out.
@_cdecl("navcore_last_blocked_copy")
public func navcore_last_blocked_copy() -> UnsafeMutablePointer<CChar>? {
    ThreadContext.current.lastBlocked.flatMap { try? OwnedText.make(String(cString: $0)) }
}

/// `int navcore_take_result(navcore_navigator *nav, int64_t id, char **result_out)`:
/// the `take_result` action, writing the result it took (`Engine.takeResult`).
@_cdecl("navcore_take_result")
public func navcore_take_result(_ nav: OpaquePointer?, _ id: Int64, _ out: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let out = try Input.required(out, "result_out")
        out.pointee = try engine.takeResult(Int(id))
    }
}
