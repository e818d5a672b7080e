/// All navigation state of one app window: the base stacks (one `main`
/// stack, one per tab, or a split view's `detail` stack), the presentations
/// above them, the tab selection and its history. Every change goes through
/// `apply`, atomically.
public struct Navigator: Equatable, Sendable {
    /// The name of the only base stack of the `stack` layout.
    public static let mainStack = "main"
    /// The name of the base stack of the `split` layout.
    public static let detailStack = "detail"
    /// The largest value of `seq` and `nextID` (`NAVCORE_MAX_COUNTER`, 2^53 - 1,
    /// the largest integer every JSON reader holds exactly). Counters read from
    /// a snapshot or log are refused above it, so that growing them by one can
    /// never overflow; a change that would pass it fails with `.limit`.
    public static let maxCounter = Limits.maxCounter
    /// The most actions one batch may hold (`NAVCORE_MAX_BATCH_ACTIONS`).
    public static let maxBatchActions = Limits.maxBatchActions

    /// The holder id of the root container, the navigator's own level: no
    /// entry has it (ids start at 1), so that every container, the root
    /// included, is named by the id of what holds it.
    static let rootHolder = 0

    /// Where a stack lives.
    enum StackRef: Equatable {
        /// The stack of presentation `index` (bottom first) over `owner`:
        /// `presentations[owner][index].stack` (`Presentations.app`: over
        /// the whole app; else over the stack of that name, at any level).
        case presented(over: String, index: Int)
        /// Stack `child` of the container `holder` holds (`rootHolder`: a
        /// base stack, `root.stacks[child]`; else `containers[holder]`).
        case contained(holder: Int, child: Int)

        /// Stack `child` of the root container: a base stack.
        static func root(_ child: Int) -> StackRef { .contained(holder: Navigator.rootHolder, child: child) }
    }

    /// The route table every route is checked against.
    public let table: RouteTable
    /// The navigator's own level: the root container (docs/structure.md,
    /// "Nesting"). Its stacks are the base stacks (`main`, one per tab, or a
    /// split view's `detail`), its state the selected tab, the tab history
    /// and the split view's columns.
    public private(set) var root: Container
    /// Every presentation, by what it covers: the whole app, or one stack
    /// whatever its level (docs/structure.md, "Nesting").
    public private(set) var presentations = Presentations()
    /// How many batches have changed something.
    public private(set) var seq: Int
    /// The containers of the tree, by the id of the entry that holds each
    /// (docs/structure.md, "Nesting"); empty for a flat table.
    public private(set) var containers = ContainerTable()
    /// The selection, tab history, next id, conditions, columns, pending
    /// intent and locale (`Globals`), each read through its own property
    /// and changed by the named changes under "Where the fields change".
    ///
    /// Every stored field is assigned in this file only: by the
    /// initializer, a batch's commit and rollback, and the changes under
    /// "Where the fields change" below, which the rest of the module calls.
    private(set) var globals: Globals

    /// A navigator at its start: every base stack at its root (ids from 1, in
    /// declaration order), nothing presented, the first tab selected.
    public init(table: RouteTable) {
        self.table = table
        var nextID = 1
        func entry(_ route: Route) -> Entry {
            defer { nextID += 1 }
            return Entry(id: nextID, route: route, title: table.title(for: route))
        }
        let bases: [Stack]
        switch table.layout {
        case .stack(let root):
            bases = [Stack(name: Navigator.mainStack, root: entry(root))]
        case .split(let root, _, _):
            bases = [Stack(name: Navigator.detailStack, root: entry(root))]
        case .tabs(let tabs):
            bases = tabs.map { Stack(name: $0.name, root: entry($0.root)) }
        }
        root = Container(name: "", layout: NestedLayout(rootOf: table), stacks: bases, state: ContainerState(), level: 1)
        globals = Globals(nextID: nextID, conditions: table.conditions.map(\.initial))
        seq = 0
        // The base roots take the first ids; the containers they hold, the ids after.
        for index in bases.indices where table.layouts[bases[index].root.route.name] != nil {
            guard let layout = table.layouts[bases[index].root.route.name] else { continue }
            // A table's roots place no route that needs a false condition,
            // and the table's check bounds the nesting: this cannot fail.
            try? makeContainer(layout, holder: bases[index].root.id, .on(.contained(holder: Navigator.rootHolder, child: index), root: true), nil)
        }
    }

