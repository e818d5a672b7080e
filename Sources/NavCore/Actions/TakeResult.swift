extension Action {
    /// `take_result`: takes (clears) the result the entry with this id holds
    /// (docs/blockers.md#results).
    public struct TakeResult: ActionUnit, OpUnit {
        /// `take_result`.
        public static let op = ActionOp.takeResult
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("id", .int)]
        }
        /// The entry's id.
        public var id: Int

        /// The action with these values.
        public init(id: Int) {
            self.id = id
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(id: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [id.actionValue]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.takeResult(id: id, batch)
        }
    }

    /// A `take_result` action (`TakeResult`).
    public static func takeResult(id: Int) -> Action {
        Action(.takeResult(TakeResult(id: id)))
    }
}
