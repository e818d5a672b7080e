extension Action {
    /// `select`: split view: makes the route the sidebar selection and restarts
    /// the detail stack. The split view is the one whose detail stack `stack`
    /// is, else the innermost one on the active path through `stack` (nil:
    /// the active path).
    public struct Select: ActionUnit, OpUnit {
        /// `select`.
        public static let op = ActionOp.select
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("route", .route), .optional("stack", .stack)]
        }
        /// The route it selects.
        public var request: RouteRequest
        /// A split view's detail stack, or the stack whose path it looks along (nil: the active path).
        public var stack: StackAddress?

        /// The action with these values.
        public init(_ request: RouteRequest, stack: StackAddress? = nil) {
            self.request = request
            self.stack = stack
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(try values.next(), stack: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [request.actionValue, stack.actionValue]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.select(request, around: stack, batch)
        }
    }

    /// A `select` action (`Select`).
    public static func select(_ request: RouteRequest, stack: StackAddress? = nil) -> Action {
        Action(.select(Select(request, stack: stack)))
    }
}
