extension Action {
    /// `set_condition`: sets a declared condition to a value (docs/conditions.md).
    public struct SetCondition: ActionUnit, OpUnit {
        /// `set_condition`.
        public static let op = ActionOp.setCondition
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("name", .string), .required("value", .bool)]
        }
        /// The condition's name.
        public var name: String
        /// Its new value.
        public var value: Bool

        /// The action with these values.
        public init(name: String, value: Bool) {
            self.name = name
            self.value = value
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(name: try values.next(), value: try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [name.actionValue, value.actionValue]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.setCondition(name, to: value, batch)
        }
    }

    /// A `set_condition` action (`SetCondition`).
    public static func setCondition(name: String, value: Bool) -> Action {
        Action(.setCondition(SetCondition(name: name, value: value)))
    }
}
