extension Action {
    /// `present`: presents the route on a new layer of the given style (nil:
    /// `sheet`), following a present policy (nil: the route's own). With
    /// `stack`, the layer covers that stack only.
    public struct Present: ActionUnit, OpUnit {
        /// `present`.
        public static let op = ActionOp.present
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("route", .route), .optional("style", .string), .optional("policy", .name(.presentPolicy)),
             .optional("stack", .stack)]
        }
        /// The route it places.
        public var request: RouteRequest
        /// The layer's style (nil: `sheet`).
        public var style: String?
        /// The present policy (nil: the route's own).
        public var policy: PresentPolicy?
        /// The stack the layer covers alone (nil: all of them).
        public var stack: StackAddress?

        /// The action with these values.
        public init(_ request: RouteRequest, style: String?, policy: PresentPolicy? = nil, stack: StackAddress? = nil) {
            self.request = request
            self.style = style
            self.policy = policy
            self.stack = stack
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(try values.next(), style: try values.next(), policy: try values.next(), stack: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [request.actionValue, style.actionValue, policy.actionValue, stack.actionValue]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.present(request, style: style, policy: policy, over: stack, batch)
        }
    }

    /// A `present` action (`Present`).
    public static func present(_ request: consuming RouteRequest, style: consuming String?, policy: PresentPolicy? = nil,
                               stack: consuming StackAddress? = nil) -> Action {
        Action(.present(Present(request, style: style, policy: policy, stack: stack)))
    }
}
