/// What one batch did to one stack: the entries it removed and added, and the
/// kept entries it reordered.
public struct StackChange: Equatable, Sendable {
    /// The stack's name.
    public let stack: String
    /// Ids that were on the stack before and are not after, bottom first.
    public let removed: [Int]
    /// Entries on the stack after that were not before, bottom first.
    public let added: [Entry]
    /// Ids of kept entries whose order changed (the fewest that explain it).
    public let moved: [Int]
    /// The removed entries that were blocking (docs/blockers.md).
    let removedBlockers: [Entry]

    /// Whether the stack changed at all.
    public var isEmpty: Bool { removed.isEmpty && added.isEmpty && moved.isEmpty }

    /// The change between two runs of entries (bottom first). With
    /// `comparingValues`, an entry that keeps its id but not its value (a restore
    /// gave it another title or saved state) counts as removed and added again.
    init(stack: String, before: [Entry], after: [Entry], comparingValues: Bool = false) {
        self.stack = stack
        if before.isEmpty || after.isEmpty {
            removed = before.map(\.id)
            removedBlockers = before.filter { $0.blocker != nil }
            added = after
            moved = []
            return
        }
        var beforeIndex: [Int: Int] = [:]
        for (index, entry) in before.enumerated() { beforeIndex[entry.id] = index }
        let kept = after.compactMap { entry in
            beforeIndex[entry.id].flatMap { !comparingValues || before[$0] == entry ? (id: entry.id, position: $0) : nil }
        }
        let keptIDs = Set(kept.map(\.id))
        removed = before.filter { !keptIDs.contains($0.id) }.map(\.id)
        removedBlockers = before.filter { $0.blocker != nil && !keptIDs.contains($0.id) }
        added = after.filter { !keptIDs.contains($0.id) }
        // The entries that stay in place are a longest run in the original order,
        // preferring the lower ones: search the reversed order for a decreasing run.
        let reversed = kept.reversed().map { -$0.position }
        let stayed = Set(StackChange.longestIncreasingRun(reversed).map { kept.count - 1 - $0 })
        moved = kept.enumerated().filter { !stayed.contains($0.offset) }.map(\.element.id)
    }

    /// The indexes of one longest strictly increasing subsequence of `values`.
    private static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: Set<Int> = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            run.insert(cursor)
            cursor = previous[cursor]
        }
        return run
    }
}
