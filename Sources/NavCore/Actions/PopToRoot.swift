extension Action {
    /// `pop_to_root`: removes every entry above the root.
    public struct PopToRoot: ActionUnit, OpUnit {
        /// `pop_to_root`.
        public static let op = ActionOp.popToRoot
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.optional("tab", .tab), .optional("stack", .stack)]
        }
        /// The tab whose stack it changes (nil: see `stack`).
        public var tab: String?
        /// The stack it changes (nil: the named tab's, else the active one).
        public var stack: StackAddress?

        /// The action with these values.
        public init(tab: String? = nil, stack: StackAddress? = nil) {
            self.tab = tab
            self.stack = stack
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(tab: try values.next(), stack: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [tab.actionValue, stack.actionValue]
        }

        /// A stack action: on the active stack when it names none.
        var actsOnActiveStack: Bool {
            tab == nil && stack == nil
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            navigator.truncate(try navigator.target(tab, stack, active: active), to: 0, batch)
        }
    }

    /// A `pop_to_root` action (`PopToRoot`).
    public static func popToRoot(tab: String? = nil, stack: StackAddress? = nil) -> Action {
        Action(.popToRoot(PopToRoot(tab: tab, stack: stack)))
    }
}
