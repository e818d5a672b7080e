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

extension Action {
    /// An action's value: one case per op, holding the op's unit, so that an action holds its
    /// unit inline and every question about it is one switch over the ops.
    enum Body: Equatable, Sendable {
        /// An action of op `push`.
        case push(Action.Push)
        /// An action of op `pop`.
        case pop(Action.Pop)
        /// An action of op `pop_to`.
        case popTo(Action.PopTo)
        /// An action of op `pop_to_root`.
        case popToRoot(Action.PopToRoot)
        /// An action of op `replace`.
        case replace(Action.Replace)
        /// An action of op `set_stack`.
        case setStack(Action.SetStack)
        /// An action of op `select_tab`.
        case selectTab(Action.SelectTab)
        /// An action of op `reset_tab`.
        case resetTab(Action.ResetTab)
        /// An action of op `reset_all`.
        case resetAll(Action.ResetAll)
        /// An action of op `present`.
        case present(Action.Present)
        /// An action of op `dismiss`.
        case dismiss(Action.Dismiss)
        /// An action of op `back`.
        case back(Action.Back)
        /// An action of op `select`.
        case select(Action.Select)
        /// An action of op `open_url`.
        case openURL(Action.OpenURL)
        /// An action of op `set_entry_state`.
        case setEntryState(Action.SetEntryState)
        /// An action of op `set_condition`.
        case setCondition(Action.SetCondition)
        /// An action of op `set_compact`.
        case setCompact(Action.SetCompact)
        /// An action of op `set_blocker`.
        case setBlocker(Action.SetBlocker)
        /// An action of op `take_result`.
        case takeResult(Action.TakeResult)
        /// An action of op `set_locale`.
        case setLocale(Action.SetLocale)
    }
}

extension Action.Body {
    /// The action of `op` whose fields hold `values`, as a codec read them (`ActionUnit.init(_:)`).
    init(_ op: ActionOp, _ values: inout ActionValues) throws(NavError) {
        switch op {
        case .push: self = .push(try Action.Push(&values))
        case .pop: self = .pop(try Action.Pop(&values))
        case .popTo: self = .popTo(try Action.PopTo(&values))
        case .popToRoot: self = .popToRoot(try Action.PopToRoot(&values))
        case .replace: self = .replace(try Action.Replace(&values))
        case .setStack: self = .setStack(try Action.SetStack(&values))
        case .selectTab: self = .selectTab(try Action.SelectTab(&values))
        case .resetTab: self = .resetTab(try Action.ResetTab(&values))
        case .resetAll: self = .resetAll(try Action.ResetAll(&values))
        case .present: self = .present(try Action.Present(&values))
        case .dismiss: self = .dismiss(try Action.Dismiss(&values))
        case .back: self = .back(try Action.Back(&values))
        case .select: self = .select(try Action.Select(&values))
        case .openURL: self = .openURL(try Action.OpenURL(&values))
        case .setEntryState: self = .setEntryState(try Action.SetEntryState(&values))
        case .setCondition: self = .setCondition(try Action.SetCondition(&values))
        case .setCompact: self = .setCompact(try Action.SetCompact(&values))
        case .setBlocker: self = .setBlocker(try Action.SetBlocker(&values))
        case .takeResult: self = .takeResult(try Action.TakeResult(&values))
        case .setLocale: self = .setLocale(try Action.SetLocale(&values))
        }
    }

    /// The unit it holds.
    var unit: any OpUnit {
        switch self {
        case .push(let unit): return unit
        case .pop(let unit): return unit
        case .popTo(let unit): return unit
        case .popToRoot(let unit): return unit
        case .replace(let unit): return unit
        case .setStack(let unit): return unit
        case .selectTab(let unit): return unit
        case .resetTab(let unit): return unit
        case .resetAll(let unit): return unit
        case .present(let unit): return unit
        case .dismiss(let unit): return unit
        case .back(let unit): return unit
        case .select(let unit): return unit
        case .openURL(let unit): return unit
        case .setEntryState(let unit): return unit
        case .setCondition(let unit): return unit
        case .setCompact(let unit): return unit
        case .setBlocker(let unit): return unit
        case .takeResult(let unit): return unit
        case .setLocale(let unit): return unit
        }
    }

