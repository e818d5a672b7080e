/// What a batch did to the presentations, owner by owner: one rule for
/// those over the whole app and those over one stack, at any level.
extension Batch {
    /// What the batch did to the presentations over one owner. They only
    /// come and go at the top, so the fewest there were during the batch
    /// (`floor`) splits them: those below stayed in place, those above it
    /// now were all presented by the batch, and those that stood above it
    /// before are the ones it dismissed. Their stacks' changes are edits
    /// like any stack's (`Key.layer`).
    struct PresentationsRecord {
        /// The owner (`Presentations.app`: the whole app).
        let owner: String
        /// The fewest presentations over it there were during the batch.
        var floor: Int
        /// Whether the batch presented or dismissed one over it.
        var moved = false
        /// Those that existed before the batch and were dismissed, as they
        /// were then, one group per dismissal; each group lies below the
        /// ones before it.
        var dismissedGroups: [[Layer]] = []

        /// The dismissed ones that existed before the batch, bottom first.
        var dismissed: [Layer] {
            dismissedGroups.count == 1 ? dismissedGroups[0] : dismissedGroups.reversed().flatMap { $0 }
        }
    }

    /// Every record: the whole app's first, then each stack's in the order
    /// the batch first touched it.
    var records: [PresentationsRecord] {
        [appRecord] + stackRecords
    }

    /// `body` on `owner`'s record, first made (with `count` presentations
    /// over it now) when the batch has not touched it yet.
    func modifyRecord(over owner: String, count: Int, _ body: (inout PresentationsRecord) -> Void = { _ in }) {
        if owner.isEmpty { return body(&appRecord) }
        if let index = stackRecords.lastIndex(where: { $0.owner == owner }) { return body(&stackRecords[index]) }
        stackRecords.append(PresentationsRecord(owner: owner, floor: count))
        body(&stackRecords[stackRecords.count - 1])
    }

    /// Whether the batch touched a presentation over a single stack.
    var touchedStackPresentations: Bool {
        !stackRecords.isEmpty
    }

    /// Whether the batch presented or dismissed something over the whole app.
    var movedOverApp: Bool {
        appRecord.moved
    }

    /// Whether the batch may have presented or dismissed anything: false
    /// for most batches, which then read no record further.
    @inline(__always)
    var movedAny: Bool {
        appRecord.moved || !stackRecords.isEmpty
    }

    /// Whether `layer` was up before the batch (its root is older than the batch).
    func existedBefore(_ layer: Layer) -> Bool {
        layer.stack.root.id < before.nextID
    }

    /// Notes a presentation over `owner`, which had `count` before it.
    func notePresented(over owner: String, count: Int) {
        modifyRecord(over: owner, count: count) { $0.moved = true }
    }

    /// Notes the top presentations `removed` (bottom first) over `owner`,
    /// which had `count` before, leaving `remaining`.
    func noteDismissed(_ removed: [Layer], over owner: String, count: Int, remaining: Int) {
        let older = removed.filter(existedBefore)
        modifyRecord(over: owner, count: count) { record in
            record.moved = true
            record.floor = min(record.floor, remaining)
            if !older.isEmpty { record.dismissedGroups.append(older) }
        }
    }

    /// Whether the batch dismissed a presentation that existed before it.
    var dismissedAny: Bool {
        movedAny && (!appRecord.dismissedGroups.isEmpty || stackRecords.contains { !$0.dismissedGroups.isEmpty })
    }

    /// The dismissed presentations that existed before the batch: the whole
    /// app's, then each other owner's in `records` order, each bottom first.
    var dismissed: [Layer] {
        guard movedAny else { return [] }
        return stackRecords.isEmpty ? appRecord.dismissed : records.flatMap(\.dismissed)
    }