    /// The presentations over the whole app, bottom first.
    public var layers: [Layer] {
        presentations.overApp
    }

    /// The stack that stack actions change: the leaf of the active path
    /// (the top layer's stack, else the selected base stack, then into the
    /// container its top entry holds, and so on).
    public var activeStack: Stack {
        read(activeRef) { $0 }
    }

    /// The selected tab's name, nil for a layout without tabs.
    public var selectedTab: String? {
        table.tabs.isEmpty ? nil : bases[selected].name
    }

    /// Applies `actions` in order, all or nothing. On error nothing changes and
    /// the error is located at `actions[i]`.
    public mutating func apply(_ actions: [Action], past: Set<Int> = []) throws(NavError) -> Transition {
        try apply(actions, past: past) { (_) throws(NavError) in () }.transition
    }

    /// Applies `actions` in order, all or nothing, and runs `finish` on the
    /// transition before the batch counts as done: what it makes (the
    /// transition's text, say) exists whenever the change does. When an action
    /// or `finish` fails, the batch is undone and nothing has changed. A batch
    /// that would remove a blocking entry is `.blocked`, unless the entry's id
    /// is in `past` (the host proceeds past it; docs/blockers.md).
    public mutating func apply<Finished>(
        _ actions: [Action], past: Set<Int> = [], finishing finish: (Transition) throws(NavError) -> Finished
    ) throws(NavError) -> (transition: Transition, finished: Finished) {
        var described: Transition?
        let (_, finished) = try apply(actions, past: past, describing: true) { (transition) throws(NavError) -> Finished in
            guard let transition else { throw NavError(.internal, at: "actions", "a described batch has no transition") }
            described = transition
            return try finish(transition)
        }
        guard let described else { throw NavError(.internal, at: "actions", "a described batch has no transition") }
        return (described, finished)
    }

    /// `apply(_:past:finishing:)`, building the transition only when
    /// `describing`, or when the blocker check needs it: otherwise `finish`
    /// gets nil, and the outcome says what a commit needs at the cost of what
    /// the batch touched.
    public mutating func apply<Finished>(
        _ actions: [Action], past: Set<Int> = [], describing: Bool,
        finishing finish: (Transition?) throws(NavError) -> Finished
    ) throws(NavError) -> (outcome: Outcome, finished: Finished) {
        guard actions.count <= Navigator.maxBatchActions else {
            throw NavError(.limit, at: "actions", "a batch holds at most \(Navigator.maxBatchActions) actions, got \(actions.count)")
        }
        // A replay of the pending intent that cannot go through is decided
        // (it advances to the next false condition it needs, or it is
        // dropped) and the batch runs again from the start with the decision.
        // Each run decides one more replay, and a batch reaches at most one
        // replay per condition, so this ends.
        var decisions: [IntentDecision] = []
        while decisions.count <= table.conditions.count {
            let batch = Batch(self, past: past, decisions: decisions)
            do {
                try run(actions, batch)
            } catch {
                rollback(batch)
                if let decision = batch.undecided {
                    decisions.append(decision)
                    continue
                }
                // A batch that needs a condition it set false itself cannot wait for it: it fails.
                guard let missing = error.missingCondition, !conditions[missing] else { throw error }
                let held = Batch(self, past: past)
                do {
                    try hold(actions, for: missing, held)
                } catch {
                    rollback(held)
                    throw error
                }
                return try settle(actions, held, describing: describing, finishing: finish)
            }
            do {
                return try settle(actions, batch, describing: describing, finishing: finish)
            } catch {
                // A blocker that holds back the intent's replay does not hold
                // back the batch (a sign-in): the replay is dropped instead.
                guard batch.performedReplay, let blocked = error.blocked else { throw error }
                decisions.append(.drop("its replay is held back by entry \(blocked.entry.id) (\"\(blocked.entry.title)\" on stack \"\(blocked.stack)\"): \(blocked.reason)"))
            }
        }
        throw NavError(.internal, at: "actions", "the pending intent's replays were decided more often than the table has conditions")
    }

