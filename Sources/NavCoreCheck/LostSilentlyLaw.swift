import NavCore

/// Nothing is lost silently (docs/conditions.md, the pending intent;
/// docs/blockers.md, "Results"): across every action that applies, the
/// pending intent stays, or the transition reports what became of it
/// (`intent`: held, replayed, dropped, advanced); a result an entry holds
/// stays, or is taken (`take_result`), replaced by a newer one the
/// transition hands, or goes with its entry, or with an entry that holds
/// the container it sits in, which the transition reports removed. A held batch's token may expire without a word: by design
/// (docs/blockers.md), so tokens are not checked.
enum LostSilentlyLaw {
    /// The law's name.
    static let name = "nothing_lost_silently"

    /// What breaks the law when `transition` took `before` to `after`.
    static func violation(before: Navigator, after: Navigator, transition: Transition) -> String? {
        if let pending = before.pending, after.pending != pending, transition.intent == nil {
            return "the pending intent waiting for \"\(before.table.conditions[pending.condition].name)\" is gone, and the transition says nothing of it"
        }
        let removed = Set(transition.changes.flatMap(\.removed))
        let handed = Set(transition.handed.map(\.to))
        let taken = transition.results.contains(.resultTaken)
        let held = Dictionary(after.everyStack.flatMap(\.entries).map { ($0.id, $0.result) }) { first, _ in first }
        for entry in before.everyStack.flatMap(\.entries) {
            guard let result = entry.result else { continue }
            if case .some(.some(let now)) = held[entry.id], now == result { continue }
            if taken || handed.contains(entry.id) || (held[entry.id] == nil && removed.contains(entry.id)) { continue }
            if held[entry.id] == nil, wentWithHolder(entry.id, in: before, removed: removed) { continue }
            return "the result entry \(entry.id) (\"\(entry.title)\") held is gone, and the transition says nothing of it"
        }
        return nil
    }

    /// Whether an entry that holds the container entry `id` sits in (or
    /// one holding that entry's, and so on up the tree) is among `removed`:
    /// an entry and what it holds are one thing (docs/structure.md,
    /// "Nesting"), so the transition reports the holder alone.
    private static func wentWithHolder(_ id: Int, in navigator: Navigator, removed: Set<Int>) -> Bool {
        var stackHolders: [String: Int] = [:]
        var holders: [Int: Int] = [:]
        for (holder, container) in navigator.containers {
            for stack in container.stacks {
                stackHolders[stack.name] = holder
                for entry in stack.entries { holders[entry.id] = holder }
            }
        }
        // A presentation over one stack goes with the entry that holds that stack.
        for (owner, layers) in navigator.presentations.overStacks {
            guard let holder = stackHolders[owner] else { continue }
            for entry in layers.flatMap(\.stack.entries) { holders[entry.id] = holder }
        }
        var current = holders[id]
        while let holder = current {
            if removed.contains(holder) { return true }
            current = holders[holder]
        }
        return false
    }
}
