/// A batch held while the flow of the condition it needs shows: the sign-in
/// cover is up, and what the user asked for waits to be replayed once when the
/// condition becomes true (docs/conditions.md).
public struct PendingIntent: Equatable, Sendable {
    /// The index of the condition it waits for.
    public let condition: Int
    /// The root entry id of the flow's layer (the layer is `layer:<id>`).
    public let flowRootID: Int
    /// The name of the stack the flow's layer covers, nil when it covers the
    /// whole app (a flow that `covers` the stack; the layer is then `<stack>/layer:<id>`).
    public let flowOwner: String?
    /// The name of the stack that was active when the batch was held: its
    /// stack actions without `tab` or `stack` replay there (docs/conditions.md,
    /// "Where a held batch replays"); nil: on the active stack of then.
    public let stack: String?
    /// The batch as it was asked.
    public let actions: [Action]

    /// A pending intent.
    public init(condition: Int, flowRootID: Int, flowOwner: String? = nil, stack: String? = nil, actions: [Action]) {
        self.condition = condition
        self.flowRootID = flowRootID
        self.flowOwner = flowOwner
        self.stack = stack
        self.actions = actions
    }

    /// The name of the flow's layer stack.
    public var flowStack: String { flowOwner.map { "\($0)/layer:\(flowRootID)" } ?? "layer:\(flowRootID)" }

    /// The actions a batch asked while the conditions were `conditions`
    /// waits with: all of them but its set-and-back runs, which change nothing
    /// (a batch is judged by the net change of each condition). In a run of
    /// `set_condition` actions on one condition with no other action between,
    /// the actions up to the last one that sets the condition back to its value
    /// before the run go; so the same batch asked with a set-and-back in front
    /// waits as the batch alone, and its replay does not perform the pair
    /// against the values of then (docs/conditions.md).
    static func heldActions(of actions: [Action], from conditions: [Bool], in table: RouteTable) -> [Action] {
        var values = conditions
        var kept: [Action] = []
        // The condition of the current run, its value before the run, and where the run starts in `kept`.
        var run: (condition: Int, before: Bool, start: Int)?
        for action in actions {
            guard let set = action.unit as? Action.SetCondition,
                  let index = table.conditions.firstIndex(where: { $0.name == set.name }) else {
                run = nil
                kept.append(action)
                continue
            }
            var current = (condition: index, before: values[index], start: kept.count)
            if let run, run.condition == index { current = run }
            run = current
            let setsBack = values[index] != set.value && set.value == current.before
            values[index] = set.value
            kept.append(action)
            if setsBack { kept.removeSubrange(current.start...) }
        }
        return kept
    }
}

/// What a transition did to the pending intent.
public struct IntentEvent: Equatable, Sendable {
    /// What happened, as the transition's `intent.event` spells it.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// The batch was held and the flow shows.
        case held
        /// The condition became true: the flow went and the intent was replayed.
        case replayed
        /// The intent was dropped: its flow was cancelled, it no longer
        /// applied, or a blocker held back its replay.
        case dropped
        /// The condition became true, but the intent needs another one that
        /// is false: it waits for that one now, behind its flow (`passed`
        /// names the condition passed, `flow` the new flow's layer).
        case advanced
    }

    /// The intent a new held batch took the place of (`held` only).
    public struct Replaced: Equatable, Sendable {
        /// The name of the condition it waited for.
        public let condition: String
        /// Its actions.
        public let actions: [Action]
        /// Why it could not wait any longer, when it was dropped before the
        /// new hold (a restore); nil when the new batch simply took its place.
        public let reason: String?
    }

    /// What happened.
    public let kind: Kind
    /// The name of the condition the intent waits (or waited) for.
    public let condition: String
    /// The intent's actions.
    public let actions: [Action]
    /// What each replayed action did (`replayed` only).
    public let results: [ActionResult]
    /// Why it was dropped (`dropped` only).
    public let reason: String?
    /// The condition it passed (`advanced` only).
    public internal(set) var passed: String?
    /// The layer of the flow it waits behind now (`advanced` only).
    public internal(set) var flow: String?
    /// The intent that waited before this one was held (`held` only).
    public internal(set) var replaced: Replaced?

    /// An event about `intent` of a navigator on `table`.
    init(_ kind: Kind, _ intent: PendingIntent, table: RouteTable, results: [ActionResult] = [], reason: String? = nil) {
        self.kind = kind
        condition = table.conditions[intent.condition].name
        actions = intent.actions
        self.results = results
        self.reason = reason
    }
}

extension IntentEvent.Replaced {
    /// The record of `intent` (of a navigator on `table`) replaced by a new hold.
    init(_ intent: PendingIntent, table: RouteTable, reason: String? = nil) {
        self.init(condition: table.conditions[intent.condition].name, actions: intent.actions, reason: reason)
    }
}

extension IntentEvent {
    /// The event of `intent` dropped because its flow's layer was dismissed
    /// (`dismiss`, `back` at the flow's root, `reset_all`).
    static func flowDismissed(_ intent: PendingIntent, table: RouteTable) -> IntentEvent {
        IntentEvent(.dropped, intent, table: table, reason: "its flow was dismissed")
    }
}
