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
            for (position, item) in stack.items.enumerated() {
                func at(_ key: String) -> String { "\(location()).entries[\(position)].\(key)" }
                guard item.id >= 1, item.id < nextID else {
                    throw NavError(.restore, at: at("id"), "id \(item.id) is outside 1..<next_id (\(nextID))")
                }
                guard ids.insert(item.id).inserted else { throw NavError(.restore, at: at("id"), "duplicate entry id \(item.id)") }
                if let problem = item.state?.limitViolation { throw NavError(.restore, at: at("state"), "saved state is \(problem)") }
            }
        }
    }
}
