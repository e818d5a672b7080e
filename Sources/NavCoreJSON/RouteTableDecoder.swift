import CJansson
import NavCore

/// Reads a route table (docs/json.md) into a checked `RouteTable`. Every
/// problem is `.table`, located at the exact place (`routes.product.params.id`).
public enum RouteTableDecoder {
    /// Decodes route table JSON text.
    @_optimize(size)
    public static func decode(text: UnsafePointer<CChar>) throws(NavError) -> RouteTable {
        let node = try JSONNode.parse(text)
        defer { node.release() }
        return try decode(node)
    }

    /// Decodes a parsed route table.
    @_optimize(size)
    public static func decode(_ node: JSONNode) throws(NavError) -> RouteTable {
        let top = try ObjectReader(node, at: "", kind: .table,
                                   allowed: ["navcore", "version", "root", "routes", "tabs", "split", "options", "styles",
                                             "app", "migrations", "links", "not_found", "conditions",
                                             "redirects", "redirect_limit", "announcements"])
        guard let format = try top.int("navcore") else {
            throw NavError(.table, at: "navcore", "missing (write \"navcore\": \(DocumentFormat.current))")
        }
        guard format == DocumentFormat.current else {
            throw NavError(.table, at: "navcore", "unsupported format \(format) (this library reads \(DocumentFormat.current))")
        }
        guard let routes = try top.object("routes") else { throw NavError(.table, at: "routes", "missing") }
        var definitions: [RouteDefinition] = []
        for (name, declaration) in routes {
            definitions.append(try definition(name, declaration))
        }
        return try RouteTable(version: try top.int("version") ?? 1, layout: try layout(top), definitions: definitions,
                              options: try options(top), styles: try strings(top, "styles") ?? RouteTable.defaultStyles,
                              app: try top.string("app"), migrations: try MigrationDecoder.migrations(top),
                              links: try LinkDecoder.decode(try top.array("links") ?? [], at: "links"),
                              notFound: try top.node("not_found").map { (node) throws(NavError) in try route(node, at: "not_found") },
                              conditions: try conditions(top), redirects: try redirects(top),
                              redirectLimit: try top.int("redirect_limit") ?? Redirects.defaultLimit,
                              announcements: try announcements(top))
    }

    /// The announcement words by locale: `{"vi": {"tab": "Thẻ {tab}", ...,
    /// "styles": {"sheet": "..."}}}` (docs/locales.md).
    @_optimize(size)
    private static func announcements(_ top: ObjectReader) throws(NavError) -> [String: AnnouncementWords] {
        var byLocale: [String: AnnouncementWords] = [:]
        for (tag, node) in try top.object("announcements") ?? [] {
            let path = "\(top.location("announcements")).\(ParamType.excerpt(tag))"
            let reader = try ObjectReader(node, at: path, kind: .table,
                                          allowed: AnnouncementWords.Form.allCases.map(\.rawValue) + ["styles"])
            var templates: [AnnouncementWords.Form: TitleTemplate] = [:]
            for form in AnnouncementWords.Form.allCases {
                guard let text = try reader.string(form.rawValue) else { continue }
                templates[form] = try template(text, at: reader.location(form.rawValue))
            }
            do {
                byLocale[tag] = try AnnouncementWords(templates: templates, styles: try texts(reader, "styles") ?? [:])
            } catch {
                throw error.under(path)
            }
        }
        return byLocale
    }

    /// A title template, its error located at `path`.
    @_optimize(size)
    private static func template(_ text: String, at path: String) throws(NavError) -> TitleTemplate {
        switch TitleTemplate.parse(text) {
        case .success(let template): return template
        case .failure(let error): throw error.under(path)
        }
    }

    /// An optional object of strings by key (`"titles": {"vi": "Giỏ hàng"}`).
    @_optimize(size)
    static func texts(_ reader: ObjectReader, _ key: String) throws(NavError) -> [String: String]? {
        guard let members = try reader.object(key) else { return nil }
        var values: [String: String] = [:]
        for (name, node) in members {
            guard let value = node.stringValue else {
                throw NavError(.table, at: "\(reader.location(key)).\(ParamType.excerpt(name))", "expected string, got \(node.typeName)")
            }
            values[name] = value
        }
        return values
    }

