extension Action {
    /// `set_locale`: sets the navigator's locale tag, which titles every entry and
    /// the announcement in the table's locale it picks (docs/locales.md).
    public struct SetLocale: ActionUnit, OpUnit {
        /// `set_locale`.
        public static let op = ActionOp.setLocale
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("locale", .string)]
        }
        /// The locale tag (`vi-VN`).
        public var locale: String

        /// The action with these values.
        public init(_ locale: String) {
            self.locale = locale
        }

        /// The action of these values, in the order of `fields`.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(try values.next())
        }

        /// Its values, in the order of `fields`.
        public var fieldValues: [ActionValue] {
            [locale.actionValue]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.setLocale(locale, batch)
        }
    }

    /// A `set_locale` action (`SetLocale`).
    public static func setLocale(_ locale: String) -> Action {
        Action(.setLocale(SetLocale(locale)))
    }
}
