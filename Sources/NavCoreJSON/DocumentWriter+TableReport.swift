import CJansson
import NavCore

/// The table report document (docs/tools.md, docs/schema/table-report.schema.json):
/// the table's structure as data and its warnings.
extension DocumentWriter {
    /// What `navcore_table_report` writes.
    @_optimize(size)
    public static func tableReport(_ report: TableReport) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let table = report.table
        return try NodeBuilder.dump(try documentNode { (document) throws(NavError) in
            if let app = table.app { try NodeBuilder.set(document, "app", NodeBuilder.string(app)) }
            try NodeBuilder.set(document, "version", NodeBuilder.integer(table.version))
            try NodeBuilder.set(document, "layout", NodeBuilder.string(table.layout.kind.rawValue))
            switch table.layout {
            case .stack(let root):
                try NodeBuilder.set(document, "root", try route(root))
            case .split(let root, let sidebar, let title):
                try NodeBuilder.set(document, "root", try route(root))
                try NodeBuilder.set(document, "sidebar", try strings(sidebar))
                if let title { try NodeBuilder.set(document, "sidebar_title", NodeBuilder.string(title)) }
            case .tabs:
                break
            }
            try NodeBuilder.set(document, "routes", try NodeBuilder.array(report.routeNames) { (name) throws(NavError) in
                try table.definitions[name].map { (definition) throws(NavError) in try routeDeclaration(definition, layout: table.layouts[name]) }
            })
            try NodeBuilder.set(document, "tabs", try NodeBuilder.array(table.tabs) { (tab) throws(NavError) in
                try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
                    try NodeBuilder.set(node, "name", NodeBuilder.string(tab.name))
                    try NodeBuilder.set(node, "root", try route(tab.root))
                    try NodeBuilder.set(node, "accepts", try tab.accepted.map { (names) throws(NavError) in try strings(names.sorted()) } ?? json_null())
                    try NodeBuilder.set(node, "requires", try strings(tab.requiredConditions.map { table.conditions[$0].name }))
                }
            })
            let requirers = report.requirers
            try NodeBuilder.set(document, "conditions", try NodeBuilder.array(Array(table.conditions.enumerated())) { (item) throws(NavError) in
                let (index, condition) = item
                return try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
                    try NodeBuilder.set(node, "name", NodeBuilder.string(condition.name))
                    try NodeBuilder.set(node, "initial", condition.initial ? json_true() : json_false())
                    try NodeBuilder.set(node, "flow", try condition.flow.map { (flow) throws(NavError) in
                        let object = try NodeBuilder.object(["route": NodeBuilder.string(flow.route.name), "style": NodeBuilder.string(flow.style)])
                        // Written only when not the default, so that a flat table's report is as before.
                        if flow.covers != .app { try NodeBuilder.set(object, "covers", NodeBuilder.string(flow.covers.rawValue)) }
                        return object
                    } ?? json_null())
                    try NodeBuilder.set(node, "on_false", NodeBuilder.string(condition.onFalse.rawValue))
                    try NodeBuilder.set(node, "required_by", try strings(requirers[index]))
                }
            })
            try NodeBuilder.set(document, "styles", try strings(table.styles))
            try NodeBuilder.set(document, "links", try NodeBuilder.array(report.links, link))
            try NodeBuilder.set(document, "not_found", try table.links.notFound.map(route) ?? json_null())
            if !table.redirects.isEmpty {
                try NodeBuilder.set(document, "redirect_limit", NodeBuilder.integer(table.redirects.limit))
                try NodeBuilder.set(document, "redirects", try NodeBuilder.array(table.redirects.all) { (redirect) throws(NavError) in
                    try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
                        try NodeBuilder.set(node, "from", NodeBuilder.string(redirect.from))
                        try NodeBuilder.set(node, "when", try NodeBuilder.filled(try NodeBuilder.object()) { (when) throws(NavError) in
                            for (index, value) in redirect.when.sorted(by: { $0.key < $1.key }) {
                                try NodeBuilder.set(when, table.conditions[index].name, value ? json_true() : json_false())
                            }
                        })
                        try NodeBuilder.set(node, "to", try route(redirect.to))
                    }
                })
            }
            // Written only for a table with locales, so that other tables' reports are as before.
            if !table.localization.isEmpty {
                try NodeBuilder.set(document, "locales", try NodeBuilder.array(report.missingTranslations) { (locale) throws(NavError) in
                    try NodeBuilder.object(["locale": NodeBuilder.string(locale.locale), "missing": try strings(locale.missing)])
                })
            }
            try NodeBuilder.set(document, "warnings", try NodeBuilder.array(report.warnings) { (warning) throws(NavError) in
                try NodeBuilder.object(["kind": NodeBuilder.string(warning.kind.rawValue), "path": NodeBuilder.string(warning.path),
                                        "message": NodeBuilder.string(warning.message)])
            })
        })
    }

    /// `{"name", "params"}` of a route.
    @_optimize(size)
    private static func route(_ route: Route) throws(NavError) -> JSONNode {
        let params = try params(of: route)
        return try NodeBuilder.object(["name": NodeBuilder.string(route.name), "params": params])
    }

    /// A route as declared: name, params, title, parent, requires, push
    /// policy, and its present policy and `dismissable` only when not the
    /// defaults, its `titles` only when it gives some, and its `layout` only
    /// when it declares one.
    @_optimize(size)
    private static func routeDeclaration(_ definition: RouteDefinition, layout: NestedLayout?) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "name", NodeBuilder.string(definition.name))
            try NodeBuilder.set(node, "params", try NodeBuilder.array(definition.params) { (param) throws(NavError) in
                try self.param(param.name, param.spec)
            })
            try NodeBuilder.set(node, "title", definition.title.map { NodeBuilder.string(templateText($0)) } ?? json_null())
            try NodeBuilder.set(node, "parent", definition.parent.map(NodeBuilder.string) ?? json_null())
            try NodeBuilder.set(node, "requires", try strings(definition.requires))
            try NodeBuilder.set(node, "push_policy", NodeBuilder.string(definition.pushPolicy.rawValue))
            if definition.presentPolicy != .allow {
                try NodeBuilder.set(node, "present_policy", NodeBuilder.string(definition.presentPolicy.rawValue))
            }
            if !definition.dismissable { try NodeBuilder.set(node, "dismissable", json_false()) }
            if !definition.titles.isEmpty {
                try NodeBuilder.set(node, "titles", try NodeBuilder.filled(try NodeBuilder.object()) { (titles) throws(NavError) in
                    for (tag, template) in definition.titles.sorted(by: { $0.key < $1.key }) {
                        try NodeBuilder.set(titles, tag, NodeBuilder.string(templateText(template)))
                    }
                })
            }
            if let layout { try NodeBuilder.set(node, "layout", try nestedLayout(layout.layout)) }
        }
    }

    /// The container a route's entries hold: `{"kind": "tabs", "tabs": [{"name", "root"}]}`
    /// or `{"kind": "split", "root", "sidebar"}`.
    @_optimize(size)
    private static func nestedLayout(_ layout: Layout) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "kind", NodeBuilder.string(layout.kind.rawValue))
            switch layout {
            case .tabs(let tabs):
                try NodeBuilder.set(node, "tabs", try NodeBuilder.array(tabs) { (tab) throws(NavError) in
                    try NodeBuilder.object(["name": NodeBuilder.string(tab.name), "root": try route(tab.root)])
                })
            case .split(let root, let sidebar, _):
                try NodeBuilder.set(node, "root", try route(root))
                try NodeBuilder.set(node, "sidebar", try strings(sidebar))
            case .stack(let root):
                try NodeBuilder.set(node, "root", try route(root))
            }
        }
    }

    /// A declared param: `{"name", "type", "required"}`, with `"enum"` for an
    /// enum, `"default"` when it has one, `"fallback"` when it falls back. A
    /// list is `"type": "list"` with its item type under `"items"` (and
    /// `"enum"` for a list of an enum).
    @_optimize(size)
    private static func param(_ name: String, _ spec: ParamSpec) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "name", NodeBuilder.string(name))
            let scalar = spec.type.itemType ?? spec.type
            var values: [String]?
            if case .oneOf(let listed) = scalar { values = listed }
            let scalarName = values == nil ? scalar.name : "enum"
            if spec.type.itemType != nil {
                try NodeBuilder.set(node, "type", NodeBuilder.string("list"))
                try NodeBuilder.set(node, "items", NodeBuilder.string(scalarName))
            } else {
                try NodeBuilder.set(node, "type", NodeBuilder.string(scalarName))
            }
            if let values { try NodeBuilder.set(node, "enum", try strings(values)) }
            try NodeBuilder.set(node, "required", spec.presence == .required ? json_true() : json_false())
            if case .defaulted(let value) = spec.presence { try NodeBuilder.set(node, "default", NodeBuilder.value(value)) }
            if spec.fallback { try NodeBuilder.set(node, "fallback", json_true()) }
        }
    }

    /// A link with the stack it builds.
    @_optimize(size)
    private static func link(_ link: TableReport.LinkInfo) throws(NavError) -> JSONNode {
        let declaration = link.declaration
        return try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "url", NodeBuilder.string(declaration.url))
            try NodeBuilder.set(node, "hosts", try strings(declaration.hosts))
            try NodeBuilder.set(node, "mode", NodeBuilder.string((declaration.mode ?? .fallback).rawValue))
            try NodeBuilder.set(node, "tab", declaration.tab.map(NodeBuilder.string) ?? json_null())
            if let into = declaration.into { try NodeBuilder.set(node, "into", NodeBuilder.string(into)) }
            try NodeBuilder.set(node, "stack", try strings(declaration.stack))
            try NodeBuilder.set(node, "chain", try strings(link.chain))
            try NodeBuilder.set(node, "placeholders", try strings(link.placeholders))
            try NodeBuilder.set(node, "rank", try NodeBuilder.array(link.rank, NodeBuilder.integer))
        }
    }

    /// A title template as the table writes it (`{{` for a literal brace).
    @_optimize(size)
    private static func templateText(_ template: TitleTemplate) -> String {
        var text = ""
        for part in template.parts {
            switch part {
            case .literal(let literal):
                for character in literal { text += character == "{" ? "{{" : character == "}" ? "}}" : String(character) }
            case .param(let name):
                text += "{\(name)}"
            }
        }
        return text
    }
}
