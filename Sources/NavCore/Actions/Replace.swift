extension Action {
    /// `replace`: replaces the top entry (not the root) with an entry for the route.
    public struct Replace: ActionUnit, OpUnit {
        /// `replace`.
        public static let op = ActionOp.replace
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("route", .route), .optional("tab", .tab), .optional("stack", .stack)]
        }
        /// The route it places.
        public var request: RouteRequest
        /// The tab whose stack it changes (nil: see `stack`).
        public var tab: String?
        /// The stack it changes (nil: the named tab's, else the active one).
        public var stack: StackAddress?

        /// The action with these values.
        public init(_ request: RouteRequest, tab: String? = nil, stack: StackAddress? = nil) {
            self.request = request
            self.tab = tab
            self.stack = stack
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(try values.next(), tab: try values.next(), stack: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [request.actionValue, tab.actionValue, stack.actionValue]
        }

        /// A stack action: on the active stack when it names none.
        var actsOnActiveStack: Bool {
            tab == nil && stack == nil
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.replace(request, on: try navigator.target(tab, stack, active: active), batch)
        }
    }

    /// A `replace` action (`Replace`).
    public static func replace(_ request: consuming RouteRequest, tab: consuming String? = nil,
                               stack: consuming StackAddress? = nil) -> Action {
        Action(.replace(Replace(request, tab: tab, stack: stack)))
    }
}
