import NavCore

/// The actions `navcore check` tries from every state, generated once from
/// the route table (docs/tools.md, "navcore check"), in a fixed order: a
/// route's push and present with one representative value per param, pop,
/// pop_to_root, back, dismiss, then pop, back and dismiss handing a result,
/// select_tab and select for every tab and sidebar item of every layout,
/// set_condition both ways, open_url of the URL `url_for` writes for each
/// route that has a link, and set_compact both ways in a table with a split
/// view. From each state the search also tries
/// moves that depend on it: set_blocker on the active stack's top entry
/// (marking it when it has no mark, clearing the mark when it has one),
/// take_result of that entry while it holds a result, and proceed while a
/// batch is held back.
struct ActionGenerator {
    /// The reason the generated set_blocker marks an entry with.
    static let blockerReason = "Unsaved draft"
    /// The result the generated pop, back and dismiss hand. Computed, not
    /// stored: a global holding an indirect enum's box reads to a leak
    /// checker as memory lost (its pointer carries the case's tag bits).
    static var result: JSONValue { .string("picked") }

    /// The actions, in the order the search tries them.
    let actions: [Action]
    /// The route each generated URL was written for, by URL: empty when no link ends with
    /// that route (the root's link `"stack": []`, say), so that it has no route to land.
    let linkRoutes: [String: String]

    /// The actions of `table`.
    init(table: RouteTable) {
        let requests = table.definitions.sorted { $0.key < $1.key }.map { Self.request($0.value) }
        var actions: [Action] = requests.map { .push($0) }
        actions += [.pop(count: 1), .popToRoot(), .back(), .dismiss(all: false)]
        actions += [.pop(count: 1, result: Self.result), .back(result: Self.result), .dismiss(all: false, result: Self.result)]
        actions += requests.map { .present($0, style: nil) }
        var hasSplit = false
        for layout in table.everyLayout {
            switch layout {
            case .stack: break
            case .tabs(let tabs): actions += tabs.map { .selectTab($0.name) }
            case .split(_, let sidebar, _):
                hasSplit = true
                actions += sidebar.compactMap { table.definitions[$0].map(Self.request) }.map { .select($0) }
            }
        }
        for condition in table.conditions {
            actions += [.setCondition(name: condition.name, value: true), .setCondition(name: condition.name, value: false)]
        }
        var urls: [String] = []
        var linkRoutes: [String: String] = [:]
        let landing = Set(table.links.links.compactMap(\.routes.last))
        for request in requests {
            if let url = try? table.url(for: request), linkRoutes[url] == nil {
                urls.append(url)
                linkRoutes[url] = landing.contains(request.name) ? request.name : ""
            }
        }
        actions += urls.map { .openURL($0, mode: nil) }
        self.linkRoutes = linkRoutes
        if hasSplit { actions += [.setCompact(true), .setCompact(false)] }
        self.actions = actions
    }

    /// The moves the search tries from `state`: the generated actions, then
    /// set_blocker on the active stack's top, take_result of that top while
    /// it holds a result, and proceed while a batch is held back.
    func moves(in state: CheckState) -> [CheckMove] {
        var moves = actions.map(CheckMove.action)
        if let top = state.navigator.activeStack.entries.last {
            moves.append(.action(.setBlocker(id: top.id, reason: top.blocker == nil ? Self.blockerReason : nil)))
            if top.result != nil { moves.append(.action(.takeResult(id: top.id))) }
        }
        if state.held != nil { moves.append(.proceed) }
        return moves
    }

    /// A request for the route with one representative value for each
    /// param that needs one (an optional param is left out, a defaulted one
    /// takes its default).
    private static func request(_ definition: RouteDefinition) -> RouteRequest {
        var params: [(String, InputValue)] = []
        for (name, spec) in definition.params where spec.presence == .required {
            params.append((name, representative(spec.type)))
        }
        return RouteRequest(name: definition.name, params: params)
    }

    /// One value of `type`: 1, "a", true, a fixed UUID, an enum's first value,
    /// a list of one such item.
    private static func representative(_ type: ParamType) -> InputValue {
        switch type {
        case .string: return .string("a")
        case .int: return .int(1)
        case .bool: return .bool(true)
        case .uuid: return .string("00000000-0000-4000-8000-000000000001")
        case .oneOf(let values): return .string(values.first ?? "")
        case .list(let item): return .array([representative(item)])
        }
    }
}
