extension Action {
    /// `reset_tab`: pops a tab (nil: the selected one) to its root.
    public struct ResetTab: ActionUnit, OpUnit {
        /// `reset_tab`.
        public static let op = ActionOp.resetTab
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.optional("tab", .tab), .optional("stack", .stack)]
        }
        /// The tab it resets (nil: the selected one).
        public var tab: String?
        /// The stack whose path it looks along (nil: the active path).
        public var stack: StackAddress?

        /// The action with these values.
        public init(_ tab: String?, stack: StackAddress? = nil) {
            self.tab = tab
            self.stack = stack
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(try values.next(), stack: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [tab.actionValue, stack.actionValue]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.resetTab(tab, around: stack, batch)
        }
    }

    /// A `reset_tab` action (`ResetTab`).
    public static func resetTab(_ tab: String?, stack: StackAddress? = nil) -> Action {
        Action(.resetTab(ResetTab(tab, stack: stack)))
    }
}
