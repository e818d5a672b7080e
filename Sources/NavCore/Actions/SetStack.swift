extension Action {
    /// `set_stack`: makes these routes the path above the root.
    public struct SetStack: ActionUnit, OpUnit {
        /// `set_stack`.
        public static let op = ActionOp.setStack
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("routes", .routes), .optional("tab", .tab), .optional("stack", .stack)]
        }
        /// The routes of the path, bottom first.
        public var requests: [RouteRequest]
        /// The tab whose stack it changes (nil: see `stack`).
        public var tab: String?
        /// The stack it changes (nil: the named tab's, else the active one).
        public var stack: StackAddress?

        /// The action with these values.
        public init(_ requests: [RouteRequest], tab: String? = nil, stack: StackAddress? = nil) {
            self.requests = requests
            self.tab = tab
            self.stack = stack
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(try values.next(), tab: try values.next(), stack: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [requests.actionValue, tab.actionValue, stack.actionValue]
        }

        /// A stack action: on the active stack when it names none.
        var actsOnActiveStack: Bool {
            tab == nil && stack == nil
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.setStack(requests, on: try navigator.target(tab, stack, active: active), batch)
        }
    }

    /// A `set_stack` action (`SetStack`).
    public static func setStack(_ requests: [RouteRequest], tab: String? = nil, stack: StackAddress? = nil) -> Action {
        Action(.setStack(SetStack(requests, tab: tab, stack: stack)))
    }
}
