/// A condition the route table declares (docs/conditions.md): a named fact
/// the host sets (`signed_in`), false unless the table says otherwise.
public struct ConditionDeclaration: Equatable, Sendable {
    /// The condition's name (the route-name rules).
    public let name: String
    /// Its value in a new navigator.
    public let initial: Bool

    /// Declares a condition.
    public init(name: String, initial: Bool = false) {
        self.name = name
        self.initial = initial
    }
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
        if let index = conditions.firstIndex(where: { $0.name == name }) { return index }
        let declared = conditions.isEmpty ? "the route table declares no conditions"
            : "allowed: " + conditions.map(\.name).joined(separator: ", ")
        throw NavError(.action, at: "name", "unknown condition \"\(ParamType.excerpt(name))\" (\(declared))")
    }
}

extension Navigator {
    /// Every declared condition with its current value, in declaration order.
    public var conditionValues: [ConditionValue] {
        zip(table.conditions, conditions).map { ConditionValue(name: $0.name, value: $1) }
    }

    /// `set_condition`: `conditionSet`, or `unchanged` when it already has the value.
    mutating func setCondition(_ name: String, to value: Bool) throws(NavError) -> ActionResult {
        let index = try table.conditionIndex(name)
        guard conditions[index] != value else { return .unchanged }
        conditions[index] = value
        return .conditionSet
    }

    /// The conditions whose value differs from `start` (declaration order).
    func conditionChanges(since start: [Bool]) -> [ConditionValue] {
        conditionValues.enumerated().compactMap { index, current in start[index] == current.value ? nil : current }
    }
}
