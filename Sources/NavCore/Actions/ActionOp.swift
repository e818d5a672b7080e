// written by `make` (scripts/op_swift.py) from Include/navcore_ops.json; do not edit.

/// The `op` of an action (docs/json.md): its raw value is the JSON spelling.
///
/// The ops in Swift, one case per op of Include/navcore_ops.json in its order, each with its
/// unit (`unit`), the one type that says everything else about it: its fields, decoding,
/// encoding and what performs it. A codec reads and writes each field by its kind alone, with
/// one reader and one writer per kind, so no codec names an op's fields. Adding an op is its
/// entry in navcore_ops.json, its unit's file (named by the op's words) and its semantics.
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
    /// `set_locale`: sets the locale titles and announcements are in.
    case setLocale = "set_locale"

    /// The unit of this op: the type of its actions.
    var unit: any OpUnit.Type {
        switch self {
        case .push: return Action.Push.self
        case .pop: return Action.Pop.self
        case .popTo: return Action.PopTo.self
        case .popToRoot: return Action.PopToRoot.self
        case .replace: return Action.Replace.self
        case .setStack: return Action.SetStack.self
        case .selectTab: return Action.SelectTab.self
        case .resetTab: return Action.ResetTab.self
        case .resetAll: return Action.ResetAll.self
        case .present: return Action.Present.self
        case .dismiss: return Action.Dismiss.self
        case .back: return Action.Back.self
        case .select: return Action.Select.self
        case .openURL: return Action.OpenURL.self
        case .setEntryState: return Action.SetEntryState.self
        case .setCondition: return Action.SetCondition.self
        case .setCompact: return Action.SetCompact.self
        case .setBlocker: return Action.SetBlocker.self
        case .takeResult: return Action.TakeResult.self
        case .setLocale: return Action.SetLocale.self
        }
    }
}
