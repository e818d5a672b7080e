extension Action {
    /// `set_entry_state`: attaches saved state to the entry with this id, in any
    /// stack (nil: removes it).
    public struct SetEntryState: ActionUnit, OpUnit {
        /// `set_entry_state`.
        public static let op = ActionOp.setEntryState
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("id", .int), .required("state", .json)]
        }
        /// The entry's id.
        public var id: Int
        /// The saved state (nil: none).
        public var state: JSONValue?

        /// The action with these values.
        public init(id: Int, state: JSONValue?) {
            self.id = id
            self.state = state
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(id: try values.next(), state: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [id.actionValue, state.actionValue]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.setEntryState(id: id, to: state, batch)
        }
    }

    /// A `set_entry_state` action (`SetEntryState`).
    public static func setEntryState(id: Int, state: JSONValue?) -> Action {
        Action(.setEntryState(SetEntryState(id: id, state: state)))
    }
}
