/// The stack actions that add entries: push (with its duplicate policies),
/// replace and set_stack.
extension Navigator {
    /// Pushes a route onto the target stack following `policy` (nil: the
    /// route's own): `pushed`, `absorbed`, `moved` or `replaced`.
    mutating func push(_ request: RouteRequest, on ref: StackRef, policy: PushPolicy?, _ batch: Batch) throws(NavError) -> ActionResult {
        let mark = batch.redirects.count
        // The check's lookup serves the policy and the new entry's title.
        let (route, definition) = try checkedDefined(request, at: "route", for: ref, batch)
        if redirectedToTop(route, since: mark, of: ref, batch) { return .unchanged }
        switch policy ?? definition?.pushPolicy ?? .allow {
        case .allow:
            break
        case .singleTop:
            if read(ref, { $0.top.route == route }) { return .absorbed }
        case .bringToFront:
            guard let index = read(ref, { stack in stack.path.lastIndex { $0.route == route } }) else { break }
            if index == read(ref, { $0.path.count - 1 }) { return .absorbed }
            edit(ref, batch) { stack, record in
                let moving = stack.path[index]
                let above = Array(stack.path[(index + 1)...])
                record.truncate(&stack, to: index)
                stack.push(contentsOf: above)
                stack.push(moving)
            }
            return .moved
        case .replaceTop:
            guard let top = read(ref, { $0.path.last }), top.route.name == route.name else { break }
            if top.route == route { return .absorbed }
            let entry = try newEntry(route, .on(ref, root: false), batch, definition: definition)
            edit(ref, batch) { stack, record in
                record.truncate(&stack, to: stack.path.count - 1)
                stack.push(entry)
            }
            return .replaced
        }
        // Taken out of an optional, the new entry moves into the path: a
        // closure cannot consume what it captures, so pushing it would copy it.
        var entry: Entry? = try newEntry(route, .on(ref, root: false), batch, definition: definition)
        edit(ref, batch) { stack, _ in if let entry = entry.take() { stack.push(entry) } }
        return .pushed
    }

    /// Replaces the top entry above the root: `replaced`.
    mutating func replace(_ request: RouteRequest, on ref: StackRef, _ batch: Batch) throws(NavError) -> ActionResult {
        let mark = batch.redirects.count
        let route = try checked(request, at: "route", for: ref, batch)
        if redirectedToTop(route, since: mark, of: ref, batch) { return .unchanged }
        guard read(ref, { !$0.path.isEmpty }) else {
            throw NavError(.noEntry, "the path is empty: there is no entry above the root to replace")
        }
        let entry = try newEntry(route, .on(ref, root: false), batch)
        edit(ref, batch) { stack, record in
            record.truncate(&stack, to: stack.path.count - 1)
            stack.push(entry)
        }
        return .replaced
    }

    /// Makes `requests` the path, keeping the entries of the equal prefix: `set` or `unchanged`.
    mutating func setStack(_ requests: [RouteRequest], on ref: StackRef, _ batch: Batch) throws(NavError) -> ActionResult {
        var routes: [Route] = []
        routes.reserveCapacity(requests.count)
        for (index, request) in requests.enumerated() {
            routes.append(try checked(request, at: "routes[\(index)]", for: ref, batch))
        }
        return try setPath(routes, on: ref, batch)
    }

    /// Makes checked `routes` the path of `ref`, keeping the entries of the
    /// equal prefix: `set` or `unchanged`.
    mutating func setPath(_ routes: [Route], on ref: StackRef, _ batch: Batch) throws(NavError) -> ActionResult {
        let kept = read(ref) { stack in
            zip(stack.path, routes).prefix { $0.route == $1 }.count
        }
        if kept == routes.count && kept == read(ref, { $0.path.count }) { return .unchanged }
        var entries: [Entry] = []
        for route in routes[kept...] { entries.append(try newEntry(route, .on(ref, root: false), batch)) }
        edit(ref, batch) { stack, record in
            record.truncate(&stack, to: kept)
            stack.push(contentsOf: entries)
        }
        return .set
    }
}
