extension Action {
    /// `back`: the system Back button (docs/structure.md); a `result` goes to the
    /// entry it reveals.
    public struct Back: ActionUnit, OpUnit {
        /// `back`.
        public static let op = ActionOp.back
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.optional("result", .json)]
        }
        /// What it hands to the entry it reveals (nil: nothing).
        public var result: JSONValue?

        /// The action with these values.
        public init(result: JSONValue? = nil) {
            self.result = result
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(result: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [result.actionValue]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.handing(result, on: nil, batch) { (navigator) throws(NavError) in navigator.back(batch, active: active) }
        }
    }

    /// A `back` action (`Back`).
    public static func back(result: consuming JSONValue? = nil) -> Action {
        Action(.back(Back(result: result)))
    }
}
