extension Action {
    /// `reset_all`: every base stack to its initial root, every layer dismissed,
    /// the first tab selected.
    public struct ResetAll: ActionUnit, OpUnit {
        /// `reset_all`.
        public static let op = ActionOp.resetAll
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            []
        }

        /// The action with these values.
        public init() {}

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) {}

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            []
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.resetAll(batch)
        }
    }

    /// A `reset_all` action (`ResetAll`).
    public static var resetAll: Action {
        Action(.resetAll(ResetAll()))
    }
}
