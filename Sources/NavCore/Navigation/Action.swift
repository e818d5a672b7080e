/// One requested change to a navigator. A list of actions applies atomically.
/// Stack actions carry an optional tab name: nil means the active stack.
public enum Action: Equatable, Sendable {
    /// Which entry `popTo` pops to.
    public enum Target: Equatable, Sendable {
        /// The entry with this id.
        case id(Int)
        /// The topmost entry with this route name.
        case name(String)
    }

    /// Adds an entry for the route on top, following a duplicate-push policy
    /// (nil: the route's own). Every stack action changes the stack its
    /// `tab` or `stack` addresses, else the active one.
    case push(RouteRequest, tab: String? = nil, policy: PushPolicy? = nil, stack: StackAddress? = nil)
    /// Removes up to `count` (>= 1) entries, never the root; a `result` goes
    /// to the entry it reveals.
    case pop(count: Int, tab: String? = nil, result: JSONValue? = nil, stack: StackAddress? = nil)
    /// Removes the entries above the target, and the target too when inclusive.
    case popTo(Target, inclusive: Bool, tab: String? = nil, stack: StackAddress? = nil)
    /// Removes every entry above the root.
    case popToRoot(tab: String? = nil, stack: StackAddress? = nil)
    /// Replaces the top entry (not the root) with an entry for the route.
    case replace(RouteRequest, tab: String? = nil, stack: StackAddress? = nil)
    /// Makes these routes the path above the root.
    case setStack([RouteRequest], tab: String? = nil, stack: StackAddress? = nil)
    /// Selects a tab (reselecting may pop it to its root), in the innermost
    /// tabs container with such a tab on the active path through `stack` (nil: the active path).
    case selectTab(String, stack: StackAddress? = nil)
    /// Pops a tab (nil: the selected one) to its root.
    case resetTab(String?, stack: StackAddress? = nil)
    /// Every base stack to its initial root, every layer dismissed, the first tab selected.
    case resetAll
    /// Presents the route on a new layer of the given style (nil: `sheet`),
    /// following a present policy (nil: the route's own).
    /// With `stack`, the layer covers that stack only.
    case present(RouteRequest, style: String?, policy: PresentPolicy? = nil, stack: StackAddress? = nil)
    /// Removes the top layer, or all of them; a `result` goes to the entry it reveals.
    /// Without `stack`, the innermost presentation on the active path; with it, those over that stack.
    case dismiss(all: Bool, result: JSONValue? = nil, stack: StackAddress? = nil)
    /// The system Back button (docs/structure.md); a `result` goes to the entry it reveals.
    case back(result: JSONValue? = nil)
    /// Split view: makes the route the sidebar selection and restarts the detail stack.
    /// The split view is the innermost one on the active path through `stack` (nil: the active path).
    case select(RouteRequest, stack: StackAddress? = nil)
    /// Places the routes of the link a URL matches (mode nil: the link's own);
    /// with `dismiss`, every presentation goes first, if any is up.
    case openURL(String, mode: OpenMode?, dismiss: Bool = false)
    /// Attaches saved state to the entry with this id, in any stack (nil: removes it).
    case setEntryState(id: Int, state: JSONValue?)
    /// Sets a declared condition to a value (docs/conditions.md).
    case setCondition(name: String, value: Bool)
    /// Split view: collapses it to one column, or expands it (docs/structure.md).
    /// The split view is the innermost one on the active path through `stack` (nil: the active path).
    case setCompact(Bool, stack: StackAddress? = nil)
    /// Takes (clears) the result the entry with this id holds (docs/blockers.md#results).
    case takeResult(id: Int)
    /// Marks the entry with this id, in any stack, as holding back any action
    /// that would remove it, for a reason (nil: clears the mark; docs/blockers.md).
    case setBlocker(id: Int, reason: String?)
    /// Sets the navigator's locale tag, which titles every entry and the
    /// announcement in the table's locale it picks (docs/locales.md).
    case setLocale(String)

    /// Whether it is a stack action that names no stack (neither `tab` nor
    /// `stack`): it changes the active stack.
    public var actsOnActiveStack: Bool {
        switch self {
        case .push(_, nil, _, nil), .pop(_, nil, _, nil), .popTo(_, _, nil, nil), .popToRoot(nil, nil),
             .replace(_, nil, nil), .setStack(_, nil, nil):
            return true
        default:
            return false
        }
    }

    /// The action's `op`, as JSON spells it by its raw value.
    public var op: ActionOp {
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
}
