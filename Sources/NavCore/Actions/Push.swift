extension Action {
    /// `push`: adds an entry for the route on top, following a duplicate-push
    /// policy (nil: the route's own). Every stack action changes the stack its
    /// `tab` or `stack` addresses, else the active one.
    public struct Push: ActionUnit, OpUnit {
        /// `push`.
        public static let op = ActionOp.push
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("route", .route), .optional("tab", .tab), .optional("policy", .name(.pushPolicy)), .optional("stack", .stack)]
        }
        /// The route it places.
        public var request: RouteRequest
        /// The tab whose stack it changes (nil: see `stack`).
        public var tab: String?
        /// The duplicate-push policy (nil: the route's own).
        public var policy: PushPolicy?
        /// The stack it changes (nil: the named tab's, else the active one).
        public var stack: StackAddress?

        /// The action with these values.
        public init(_ request: RouteRequest, tab: String? = nil, policy: PushPolicy? = nil, stack: StackAddress? = nil) {
            self.request = request
            self.tab = tab
            self.policy = policy
            self.stack = stack
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(try values.next(), tab: try values.next(), policy: try values.next(), stack: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [request.actionValue, tab.actionValue, policy.actionValue, stack.actionValue]
        }

        /// A stack action: on the active stack when it names none.
        var actsOnActiveStack: Bool {
            tab == nil && stack == nil
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.push(request, on: try navigator.target(tab, stack, active: active), policy: policy, batch)
        }
    }

    /// A `push` action (`Push`).
    public static func push(_ request: consuming RouteRequest, tab: consuming String? = nil, policy: PushPolicy? = nil,
                            stack: consuming StackAddress? = nil) -> Action {
        Action(.push(Push(request, tab: tab, policy: policy, stack: stack)))
    }
}
