/// One requested change to a navigator. A list of actions applies atomically.
///
/// An action holds one value of its op's unit (`ActionUnit`: one type per op,
/// each in its own file of this folder, `Action.Push` in `Push.swift`), which
/// says how it decodes, encodes and is performed. `Action.push(_:)` and its
/// siblings, beside each unit, make one; `unit` gives it back, for a caller
/// that looks inside (`action.unit as? Action.OpenURL`).
public struct Action: Equatable, Sendable {
    /// The action, as its op's unit.
    let body: any OpUnit

    /// The action `body` is. Generic and consuming, so that the unit moves
    /// into the existential's box instead of being copied there and then
    /// destroyed (what a C shortcut's action cost before); the factories of
    /// the ops a C shortcut makes (`push(_:tab:policy:stack:)`, `pop`,
    /// `back`, `present`, `replace`) take their values consuming for the same reason.
    init<Unit: OpUnit>(_ body: consuming Unit) {
        self.body = body
    }

    /// The action of `op` whose fields hold `values`, as a codec read them
    /// (`ActionOp.fields`), taken in the order of the fields by the op's unit.
    public init(_ op: ActionOp, _ values: consuming ActionValues) throws(NavError) {
        var values = values
        body = try op.unit.init(&values)
    }

    /// The action as its op's unit (`Action.Push`, ...).
    public var unit: any ActionUnit {
        body
    }

    /// The action's `op`, as JSON spells it by its raw value.
    public var op: ActionOp {
        type(of: body).op
    }

    /// The values of the action's fields, one per field of `op.fields` in
    /// the same order, as a codec writes them: `Action(op, values)` of these
    /// is this action again.
    public var fieldValues: [ActionValue] {
        body.fieldValues
    }

    /// Whether it is a stack action that names no stack (neither `tab` nor
    /// `stack`): it changes the active stack.
    public var actsOnActiveStack: Bool {
        body.actsOnActiveStack
    }

    /// Whether both are of one op, with equal values.
    public static func == (lhs: Action, rhs: Action) -> Bool {
        lhs.body.isEqual(to: rhs.body)
    }
}
