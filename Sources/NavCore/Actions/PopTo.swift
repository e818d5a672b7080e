extension Action {
    /// Which entry `pop_to` pops to.
    public enum Target: Equatable, Sendable {
        /// The entry with this id.
        case id(Int)
        /// The topmost entry with this route name.
        case name(String)
    }

    /// `pop_to`: removes the entries above the target, and the target too when inclusive.
    public struct PopTo: ActionUnit, OpUnit {
        /// `pop_to`.
        public static let op = ActionOp.popTo
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.optional("id", .int), .optional("name", .string), .defaulted("inclusive", .bool, .bool(false)),
             .optional("tab", .tab), .optional("stack", .stack)]
        }
        /// The entry it pops to.
        public var target: Target
        /// Whether the target goes too.
        public var inclusive: Bool
        /// The tab whose stack it changes (nil: see `stack`).
        public var tab: String?
        /// The stack it changes (nil: the named tab's, else the active one).
        public var stack: StackAddress?

        /// The action with these values.
        public init(_ target: Target, inclusive: Bool, tab: String? = nil, stack: StackAddress? = nil) {
            self.target = target
            self.inclusive = inclusive
            self.tab = tab
            self.stack = stack
        }

        /// Takes exactly one of `id` and `name`: an `.action` error at the
        /// action otherwise, the one rule of the op no field states on its own.
        public init(_ values: inout ActionValues) throws(NavError) {
            let target: Target
            switch (try values.next() as Int?, try values.next() as String?) {
            case (let id?, nil): target = .id(id)
            case (nil, let name?): target = .name(name)
            case (.some, .some): throw NavError(.action, at: values.path, "give either \"id\" or \"name\", not both")
            case (nil, nil): throw NavError(.action, at: values.path, "missing \"id\" or \"name\"")
            }
            self.init(target, inclusive: try values.next(), tab: try values.next(), stack: try values.next())
        }

        /// The target's id or name, the other none.
        public var fieldValues: [ActionValue] {
            switch target {
            case .id(let id): return [id.actionValue, .nothing, inclusive.actionValue, tab.actionValue, stack.actionValue]
            case .name(let name): return [.nothing, name.actionValue, inclusive.actionValue, tab.actionValue, stack.actionValue]
            }
        }

        /// A stack action: on the active stack when it names none.
        var actsOnActiveStack: Bool {
            tab == nil && stack == nil
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.popTo(target, inclusive: inclusive, on: try navigator.target(tab, stack, active: active), batch)
        }
    }

    /// A `pop_to` action (`PopTo`).
    public static func popTo(_ target: Target, inclusive: Bool, tab: String? = nil, stack: StackAddress? = nil) -> Action {
        Action(.popTo(PopTo(target, inclusive: inclusive, tab: tab, stack: stack)))
    }
}
