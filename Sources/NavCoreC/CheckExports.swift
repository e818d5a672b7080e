import NavCore
import NavCoreCheck
import NavCoreJSON
import NavCoreSession

/// `int navcore_check(const char *route_table_json, const char *options_json, char **report_out)`:
/// explores the table's states breadth first and checks navcore's laws on each
/// (docs/tools.md, "navcore check"), then runs the random walks `walk` asks
/// for, or replays a counterexample (`replay`).
@_cdecl("navcore_check")
public func navcore_check(_ tableJSON: UnsafePointer<CChar>?, _ optionsJSON: UnsafePointer<CChar>?,
                          _ out: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let text = try Input.text(tableJSON, "route_table_json")
        let options = try optionsJSON.map { (pointer) throws(NavError) in try Input.text(pointer, "options_json") }
        let out = try Input.required(out, "report_out")
        let table = try RouteTableDecoder.decode(text: text)
        let request = try CheckRequest(text: options)
        var result: CheckResult
        if let steps = request.replay {
            result = Replayer(table: table, options: request.options).run(steps)
        } else {
            result = Explorer(table: table, options: request.options).run()
            if request.options.walk != nil {
                Walker(table: table, options: request.options).run(seed: Walker.seed(request.options), into: &result)
            }
        }
        let tableNode = try JSONNode.parse(text)
        defer { tableNode.release() }
        out.pointee = try CheckReport.text(result, options: request.options, table: table, tableNode: tableNode)
    }
}