    /// Performs `actions` in order on `batch`, checks that every result it
    /// handed still has its receiver, then drops the pending intent if the
    /// batch cancelled its flow. Errors are located at `actions[i]`.
    private mutating func run(_ actions: [Action], _ batch: Batch) throws(NavError) {
        batch.actions = actions
        for (index, action) in actions.enumerated() {
            batch.position = index
            do {
                // Nothing has changed before the first action: the batch's start knows the active stack.
                batch.results.append(try perform(action, batch, active: index == 0 ? batch.activeBefore : nil))
            } catch {
                throw error.under("actions[\(index)]")
            }
        }
        try checkReceivers(batch)
        dropIntentIfFlowWent(batch)
    }

    /// Counts the applied `batch` as a change (unless it changed nothing) once
    /// `finish` has run on its transition (built when `describing`, or when
    /// the blocker check needs it); undoes it when either fails.
    private mutating func settle<Finished>(
        _ actions: [Action], _ batch: Batch, describing: Bool, finishing finish: (Transition?) throws(NavError) -> Finished
    ) throws(NavError) -> (outcome: Outcome, finished: Finished) {
        // A constant, so that `finish` and the outcome read it where it stands (a variable is copied for each).
        let transition: Transition?
        if describing || (containers.isEmpty && !presentations.coverStacks ? batch.mayRemoveBlocker : mayRemoveBlockerBelow(batch)) {
            var built = self.transition(of: actions, batch)
            do {
                built.overrode = try checkBlockers(built, of: actions, batch)
            } catch {
                rollback(batch)
                throw error
            }
            transition = built.changed ? built : built.unchanged(seq: seq)
        } else {
            transition = nil
        }
        // What a built transition says, else the same found in what the batch touched.
        let changed = transition?.changed ?? batch.changed(self)
        if changed && seq >= Navigator.maxCounter {
            rollback(batch)
            throw NavError(.limit, at: "seq", "the change counter reached its maximum \(Navigator.maxCounter)")
        }
        let finished: Finished
        do {
            finished = try finish(transition)
        } catch {
            rollback(batch)
            throw error
        }
        if !containers.isEmpty || presentations.coverStacks || batch.touchedStackPresentations { dropRemovedContainers(batch) }
        // seq never exceeds maxCounter, so seq + 1 cannot overflow.
        if changed { seq += 1 }
        return (Outcome(seq: seq, changed: changed, transition: transition, batch: batch, announcement: nil), finished)
    }

    /// The transition of the applied `batch`, counted as the next change.
    private func transition(of actions: [Action], _ batch: Batch) -> Transition {
        let tabBefore = bases[batch.rootBefore.selected].name
        let transitionTab = table.tabs.isEmpty || batch.rootBefore.selected == selected ? nil : (before: tabBefore, after: bases[selected].name)
        // seq never exceeds maxCounter, so seq + 1 cannot overflow.
        return Transition(
            seq: seq + 1,
            cause: (actions.count == 1 && actions[0].op == .openURL ? batch.opened : nil)
                .map { .url($0.url, link: $0.link?.pattern, mode: $0.mode, reason: $0.reason) }
                ?? .actions(ops: actions.map(\.op)),
            results: batch.results.array,
            changes: batch.changes(self),
            presented: batch.presented(self),
            dismissed: batch.dismissed.map(\.stack.name),
            tab: transitionTab,
            tabHistory: batch.rootBefore.tabHistory == tabHistory ? nil : tabHistory.map { bases[$0].name },
            before: batch.topBefore,
            after: activeTop(after: batch),
            conditions: conditionChanges(since: batch.before.conditions),
            split: batch.rootBefore.split == split ? nil : split,
            intent: batch.intent, handed: batch.handed.map(\.result),
            redirects: batch.redirects, containers: batch.containerChanges(containers),
            locale: batch.before.locale == locale ? nil : LocaleChange(before: batch.before.locale, after: locale))
    }

