import NavCore
import NavCoreSession

/// `int navcore_record(navcore_navigator *nav, int on)`: starts recording
/// (a new log based on the current state; nothing changes when already
/// recording), or stops it (the log stays readable).
@_cdecl("navcore_record")
public func navcore_record(_ nav: OpaquePointer?, _ on: Int32) -> Int32 {
    Status.call { () throws(NavError) in
        try NavigatorHandle.from(nav).record(on != 0)
    }
}

/// `int navcore_log(const navcore_navigator *nav, char **out)`: the action log
/// as JSON, written outside the lock from a copy of the log.
@_cdecl("navcore_log")
public func navcore_log(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let out = try Input.required(out, "out")
        out.pointee = try engine.logText(recordCall: CNames.recordCall, limitName: CNames.snapshotLimit)
    }
}

/// `int navcore_replay(navcore_navigator *nav, const char *log_json, char **transition_out)`:
/// rebuilds the logged state without the lock, then commits it as one change
/// (`Engine.replay`); text that is not UTF-8 is `.restore`, like any unusable log.
@_cdecl("navcore_replay")
public func navcore_replay(_ nav: OpaquePointer?, _ logJSON: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let text = try Input.text(logJSON, "log_json", invalid: .restore)
        write(try engine.replay(text, wantsTransition: out != nil), to: out)
    }
}