    /// The presentations over `record`'s owner the batch presented that are
    /// still up in `navigator`, bottom first. None over a stack that went in
    /// the batch (an entry above it popped, say): they went with it, and
    /// the transition reports the entry that held it instead, as it does
    /// for whatever else that entry held.
    func presentedNow(_ record: PresentationsRecord, in navigator: Navigator) -> ArraySlice<Layer> {
        guard record.moved else { return [] }
        let now = navigator.presentations[record.owner]
        guard now.count > record.floor, stands(record.owner, in: navigator) else { return [] }
        return now[record.floor...]
    }

    /// Whether the owner still stands in `navigator`'s tree: the whole app
    /// always, a stack while its name still reaches it.
    private func stands(_ owner: String, in navigator: Navigator) -> Bool {
        owner.isEmpty || (try? navigator.ref(named: owner)) != nil
    }

    /// Whether a presentation the batch presented is still up (`presented` is not empty).
    func presentedAny(_ presentations: Presentations) -> Bool {
        guard movedAny else { return false }
        return (appRecord.moved && presentations.overApp.count > appRecord.floor)
            || stackRecords.contains { $0.moved && presentations.count(over: $0.owner) > $0.floor }
    }

    /// The presentations the batch presented that are still up: the whole
    /// app's, then each other owner's in `records` order, each bottom first.
    func presented(_ navigator: Navigator) -> [PresentedLayer] {
        guard movedAny else { return [] }
        return records.flatMap { record in
            presentedNow(record, in: navigator).map { PresentedLayer(stack: $0.stack.name, style: $0.style) }
        }
    }

    /// Each owner's presentations as the batch found them: those above the
    /// floor are the batch's own, the dismissed ones go back above it.
    func restore(_ presentations: inout Presentations) {
        for record in records where record.moved {
            presentations.truncate(over: record.owner, to: record.floor)
            for layer in record.dismissed { presentations.append(layer, over: record.owner) }
        }
    }

    /// The owner and index of the presentation whose root has `rootID`; nil
    /// for one the batch presented (`restore` took it away again).
    func locate(rootID: Int, in presentations: Presentations) -> (owner: String, index: Int)? {
        guard rootID < before.nextID else { return nil }
        return presentations.locate(rootID: rootID)
    }

    /// The stack changes of the presentations over `record`'s owner in
    /// `navigator`: each dismissed one with all its entries removed, then,
    /// bottom first, each older one the batch changed and each new one still
    /// up (`presentedNow`) with all its entries added.
    func presentationChanges(_ record: PresentationsRecord, in navigator: Navigator) -> [StackChange] {
        let layers = navigator.presentations[record.owner]
        var changes: [StackChange] = []
        for layer in record.dismissed {
            let entries = edit(of: .layer(rootID: layer.stack.root.id))?.originalEntries(of: layer.stack) ?? layer.stack.entries
            changes.append(StackChange(stack: layer.stack.name, before: entries, after: []))
        }
        // Without a `stack`, only the presentation just below the floor can
        // be an older one the batch edited: it was on top whenever the batch
        // had the fewest. A stack action may name a lower one.
        let floor = min(record.floor, layers.count)
        // floor > 1 before floor - 1 is taken: no index below 0.
        let addressedLower = floor > 1 && edits.contains { record in
            if case .layer(let rootID) = record.key { return layers[..<(floor - 1)].contains { $0.stack.root.id == rootID } }
            return false
        }
        // Whether the new ones are still up (`presentedNow`), found at the first new one.
        var newOnesUp: Bool?
        for layer in layers[(addressedLower ? 0 : max(0, floor - 1))...] {
            if !existedBefore(layer) {
                // Only a presentation the batch made stands above the floor.
                let up = newOnesUp ?? !presentedNow(record, in: navigator).isEmpty
                newOnesUp = up
                if up {
                    changes.append(StackChange(stack: layer.stack.name, before: [], after: layer.stack.entries))
                }
            } else if let edit = edit(of: .layer(rootID: layer.stack.root.id)) {
                changes.append(edit.change(of: layer.stack))
            }
        }
        return changes
    }
}
