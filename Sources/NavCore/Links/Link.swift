/// A link as the route table declares it (`"links": [...]`), before it is checked.
public struct LinkDeclaration: Equatable, Sendable {
    /// The URL pattern: `myapp://users/{id}/edit`, `https://shop.example.com/p/{id}?ref={ref}`.
    public let url: String
    /// More hosts the pattern also matches (`www.shop.example.com`); the
    /// pattern's own host is the one canonical URLs use.
    public let hosts: [String]
    /// The routes the link produces, root side first; the first one's parents
    /// are put below it.
    public let stack: [String]
    /// How `open_url` places the routes when the caller does not say; nil for
    /// the default, `replace`.
    public let mode: OpenMode?
    /// The tab whose stack the routes go on (selected first), or nil for the
    /// active stack.
    public let tab: String?
    /// The stack of the tree the routes go on, by a static path of names
    /// (`"settings/privacy"`, `"explore/foryou"`; docs/links.md, "Links into
    /// nested containers"), or nil.
    public let into: String?

    /// Creates a declaration.
    public init(url: String, hosts: [String] = [], stack: [String], mode: OpenMode? = nil, tab: String? = nil,
                into: String? = nil) {
        self.url = url
        self.hosts = hosts
        self.stack = stack
        self.mode = mode
        self.tab = tab
        self.into = into
    }
}

/// A link of the route table, checked against the routes: its parsed
/// pattern, the routes it produces (parents included) and the spec each of
/// its placeholders converts URL text with. A class, so that a resolution
/// names its link without copying it.
public final class Link: Equatable, Sendable {
    /// The declaration, as the table wrote it.
    public let declaration: LinkDeclaration
    /// The routes the link produces, root side first: the first declared
    /// route's parents, then the declared stack.
    public let routes: [String]
    /// The parsed pattern.
    let template: LinkTemplate
    /// Where a route of the link takes one param's value from.
    struct Slot: Sendable {
        /// The param's name.
        let param: String
        /// The index in `placeholders` of the placeholder that binds it, or nil.
        let placeholder: Int?
        /// Its default, taken when the URL gives no value.
        let standard: ParamValue?
        /// Whether the route cannot do without it (no default, not optional):
        /// a URL that gives no value for it does not match.
        let required: Bool
    }

    /// The origin of the pattern and of each extra host.
    let origins: [Origin]
    /// Each placeholder's param spec, by name: the spec of the last route that
    /// declares the param (all declaring routes agree on its type).
    let bindings: [String: ParamSpec]
    /// The placeholders: those of the path in order, then those of the query.
    let placeholders: [String]
    /// The spec of each placeholder, in the order of `placeholders`.
    let placeholderSpecs: [ParamSpec]
    /// For each route of `routes`, its params in name order, and where each
    /// one's value comes from: a route is built without looking names up.
    let slots: [[Slot]]
    /// Where the routes go when the link declares `into`; nil otherwise.
    public let target: LinkTarget?
    /// The params of the route of `target.layer`, as `slots` holds a route's.
    let layerSlots: [Slot]

    /// Creates a checked link (see `LinkChecks.link`).
    init(declaration: LinkDeclaration, routes: [String], template: LinkTemplate, origins: [Origin],
         bindings: [String: ParamSpec], placeholders: [String], slots: [[Slot]],
         target: LinkTarget?, layerSlots: [Slot]) {
        self.declaration = declaration
        self.routes = routes
        self.template = template
        self.origins = origins
        self.bindings = bindings
        self.placeholders = placeholders
        self.placeholderSpecs = placeholders.map { bindings[$0] ?? ParamSpec(type: .string) }
        self.slots = slots
        self.target = target
        self.layerSlots = layerSlots
    }

    /// The routes a URL of the link gives values to: the route of
    /// `target.layer` when it has one, then `routes`.
    var valuedRoutes: [String] { target?.layer.map { [$0] + routes } ?? routes }

    /// The slots of `valuedRoutes`, in their order.
    var valuedSlots: [[Slot]] { target?.layer == nil ? slots : [layerSlots] + slots }

    /// The name of the route whose values a URL of the link writes, when
    /// the link produces routes of that name whatever their params: its last
    /// route, or, for a link with an empty stack into a layer's own stack
    /// (`"into": "checkout"`), the layer's route. Nil for a link with an
    /// empty stack otherwise (see `LinkTable.rootRoute(of:in:)`).
    var producedName: String? {
        routes.last ?? target.flatMap { $0.levels.isEmpty ? $0.layer : nil }
    }

    /// The URL pattern (`myapp://users/{id}/edit`): how transitions and
    /// resolutions name the link.
    public var pattern: String { declaration.url }

    /// The mode `open_url` uses when the caller gives none.
    public var mode: OpenMode { declaration.mode ?? .fallback }

    /// Links are equal when their declarations are (the rest follows from them).
    public static func == (lhs: Link, rhs: Link) -> Bool {
        lhs.declaration == rhs.declaration && lhs.routes == rhs.routes
    }
}
