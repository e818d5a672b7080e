extension Action {
    /// `set_blocker`: marks the entry with this id, in any stack, as holding back
    /// any action that would remove it, for a reason (nil: clears the mark;
    /// docs/blockers.md).
    public struct SetBlocker: ActionUnit, OpUnit {
        /// `set_blocker`.
        public static let op = ActionOp.setBlocker
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("id", .int), .required("reason", .stringOrNull)]
        }
        /// The entry's id.
        public var id: Int
        /// Why it holds back its removal (nil: it no longer does).
        public var reason: String?

        /// The action with these values.
        public init(id: Int, reason: String?) {
            self.id = id
            self.reason = reason
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(id: try values.next(), reason: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [id.actionValue, reason.actionValue]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.setBlocker(id: id, reason: reason, batch)
        }
    }

    /// A `set_blocker` action (`SetBlocker`).
    public static func setBlocker(id: Int, reason: String?) -> Action {
        Action(.setBlocker(SetBlocker(id: id, reason: reason)))
    }
}
