/// The undo record of one stack during a batch. Every change to a path is a
/// truncation followed by appends, so it is enough to remember the lowest
/// index touched and the original entries from there up: a rollback and the
/// added/removed diff then cost only as much as the change, never the depth.
struct StackEdit {
    /// Path indexes below this still hold the original entries.
    private(set) var lowWater: Int
    /// The original entries from `lowWater` to the original end of the path.
    private(set) var original: [Entry] = []

    /// Starts recording changes to `stack`.
    init(_ stack: Stack) {
        lowWater = stack.path.count
    }

    /// Removes the path entries at `index` and above, remembering originals.
    mutating func truncate(_ stack: inout Stack, to index: Int) {
        let index = max(0, min(index, stack.path.count))
        if index < lowWater {
            original.insert(contentsOf: stack.path[index..<lowWater], at: 0)
            lowWater = index
        }
        stack.path.removeSubrange(index...)
    }

    /// Puts the original path back.
    func rollback(_ stack: inout Stack) {
        stack.path.removeSubrange(lowWater...)
        stack.path.append(contentsOf: original)
    }

    /// The net change: original ids no longer on the stack, and entries on it
    /// that were not there before, both bottom first.
    func change(of stack: Stack) -> StackChange {
        let current = stack.path[lowWater...]
        if original.isEmpty || current.isEmpty {
            return StackChange(stack: stack.name, removed: original.map(\.id), added: Array(current))
        }
        let currentIDs = Set(current.map(\.id))
        let originalIDs = Set(original.map(\.id))
        return StackChange(
            stack: stack.name,
            removed: original.filter { !currentIDs.contains($0.id) }.map(\.id),
            added: current.filter { !originalIDs.contains($0.id) })
    }
}
