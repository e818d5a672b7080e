extension Snapshot {
    /// Refuses a snapshot that cannot be restored at all (`.restore`): another
    /// app's, or one whose ids or counters are corrupt. Such a snapshot was not
    /// written by navcore, so no entry of it can be trusted (docs/restore.md).
    func checkUsable(for table: RouteTable) throws(NavError) {
        guard app == table.app else {
            let theirs = app.map { "of app \"\(ParamType.excerpt($0))\"" } ?? "without an app id"
            let ours = table.app.map { "is app \"\($0)\"" } ?? "declares no app"
            throw NavError(.restore, at: "app", "a snapshot \(theirs), but this route table \(ours)")
        }
        guard tableVersion >= 1 else { throw NavError(.restore, at: "table_version", "must be >= 1, got \(tableVersion)") }
        guard (1...Navigator.maxCounter).contains(nextID) else {
            throw NavError(.restore, at: "next_id", "must be in 1...\(Navigator.maxCounter), got \(nextID)")
        }
        guard (0...Navigator.maxCounter).contains(seq) else {
            throw NavError(.restore, at: "seq", "must be in 0...\(Navigator.maxCounter), got \(seq)")
        }
        var ids: Set<Int> = []
        ids.reserveCapacity(allStacks.reduce(0) { $0 + $1.items.count })
        var names: Set<String> = []
        for (index, stack) in allStacks.enumerated() {
            let isLayer = index >= stacks.count
            func location() -> String { isLayer ? "presentations[\(index - stacks.count)]" : "stacks.\(stack.name)" }
            guard let root = stack.items.first else { throw NavError(.restore, at: "\(location()).entries", "has no entries") }
            guard names.insert(stack.name).inserted else { throw NavError(.restore, at: location(), "stack \"\(stack.name)\" appears twice") }
            if isLayer, stack.name != "layer:\(root.id)" {
                throw NavError(.restore, at: "\(location()).stack", "must be \"layer:\(root.id)\" (named after its root entry), got \"\(ParamType.excerpt(stack.name))\"")
            }
            try checkItems(stack, at: location(), level: 1, &ids)
        }
    }

    /// Refuses a container whose stacks are empty, or whose entries have
    /// ids out of range or seen before (`ids`), or bad saved state; or one
    /// nested deeper than `Limits.maxNesting`.
    private func check(_ container: Container, at location: String, level: Int, _ ids: inout Set<Int>) throws(NavError) {
        guard level <= Limits.maxNesting else {
            throw NavError(.restore, at: location, "containers nest deeper than the limit of \(Limits.maxNesting)")
        }
        for stack in container.stacks {
            try checkItems(stack, at: "\(location).stacks.\(ParamType.excerpt(stack.name))", level: level, &ids)
        }
    }

    /// Refuses a stack that is empty, or whose entries have ids out of range
    /// or seen before (`ids`), or bad saved state, or hold containers or have
    /// presentations over them that `check` or `checkOwned` refuse.
    private func checkItems(_ stack: Stack, at place: String, level: Int, _ ids: inout Set<Int>) throws(NavError) {
        guard !stack.items.isEmpty else { throw NavError(.restore, at: "\(place).entries", "has no entries") }
        for (position, item) in stack.items.enumerated() {
            func at(_ key: String) -> String { "\(place).entries[\(position)].\(key)" }
            guard item.id >= 1, item.id < nextID else {
                throw NavError(.restore, at: at("id"), "id \(item.id) is outside 1..<next_id (\(nextID))")
            }
            guard ids.insert(item.id).inserted else { throw NavError(.restore, at: at("id"), "duplicate entry id \(item.id)") }
            if let problem = item.state?.limitViolation { throw NavError(.restore, at: at("state"), "saved state is \(problem)") }
            if let nested = item.container { try check(nested, at: at("container"), level: level + 1, &ids) }
        }
        try checkOwned(stack, at: place, level: level, &ids)
    }

    /// Refuses presentations over `stack` that are not named
    /// `<stack>/layer:<root id>`, or whose entries are not as `checkItems` wants.
    private func checkOwned(_ stack: Stack, at location: String, level: Int, _ ids: inout Set<Int>) throws(NavError) {
        for (index, layer) in stack.presentations.enumerated() {
            let place = "\(location).presentations[\(index)]"
            guard let root = layer.items.first else { throw NavError(.restore, at: "\(place).entries", "has no entries") }
            guard layer.name == "\(stack.name)/layer:\(root.id)" else {
                throw NavError(.restore, at: "\(place).stack", "must be \"\(ParamType.excerpt(stack.name))/layer:\(root.id)\" (named after its stack and its root entry), got \"\(ParamType.excerpt(layer.name))\"")
            }
            try checkItems(layer, at: place, level: level, &ids)
        }
    }
}