    /// The declared redirects: `{"from": name, "when": {condition: bool}, "to": route}` (docs/conditions.md).
    @_optimize(size)
    private static func redirects(_ top: ObjectReader) throws(NavError) -> [RedirectDeclaration] {
        var declarations: [RedirectDeclaration] = []
        for (index, node) in (try top.array("redirects") ?? []).enumerated() {
            let reader = try ObjectReader(node, at: "redirects[\(index)]", kind: .table, allowed: ["from", "when", "to"])
            guard let from = try reader.string("from") else { throw NavError(.table, at: reader.location("from"), "missing") }
            var when: [(name: String, value: Bool)] = []
            for (name, value) in try reader.object("when") ?? [] {
                guard let value = value.boolValue else {
                    throw NavError(.table, at: "\(reader.location("when")).\(ParamType.excerpt(name))", "expected bool, got \(value.typeName)")
                }
                when.append((name, value))
            }
            declarations.append(RedirectDeclaration(from: from, when: when,
                                                    to: try route(try reader.required("to"), at: reader.location("to"))))
        }
        return declarations
    }

    /// The declared conditions: name -> `{"initial": bool, "flow": {...},
    /// "on_false": "remove", "forced": bool}` (docs/conditions.md).
    @_optimize(size)
    private static func conditions(_ top: ObjectReader) throws(NavError) -> [ConditionDeclaration] {
        var declarations: [ConditionDeclaration] = []
        for (name, node) in try top.object("conditions") ?? [] {
            let reader = try ObjectReader(node, at: "conditions.\(ParamType.excerpt(name))", kind: .table,
                                          allowed: ["initial", "flow", "on_false", "forced"])
            declarations.append(ConditionDeclaration(name: name, initial: try reader.bool("initial") ?? false,
                                                     flow: try reader.node("flow").map { (node) throws(NavError) in try flow(node, at: reader.location("flow")) },
                                                     onFalse: try reader.enumValue("on_false", noun: "policy") ?? .remove,
                                                     forced: try reader.bool("forced") ?? false))
        }
        return declarations
    }

    /// A condition's flow: `{"route": name or route, "style": "sheet", "covers": "app"}`.
    @_optimize(size)
    private static func flow(_ node: JSONNode, at path: String) throws(NavError) -> Flow {
        let reader = try ObjectReader(node, at: path, kind: .table, allowed: ["route", "style", "covers"])
        return Flow(route: try route(try reader.required("route"), at: reader.location("route")), style: try reader.string("style") ?? "sheet",
                    covers: try reader.enumValue("covers") ?? .app)
    }

    /// The layout: tabs, a split view, or one stack with the top-level root;
    /// or, read from a route's `layout` object, the container its entries hold.
    @_optimize(size)
    private static func layout(_ top: ObjectReader) throws(NavError) -> LayoutDeclaration {
        let root = try top.node("root").map { (node) throws(NavError) in try route(node, at: top.location("root")) }
        if let tabNodes = try top.array("tabs") {
            guard root == nil else { throw NavError(.table, at: top.location("root"), "not allowed with tabs: each tab declares its root") }
            guard top.node("split") == nil else { throw NavError(.table, at: top.location("split"), "not allowed with tabs") }
            var tabs: [TabDeclaration] = []
            for (index, tabNode) in tabNodes.enumerated() {
                let reader = try ObjectReader(tabNode, at: "\(top.location("tabs"))[\(index)]", kind: .table,
                                              allowed: ["name", "root", "routes", "requires", "title", "titles"])
                guard let name = try reader.string("name") else { throw NavError(.table, at: reader.location("name"), "missing") }
                tabs.append(TabDeclaration(name: name, root: try route(try reader.required("root"), at: reader.location("root")),
                                           routes: try strings(reader, "routes"), requires: try strings(reader, "requires") ?? [],
                                           title: try reader.string("title"), titles: try texts(reader, "titles") ?? [:]))
            }
            return .tabs(tabs)
        }
        guard let root else { throw NavError(.table, at: top.location("root"), "missing") }
        guard let splitNode = top.node("split") else { return .stack(root: root) }
        let split = try ObjectReader(splitNode, at: top.location("split"), kind: .table, allowed: ["sidebar", "title", "titles"])
        guard let sidebar = try strings(split, "sidebar") else { throw NavError(.table, at: split.location("sidebar"), "missing") }
        return .split(root: root, sidebar: sidebar, title: try split.string("title"), titles: try texts(split, "titles") ?? [:])
    }

