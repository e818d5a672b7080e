/// What a commit needs to know of a batch when nobody asked for its
/// transition, each found in what the batch touched: whether it changed
/// anything, which entries it may have removed, and its announcement. Each
/// agrees with the transition `Navigator.transition(of:_:)` builds, a law
/// that `OutcomePropertyTests` checks over generated batches.
extension Batch {
    /// Whether the batch changed anything, as `Transition.changed` says:
    /// a stack's entries (by id and order), a layer presented or dismissed,
    /// the tab or its history, a condition, the split view's columns, the
    /// pending intent, a result handed, or the locale.
    func changed(_ navigator: Navigator) -> Bool {
        if movedAny && (dismissedAny || presentedAny(navigator.presentations)) || touchedIntent || !handed.isEmpty { return true }
        if rootBefore != navigator.root.state
            || before.conditions != navigator.conditions || before.locale != navigator.locale { return true }
        if !containerStarts.isEmpty && changedContainerState(navigator.containers) { return true }
        // Each edit noted whether its stack's entries changed when it last changed them.
        for record in edits where record.edit.changed {
            switch record.key {
            case .contained(Navigator.rootHolder, _):
                return true
            case .layer(let rootID):
                // A presentation the batch presented counts above; one it dismissed, too.
                if locate(rootID: rootID, in: navigator.presentations) != nil { return true }
            case .contained(let holder, _):
                // A container the batch made counts by the entry that holds it.
                if holder < before.nextID && navigator.holdsContainer(holder) { return true }
            }
        }
        return false
    }

    /// Whether the batch did anything to the pending intent, read in place
    /// (comparing the optional event with nil copies it).
    private var touchedIntent: Bool {
        if case .some = intent { return true }
        return false
    }

    /// Whether a container older than the batch now has another selection,
    /// history or columns than at the batch's start: whether
    /// `containerChanges` is not empty, without building it.
    func changedContainerState(_ containers: ContainerTable) -> Bool {
        containerStarts.contains { holder, start in containers[holder].map { $0.state != start } ?? false }
    }

    /// The ids of every entry the batch may have removed: those each stack it
    /// edited held from its low-water mark up (and a replaced root), and those
    /// of the layers it dismissed. Some may still be up.
    var removable: [Int] {
        var ids: [Int] = []
        forEachRemovable { ids.append($0.id) }
        return ids
    }

    /// Whether the batch may have taken any entry off the tree: it took
    /// entries off a stack, or a presentation went (a push takes none).
    /// A loop of plain reads: a closure over the records would copy each.
    var tookAny: Bool {
        if dismissedAny { return true }
        for index in edits.indices where edits[index].edit.tookAny { return true }
        return false
    }

    /// Whether an entry the batch may have removed holds a blocker, or the
    /// batch set a mark itself: only then does the blocker check have work.
    var mayRemoveBlocker: Bool {
        if !marks.isEmpty { return true }
        var found = false
        forEachRemovable { if $0.blocker != nil { found = true } }
        return found
    }

    /// The announcement of the batch, on the navigator after it: its
    /// presentations, its tab change, and whether it closed the layer the
    /// user was on. A new active top (an entry the batch made: its id is at
    /// least `before.nextID`) is never announced as closing anything.
    func announcement(_ navigator: Navigator) -> Announcement {
        let top = navigator.activeTop(after: self)
        let isNew = top.top.id >= before.nextID
        let closed = !isNew && dismissedAny && dismissed.contains { Announcement.stack(topBefore.stack, isOn: $0.stack.name) }
        let presentedLast = presented(navigator).last
        return Announcement(shown: top.top.title,
                            style: presentedLast.flatMap { Announcement.stack(top.stack, isOn: $0.stack) ? $0.style : nil },
                            tab: nestedTab(navigator, on: top.stack)
                                ?? (navigator.table.tabs.isEmpty || rootBefore.selected == navigator.selected ? nil : navigator.bases[navigator.selected].name),
                            closed: closed ? topBefore.top.title : nil)
    }

    /// The stack name of the innermost tab on the active stack `active`
    /// whose container the batch switched to another tab; nil when it
    /// switched none (its split views' columns and histories aside).
    private func nestedTab(_ navigator: Navigator, on active: String) -> String? {
        var selected: [String] = []
        for (holder, start) in containerStarts {
            guard let container = navigator.containers[holder], container.isTabs, container.state.selected != start.selected else { continue }
            selected.append(container.selectedStack.name)
        }
        return selected.isEmpty ? nil : Announcement.innermostTab(of: selected, on: active)
    }

    /// Calls `body` on every entry the batch may have removed (`removable`).
    /// The records are read in place, from a constant: a loop over them, or
    /// reading each through the batch, would copy each.
    func forEachRemovable(_ body: (Entry) -> Void) {
        let edits = self.edits
        for index in edits.indices { edits[index].edit.forEachOriginal(body) }
        guard movedAny else { return }
        for layer in dismissed {
            body(layer.stack.root)
            layer.stack.path.forEach(body)
        }
    }
}
