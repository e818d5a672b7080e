/// All navigation state of one app window: today one stack, `main`, whose
/// root is the table's root route. Every change goes through `apply`.
public struct Navigator: Equatable, Sendable {
    /// The name of the navigator's one stack.
    public static let mainStack = "main"

    /// The route table every route is checked against.
    public let table: RouteTable
    /// Every stack; the first is `main`.
    public private(set) var stacks: [Stack]
    /// The index in `stacks` of the stack that actions change.
    public private(set) var activeIndex: Int
    /// The id the next new entry takes.
    public private(set) var nextID: Int
    /// How many batches have changed something.
    public private(set) var seq: Int

    /// A navigator whose main stack holds only the root entry, id 1.
    public init(table: RouteTable) {
        self.table = table
        let root = Entry(id: 1, route: table.root, title: table.title(for: table.root))
        stacks = [Stack(name: Navigator.mainStack, root: root)]
        activeIndex = 0
        nextID = 2
        seq = 0
    }

    /// The stack that actions change.
    public var activeStack: Stack { stacks[activeIndex] }

    /// Applies `actions` in order, all or nothing. On error nothing changes and
    /// the error is located at `actions[i]`.
    public mutating func apply(_ actions: [Action]) throws(NavError) -> Transition {
        let before = TopEntry(stack: activeStack.name, top: activeStack.top)
        let startID = nextID
        var edit = StackEdit(stacks[activeIndex])
        var opened: LinkResolution?
        for (index, action) in actions.enumerated() {
            do {
                opened = try Navigator.perform(action, table: table, on: &stacks[activeIndex], nextID: &nextID, edit: &edit)
            } catch {
                edit.rollback(&stacks[activeIndex])
                nextID = startID
                throw error.under("actions[\(index)]")
            }
        }
        let change = edit.change(of: stacks[activeIndex])
        if !change.isEmpty { seq += 1 }
        return Transition(
            seq: seq,
            cause: (actions.count == 1 ? opened : nil).map { .url($0.url, link: $0.link?.pattern, mode: $0.mode) }
                ?? .actions(ops: actions.map(\.op)),
            changes: change.isEmpty ? [] : [change],
            before: before,
            after: TopEntry(stack: activeStack.name, top: activeStack.top))
    }

    /// Applies one action to `stack`, issuing ids from `nextID`; returns what
    /// an `open_url` resolved to.
    private static func perform(_ action: Action, table: RouteTable, on stack: inout Stack,
                                nextID: inout Int, edit: inout StackEdit) throws(NavError) -> LinkResolution? {
        func newEntry(_ route: Route) throws(NavError) -> Entry {
            guard nextID < Int.max else { throw NavError(.internal, "entry ids are exhausted") }
            defer { nextID += 1 }
            return Entry(id: nextID, route: route, title: table.title(for: route))
        }
        /// Makes `routes` the path, keeping the entries of the equal prefix.
        func replacePath(with routes: [Route]) throws(NavError) {
            var kept = 0
            while kept < routes.count, kept < stack.path.count, stack.path[kept].route == routes[kept] { kept += 1 }
            edit.truncate(&stack, to: kept)
            for route in routes[kept...] { stack.path.append(try newEntry(route)) }
        }
        func checked(_ request: RouteRequest, at location: String) throws(NavError) -> Route {
            do {
                return try table.check(request)
            } catch {
                throw error.under(location)
            }
        }
        switch action {
        case .push(let request):
            let route = try checked(request, at: "route")
            stack.path.append(try newEntry(route))
        case .pop(let count):
            guard count >= 1 else { throw NavError(.action, at: "count", "must be at least 1, got \(count)") }
            edit.truncate(&stack, to: stack.path.count - min(count, stack.path.count))
        case .popTo(let target, let inclusive):
            let index = try pathIndex(of: target, in: stack, table: table)
            edit.truncate(&stack, to: index.map { inclusive ? $0 : $0 + 1 } ?? 0)
        case .popToRoot:
            edit.truncate(&stack, to: 0)
        case .replace(let request):
            let route = try checked(request, at: "route")
            guard !stack.path.isEmpty else {
                throw NavError(.noEntry, "the path is empty: there is no entry above the root to replace")
            }
            edit.truncate(&stack, to: stack.path.count - 1)
            stack.path.append(try newEntry(route))
        case .setStack(let requests):
            var routes: [Route] = []
            routes.reserveCapacity(requests.count)
            for (index, request) in requests.enumerated() {
                routes.append(try checked(request, at: "routes[\(index)]"))
            }
            try replacePath(with: routes)
        case .openURL(let url, let mode):
            let resolution = try table.resolve(url, mode: mode)
            switch resolution.mode {
            case .replace: try replacePath(with: resolution.routes)
            case .push: for route in resolution.routes { stack.path.append(try newEntry(route)) }
            }
            return resolution
        }
        return nil
    }

    /// The path index of a `popTo` target, nil for the root.
    private static func pathIndex(of target: Action.Target, in stack: Stack, table: RouteTable) throws(NavError) -> Int? {
        switch target {
        case .id(let id):
            if id == stack.root.id { return nil }
            guard let index = stack.pathIndex(ofID: id) else {
                throw NavError(.noEntry, at: "id", "no entry with id \(id) on stack \"\(stack.name)\"")
            }
            return index
        case .name(let name):
            guard table.definitions[name] != nil else {
                throw NavError(.route, at: "name", "unknown route \"\(ParamType.excerpt(name))\"")
            }
            if let index = stack.pathIndex(ofName: name) { return index }
            guard stack.root.route.name == name else {
                throw NavError(.noEntry, at: "name", "no entry of route \"\(name)\" on stack \"\(stack.name)\"")
            }
            return nil
        }
    }
}
