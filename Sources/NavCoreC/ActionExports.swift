import NavCore
import NavCoreJSON
import NavCoreSession

/// The C type of a `char **transition_out` parameter.
public typealias TextOut = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

/// Applies the actions a C call makes from its arguments (`actions`) to a
/// navigator as one change (`Engine.apply`), and writes the transition to `out`.
func apply(_ nav: OpaquePointer?, _ out: TextOut?, _ actions: () throws(NavError) -> [Action]) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let actions = try actions()
        write(try engine.apply(actions, wantsTransition: out != nil), to: out)
    }
}

/// Writes the caller's text of a change to `out`, when the change committed
/// one; `out` is left as it was when nothing was committed.
func write(_ text: UnsafeMutablePointer<CChar>?, to out: TextOut?) {
    guard let text else { return }
    out?.pointee = text
}

/// `int navcore_apply(navcore_navigator *nav, const char *actions_json, char **transition_out)`.
@_cdecl("navcore_apply")
public func navcore_apply(_ nav: OpaquePointer?, _ actionsJSON: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in
        try ActionDecoder.decodeBatch(text: try Input.batchText(actionsJSON, "actions_json"))
    }
}

/// `int navcore_push(navcore_navigator *nav, const char *name, const char *params_json, char **transition_out)`.
@_cdecl("navcore_push")
public func navcore_push(_ nav: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                         _ paramsJSON: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.push(try routeRequest(name, paramsJSON))] }
}

/// The route of a convenience call: a name and optional params JSON, located
/// as the route of `actions[0]`.
func routeRequest(_ name: UnsafePointer<CChar>?, _ paramsJSON: UnsafePointer<CChar>?) throws(NavError) -> RouteRequest {
    let name = try Input.string(name, "name")
    guard let paramsJSON else { return RouteRequest(name: name) }
    let text = try Input.batchText(paramsJSON, "params_json")
    return RouteRequest(name: name, params: try ActionDecoder.decodeParams(text: text, input: "params_json", at: "actions[0].route.params"))
}

/// `int navcore_pop(navcore_navigator *nav, int count, char **transition_out)`.
@_cdecl("navcore_pop")
public func navcore_pop(_ nav: OpaquePointer?, _ count: Int32, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.pop(count: Int(count))] }
}

/// `int navcore_pop_to_root(navcore_navigator *nav, char **transition_out)`.
@_cdecl("navcore_pop_to_root")
public func navcore_pop_to_root(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.popToRoot()] }
}

/// `int navcore_set_stack(navcore_navigator *nav, const char *routes_json, char **transition_out)`.
@_cdecl("navcore_set_stack")
public func navcore_set_stack(_ nav: OpaquePointer?, _ routesJSON: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in
        [.setStack(try ActionDecoder.decodeRoutes(text: try Input.batchText(routesJSON, "routes_json"), at: "actions[0].routes"))]
    }
}

/// `int navcore_select_tab(navcore_navigator *nav, const char *tab, char **transition_out)`.
@_cdecl("navcore_select_tab")
public func navcore_select_tab(_ nav: OpaquePointer?, _ tab: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.selectTab(try Input.string(tab, "tab"))] }
}

/// `int navcore_present(navcore_navigator *nav, const char *name, const char *params_json,
/// const char *style, char **transition_out)`.
@_cdecl("navcore_present")
public func navcore_present(_ nav: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ paramsJSON: UnsafePointer<CChar>?,
                            _ style: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in
        let route = try routeRequest(name, paramsJSON)
        return [.present(route, style: try style.map { (pointer) throws(NavError) in try Input.string(pointer, "style") })]
    }
}

/// `int navcore_dismiss(navcore_navigator *nav, int all, char **transition_out)`.
@_cdecl("navcore_dismiss")
public func navcore_dismiss(_ nav: OpaquePointer?, _ all: Int32, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.dismiss(all: all != 0)] }
}

/// `int navcore_back(navcore_navigator *nav, char **transition_out)`.
@_cdecl("navcore_back")
public func navcore_back(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.back()] }
}

/// `int navcore_set_compact(navcore_navigator *nav, int value, char **transition_out)`.
@_cdecl("navcore_set_compact")
public func navcore_set_compact(_ nav: OpaquePointer?, _ value: Int32, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.setCompact(value != 0)] }
}

/// `int navcore_set_locale(navcore_navigator *nav, const char *locale, char **transition_out)`.
@_cdecl("navcore_set_locale")
public func navcore_set_locale(_ nav: OpaquePointer?, _ locale: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.setLocale(try Input.string(locale, "locale"))] }
}

/// `int navcore_set_condition(navcore_navigator *nav, const char *name, int value, char **transition_out)`.
@_cdecl("navcore_set_condition")
public func navcore_set_condition(_ nav: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ value: Int32, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.setCondition(name: try Input.string(name, "name"), value: value != 0)] }
}
