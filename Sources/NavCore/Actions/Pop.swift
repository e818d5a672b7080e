extension Action {
    /// `pop`: removes up to `count` (>= 1) entries, never the root; a `result`
    /// goes to the entry it reveals.
    public struct Pop: ActionUnit, OpUnit {
        /// `pop`.
        public static let op = ActionOp.pop
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.defaulted("count", .int, .int(1)), .optional("tab", .tab), .optional("result", .json), .optional("stack", .stack)]
        }
        /// How many entries it removes at most.
        public var count: Int
        /// The tab whose stack it changes (nil: see `stack`).
        public var tab: String?
        /// What it hands to the entry it reveals (nil: nothing).
        public var result: JSONValue?
        /// The stack it changes (nil: the named tab's, else the active one).
        public var stack: StackAddress?

        /// The action with these values.
        public init(count: Int, tab: String? = nil, result: JSONValue? = nil, stack: StackAddress? = nil) {
            self.count = count
            self.tab = tab
            self.result = result
            self.stack = stack
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(count: try values.next(), tab: try values.next(), result: try values.next(), stack: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [count.actionValue, tab.actionValue, result.actionValue, stack.actionValue]
        }

        /// A stack action: on the active stack when it names none.
        var actsOnActiveStack: Bool {
            tab == nil && stack == nil
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.pop(count, tab: tab, stack: stack, active: active, result: result, batch)
        }
    }

    /// A `pop` action (`Pop`).
    public static func pop(count: Int, tab: consuming String? = nil, result: consuming JSONValue? = nil,
                           stack: consuming StackAddress? = nil) -> Action {
        Action(.pop(Pop(count: count, tab: tab, result: result, stack: stack)))
    }
}
