/// A route declared in the route table: its params and its title template.
///
/// The fields are held once, in a shared immutable box: a push looks its
/// route's definition up in the table more than once (the check, the push
/// policy, the title), and each lookup copies the definition out, which
/// costs one retain for the box where it cost one per field.
public struct RouteDefinition: Equatable, Sendable {
    /// The declared fields.
    private final class Fields: Sendable {
        let name: String
        let params: [(name: String, spec: ParamSpec)]
        let title: TitleTemplate?
        let titles: [String: TitleTemplate]
        let pushPolicy: PushPolicy
        let restorePolicy: RestorePolicy
        let parent: String?
        let presentPolicy: PresentPolicy
        let dismissable: Bool
        let requires: [String]
        let requiredConditions: [Int]
        let layout: NestedLayoutDeclaration?

        init(name: String, params: [(name: String, spec: ParamSpec)], title: TitleTemplate?, titles: [String: TitleTemplate],
             pushPolicy: PushPolicy, restorePolicy: RestorePolicy, parent: String?, presentPolicy: PresentPolicy, dismissable: Bool,
             requires: [String], requiredConditions: [Int], layout: NestedLayoutDeclaration?) {
            self.name = name
            self.params = params
            self.title = title
            self.titles = titles
            self.pushPolicy = pushPolicy
            self.restorePolicy = restorePolicy
            self.parent = parent
            self.presentPolicy = presentPolicy
            self.dismissable = dismissable
            self.requires = requires
            self.requiredConditions = requiredConditions
            self.layout = layout
        }

        /// The same fields with other required conditions.
        func requiring(_ conditions: [Int]) -> Fields {
            Fields(name: name, params: params, title: title, titles: titles, pushPolicy: pushPolicy, restorePolicy: restorePolicy,
                   parent: parent, presentPolicy: presentPolicy, dismissable: dismissable, requires: requires,
                   requiredConditions: conditions, layout: layout)
        }
    }

    private var fields: Fields

    /// The route's name.
    public var name: String { fields.name }
    /// The declared params, sorted by name.
    public var params: [(name: String, spec: ParamSpec)] { fields.params }
    /// The title template; nil means the title is the route's name.
    public var title: TitleTemplate? { fields.title }
    /// The title template in each locale the route gives one for
    /// (`"titles"`, docs/locales.md), by locale tag.
    public var titles: [String: TitleTemplate] { fields.titles }
    /// How the route is pushed onto a stack that already shows it.
    public var pushPolicy: PushPolicy { fields.pushPolicy }
    /// What happens to the route's entries on restore.
    public var restorePolicy: RestorePolicy { fields.restorePolicy }
    /// The route a link to this one puts below it (`"parent"`), or nil.
    public var parent: String? { fields.parent }
    /// How the route is presented when the top layer already shows it.
    public var presentPolicy: PresentPolicy { fields.presentPolicy }
    /// Whether `back` may dismiss a layer whose root is this route (false: a
    /// sign-in wall that only an explicit `dismiss` removes).
    public var dismissable: Bool { fields.dismissable }
    /// The conditions the route requires (`"requires"`), by name.
    public var requires: [String] { fields.requires }
    /// The container an entry of the route holds (`"layout"`), nil for a plain screen.
    public var layout: NestedLayoutDeclaration? { fields.layout }
    /// Whether an entry of the route holds a container, read in place (comparing
    /// `layout` with nil copies the declaration).
    var declaresLayout: Bool {
        if case .some = fields.layout { return true }
        return false
    }
    /// The same conditions as indexes into the table's `conditions`, set when the table is checked.
    public internal(set) var requiredConditions: [Int] {
        get { fields.requiredConditions }
        set { fields = fields.requiring(newValue) }
    }

