/// The step plan of a committed change (docs/shells.md, "Animating a
/// change"), built from the batch's own records when a view model asks for
/// it, never at the commit. A change is judged by its net effect on what
/// existed before it: a batch `[push, pop]` that left a stack as it was has
/// no step there, and what a new entry or layer holds inside (the tabs of a
/// pushed settings screen) is drawn as the view model shows it, not stepped.
/// Every step is one the batch's kind of change decides (never an action
/// kind): a new kind of action that changes no stack (a locale) adds no step.
extension Navigator {
    /// How to animate `change`, on this navigator as it is after it (or
    /// after later calls that changed nothing: their records are the same).
    public func animation(of change: LastChange) -> Animation {
        let batch = change.batch
        var steps = dismissSteps(batch)
        steps += tabSteps(batch)
        steps += stackSteps(batch)
        steps += splitSteps(batch, after: steps)
        steps += presentSteps(batch)
        return Animation(seq: change.seq, steps: steps)
    }

    /// The presentations that existed before and went, top first: those
    /// over one stack, then those over the whole app.
    private func dismissSteps(_ batch: Batch) -> [Animation.Step] {
        batch.records.reversed().flatMap { record in
            record.dismissed.reversed().map { Animation.Step.dismiss(layer: $0.stack.name, over: record.owner.isEmpty ? nil : record.owner) }
        }
    }

    /// The tabs selected instead of others in each container older than the
    /// batch, outermost first: the root's (which names no container), then
    /// the others'.
    private func tabSteps(_ batch: Batch) -> [Animation.Step] {
        var steps: [Animation.Step] = []
        for (container, start) in changedContainers(batch) where container.isTabs && container.state.selected != start.selected {
            guard container.stacks.indices.contains(start.selected) else { continue }
            let name = container.level == root.level ? nil : container.name
            steps.append(.tab(container.selectedStack.name, from: container.stacks[start.selected].name, container: name))
        }
        return steps
    }

    /// The split views whose columns changed, in each container the batch
    /// touched, outermost first (the root's included). A `detail` step shows a compact split view's detail
    /// column (as `select` does), so a split view whose detail stack
    /// restarted and that ends on its sidebar gets a step, changed or not
    /// (a selection, then Back to the sidebar).
    private func splitSteps(_ batch: Batch, after earlier: [Animation.Step]) -> [Animation.Step] {
        var steps: [Animation.Step] = []
        func due(_ detail: String, from start: SplitForm, to end: SplitForm) -> Bool {
            let restarted = earlier.contains { if case .stack(detail, _, _, true) = $0 { true } else { false } }
            return start != end || (restarted && end.sidebarShown)
        }
        for (container, start) in touchedContainers(batch) where container.isSplit {
            let detail = container.selectedStack.name
            if due(detail, from: start.split, to: container.state.split) { steps.append(.sidebar(detail, container.state.split)) }
        }
        return steps
    }

    /// The containers older than the batch whose state it changed, with
    /// their state before it, outermost first.
    private func changedContainers(_ batch: Batch) -> [(container: Container, start: ContainerState)] {
        touchedContainers(batch).filter { $0.container.state != $0.start }
    }

    /// The containers older than the batch whose state it set, changed or
    /// not (set and set back), with their state before it, outermost first:
    /// the root always (a batch keeps its state before, `rootBefore`).
    private func touchedContainers(_ batch: Batch) -> [(container: Container, start: ContainerState)] {
        [(root, batch.rootBefore)] + batch.containerStarts.compactMap { holder, start in containers[holder].map { ($0, start) } }
            .sorted { $0.container.level < $1.container.level }
    }

    /// The stacks that existed before and changed: base stacks in order,
    /// containers' stacks outermost first, the layers that stayed bottom
    /// first, then the presentations over one stack that stayed.
    private func stackSteps(_ batch: Batch) -> [Animation.Step] {
        var based: [(index: Int, step: Animation.Step)] = []
        var nested: [(level: Int, step: Animation.Step)] = []
        var layered: [(owner: Int, index: Int, step: Animation.Step)] = []
        for record in batch.edits {
            let edit = record.edit
            switch record.key {
            case .contained(Navigator.rootHolder, let index):
                guard bases.indices.contains(index) else { continue }
                let stack = bases[index]
                if let change = step(of: stack, edit) { based.append((index, change)) }
            case .layer(let rootID):
                guard let (owner, index) = batch.locate(rootID: rootID, in: presentations),
                      let order = batch.records.firstIndex(where: { $0.owner == owner }) else { continue }
                if let change = step(of: presentations[owner][index].stack, edit) { layered.append((order, index, change)) }
            case .contained(let holder, let child):
                guard holder < batch.before.nextID, let container = containers[holder], container.stacks.indices.contains(child) else { continue }
                let stack = container.stacks[child]
                if let change = step(of: stack, edit) { nested.append((container.level, change)) }
            }
        }
        var steps = based.sorted { $0.index < $1.index }.map(\.step)
        steps += nested.sorted { $0.level < $1.level }.map(\.step)
        steps += layered.sorted { ($0.owner, $0.index) < ($1.owner, $1.index) }.map(\.step)
        return steps
    }

    /// The step of `stack`, changed as `edit` recorded (`StackEdit.step(of:)`);
    /// nil when it did not change, or when the record does not fit the stack
    /// (a change of another navigator: its plan says nothing of this one).
    private func step(of stack: Stack, _ edit: StackEdit) -> Animation.Step? {
        guard edit.lowWater <= stack.path.count else { return nil }
        return edit.step(of: stack)
    }

    /// The presentations the batch presented that are still up, bottom
    /// first: those over one stack that existed before, then those over the
    /// whole app.
    private func presentSteps(_ batch: Batch) -> [Animation.Step] {
        // The whole app's record comes first among the batch's, its steps last.
        (batch.records.dropFirst().filter { ownerExistedBefore($0.owner, batch) } + batch.records.prefix(1)).flatMap { record in
            batch.presentedNow(record, in: self).map {
                Animation.Step.present(layer: $0.stack.name, style: $0.style, over: record.owner.isEmpty ? nil : record.owner, entries: $0.stack.entries)
            }
        }
    }

    /// Whether the stack named `owner` is older than the batch, so that a
    /// presentation over it is a step of its own; one over a stack the batch
    /// made is part of what holds that stack. A container's stack is as old
    /// as the entry that holds the container (a split view's detail stack
    /// keeps its age when a selection gives it a new root; the root
    /// container's holder, 0, is older than every entry); a presentation's,
    /// as its root.
    private func ownerExistedBefore(_ owner: String, _ batch: Batch) -> Bool {
        guard let ref = try? ref(named: owner) else { return false }
        switch ref {
        case .contained(let holder, _): return holder < batch.before.nextID
        case .presented: return read(ref) { $0.root.id } < batch.before.nextID
        }
    }
}