    /// Puts back everything `batch` changed, touching only what it changed.
    private mutating func rollback(_ batch: Batch) {
        batch.restore(&presentations)
        for record in batch.edits {
            switch record.key {
            case .layer(let rootID):
                guard let (owner, index) = batch.locate(rootID: rootID, in: presentations) else { continue }
                presentations.modify(over: owner, index) { $0.rollback(record.edit) }
            case .contained(let holder, let child):
                // A container the batch made goes below.
                guard holder < batch.before.nextID else { continue }
                modifyContainer(holder) { $0.rollback(child, record.edit) }
            }
        }
        if !batch.created.isEmpty || !batch.containerStarts.isEmpty {
            for holder in batch.created { containers[holder] = nil }
            for (holder, state) in batch.containerStarts where holdsContainer(holder) {
                containers.modify(holder) { $0.putBack(state) }
            }
        }
        // A locale put back titles every entry in it again; the value assigned after is the one the batch found.
        if locale != batch.before.locale { take(locale: batch.before.locale) }
        globals = batch.before
        root.putBack(batch.rootBefore)
    }

    /// Applies one action and says what it did: the one dispatch of actions,
    /// `Action.Body`'s switch to the unit the action holds (`OpUnit`),
    /// written from the table of ops. `active`, when given, is
    /// the active stack now (found already), which saves walking the tree.
    mutating func perform(_ action: Action, _ batch: Batch, active: StackRef? = nil) throws(NavError) -> ActionResult {
        try action.body.perform(on: &self, batch, active: active)
    }

    /// Changes a stack in place, recording the change for undo and diff. A
    /// change of a split view's detail stack shows it in compact form,
    /// unless `showingDetail` is false (a change of one entry's value).
    mutating func edit(_ ref: StackRef, _ batch: Batch, showingDetail: Bool = true, _ body: (inout Stack, inout StackEdit) -> Void) {
        switch ref {
        case .presented(let owner, let index):
            editPresented(over: owner, index, batch, body)
        case .contained(Navigator.rootHolder, let child):
            root.edit(child, holder: Navigator.rootHolder, batch, showingDetail: showingDetail, body)
        case .contained(let holder, let child):
            editNested(holder, child, batch, showingDetail: showingDetail, body)
        }
    }

    /// `edit` of the stack of presentation `index` over `owner`, recorded
    /// by the presentation's root id, and its owner's presentations noted
    /// as touched, which undoes and describes it.
    private mutating func editPresented(over owner: String, _ index: Int, _ batch: Batch, _ body: (inout Stack, inout StackEdit) -> Void) {
        batch.modifyRecord(over: owner, count: presentations.count(over: owner))
        presentations.modify(over: owner, index) { $0.edit(batch, body) }
    }

    /// `edit` of stack `child` of the container `holder` holds (a change of
    /// a split view's detail stack shows it), out of line so that `edit`
    /// stays small where a flat table calls it.
    @inline(never)
    private mutating func editNested(_ holder: Int, _ child: Int, _ batch: Batch, showingDetail: Bool,
                                     _ body: (inout Stack, inout StackEdit) -> Void) {
        modifyContainer(holder) { $0.edit(child, holder: holder, batch, showingDetail: showingDetail, body) }
    }
}

extension Navigator {
    // MARK: - Where the fields change

    /// What the navigator holds beside its tree, its counter and its
    /// table: the next entry id, the conditions, the pending intent and the
    /// locale (the selection, tab history and columns are the root
    /// container's state). One value, so that a batch keeps it as it was by one copy
    /// (`Batch.before`), compares with it for its transition, and a failed
    /// batch puts it back by one assignment (`Navigator.rollback`). Every
    /// part is small: none grows with the stacks. Its parts are set in this
    /// file alone, by the changes below.
    struct Globals: Equatable, Sendable {
        /// The id the next new entry takes.
        fileprivate(set) var nextID: Int
        /// The value of each condition the table declares, in declaration order.
        fileprivate(set) var conditions: [Bool]
        /// The batch held while its condition's flow shows, if any.
        fileprivate(set) var pending: PendingIntent?
        /// The locale the navigator was given and the table's locale it picks
        /// (docs/locales.md), nil until it is given one. One reference, so
        /// that the value grows by a word.
        fileprivate(set) var localeChoice: LocaleChoice?

        /// The locale tag, nil until the navigator is given one.
        var locale: String? { localeChoice?.tag }
    }

    /// The id the next new entry takes.
    public var nextID: Int { globals.nextID }

    /// The value of each condition the table declares, in declaration order.
    public var conditions: [Bool] { globals.conditions }

    /// The batch held while its condition's flow shows, if any.
    public var pending: PendingIntent? { globals.pending }

