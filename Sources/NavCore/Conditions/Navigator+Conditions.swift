/// A condition the route table declares (docs/conditions.md): a named fact
/// the host sets (`signed_in`), false unless the table says otherwise, with
/// the flow shown when an action needs it while it is false, and what
/// setting it false does to the screens that require it.
public struct ConditionDeclaration: Equatable, Sendable {
    /// The condition's name (the route-name rules).
    public let name: String
    /// Its value in a new navigator.
    public let initial: Bool
    /// What shows when an action needs the condition while it is false; nil
    /// for a condition no route or tab requires.
    public let flow: Flow?
    /// What setting the condition false does.
    public let onFalse: FalsePolicy
    /// Whether setting it false overrides blockers (a security sign-out): the
    /// batch removes blocking entries, and its transition lists them.
    public let forced: Bool

    /// Declares a condition.
    public init(name: String, initial: Bool = false, flow: Flow? = nil, onFalse: FalsePolicy = .remove, forced: Bool = false) {
        self.name = name
        self.initial = initial
        self.flow = flow
        self.onFalse = onFalse
        self.forced = forced
    }
}

/// The flow of a condition: a route presented on a layer of its own (the
/// sign-in cover, whose stack holds login, register, forgot password).
public struct Flow: Equatable, Sendable {
    /// The flow's root route.
    public let route: RouteRequest
    /// The presentation style of its layer.
    public let style: String
    /// What its layer covers: the whole app, or only the stack the user is on.
    public let covers: FlowCover

    /// Declares a flow.
    public init(route: RouteRequest, style: String = "sheet", covers: FlowCover = .app) {
        self.route = route
        self.style = style
        self.covers = covers
    }
}

/// What a flow's layer covers (`"covers"`; docs/conditions.md, "Flows inside
/// a container").
public enum FlowCover: String, Equatable, Sendable, CaseIterable {
    /// The whole app: a presentation over everything, as `present` without `stack`.
    case app
    /// The active stack only (the leaf of the active path when the batch is
    /// held): the tab bars and sidebars around it stay, as `present` with `stack`.
    case stack
}

/// What setting a condition false does to the screens that require it
/// (`on_false`; docs/conditions.md).
public enum FalsePolicy: String, Equatable, Sendable, CaseIterable {
    /// Every screen that requires the condition goes, with what was shown above it.
    case remove
    /// Everything goes back to its start, as `reset_all` (the seeds' sign-out).
    case reset
}

/// A condition's value, as documents and transitions list them.
public struct ConditionValue: Equatable, Sendable {
    /// The condition's name.
    public let name: String
    /// Its value.
    public let value: Bool

    /// A condition's value.
    public init(name: String, value: Bool) {
        self.name = name
        self.value = value
    }
}

extension RouteTable {
    /// Checks declared conditions: valid names, each declared once. `.table` at `conditions`.
    static func checkConditions(_ conditions: [ConditionDeclaration]) throws(NavError) {
        var seen: Set<String> = []
        for condition in conditions {
            guard isValidName(condition.name) else {
                throw NavError(.table, at: "conditions", "bad condition name \"\(ParamType.excerpt(condition.name))\" (use letters, digits, _ - .)")
            }
            guard seen.insert(condition.name).inserted else {
                throw NavError(.table, at: "conditions", "condition \"\(condition.name)\" is declared twice")
            }
        }
    }

    /// The index of a declared condition; `.action` at `name`, listing the
    /// declared ones, for any other name.
    func conditionIndex(_ name: String) throws(NavError) -> Int {
        try RouteTable.conditionIndex(name, in: conditions)
    }

    /// The index of `name` among `conditions`; `.action` at `name`, listing them, when it is not there.
    static func conditionIndex(_ name: String, in conditions: [ConditionDeclaration]) throws(NavError) -> Int {
        if let index = conditions.firstIndex(where: { $0.name == name }) { return index }
        let declared = conditions.isEmpty ? "the route table declares no conditions"
            : "allowed: " + conditions.map(\.name).joined(separator: ", ")
        throw NavError(.action, at: "name", "unknown condition \"\(ParamType.excerpt(name))\" (\(declared))"
                       + NameSuggestion.didYouMean(name, among: conditions.map(\.name)))
    }
}

extension Navigator {
    /// Every declared condition with its current value, in declaration order.
    public var conditionValues: [ConditionValue] {
        zip(table.conditions, conditions).map { ConditionValue(name: $0.name, value: $1) }
    }

    /// The value of the condition `name`; `.action` at `name`, listing the
    /// declared ones, as `set_condition` says, for any other name.
    public func condition(named name: String) throws(NavError) -> Bool {
        conditions[try table.conditionIndex(name)]
    }

    /// `set_condition`: `conditionSet`, or `unchanged` when it already has
    /// the value. Later actions see the new value at once, but a batch is
    /// judged by each condition's net change: the consequences come at the
    /// action that gives the condition its final value for the last time.
    /// There, becoming true replays the intent waiting for it; becoming false
    /// applies the condition's `on_false` policy, or, when the batch started
    /// with it false (it was set true and back), refuses a screen the batch
    /// placed meanwhile that needs it (docs/conditions.md).
    mutating func setCondition(_ name: String, to value: Bool, _ batch: Batch) throws(NavError) -> ActionResult {
        let index = try table.conditionIndex(name)
        guard conditions[index] != value else { return .unchanged }
        storeCondition(index, value)
        guard batch.isFinal(name, value) else { return .conditionSet }
        if value {
            try replayIntent(waitingFor: index, batch)
        } else if batch.before.conditions[index] {
            try applyFalsePolicy(of: index, batch)
        } else if table.hasRequirements {
            try refuseScreens(needing: index, batch)
        }
        return .conditionSet
    }

    /// The conditions whose value differs from `start` (declaration order).
    func conditionChanges(since start: [Bool]) -> [ConditionValue] {
        conditionValues.enumerated().compactMap { index, current in start[index] == current.value ? nil : current }
    }
}