    /// Creates a definition. Fails when a title (`title`, or one of `titles`)
    /// shows an undeclared param.
    public init(name: String, params: [String: ParamSpec], title: TitleTemplate?, titles: [String: TitleTemplate] = [:],
                pushPolicy: PushPolicy = .allow, restorePolicy: RestorePolicy = .dropAbove,
                parent: String? = nil, requires: [String] = [], presentPolicy: PresentPolicy = .allow,
                dismissable: Bool = true, layout: NestedLayoutDeclaration? = nil) throws(NavError) {
        fields = Fields(name: name, params: params.sorted { $0.key < $1.key }.map { (name: $0.key, spec: $0.value) },
                        title: title, titles: titles, pushPolicy: pushPolicy, restorePolicy: restorePolicy, parent: parent,
                        presentPolicy: presentPolicy, dismissable: dismissable, requires: requires, requiredConditions: [],
                        layout: layout)
        for placeholder in title?.paramNames ?? [] where params[placeholder] == nil {
            throw NavError(.table, at: "title", "unknown param \"\(placeholder)\" in template")
        }
        for locale in titles.keys.sorted() {
            for placeholder in titles[locale]?.paramNames ?? [] where params[placeholder] == nil {
                throw NavError(.table, at: "titles.\(locale)", "unknown param \"\(placeholder)\" in template")
            }
        }
    }

    /// Checks a request's params against the declaration and returns the route,
    /// with defaults filled in. Errors are `.params`, located at `params.NAME`.
    public func check(_ request: RouteRequest) throws(NavError) -> Route {
        // Routes hold a handful of params: linear scans beat hashing here.
        for (key, _) in request.params where !params.contains(where: { $0.name == key }) {
            let known = params.map(\.name).joined(separator: ", ")
            throw NavError(.params, at: "params.\(key)",
                           "route \"\(name)\" has no param \"\(key)\"" + (known.isEmpty ? " (it takes none)" : " (it takes: \(known))"))
        }
        var checked: [Param] = []
        checked.reserveCapacity(params.count)
        for (key, spec) in params {
            if let input = request.params.last(where: { $0.0 == key })?.1 {
                switch spec.type.check(input) {
                case .success(.list([])) where spec.presence == .optional: break // an optional list is absent, never empty
                case .success(let value): checked.append(Param(key, value))
                case .failure(let error): throw error.under("params.\(key)")
                }
                continue
            }
            switch spec.presence {
            case .required:
                throw NavError(.params, at: "params.\(key)", "missing required param of route \"\(name)\" (\(spec.type.name))")
            case .optional:
                break
            case .defaulted(let value):
                checked.append(Param(key, value))
            }
        }
        return Route(name: name, params: checked)
    }

    /// The resolved title of a route of this definition.
    public func title(for route: Route) -> String {
        title?.render(route.params) ?? name
    }

    /// The resolved title of a route of this definition in `locale` (one of
    /// the table's, nil for its default): the locale's template, else the
    /// default title.
    @inline(__always)
    public func title(for route: Route, in locale: String?) -> String {
        guard let locale, let template = fields.titles[locale] else { return title(for: route) }
        return template.render(route.params)
    }

    /// The title template in `locale`: the locale's, else the default one
    /// (nil: the title is the route's name).
    public func template(in locale: String?) -> TitleTemplate? {
        locale.flatMap { fields.titles[$0] } ?? title
    }

    /// Definitions are equal when every declared field is.
    public static func == (lhs: RouteDefinition, rhs: RouteDefinition) -> Bool {
        lhs.name == rhs.name && lhs.title == rhs.title && lhs.titles == rhs.titles && lhs.pushPolicy == rhs.pushPolicy && lhs.restorePolicy == rhs.restorePolicy
            && lhs.parent == rhs.parent && lhs.requires == rhs.requires
            && lhs.presentPolicy == rhs.presentPolicy && lhs.dismissable == rhs.dismissable && lhs.layout == rhs.layout
            && lhs.params.elementsEqual(rhs.params) { $0.name == $1.name && $0.spec == $1.spec }
    }
}