    /// The locale the navigator was given and the table's locale it picks;
    /// nil until it is given one.
    var localeChoice: LocaleChoice? { globals.localeChoice }

    /// The id for a new entry, `nextID`, which then moves on by one; `.limit`
    /// when the ids are exhausted. `nextID` never exceeds `maxCounter` (a
    /// snapshot's is range-checked where it is read), so the step cannot
    /// overflow. Inlined: a call out of line cost every push 23 instructions.
    @inline(__always)
    mutating func takeNextID() throws(NavError) -> Int {
        guard globals.nextID < Navigator.maxCounter else {
            throw NavError(.limit, at: "next_id", "entry ids are exhausted: next_id reached its maximum \(Navigator.maxCounter)")
        }
        defer { globals.nextID += 1 }
        return globals.nextID
    }

    /// Makes `id` the id the next new entry takes (a restore's, as the
    /// snapshot's entries left it).
    mutating func resume(nextID id: Int) {
        globals.nextID = id
    }

    /// Gives condition `index` (in declaration order) the value `value`.
    mutating func storeCondition(_ index: Int, _ value: Bool) {
        globals.conditions[index] = value
    }

    /// Gives every condition its value from `values`, in declaration order
    /// (a restore's or a replay's).
    mutating func takeConditions(_ values: [Bool]) {
        globals.conditions = values
    }

    /// Makes `intent` the batch held while its condition's flow shows.
    mutating func holdIntent(_ intent: PendingIntent) {
        globals.pending = intent
    }

    /// Forgets the pending intent, if any.
    mutating func forgetIntent() {
        globals.pending = nil
    }

    /// Takes `choice` as the navigator's locale and the table's locale it
    /// picks (nil: none); `take(locale:)` titles the entries after it.
    mutating func takeLocaleChoice(_ choice: LocaleChoice?) {
        globals.localeChoice = choice
    }

    /// `body` on the container `holder` holds (the root for `rootHolder`),
    /// changed in place with one lookup (reading it out and back would copy
    /// each of its parts); nothing when it holds none.
    mutating func modifyContainer(_ holder: Int, _ body: (inout Container) -> Void) {
        if holder == Navigator.rootHolder {
            body(&root)
        } else {
            containers.modify(holder, body)
        }
    }

    /// Makes `container` the one the entry `holder` holds: a new container,
    /// or a restored one.
    mutating func setContainer(_ container: Container, heldBy holder: Int) {
        containers[holder] = container
    }

    /// Forgets the container the entry `holder` holds, and returns it.
    mutating func removeContainer(heldBy holder: Int) -> Container? {
        containers.removeValue(forKey: holder)
    }

    /// Puts `layer` on top of the presentations over `owner`
    /// (`Presentations.app`: the whole app).
    mutating func appendPresentation(_ layer: Layer, over owner: String) {
        presentations.append(layer, over: owner)
    }

    /// Removes the presentations over `owner` above the first `remaining`,
    /// and returns them, bottom first.
    mutating func truncatePresentations(over owner: String, to remaining: Int) -> [Layer] {
        presentations.truncate(over: owner, to: remaining)
    }

    /// Removes every presentation over the stack named `owner`, and returns them.
    mutating func removePresentations(overStack owner: String) -> [Layer] {
        presentations.removeAll(overStack: owner)
    }

    /// Writes the title of every entry again, from `title` of its route: the
    /// stacks of every container (the root's are the base stacks) and of
    /// every presentation.
    mutating func retitleEntries(_ title: (Route) -> String) {
        root.retitle(title)
        containers.modifyEach { $0.retitle(title) }
        presentations.retitle(title)
    }

    /// A restore's tree as it starts: the root container with `stacks` and
    /// `state`, no other container yet (the restore adds those of the
    /// restored entries), and the change counter at `seq`.
    mutating func restart(stacks: [Stack], state: ContainerState, seq: Int) {
        containers = ContainerTable()
        root = root.with(stacks: stacks, state: state)
        self.seq = seq
    }
}

extension Transition {
    /// The same transition marked as changing nothing: the counter stays.
    func unchanged(seq: Int) -> Transition {
        Transition(seq: seq, cause: cause, results: results, changes: [], presented: [], dismissed: [],
                   tab: nil, tabHistory: nil, before: before, after: after, intent: intent, redirects: redirects)
    }
}