    /// A route's `layout`: `{"tabs": [...]}` or `{"root": ..., "split": {...}}`,
    /// with its own `options` (docs/structure.md, "Nesting").
    @_optimize(size)
    private static func nestedLayout(_ node: JSONNode, at path: String) throws(NavError) -> NestedLayoutDeclaration {
        let reader = try ObjectReader(node, at: path, kind: .table, allowed: ["tabs", "root", "split", "options"])
        guard reader.node("tabs") != nil || reader.node("root") != nil || reader.node("split") != nil else {
            throw NavError(.table, at: path, "needs \"tabs\", or \"root\" with \"split\"")
        }
        return NestedLayoutDeclaration(try layout(reader), options: try options(reader, nested: true))
    }

    /// A route given as a name or as a route object (a root, `not_found`).
    /// Every problem is `.table`, `params` that is not an object included.
    @_optimize(size)
    private static func route(_ node: JSONNode, at path: String) throws(NavError) -> RouteRequest {
        if let name = node.stringValue { return RouteRequest(name: name) }
        do {
            return try RouteRequestDecoder.decode(node, at: path, kind: .table)
        } catch {
            throw NavError(.table, at: error.path, error.detail)
        }
    }

    /// The `options` switches; `reset_on_leave` only in a route's `layout`
    /// (`nested`): the table's own layout is never left.
    @_optimize(size)
    private static func options(_ top: ObjectReader, nested: Bool = false) throws(NavError) -> TableOptions {
        guard let node = top.node("options") else { return TableOptions() }
        let allowed = ["reselect_pops_to_root", "back_to_previous_tab", "back_at_tab_root"] + (nested ? ["reset_on_leave"] : [])
        let reader = try ObjectReader(node, at: top.location("options"), kind: .table, allowed: allowed)
        let previous = try reader.bool("back_to_previous_tab")
        let atRoot: TabRootBack? = try reader.enumValue("back_at_tab_root", noun: "choice")
        if previous != nil && atRoot != nil {
            throw NavError(.table, at: reader.location("back_at_tab_root"), "give back_at_tab_root or back_to_previous_tab, not both")
        }
        return TableOptions(reselectPopsToRoot: try reader.bool("reselect_pops_to_root") ?? true, backToPreviousTab: previous ?? true,
                            backAtTabRoot: atRoot, resetOnLeave: try reader.bool("reset_on_leave") ?? false)
    }

    /// An optional array of strings.
    @_optimize(size)
    static func strings(_ reader: ObjectReader, _ key: String) throws(NavError) -> [String]? {
        guard let nodes = try reader.array(key) else { return nil }
        var values: [String] = []
        for (index, node) in nodes.enumerated() {
            guard let value = node.stringValue else {
                throw NavError(.table, at: "\(reader.location(key))[\(index)]", "expected string, got \(node.typeName)")
            }
            values.append(value)
        }
        return values
    }

    @_optimize(size)
    private static func definition(_ name: String, _ node: JSONNode) throws(NavError) -> RouteDefinition {
        let path = "routes.\(name)"
        let reader = try ObjectReader(node, at: path, kind: .table, allowed: ["params", "title", "titles", "push_policy", "restore", "parent",
                                                                          "requires", "present_policy", "dismissable", "layout"])
        var specs: [String: ParamSpec] = [:]
        for (param, specNode) in try reader.object("params") ?? [] {
            specs[param] = try spec(specNode, at: "\(path).params.\(param)")
        }
        let title = try reader.string("title").map { (text) throws(NavError) in try template(text, at: reader.location("title")) }
        var titles: [String: TitleTemplate] = [:]
        for (tag, text) in try texts(reader, "titles") ?? [:] {
            titles[tag] = try template(text, at: "\(reader.location("titles")).\(ParamType.excerpt(tag))")
        }
        let policy: PushPolicy = try reader.enumValue("push_policy", noun: "policy") ?? .allow
        let restore = try MigrationDecoder.restorePolicy(reader, "restore") ?? .dropAbove
        let presentPolicy: PresentPolicy = try reader.enumValue("present_policy", noun: "policy") ?? .allow
        let dismissable = try reader.bool("dismissable") ?? true
        let layout = try reader.node("layout").map { (node) throws(NavError) in try nestedLayout(node, at: reader.location("layout")) }
        do {
            return try RouteDefinition(name: name, params: specs, title: title, titles: titles, pushPolicy: policy, restorePolicy: restore,
                                       parent: try reader.string("parent"), requires: try strings(reader, "requires") ?? [],
                                       presentPolicy: presentPolicy, dismissable: dismissable, layout: layout)
        } catch {
            throw error.under(path)
        }
    }

