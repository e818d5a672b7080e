/// The bookkeeping of one batch of actions: enough to undo it exactly and to
/// describe it as a transition, without copying any stack or layer that it
/// leaves alone. A class, so that the actions share one record instead of
/// copying it.
///
/// Presentations only come and go at the top of their owner's, so the batch
/// remembers, for each owner, the fewest there were during it
/// (`PresentationsRecord`). Undo and diff then cost what the batch touched,
/// never the number of presentations.
final class Batch {
    /// A stack's identity for the length of a batch: a container's stack by
    /// its holder and index, or a presentation's root entry id, whatever it
    /// covers (cheaper to compare than the stack's name).
    enum Key: Equatable {
        /// The presentation whose root entry has this id.
        case layer(rootID: Int)
        /// Stack `child` of the container held by `holder` (`Navigator.rootHolder`: a base stack).
        case contained(holder: Int, child: Int)
    }

    /// The undo record of each stack the batch changed, in the order it first
    /// changed them. A batch changes few stacks, most often one, so a list
    /// searched from its end costs less than hashing a key at every change.
    var edits: [Edit] = []
    /// What the batch did to the presentations over the whole app (a
    /// stored record of its own: a batch that touches none over a stack
    /// allocates none).
    var appRecord: PresentationsRecord
    /// What each action did, in order.
    var results = BatchResults()

    /// The navigator's selection, history, next id, conditions, columns,
    /// pending intent and locale before the batch: the transition compares
    /// with it, and a failed batch is put back to it by one assignment.
    /// Every entry older than the batch has an id below `before.nextID`.
    let before: Navigator.Globals
    /// The root container's selection, tab history and columns before the
    /// batch, kept and put back the same way.
    let rootBefore: ContainerState
    /// The active top before the batch.
    let topBefore: TopEntry
    /// The active stack before the batch, found once for `topBefore`: its
    /// first action acts on it without walking the tree again (`Navigator.run`).
    let activeBefore: Navigator.StackRef
    /// The batch's actions.
    var actions: [Action] = []
    /// The index in `actions` of the action running.
    var position = 0
    /// The state of each container (older than the batch) whose selection,
    /// history or columns it changed, as it was before its first change.
    var containerStarts: [(holder: Int, state: ContainerState)] = []
    /// The entries the batch may have removed (`forEachRemovable`) that hold
    /// a container, once its actions have run and the blocker check looked
    /// (`Navigator.mayRemoveBlockerBelow`); nil before. Its commit then
    /// needs no second look.
    var removableHolders: [Int]?
    /// The parts most batches leave empty (`Rare`), made at the first
    /// change of one: a batch that needs none releases one nil at its end
    /// instead of each of them.
    private var rare: Rare?

    /// Starts a batch on `navigator` that may remove the blocking entries in
    /// `past`, and treats the replays it reaches as `decisions` says.
    init(_ navigator: borrowing Navigator, past: Set<Int> = [], decisions: [IntentDecision] = []) {
        if !past.isEmpty || !decisions.isEmpty { rare = Rare(decisions: decisions, past: past) }
        appRecord = PresentationsRecord(owner: Presentations.app, floor: navigator.presentations.overApp.count)
        before = navigator.globals
        rootBefore = navigator.root.state
        activeBefore = navigator.activeRef
        topBefore = navigator.topEntry(of: activeBefore)
    }

    /// The index in `edits` of `key`'s undo record, first made (for `stack`,
    /// as it is before its first change) when the batch has not changed it yet.
    func slot(of key: Key, starting stack: Stack) -> Int {
        slot(of: key, depth: stack.path.count)
    }

    /// `slot(of:starting:)` for a stack whose path holds `depth` entries
    /// before its first change (passing the stack itself could copy it).
    func slot(of key: Key, depth: Int) -> Int {
        if let index = edits.lastIndex(where: { $0.key == key }) { return index }
        edits.append(Edit(key: key, edit: StackEdit(depth: depth)))
        return edits.count - 1
    }

