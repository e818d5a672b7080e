import NavCore
import NavCoreJSON
import NavCoreSession

/// `int navcore_table_report(const navcore_navigator *nav, char **report_out)`.
@_cdecl("navcore_table_report")
public func navcore_table_report(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let out = try Input.required(out, "report_out")
        let table = try engine.withSession { (session) throws(NavError) in session.table }
        out.pointee = try DocumentWriter.tableReport(TableReport(table))
    }
}
