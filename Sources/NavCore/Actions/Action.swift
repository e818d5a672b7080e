/// One requested change to a navigator. A list of actions applies atomically.
///
/// An action holds one value of its op's unit (`ActionUnit`: one type per op,
/// each in its own file of this folder, `Action.Push` in `Push.swift`), inline
/// in `Body`, whose one case per op is written from the table of ops with the
/// one dispatch of every question about an action. `Action.push(_:)` and its
/// siblings, beside each unit, make one; `unit` gives it back, for a caller
/// that looks inside (`action.unit as? Action.OpenURL`).
public struct Action: Equatable, Sendable {
    /// The action, as its op's unit.
    let body: Body

    /// The action `body` is. Consuming, so that the unit moves into the
    /// action instead of being copied there and then destroyed; the
    /// factories of the ops a C shortcut makes (`push(_:tab:policy:stack:)`,
    /// `pop`, `back`, `present`, `replace`) take their values consuming for
    /// the same reason.
    init(_ body: consuming Body) {
        self.body = body
    }

    /// The action of `op` whose fields hold `values`, as a codec read them
    /// (`ActionOp.fields`), taken in the order of the fields by the op's unit.
    public init(_ op: ActionOp, _ values: consuming ActionValues) throws(NavError) {
        var values = values
        body = try Body(op, &values)
    }

    /// The action as its op's unit (`Action.Push`, ...).
    public var unit: any ActionUnit {
        body.unit
    }

    /// The action's `op`, as JSON spells it by its raw value.
    public var op: ActionOp {
        body.op
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
}
