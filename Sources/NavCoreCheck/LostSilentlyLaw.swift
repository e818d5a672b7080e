import NavCore

/// Nothing is lost silently (docs/conditions.md, the pending intent;
/// docs/blockers.md, "Results"): across every action that applies, the
/// pending intent stays, or the transition reports what became of it
/// (`intent`: held, replayed, dropped, advanced); a result an entry holds
/// stays, or is taken (`take_result`), replaced by a newer one the
/// transition hands, or goes with its entry, which the transition reports
/// removed. A held batch's token may expire without a word: by design
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
            return "the result entry \(entry.id) (\"\(entry.title)\") held is gone, and the transition says nothing of it"
        }
        return nil
    }
}
