import NavCore
import NavCoreSession

/// A C restore validator: `int (*)(const char *entry_json, void *user_data)`.
public typealias ValidatorFunction = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Int32

/// `int navcore_snapshot(const navcore_navigator *nav, char **out)`.
@_cdecl("navcore_snapshot")
public func navcore_snapshot(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let handle = try NavigatorHandle.from(nav)
        let out = try Input.required(out, "out")
        out.pointee = try handle.write { (session) throws(NavError) in try session.snapshotText() }
    }
}

/// `int navcore_restore(navcore_navigator *nav, const char *snapshot_json,
/// navcore_validator validator, void *user_data, char **report_out)`.
/// The snapshot is validated (and the validator called) without the lock;
/// only the result is committed under it.
@_cdecl("navcore_restore")
public func navcore_restore(_ nav: OpaquePointer?, _ snapshotJSON: UnsafePointer<CChar>?, _ validator: ValidatorFunction?,
                            _ userData: UnsafeMutableRawPointer?, _ reportOut: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let (handle, text, table) = try beginRestore(nav, snapshotJSON, "snapshot_json")
        let restoration = try Session.prepareRestore(text, table: table, validator: validator.map { host($0, userData) })
        // The report is written at the commit: what the restore does with the
        // pending intent depends on the condition values then.
        let report = try handle.adopt(restoration.navigator, cause: .restore, report: reportOut == nil ? nil : restoration.report, nil)
        reportOut?.pointee = report
    }
}

/// The start of a restore or a replay: the handle, its input text (text that
/// is not UTF-8 is `.restore`, like any unusable snapshot) and the navigator's
/// table. A call from a listener past the cascade limit is refused before any work.
func beginRestore(_ nav: OpaquePointer?, _ input: UnsafePointer<CChar>?,
                  _ name: String) throws(NavError) -> (NavigatorHandle, UnsafePointer<CChar>, RouteTable) {
    let handle = try NavigatorHandle.from(nav)
    let text = try Input.text(input, name, invalid: .restore)
    try Delivery.checkCascade(for: handle)
    return (handle, text, handle.guarded.withLock { $0.session.table })
}

/// The session's validator for a C validator: the entry as JSON in, its
/// answer code out (`Verdict(hostAnswer:)`).
private func host(_ function: ValidatorFunction, _ userData: UnsafeMutableRawPointer?) -> RestoreValidator {
    Session.validator { (text) in Verdict(hostAnswer: function(text, userData)) }
}