    /// The undo record of one stack, with the stack's key. A struct, so
    /// that freeing the list runs its own code rather than the runtime's
    /// generic code for tuples.
    struct Edit {
        /// The stack's key.
        let key: Key
        /// Its undo record.
        var edit: StackEdit
    }

    /// Whether the batch changed no stack but the one `key` names and
    /// neither presented nor dismissed anything (containers' selections
    /// aside: `containerStarts` tells those).
    func changedOnly(_ key: Key) -> Bool {
        stackRecords.isEmpty && !appRecord.moved && edits.allSatisfy { $0.key == key }
    }

    /// The undo record of `key`'s stack, when the batch changed it.
    func edit(of key: Key) -> StackEdit? {
        edits.last { $0.key == key }?.edit
    }

    /// The decision for the replay the batch reaches now, nil when no
    /// earlier run decided it (the intent's actions are then performed).
    func nextDecision() -> IntentDecision? {
        defer { madeRare.replays += 1 }
        let replays = rare?.replays ?? 0
        return replays < decisions.count ? decisions[replays] : nil
    }

    /// Whether setting condition `name` to `value` now gives it its final
    /// value for the last time: no action still to come sets it otherwise.
    func isFinal(_ name: String, _ value: Bool) -> Bool {
        func setsOtherwise(_ action: Action) -> Bool {
            guard let set = action.unit as? Action.SetCondition, set.name == name else { return false }
            return set.value != value
        }
        return !replayRest.contains(where: setsOtherwise) && !actions[min(position + 1, actions.count)...].contains(where: setsOtherwise)
    }

    /// The stack changes: base stacks in order, then containers' stacks,
    /// then presentations, owner by owner (`presentationChanges`).
    func changes(_ navigator: Navigator) -> [StackChange] {
        let (bases, containers) = (navigator.bases, navigator.containers)
        if edits.isEmpty && !appRecord.moved && stackRecords.isEmpty { return [] }
        var changes: [StackChange] = []
        let baseEdits = edits.compactMap { record -> (index: Int, edit: StackEdit)? in
            if case .contained(Navigator.rootHolder, let index) = record.key { return (index, record.edit) }
            return nil
        }
        for (index, edit) in baseEdits.sorted(by: { $0.index < $1.index }) {
            changes.append(edit.change(of: bases[index]))
        }
        // A container's stacks, in the order the batch first changed them;
        // a container the batch made is told by the entry that holds it.
        for record in edits {
            guard case .contained(let holder, let child) = record.key, holder != Navigator.rootHolder, holder < before.nextID,
                  let container = containers[holder] else { continue }
            changes.append(record.edit.change(of: container.stacks[child]))
        }
        changes += presentationChanges(appRecord, in: navigator)
        for record in stackRecords { changes += presentationChanges(record, in: navigator) }
        return changes.filter { !$0.isEmpty }
    }

    /// How each container older than the batch changed its selection,
    /// history or columns, in the order the batch first changed them.
    @inline(never)
    func containerChanges(_ containers: ContainerTable) -> [ContainerChange] {
        containerStarts.compactMap { holder, start in containers[holder].flatMap { ContainerChange($0, since: start) } }
    }
}

