extension Action {
    /// `set_compact`: split view: collapses it to one column, or expands it
    /// (docs/structure.md). The split view is the one whose detail stack
    /// `stack` is, else the innermost one on the active path through `stack`
    /// (nil: the active path).
    public struct SetCompact: ActionUnit, OpUnit {
        /// `set_compact`.
        public static let op = ActionOp.setCompact
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("value", .bool), .optional("stack", .stack)]
        }
        /// Whether it collapses (true) or expands.
        public var value: Bool
        /// A split view's detail stack, or the stack whose path it looks along (nil: the active path).
        public var stack: StackAddress?

        /// The action with these values.
        public init(_ value: Bool, stack: StackAddress? = nil) {
            self.value = value
            self.stack = stack
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(try values.next(), stack: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [value.actionValue, stack.actionValue]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.setCompact(value, around: stack, batch)
        }
    }

    /// A `set_compact` action (`SetCompact`).
    public static func setCompact(_ value: Bool, stack: StackAddress? = nil) -> Action {
        Action(.setCompact(SetCompact(value, stack: stack)))
    }
}