    @_optimize(size)
    private static func spec(_ node: JSONNode, at path: String) throws(NavError) -> ParamSpec {
        if let typeName = node.stringValue {
            return ParamSpec(type: try type(named: typeName, at: path))
        }
        let reader = try ObjectReader(node, at: path, kind: .table, allowed: ["type", "enum", "list", "default", "optional", "fallback"])
        let type: ParamType
        switch (try reader.string("type"), try reader.array("enum"), reader.node("list")) {
        case (let name?, nil, nil):
            type = try self.type(named: name, at: path)
        case (nil, let values?, nil):
            type = try enumeration(values, at: reader.location("enum"))
        case (nil, nil, let item?):
            type = .list(try listItem(item, at: reader.location("list")))
        case (.some, .some, nil):
            throw NavError(.table, at: path, "give either \"type\" or \"enum\", not both")
        case (nil, nil, nil):
            throw NavError(.table, at: path, "missing \"type\" or \"enum\" (or \"list\" for a list)")
        default:
            throw NavError(.table, at: path, "give \"list\" alone, without \"type\" or \"enum\"")
        }
        do {
            return try ParamSpec.declare(type: type, default: reader.node("default")?.inputValue,
                                         optional: try reader.bool("optional") ?? false,
                                         fallback: try reader.bool("fallback") ?? false)
        } catch {
            throw error.under(path)
        }
    }

    /// The item type of a list param: a type name (`"int"`) or an enum
    /// (`{"enum": [...]}`); never another list.
    @_optimize(size)
    private static func listItem(_ node: JSONNode, at path: String) throws(NavError) -> ParamType {
        if let name = node.stringValue { return try type(named: name, at: path) }
        guard node.objectMembers != nil else {
            throw NavError(.table, at: path, "expected a type name or {\"enum\": [...]}, got \(node.typeName)")
        }
        let reader = try ObjectReader(node, at: path, kind: .table, allowed: ["enum"])
        guard let values = try reader.array("enum") else { throw NavError(.table, at: path, "missing \"enum\"") }
        return try enumeration(values, at: reader.location("enum"))
    }

    @_optimize(size)
    private static func type(named name: String, at path: String) throws(NavError) -> ParamType {
        switch try ObjectReader.enumValue(name, at: path, kind: .table, noun: "type") as ScalarType {
        case .string: return .string
        case .int: return .int
        case .bool: return .bool
        case .uuid: return .uuid
        }
    }

    @_optimize(size)
    private static func enumeration(_ nodes: [JSONNode], at path: String) throws(NavError) -> ParamType {
        guard !nodes.isEmpty else { throw NavError(.table, at: path, "must list at least one value") }
        var values: [String] = []
        for (index, node) in nodes.enumerated() {
            guard let value = node.stringValue else {
                throw NavError(.table, at: "\(path)[\(index)]", "expected string, got \(node.typeName)")
            }
            guard !values.contains(value) else {
                throw NavError(.table, at: "\(path)[\(index)]", "duplicate value \"\(value)\"")
            }
            values.append(value)
        }
        return .oneOf(values)
    }

    /// The param types named by a string (an enum is declared by `{"enum": [...]}`).
    private enum ScalarType: String, CaseIterable {
        /// `string`.
        case string
        /// `int`.
        case int
        /// `bool`.
        case bool
        /// `uuid`.
        case uuid
    }
}
