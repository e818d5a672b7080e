import NavCore
import NavCoreJSON
import NavCoreSession

/// The convenience calls of the actions that had none: each is the same as
/// applying the one action it names (docs/json.md), located as `actions[0]`.

/// `int navcore_pop_to(navcore_navigator *nav, int64_t id, int inclusive, char **transition_out)`.
@_cdecl("navcore_pop_to")
public func navcore_pop_to(_ nav: OpaquePointer?, _ id: Int64, _ inclusive: Int32, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.popTo(.id(Int(id)), inclusive: inclusive != 0)] }
}

/// `int navcore_replace(navcore_navigator *nav, const char *name, const char *params_json, char **transition_out)`.
@_cdecl("navcore_replace")
public func navcore_replace(_ nav: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                            _ paramsJSON: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.replace(try routeRequest(name, paramsJSON))] }
}

/// `int navcore_reset_tab(navcore_navigator *nav, const char *tab, char **transition_out)`: NULL tab, the selected one.
@_cdecl("navcore_reset_tab")
public func navcore_reset_tab(_ nav: OpaquePointer?, _ tab: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in
        [.resetTab(try tab.map { (pointer) throws(NavError) in try Input.string(pointer, "tab") })]
    }
}

/// `int navcore_reset_all(navcore_navigator *nav, char **transition_out)`.
@_cdecl("navcore_reset_all")
public func navcore_reset_all(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.resetAll] }
}

/// `int navcore_select(navcore_navigator *nav, const char *name, const char *params_json, char **transition_out)`.
@_cdecl("navcore_select")
public func navcore_select(_ nav: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                           _ paramsJSON: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in [.select(try routeRequest(name, paramsJSON))] }
}

/// `int navcore_set_entry_state(navcore_navigator *nav, int64_t id, const char *state_json, char **transition_out)`:
/// NULL state_json removes the entry's state.
@_cdecl("navcore_set_entry_state")
public func navcore_set_entry_state(_ nav: OpaquePointer?, _ id: Int64, _ stateJSON: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in
        let state = try stateJSON.flatMap { (pointer) throws(NavError) in
            try ActionDecoder.decodeState(text: try Input.batchText(pointer, "state_json"), input: "state_json")
        }
        return [.setEntryState(id: Int(id), state: state)]
    }
}
