extension ActionLog where State == Navigator {
    /// The same log with its oldest `count` records folded into the base,
    /// which becomes the state after them. The base is rebuilt by applying the
    /// folded batches again: a batch that applied once applies the same way to
    /// the same state, so a failure here is a bug (`.internal`).
    public func folding(_ count: Int) throws(NavError) -> ActionLog<Navigator> {
        let count = min(max(0, count), records.count)
        var base = self.base
        for (index, record) in records[..<count].enumerated() {
            switch record {
            case .actions(let actions, _, let past):
                do {
                    _ = try base.apply(actions, past: past)
                } catch {
                    throw NavError(.internal, at: "batches[\(index)]", "a logged batch did not apply again while folding the log: \(error.message)")
                }
            case .restore(let state, _):
                base = state
            }
        }
        // folded <= Navigator.maxCounter and count <= records.count: the sum cannot overflow.
        return ActionLog(base: base, records: Array(records[count...]), folded: folded + count, capacity: capacity)
    }
}
