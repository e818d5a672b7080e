extension Action {
    /// `dismiss`: removes the top layer, or all of them; a `result` goes to the
    /// entry it reveals. Without `stack`, the innermost presentation on the
    /// active path; with it, those over that stack.
    public struct Dismiss: ActionUnit, OpUnit {
        /// `dismiss`.
        public static let op = ActionOp.dismiss
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.defaulted("all", .bool, .bool(false)), .optional("result", .json), .optional("stack", .stack)]
        }
        /// Whether every layer goes, not only the top one.
        public var all: Bool
        /// What it hands to the entry it reveals (nil: nothing).
        public var result: JSONValue?
        /// The stack whose presentations go (nil: the innermost on the active path).
        public var stack: StackAddress?

        /// The action with these values.
        public init(all: Bool, result: JSONValue? = nil, stack: StackAddress? = nil) {
            self.all = all
            self.result = result
            self.stack = stack
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(all: try values.next(), result: try values.next(), stack: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [all.actionValue, result.actionValue, stack.actionValue]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.handing(result, on: nil, batch) { (navigator) throws(NavError) in try navigator.dismiss(all: all, over: stack, batch) }
        }
    }

    /// A `dismiss` action (`Dismiss`).
    public static func dismiss(all: Bool, result: JSONValue? = nil, stack: StackAddress? = nil) -> Action {
        Action(.dismiss(Dismiss(all: all, result: result, stack: stack)))
    }
}
