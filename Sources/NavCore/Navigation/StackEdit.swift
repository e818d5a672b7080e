/// The undo record of one stack during a batch. Every change to a path is a
/// truncation followed by appends (and, for a split view's detail stack, a new
/// root), so it is enough to remember the lowest index touched and the
/// original entries from there up: a rollback and the diff then cost only as
/// much as the change, never the depth.
struct StackEdit {
    /// Path indexes below this still hold the original entries.
    private(set) var lowWater: Int
    /// The original entries from `lowWater` to the original end of the path.
    private(set) var original: [Entry] = []
    /// The original root, once the root has been replaced.
    private(set) var originalRoot: Entry?
    /// Whether the stack's entries differ, by id or order, from those it
    /// held when recording started, as of the end of the last change
    /// (`record`): what a commit asks without finding the stack again.
    private(set) var changed = false

    /// Starts recording changes to a stack whose path holds `depth` entries.
    init(depth: Int) {
        lowWater = depth
    }

    /// Removes the path entries at `index` and above, remembering originals.
    mutating func truncate(_ stack: inout Stack, to index: Int) {
        let index = max(0, min(index, stack.path.count))
        if index < lowWater {
            original.insert(contentsOf: stack.path[index..<lowWater], at: 0)
            lowWater = index
        }
        stack.removePath(from: index)
    }

    /// Empties the path and gives the stack a new root.
    mutating func replaceRoot(_ stack: inout Stack, with root: Entry) {
        truncate(&stack, to: 0)
        setRoot(&stack, to: root)
    }

    /// Gives the stack a new root value, keeping its path.
    mutating func setRoot(_ stack: inout Stack, to root: Entry) {
        if originalRoot == nil { originalRoot = stack.root }
        stack.setRoot(root)
    }

    /// Puts the original root and path back.
    func rollback(_ stack: inout Stack) {
        if let originalRoot { stack.setRoot(originalRoot) }
        stack.removePath(from: lowWater)
        stack.push(contentsOf: original)
    }

    /// Every entry the stack held when recording started, root first.
    func originalEntries(of stack: Stack) -> [Entry] {
        [originalRoot ?? stack.root] + stack.path[..<lowWater] + original
    }

    /// Runs `body`, a change of `stack` recorded here, then notes in
    /// `changed` whether the stack's entries now differ from those it held
    /// when recording started, while the stack is at hand.
    mutating func record(_ stack: inout Stack, _ body: (inout Stack, inout StackEdit) -> Void) {
        body(&stack, &self)
        changed = changedEntries(of: stack)
    }

    /// Whether the stack's entries now differ, by id or order, from those it
    /// held when recording started: whether `change(of:)` is not empty,
    /// without building it.
    private func changedEntries(of stack: Stack) -> Bool {
        if let originalRoot, originalRoot.id != stack.root.id { return true }
        let after = stack.path[lowWater...]
        return after.count != original.count || !zip(after, original).allSatisfy { $0.id == $1.id }
    }

    /// Whether any original entry left its place: from the low-water mark up, or a replaced root
    /// (its id alone is read: comparing the whole optional entry with nil would copy it).
    var tookAny: Bool {
        !original.isEmpty || originalRoot?.id != nil
    }

    /// Calls `body` on each original entry the stack no longer holds in place:
    /// those from the low-water mark up, and a replaced root.
    func forEachOriginal(_ body: (Entry) -> Void) {
        if let originalRoot { body(originalRoot) }
        original.forEach(body)
    }

    /// The animation step of the net change since recording started, for a
    /// stack whose path still reaches the low-water mark: what comes off
    /// above the longest run of entries kept from the root (by id), and what
    /// goes on; nil when nothing did. A new root (only a split view's detail
    /// stack gets one) is a new sidebar selection, a `detail` step. The
    /// entries below the low-water mark are the same before and after, so
    /// the run is sought from there: the step costs what the change touched,
    /// never the stack's depth.
    func step(of stack: Stack) -> Animation.Step? {
        if let originalRoot, originalRoot.id != stack.root.id {
            return .stack(stack.name, popped: 1 + lowWater + original.count, pushed: stack.entries, detail: true)
        }
        let after = stack.path[lowWater...]
        var kept = 0
        while kept < original.count, kept < after.count, original[kept].id == after[after.startIndex + kept].id { kept += 1 }
        guard kept < original.count || kept < after.count else { return nil }
        return .stack(stack.name, popped: original.count - kept, pushed: Array(after.dropFirst(kept)), detail: false)
    }

    /// The net change since recording started.
    func change(of stack: Stack) -> StackChange {
        var before = original
        var after = Array(stack.path[lowWater...])
        if let originalRoot {
            before.insert(originalRoot, at: 0)
            after.insert(stack.root, at: 0)
        }
        return StackChange(stack: stack.name, before: before, after: after)
    }
}
