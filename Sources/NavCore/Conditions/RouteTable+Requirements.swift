/// The conditions routes and tabs require, and the flows shown while they are
/// false, checked against each other when a table loads (docs/conditions.md).
extension RouteTable {
    /// What `resolveRequirements` adds to a table.
    struct Requirements {
        /// Each condition's checked flow route, by condition index.
        var flowRoutes: [Route?]
        /// Whether any route or tab requires a condition.
        var any: Bool
    }

    /// Resolves the `requires` of routes and tabs to condition indexes (a
    /// tab also requires what its root route requires), the tabs of route
    /// layouts as the table's own, then checks that the first screen requires
    /// nothing, that a layout's first screen requires only what its route
    /// does, and that every required condition has a flow that can show while
    /// it is false. Errors are `.table`, located at the place
    /// (`routes.checkout.requires[0]`, `routes.settings.layout.tabs[0]`,
    /// `conditions.signed_in.flow.route`).
    @_optimize(size)
    static func resolveRequirements(definitions: inout [String: RouteDefinition], layout: inout Layout,
                                    declared: LayoutDeclaration, layouts: inout [String: NestedLayout],
                                    conditions: [ConditionDeclaration], styles: [String]) throws(NavError) -> Requirements {
        @_optimize(size)
        func indexes(_ names: [String], at location: String) throws(NavError) -> [Int] {
            var found: [Int] = []
            for (position, name) in names.enumerated() {
                let index: Int
                do {
                    index = try conditionIndex(name, in: conditions)
                } catch {
                    throw NavError(.table, at: "\(location)[\(position)]", error.detail)
                }
                guard !found.contains(index) else {
                    throw NavError(.table, at: "\(location)[\(position)]", "condition \"\(name)\" is listed twice")
                }
                found.append(index)
            }
            return found
        }
        var requirer: [Int: String] = [:]
        for name in definitions.keys.sorted() {
            guard let requires = definitions[name]?.requires, !requires.isEmpty else { continue }
            let found = try indexes(requires, at: "routes.\(name).requires")
            definitions[name]?.requiredConditions = found
            for index in found where requirer[index] == nil { requirer[index] = "route \"\(name)\"" }
        }
        /// The tabs' own `requires` and their roots', at `prefix` + `tabs[i].requires`.
        @_optimize(size)
        func resolveTabs(_ layout: inout Layout, _ declared: LayoutDeclaration, at prefix: String) throws(NavError) {
            guard case .tabs(var tabs) = layout, case .tabs(let declarations) = declared else { return }
            for index in tabs.indices {
                var found = try indexes(declarations[index].requires, at: "\(prefix)tabs[\(index)].requires")
                for condition in definitions[tabs[index].root.name]?.requiredConditions ?? [] where !found.contains(condition) {
                    found.append(condition)
                }
                tabs[index].requiredConditions = found
                for condition in found where requirer[condition] == nil { requirer[condition] = "tab \"\(tabs[index].name)\"" }
            }
            layout = .tabs(tabs)
        }
        try resolveTabs(&layout, declared, at: "")
        try checkFirstScreen(layout, definitions, conditions)
        for name in layouts.keys.sorted() {
            guard let nested = layouts[name], let declaration = definitions[name]?.layout else { continue }
            var resolved = nested.layout
            try resolveTabs(&resolved, declaration.layout, at: "routes.\(name).layout.")
            layouts[name] = NestedLayout(layout: resolved, options: nested.options)
            try checkFirstScreen(of: name, resolved, definitions, conditions)
        }
        var flowRoutes: [Route?] = []
        for (index, condition) in conditions.enumerated() {
            let location = "conditions.\(condition.name)"
            guard let flow = condition.flow else {
                if let requirer = requirer[index] {
                    throw NavError(.table, at: location, "required by \(requirer) but declares no \"flow\" to show while it is false")
                }
                flowRoutes.append(nil)
                continue
            }
            flowRoutes.append(try checkFlow(flow, at: "\(location).flow", definitions, conditions, styles))
        }
        return Requirements(flowRoutes: flowRoutes, any: !requirer.isEmpty)
    }

    /// The first screen (the root of a stack or split layout, the first tab)
    /// shows before the host can set anything, so it may require nothing.
    @_optimize(size)
    private static func checkFirstScreen(_ layout: Layout, _ definitions: [String: RouteDefinition],
                                         _ conditions: [ConditionDeclaration]) throws(NavError) {
        let (required, location) = firstScreen(of: layout, definitions)
        guard let first = required.first else { return }
        throw NavError(.table, at: location, "the first screen requires \"\(conditions[first].name)\": it shows before any condition is set, so it may require none")
    }

    /// What the first screen of `layout` requires, and where it is declared (`root`, `tabs[0]`).
    private static func firstScreen(of layout: Layout, _ definitions: [String: RouteDefinition]) -> (required: [Int], location: String) {
        switch layout {
        case .stack(let root), .split(let root, _, _):
            return (definitions[root.name]?.requiredConditions ?? [], "root")
        case .tabs(let tabs):
            return (tabs.first?.requiredConditions ?? [], "tabs[0]")
        }
    }

    /// The first screen of route `name`'s layout (its first tab, or its split
    /// view's root) shows whenever an entry of the route is placed, so it may
    /// require only what the route requires.
    @_optimize(size)
    private static func checkFirstScreen(of name: String, _ layout: Layout, _ definitions: [String: RouteDefinition],
                                         _ conditions: [ConditionDeclaration]) throws(NavError) {
        let (required, location) = firstScreen(of: layout, definitions)
        let own = definitions[name]?.requiredConditions ?? []
        guard let extra = required.first(where: { !own.contains($0) }) else { return }
        throw NavError(.table, at: "routes.\(name).layout.\(location)",
                       "the first screen of \"\(name)\"'s layout requires \"\(conditions[extra].name)\", which \"\(name)\" does not: it shows with every entry of \"\(name)\", so it may require only what \"\(name)\" requires")
    }

    /// A flow's route, checked: a declared route that requires no condition
    /// (it shows while one is false), on a declared style.
    @_optimize(size)
    private static func checkFlow(_ flow: Flow, at location: String, _ definitions: [String: RouteDefinition],
                                  _ conditions: [ConditionDeclaration], _ styles: [String]) throws(NavError) -> Route {
        let route: Route
        do {
            route = try check(flow.route, in: definitions)
        } catch {
            throw NavError(.table, at: error.path == "name" ? "\(location).route" : "\(location).route.\(error.path)", error.detail)
        }
        if let required = definitions[route.name]?.requiredConditions.first {
            throw NavError(.table, at: "\(location).route", "flow route \"\(route.name)\" requires \"\(conditions[required].name)\": a flow shows while a condition is false, so it may require none")
        }
        guard styles.contains(flow.style) else {
            throw NavError(.table, at: "\(location).style", "unknown style \"\(ParamType.excerpt(flow.style))\" (styles: \(styles.joined(separator: ", ")))"
                           + NameSuggestion.didYouMean(flow.style, among: styles))
        }
        return route
    }
}