    /// Its op.
    var op: ActionOp {
        switch self {
        case .push: return .push
        case .pop: return .pop
        case .popTo: return .popTo
        case .popToRoot: return .popToRoot
        case .replace: return .replace
        case .setStack: return .setStack
        case .selectTab: return .selectTab
        case .resetTab: return .resetTab
        case .resetAll: return .resetAll
        case .present: return .present
        case .dismiss: return .dismiss
        case .back: return .back
        case .select: return .select
        case .openURL: return .openURL
        case .setEntryState: return .setEntryState
        case .setCondition: return .setCondition
        case .setCompact: return .setCompact
        case .setBlocker: return .setBlocker
        case .takeResult: return .takeResult
        case .setLocale: return .setLocale
        }
    }

    /// Its unit's `fieldValues`.
    var fieldValues: [ActionValue] {
        switch self {
        case .push(let unit): return unit.fieldValues
        case .pop(let unit): return unit.fieldValues
        case .popTo(let unit): return unit.fieldValues
        case .popToRoot(let unit): return unit.fieldValues
        case .replace(let unit): return unit.fieldValues
        case .setStack(let unit): return unit.fieldValues
        case .selectTab(let unit): return unit.fieldValues
        case .resetTab(let unit): return unit.fieldValues
        case .resetAll(let unit): return unit.fieldValues
        case .present(let unit): return unit.fieldValues
        case .dismiss(let unit): return unit.fieldValues
        case .back(let unit): return unit.fieldValues
        case .select(let unit): return unit.fieldValues
        case .openURL(let unit): return unit.fieldValues
        case .setEntryState(let unit): return unit.fieldValues
        case .setCondition(let unit): return unit.fieldValues
        case .setCompact(let unit): return unit.fieldValues
        case .setBlocker(let unit): return unit.fieldValues
        case .takeResult(let unit): return unit.fieldValues
        case .setLocale(let unit): return unit.fieldValues
        }
    }

    /// Its unit's `actsOnActiveStack`.
    var actsOnActiveStack: Bool {
        switch self {
        case .push(let unit): return unit.actsOnActiveStack
        case .pop(let unit): return unit.actsOnActiveStack
        case .popTo(let unit): return unit.actsOnActiveStack
        case .popToRoot(let unit): return unit.actsOnActiveStack
        case .replace(let unit): return unit.actsOnActiveStack
        case .setStack(let unit): return unit.actsOnActiveStack
        case .selectTab(let unit): return unit.actsOnActiveStack
        case .resetTab(let unit): return unit.actsOnActiveStack
        case .resetAll(let unit): return unit.actsOnActiveStack
        case .present(let unit): return unit.actsOnActiveStack
        case .dismiss(let unit): return unit.actsOnActiveStack
        case .back(let unit): return unit.actsOnActiveStack
        case .select(let unit): return unit.actsOnActiveStack
        case .openURL(let unit): return unit.actsOnActiveStack
        case .setEntryState(let unit): return unit.actsOnActiveStack
        case .setCondition(let unit): return unit.actsOnActiveStack
        case .setCompact(let unit): return unit.actsOnActiveStack
        case .setBlocker(let unit): return unit.actsOnActiveStack
        case .takeResult(let unit): return unit.actsOnActiveStack
        case .setLocale(let unit): return unit.actsOnActiveStack
        }
    }

    /// Performed by its unit (`OpUnit.perform(on:_:active:)`).
    func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
        switch self {
        case .push(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .pop(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .popTo(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .popToRoot(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .replace(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .setStack(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .selectTab(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .resetTab(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .resetAll(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .present(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .dismiss(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .back(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .select(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .openURL(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .setEntryState(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .setCondition(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .setCompact(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .setBlocker(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .takeResult(let unit): return try unit.perform(on: &navigator, batch, active: active)
        case .setLocale(let unit): return try unit.perform(on: &navigator, batch, active: active)
        }
    }
}