extension Batch {
    /// The parts of a batch that most batches leave empty or unset: those
    /// of redirects, replays of the pending intent, containers made,
    /// results handed, marks and presentations over single stacks. A class, so
    /// that a batch without it holds one nil word.
    final class Rare {
        /// What the batch did to the presentations over each single stack it
        /// touched (one presented, dismissed, or its stack changed), in the
        /// order it first did.
        var stackRecords: [PresentationsRecord] = []
        /// What the last `open_url` of the batch resolved to.
        var opened: LinkResolution?
        /// The redirects that happened, in order.
        var redirects: [RedirectStep] = []
        /// The holders of the containers the batch made, in order.
        var created: [Int] = []
        /// What the batch did to the pending intent.
        var intent: IntentEvent?
        /// What to do with the pending intent at each replay the batch reaches,
        /// in order, as earlier runs of the same batch decided (`Navigator.apply`).
        var decisions: [IntentDecision] = []
        /// How many replays the batch reached so far.
        var replays = 0
        /// The decision a replay that failed asks for: the batch is then run
        /// again with it.
        var undecided: IntentDecision?
        /// Whether the batch replayed the intent's actions (an undecided replay
        /// that went through).
        var performedReplay = false
        /// While the pending intent is replayed: the intent's actions still to
        /// come. With the batch's own, they decide whether a `set_condition`
        /// gives its condition its final value.
        var replayRest: ArraySlice<Action> = []
        /// The blocking entries the batch may remove: the host proceeds past them.
        var past: Set<Int> = []
        /// The blocking entries that a forced condition's change to false removed
        /// (its `on_false` policy's removals): they are overridden, no others.
        var forced: Set<Int> = []
        /// The results handed between screens, in order.
        var handed: [HandedInBatch] = []
        /// The last mark the batch set on each entry, by id, with the entry as
        /// marked: the mark that counts when the batch removes it (docs/blockers.md).
        var marks: [Int: EntryInStack] = [:]

        /// Replays decided as `decisions` says, past the blocking entries in `past`.
        init(decisions: [IntentDecision] = [], past: Set<Int> = []) {
            self.decisions = decisions
            self.past = past
        }
    }

    /// The rare part, made at its first change.
    private var madeRare: Rare {
        if let rare { return rare }
        let made = Rare()
        rare = made
        return made
    }

    /// `Rare.stackRecords`.
    var stackRecords: [PresentationsRecord] {
        get { rare?.stackRecords ?? [] }
        _modify { yield &madeRare.stackRecords }
    }

    /// `Rare.opened`.
    var opened: LinkResolution? {
        get { rare?.opened ?? nil }
        _modify { yield &madeRare.opened }
    }

    /// `Rare.redirects`.
    var redirects: [RedirectStep] {
        get { rare?.redirects ?? [] }
        _modify { yield &madeRare.redirects }
    }

    /// `Rare.created`.
    var created: [Int] {
        get { rare?.created ?? [] }
        _modify { yield &madeRare.created }
    }

    /// `Rare.intent`.
    var intent: IntentEvent? {
        get { rare?.intent ?? nil }
        _modify { yield &madeRare.intent }
    }

    /// `Rare.decisions`.
    var decisions: [IntentDecision] {
        get { rare?.decisions ?? [] }
        _modify { yield &madeRare.decisions }
    }

    /// `Rare.undecided`.
    var undecided: IntentDecision? {
        get { rare?.undecided ?? nil }
        _modify { yield &madeRare.undecided }
    }

    /// `Rare.performedReplay`.
    var performedReplay: Bool {
        get { rare?.performedReplay ?? false }
        _modify { yield &madeRare.performedReplay }
    }

    /// `Rare.replayRest`.
    var replayRest: ArraySlice<Action> {
        get { rare?.replayRest ?? [] }
        _modify { yield &madeRare.replayRest }
    }

    /// `Rare.past`.
    var past: Set<Int> {
        get { rare?.past ?? Set() }
        _modify { yield &madeRare.past }
    }

    /// `Rare.forced`.
    var forced: Set<Int> {
        get { rare?.forced ?? Set() }
        _modify { yield &madeRare.forced }
    }

    /// `Rare.handed`.
    var handed: [HandedInBatch] {
        get { rare?.handed ?? [] }
        _modify { yield &madeRare.handed }
    }

    /// `Rare.marks`.
    var marks: [Int: EntryInStack] {
        get { rare?.marks ?? Dictionary() }
        _modify { yield &madeRare.marks }
    }
}

/// What a run of a batch does with the pending intent at a replay, decided by
/// an earlier run of the same batch whose replay could not go through.
enum IntentDecision: Equatable {
    /// It needs this other condition, which is false: it waits for it now.
    case advance(Int)
    /// It is dropped for this reason.
    case drop(String)
}
