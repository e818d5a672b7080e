import NavCore
import NavCoreSession

/// A C restore validator: `int (*)(const char *entry_json, void *user_data)`.
public typealias ValidatorFunction = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Int32

/// `int navcore_snapshot(const navcore_navigator *nav, char **out)`.
@_cdecl("navcore_snapshot")
public func navcore_snapshot(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let out = try Input.required(out, "out")
        out.pointee = try engine.read { (session) throws(NavError) in try session.snapshotText(limitName: CNames.snapshotLimit) }
    }
}

/// `int navcore_restore(navcore_navigator *nav, const char *snapshot_json,
/// navcore_validator validator, void *user_data, char **report_out)`.
/// The snapshot is validated (and the validator called) without the lock;
/// only the result is committed under it (`Engine.restore`). Text
/// that is not UTF-8 is `.restore`, like any unusable snapshot.
@_cdecl("navcore_restore")
public func navcore_restore(_ nav: OpaquePointer?, _ snapshotJSON: UnsafePointer<CChar>?, _ validator: ValidatorFunction?,
                            _ userData: UnsafeMutableRawPointer?, _ reportOut: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let text = try Input.text(snapshotJSON, "snapshot_json", invalid: .restore)
        let report = try engine.restore(text, validator: validator.map { host($0, userData) }, wantsReport: reportOut != nil)
        reportOut?.pointee = report
    }
}

/// The session's validator for a C validator: the entry as JSON in, its
/// answer code out (`Verdict(hostAnswer:)`).
private func host(_ function: ValidatorFunction, _ userData: UnsafeMutableRawPointer?) -> RestoreValidator {
    Session.validator { (text) in Verdict(hostAnswer: function(text, userData)) }
}
