/// One op of the action vocabulary, whole: the type of its actions, in its
/// own file of this folder (`Push.swift`), holding everything about the op
/// that is not navigation itself. Its `op`, its `fields` (key, kind,
/// required or default) in the order that the schema and an unknown key's
/// error list them and that a codec writes them, how its values decode from
/// the values a codec read for those fields and encode back, and, through
/// `OpUnit`, which navigator operation performs it. `ActionOp.unit` names
/// each op's type; `Action` holds one value of it.
public protocol ActionUnit: Equatable, Sendable {
    /// The op, as JSON spells it by its raw value.
    static var op: ActionOp { get }
    /// The fields of an action object of this op besides `op`. Constant
    /// literals: reading them allocates nothing on the decoding path.
    static var fields: [ActionField] { get }
    /// The action whose fields hold `values`, as a codec read them, taken in
    /// the order of `fields` (`ActionValues.next()`). A rule no field states
    /// on its own (`pop_to` takes exactly one of `id` and `name`) is an
    /// `.action` error at the action.
    init(_ values: inout ActionValues) throws(NavError)
    /// The values of its fields, one per field of `fields` in the same
    /// order, as a codec writes them: `init(_:)` of these is this action again.
    var fieldValues: [ActionValue] { get }
}

/// An `ActionUnit` the navigator can perform: the one dispatch of actions
/// (`Navigator.perform`) calls `perform(on:_:active:)` of the unit an
/// `Action` holds. Internal, since what it hands over (the batch, a stack's
/// place) is.
protocol OpUnit: ActionUnit {
    /// Whether it is a stack action that names no stack (neither `tab` nor
    /// `stack`): it changes the active stack. False unless the op says otherwise.
    var actsOnActiveStack: Bool { get }
    /// Performs the action on `navigator` within `batch` and says what it
    /// did. `active`, when given, is the active stack now (found already),
    /// which saves walking the tree.
    func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult
}

extension OpUnit {
    /// Not a stack action on the active stack.
    var actsOnActiveStack: Bool { false }
}
