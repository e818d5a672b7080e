extension Action {
    /// `select_tab`: selects a tab (reselecting may pop it to its root): the
    /// one a tab's stack name names, else the one of that short name in the
    /// innermost tabs container with such a tab on the active path through
    /// `stack` (nil: the active path).
    public struct SelectTab: ActionUnit, OpUnit {
        /// `select_tab`.
        public static let op = ActionOp.selectTab
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("tab", .tab), .optional("stack", .stack)]
        }
        /// The tab it selects.
        public var tab: String
        /// The stack whose path it looks along (nil: the active path).
        public var stack: StackAddress?

        /// The action with these values.
        public init(_ tab: String, stack: StackAddress? = nil) {
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
            try navigator.selectTab(tab, around: stack, batch)
        }
    }

    /// A `select_tab` action (`SelectTab`).
    public static func selectTab(_ tab: String, stack: StackAddress? = nil) -> Action {
        Action(.selectTab(SelectTab(tab, stack: stack)))
    }
}
