/// The `op` of an action (docs/json.md): its raw value is the JSON spelling.
public enum ActionOp: String, Equatable, Sendable, CaseIterable {
    /// `push`: adds an entry.
    case push
    /// `pop`: removes entries.
    case pop
    /// `pop_to`: pops to an entry.
    case popTo = "pop_to"
    /// `pop_to_root`: pops to the root.
    case popToRoot = "pop_to_root"
    /// `replace`: swaps the top entry.
    case replace
    /// `set_stack`: sets the path.
    case setStack = "set_stack"
    /// `select_tab`: selects a tab.
    case selectTab = "select_tab"
    /// `reset_tab`: pops a tab to its root.
    case resetTab = "reset_tab"
    /// `reset_all`: everything back to its start.
    case resetAll = "reset_all"
    /// `present`: presents a route on a new layer.
    case present
    /// `dismiss`: removes layers.
    case dismiss
    /// `back`: the Back button.
    case back
    /// `select`: the split view's sidebar selection.
    case select
    /// `open_url`: places a link's routes.
    case openURL = "open_url"
    /// `set_entry_state`: attaches saved state to an entry.
    case setEntryState = "set_entry_state"
    /// `set_condition`: sets a condition the host owns.
    case setCondition = "set_condition"
    /// `set_blocker`: marks an entry as holding back its removal, or clears the mark.
    case setBlocker = "set_blocker"
    /// `take_result`: takes the result an entry holds.
    case takeResult = "take_result"
}
