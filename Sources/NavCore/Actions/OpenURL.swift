extension Action {
    /// `open_url`: places the routes of the link a URL matches (mode nil: the
    /// link's own); with `dismiss`, every presentation goes first, if any is up.
    public struct OpenURL: ActionUnit, OpUnit {
        /// `open_url`.
        public static let op = ActionOp.openURL
        /// Its fields, as the table of ops (Include/navcore_ops.json) lists them.
        public static var fields: [ActionField] {
            [.required("url", .string), .optional("mode", .name(.openMode)), .optional("dismiss", .bool)]
        }
        /// The URL.
        public var url: String
        /// How it places the routes (nil: the link's own).
        public var mode: OpenMode?
        /// Whether every presentation goes first.
        public var dismiss: Bool

        /// The action with these values.
        public init(_ url: String, mode: OpenMode?, dismiss: Bool = false) {
            self.url = url
            self.mode = mode
            self.dismiss = dismiss
        }

        /// The action of these values, in the order of `fields`. An absent `dismiss` is false.
        public init(_ values: inout ActionValues) throws(NavError) {
            self.init(try values.next(), mode: try values.next(), dismiss: (try values.next() as Bool?) ?? false)
        }

        /// Its values, in the order of `fields`. A false `dismiss` is left out.
        public var fieldValues: [ActionValue] {
            [url.actionValue, mode.actionValue, dismiss ? true.actionValue : .nothing]
        }

        /// Performed by the navigator's operation of the op.
        func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {
            try navigator.openURL(url, mode: mode, dismiss: dismiss, batch)
        }
    }

    /// A `open_url` action (`OpenURL`).
    public static func openURL(_ url: String, mode: OpenMode?, dismiss: Bool = false) -> Action {
        Action(.openURL(OpenURL(url, mode: mode, dismiss: dismiss)))
    }
}
