/// The `op` of an action (docs/json.md): its raw value is the JSON spelling.
///
/// This is the one table of the action vocabulary. Each op's entry here (its
/// name and its keys) drives decoding, which refuses any other key with this
/// list and a "did you mean"; `Action.op`, the decoder, the encoder and the
/// performer switch over it or over `Action` exhaustively, with no default, so
/// the compiler refuses an op added here and left out of any of them. The
/// action schema (docs/schema/action.schema.json) is checked against it by a test.
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
    /// `set_compact`: collapses or expands a split view.
    case setCompact = "set_compact"
    /// `set_blocker`: marks an entry as holding back its removal, or clears the mark.
    case setBlocker = "set_blocker"
    /// `take_result`: takes the result an entry holds.
    case takeResult = "take_result"

    /// The keys an action object of this op may hold, `op` first, in the
    /// order an unknown key's error lists them
    /// (`unknown key "rout" (allowed: op, route, tab, policy)`).
    /// Constant literals: the optimiser emits them as static objects, so
    /// reading them allocates nothing on the decoding path.
    public var keys: [String] {
        switch self {
        case .push: return ["op", "route", "tab", "policy"]
        case .pop: return ["op", "count", "tab", "result"]
        case .popTo: return ["op", "id", "name", "inclusive", "tab"]
        case .popToRoot: return ["op", "tab"]
        case .replace: return ["op", "route", "tab"]
        case .setStack: return ["op", "routes", "tab"]
        case .selectTab: return ["op", "tab"]
        case .resetTab: return ["op", "tab"]
        case .resetAll: return ["op"]
        case .present: return ["op", "route", "style", "policy"]
        case .dismiss: return ["op", "all", "result"]
        case .back: return ["op", "result"]
        case .select: return ["op", "route"]
        case .openURL: return ["op", "url", "mode"]
        case .setEntryState: return ["op", "id", "state"]
        case .setCondition: return ["op", "name", "value"]
        case .setCompact: return ["op", "value"]
        case .setBlocker: return ["op", "id", "reason"]
        case .takeResult: return ["op", "id"]
        }
    }
}
