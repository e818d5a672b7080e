/// The stack actions that remove entries above a stack's root: pop and pop_to.
extension Navigator {
    /// `pop`: removes up to `count` (>= 1) entries of the stack `tab` or
    /// `stack` addresses (`target`), never its root; a `result` goes to the
    /// entry it reveals.
    mutating func pop(_ count: Int, tab: String?, stack: StackAddress?, active: StackRef?, result: JSONValue?,
                      _ batch: Batch) throws(NavError) -> ActionResult {
        guard count >= 1 else { throw NavError(.action, at: "count", "must be at least 1, got \(count)") }
        let ref = try target(tab, stack, active: active)
        let depth = read(ref) { $0.path.count }
        return try handing(result, on: ref, batch) { (navigator) throws(NavError) in
            navigator.truncate(ref, to: depth - min(count, depth), depth: depth, batch)
        }
    }

    /// `pop_to`: removes the entries of the stack at `ref` above `target`,
    /// and the target too when `inclusive`.
    mutating func popTo(_ target: Action.Target, inclusive: Bool, on ref: StackRef, _ batch: Batch) throws(NavError) -> ActionResult {
        let index = try pathIndex(of: target, in: ref)
        return truncate(ref, to: index.map { inclusive ? $0 : $0 + 1 } ?? 0, batch)
    }

    /// Pops `ref`'s path down to `index` entries: `popped`, or `unchanged`.
    /// `depth`, when given, is the path's length now (read already).
    mutating func truncate(_ ref: StackRef, to index: Int, depth: Int? = nil, _ batch: Batch) -> ActionResult {
        guard depth ?? read(ref, { $0.path.count }) > index else { return .unchanged }
        edit(ref, batch) { stack, record in record.truncate(&stack, to: index) }
        return .popped
    }

    /// The path index of a `popTo` target, nil for the root.
    private func pathIndex(of target: Action.Target, in ref: StackRef) throws(NavError) -> Int? {
        let (found, stackName) = read(ref) { stack -> (Found, String) in (Found(target, in: stack), stack.name) }
        switch (found, target) {
        case (.root, _): return nil
        case (.path(let index), _): return index
        case (.missing, .id(let id)):
            throw NavError(.noEntry, at: "id", "no entry with id \(id) on stack \"\(stackName)\"")
        case (.missing, .name(let name)):
            guard table.definitions[name] != nil else {
                throw NavError(.route, at: "name", "unknown route \"\(ParamType.excerpt(name))\"" + RouteTable.suggestion(for: name, in: table.definitions))
            }
            throw NavError(.noEntry, at: "name", "no entry of route \"\(name)\" on stack \"\(stackName)\"")
        }
    }

    /// Where a `popTo` target stands in a stack.
    private enum Found {
        /// The root entry.
        case root
        /// The entry at this path index (the topmost one, for a name).
        case path(Int)
        /// Not on the stack.
        case missing

        init(_ target: Action.Target, in stack: Stack) {
            switch target {
            case .id(let id):
                if stack.root.id == id { self = .root } else { self = stack.pathIndex(ofID: id).map(Found.path) ?? .missing }
            case .name(let name):
                if let index = stack.pathIndex(ofName: name) { self = .path(index) } else { self = stack.root.route.name == name ? .root : .missing }
            }
        }
    }
}
