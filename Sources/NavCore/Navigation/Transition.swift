/// Why a transition happened.
public enum Cause: Equatable, Sendable {
    /// A batch of actions, by their ops in order.
    case actions(ops: [ActionOp])
    /// A batch of one `open_url`: the URL, the pattern of the link that
    /// matched (nil for the `not_found` route), the mode applied and, for
    /// the `not_found` route, why no link matched.
    case url(String, link: String?, mode: OpenMode, reason: String? = nil)
    /// A restore from a snapshot.
    case restore
    /// A replay of an action log.
    case replay
}

/// The top of the active stack at one moment.
public struct TopEntry: Equatable, Sendable {
    /// The active stack's name.
    public let stack: String
    /// Its top entry.
    public let top: Entry
}

/// A presentation added by a batch.
public struct PresentedLayer: Equatable, Sendable {
    /// The layer's stack name.
    public let stack: String
    /// Its style.
    public let style: String
}

/// The committed result of a batch of actions.
public struct Transition: Equatable, Sendable {
    /// The navigator's change counter after the batch.
    public let seq: Int
    /// Why it happened.
    public let cause: Cause
    /// What each action did, in order (`pushed`, `absorbed`, `dismissed`, ...).
    public let results: [ActionResult]
    /// The stacks that changed, base stacks first, then layers bottom first.
    public let changes: [StackChange]
    /// Layers added by the batch, bottom first.
    public let presented: [PresentedLayer]
    /// Names of the layers the batch removed, bottom first.
    public let dismissed: [String]
    /// The selected tab before and after, when it changed.
    public let tab: (before: String, after: String)?
    /// The tab history after the batch (most recent last), when it changed.
    public let tabHistory: [String]?
    /// The active top before the batch.
    public let before: TopEntry
    /// The active top after the batch.
    public let after: TopEntry
    /// The conditions whose value changed, with their new value, in declaration order.
    public internal(set) var conditions: [ConditionValue] = []
    /// The split view's columns after the batch, when they changed.
    public internal(set) var split: SplitForm?

    /// What the batch did to the pending intent, if anything.
    public internal(set) var intent: IntentEvent?
    /// The blocking entries a forced condition removed, overriding them.
    public internal(set) var overrode: [Entry] = []
    /// The results handed from screens that went away to those they revealed.
    public internal(set) var handed: [HandedResult] = []
    /// The table's redirects that happened, in order (docs/conditions.md).
    public internal(set) var redirects: [RedirectStep] = []
    /// The containers whose selection, history or columns changed (only
    /// in a table whose routes nest, docs/structure.md, "Nesting").
    public internal(set) var containers: [ContainerChange] = []
    /// The navigator's locale tag before and after, when the batch changed it (docs/locales.md).
    public internal(set) var locale: LocaleChange?

    /// Whether any stack, layer, the tab selection, a condition, the split
    /// view's columns, the pending intent or the locale changed, or a result
    /// was handed (a screen now holds it: the shell must hear of it, docs/blockers.md).
    public var changed: Bool {
        !changes.isEmpty || !presented.isEmpty || !dismissed.isEmpty || tab != nil || tabHistory != nil || !conditions.isEmpty
            || split != nil || intent != nil || !handed.isEmpty || !containers.isEmpty || locale != nil
    }

    /// Transitions are equal when every field is.
    public static func == (lhs: Transition, rhs: Transition) -> Bool {
        lhs.seq == rhs.seq && lhs.cause == rhs.cause && lhs.results == rhs.results && lhs.changes == rhs.changes
            && lhs.presented == rhs.presented && lhs.dismissed == rhs.dismissed
            && lhs.tab?.before == rhs.tab?.before && lhs.tab?.after == rhs.tab?.after && lhs.tabHistory == rhs.tabHistory
            && lhs.before == rhs.before && lhs.after == rhs.after && lhs.conditions == rhs.conditions && lhs.intent == rhs.intent
            && lhs.overrode == rhs.overrode && lhs.handed == rhs.handed && lhs.redirects == rhs.redirects
            && lhs.split == rhs.split && lhs.containers == rhs.containers && lhs.locale == rhs.locale
    }
}

/// A change of the navigator's locale tag (nil: none, the table's default).
public struct LocaleChange: Equatable, Sendable {
    /// The tag before.
    public let before: String?
    /// The tag after.
    public let after: String?
}
