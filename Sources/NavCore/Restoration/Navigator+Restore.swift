/// What a host validator says about an entry that passed the table's checks.
public enum Verdict: Equatable, Sendable {
    /// Restore the entry.
    case keep
    /// Drop it (`vetoed`).
    case veto
    /// The validator failed on it; it is dropped (`validator_failed`) with this message.
    case failed(String)
}

/// A host validator: gets each entry that passed the table's checks, with the
/// name of its stack, and may veto it ("the product was deleted"). May throw
/// (out of memory while describing the entry), which fails the restore.
public typealias RestoreValidator = (Entry, String) throws(NavError) -> Verdict

/// The result of a restore: the navigator and the report of what was done.
public struct Restoration: Sendable {
    /// The restored navigator.
    public let navigator: Navigator
    /// What restore kept, dropped, migrated and restarted.
    public let report: RestoreReport
}

extension Navigator {
    /// Rebuilds a navigator on `table` from a snapshot, entry by entry
    /// (docs/restore.md): migrates it, drops what no longer fits (and what the
    /// validator vetoes) and restarts stacks whose root was dropped. Throws
    /// `.restore` only for a snapshot that is unusable as a whole. A replay
    /// (`replaying: true`) reproduces the state a log recorded, so it also
    /// keeps the routes that are never restored after a relaunch, and takes
    /// the snapshot's condition values; a restore leaves them at the table's
    /// initial values, and `restore` (`adopt` with cause `restore`) keeps the
    /// navigator's current ones (docs/conditions.md).
    public static func restoring(_ snapshot: Snapshot, table: RouteTable, validator: RestoreValidator? = nil,
                                 replaying: Bool = false) throws(NavError) -> Restoration {
        try snapshot.checkUsable(for: table)
        var snapshot = snapshot
        var report = RestoreReport(fromVersion: snapshot.tableVersion, toVersion: table.version)
        let drops = Migrator.migrate(&snapshot, to: table, report: &report)
        if snapshot.layout != table.layout.kind {
            report.notes.append("the snapshot's layout is \"\(snapshot.layout.rawValue)\" and the table's \"\(table.layout.kind.rawValue)\": stacks were matched by name")
        }
        var restorer = Restorer(table: table, validator: validator, drops: drops, replaying: replaying,
                                nextID: snapshot.nextID, report: report)
        var navigator = Navigator(table: table)
        // Entries are titled in the snapshot's locale as they are restored (the validator reads them so).
        navigator.take(locale: snapshot.locale)
        restorer.titleLocale = navigator.titleLocale
        let declared = navigator.bases
        var bases: [Stack] = []
        for (index, initial) in declared.enumerated() {
            let found = snapshot.stacks.first { $0.name == initial.name }
            bases.append(try restorer.base(found, like: initial, at: index))
        }
        for stack in snapshot.stacks where !declared.contains(where: { $0.name == stack.name }) {
            restorer.dropAll(stack, .unknownStack, "this table has no stack \"\(ParamType.excerpt(stack.name))\"")
        }
        for layer in snapshot.presentations {
            if let restored = try restorer.layer(layer) { navigator.appendPresentation(restored, over: Presentations.app) }
        }
        let state = ContainerKind(table.layout).restoredState(selected: snapshot.selectedTab, history: snapshot.tabHistory, split: snapshot.split,
                                                              names: table.tabs.map(\.name), in: "this table", notes: &restorer.report.notes)
        // The containers come from the restored entries (`containers(_:into:)`): a new
        // navigator's, keyed by its roots' ids, would be held by whichever restored entry has such an id.
        navigator.restart(stacks: bases, state: state, seq: snapshot.seq)
        navigator.resume(nextID: restorer.nextID)
        try restorer.containers(snapshot, into: &navigator)
        navigator.resume(nextID: restorer.nextID)
        var conditions = navigator.conditions
        restorer.conditions(snapshot, into: &conditions, taking: replaying)
        navigator.takeConditions(conditions)
        if let pending = restorer.pending(snapshot, on: navigator) { navigator.holdIntent(pending) }
        return Restoration(navigator: navigator, report: restorer.report)
    }
}

/// Validates a snapshot's entries one at a time and builds the stacks.
private struct Restorer {
    /// What happened to one entry.
    enum Outcome {
        /// Restored as this entry.
        case kept(Entry)
        /// Dropped; `policy` says whether the entries above go too.
        case dropped(RestoreReport.Reason, String, policy: RestorePolicy)
    }

    let table: RouteTable
    let validator: RestoreValidator?
    let drops: Migrator.Drops
    /// Whether `never` routes are kept (a replay) rather than dropped (a restore).
    let replaying: Bool
    var nextID: Int
    var report: RestoreReport
    /// The table's locale the restored entries are titled in (nil: its default).
    var titleLocale: String?
    /// The snapshot's presentations over single stacks, by stack name, not restored yet.
    var ownedSnapshots: [String: [Snapshot.Stack]] = [:]

    /// A base stack from its snapshot (nil: the snapshot has none), restarted at
    /// the declared root of `initial` when its root entry is dropped.
    mutating func base(_ found: Snapshot.Stack?, like initial: Stack, at index: Int) throws(NavError) -> Stack {
        let tab = index < table.tabs.count ? table.tabs[index] : nil
        var restored: (root: Entry?, path: [Entry]) = (nil, [])
        if let found { restored = try entries(of: found, tab: tab, isLayer: false, in: (ContainerKind(table.layout), index, ofTable: true)) }
        return try stack(initial.name, restored, restartingAt: initial.root.route)
    }

    /// A stack of restored entries; when its root was dropped, it restarts at
    /// `initial` (a new entry, reported).
    private mutating func stack(_ name: String, _ restored: (root: Entry?, path: [Entry]),
                                restartingAt initial: Route) throws(NavError) -> Stack {
        let root: Entry
        if let kept = restored.root {
            root = kept
        } else {
            guard nextID < Navigator.maxCounter else {
                throw NavError(.restore, at: "next_id", "entry ids are exhausted: a stack must restart with a new root, and next_id is at its maximum \(Navigator.maxCounter)")
            }
            root = Entry(id: nextID, route: initial, title: table.title(for: initial, in: titleLocale))
            nextID += 1
            report.restarted.append(RestoreReport.Restarted(stack: name, id: root.id, name: root.route.name))
        }
        return Stack(name: name, root: root, path: restored.path)
    }

    /// A presentation from its snapshot, or nil when its style is unknown or its root was dropped.
    mutating func layer(_ snapshot: Snapshot.Stack) throws(NavError) -> Layer? {
        let style = snapshot.style ?? ""
        guard table.styles.contains(style) else {
            dropAll(snapshot, .unknownStyle, "this table has no presentation style \"\(ParamType.excerpt(style))\"")
            return nil
        }
        let restored = try entries(of: snapshot, tab: nil, isLayer: true)
        guard let root = restored.root else { return nil }
        return Layer(style: style, stack: Stack(name: snapshot.name, root: root, path: restored.path))
    }

    /// Drops every entry of a stack for one reason.
    mutating func dropAll(_ stack: Snapshot.Stack, _ reason: RestoreReport.Reason, _ message: String) {
        for item in stack.items { drop(item, from: stack.name, reason, message) }
    }

    /// The snapshot's pending intent on the restored `navigator`'s
    /// presentations (over the app, or over the stack a flow covers), or nil
    /// (with a note) when the table no longer declares its condition or its
    /// flow's layer did not restore.
    mutating func pending(_ snapshot: Snapshot, on navigator: Navigator) -> PendingIntent? {
        guard let pending = snapshot.pending else { return nil }
        guard let condition = table.conditions.firstIndex(where: { $0.name == pending.condition }) else {
            report.notes.append("the pending intent waits for condition \"\(ParamType.excerpt(pending.condition))\", which this table does not declare: dropped")
            return nil
        }
        // A flow over one stack is named `<stack>/layer:<id>`.
        var owner: String?
        if let slash = pending.flow.utf8.lastIndex(of: UInt8(ascii: "/")) { owner = String(pending.flow[..<slash]) }
        let layers = navigator.presentations[owner ?? Presentations.app]
        guard let flow = layers.first(where: { $0.stack.name == pending.flow }) else {
            report.notes.append("the pending intent's flow \"\(ParamType.excerpt(pending.flow))\" did not restore: the intent was dropped")
            return nil
        }
        let stack = pending.stack ?? navigator.stackBeneath(flowRootID: flow.stack.root.id, owner: owner)
        return PendingIntent(condition: condition, flowRootID: flow.stack.root.id, flowOwner: owner, stack: stack, actions: pending.actions)
    }

    /// Notes the snapshot's conditions the table does not declare, and sets
    /// the declared ones to the snapshot's values when `taking` them (a replay).
    mutating func conditions(_ snapshot: Snapshot, into values: inout [Bool], taking: Bool) {
        for condition in snapshot.conditions {
            guard let index = table.conditions.firstIndex(where: { $0.name == condition.name }) else {
                report.notes.append("condition \"\(ParamType.excerpt(condition.name))\" is not declared by this table: ignored")
                continue
            }
            if taking { values[index] = condition.value }
        }
    }

    /// Restores a stack's entries bottom up: the root (nil when dropped) and
    /// the path; `nested` is the container layout and index of a container's stack.
    private mutating func entries(of stack: Snapshot.Stack, tab: Tab?, isLayer: Bool,
                                  in container: (kind: ContainerKind, index: Int, ofTable: Bool)? = nil) throws(NavError) -> (root: Entry?, path: [Entry]) {
        var root: Entry?
        var path: [Entry] = []
        path.reserveCapacity(stack.items.count)
        var cut = false
        var kept: [Int] = []
        kept.reserveCapacity(stack.items.count)
        for (position, item) in stack.items.enumerated() {
            if cut {
                drop(item, from: stack.name, .belowDropped, "an entry below it was dropped")
                continue
            }
            switch try outcome(item, at: position, in: stack.name, tab: tab, isLayer: isLayer, in: container) {
            case .kept(let entry):
                kept.append(entry.id)
                if position == 0 { root = entry } else { path.append(entry) }
            case .dropped(let reason, let message, let policy):
                drop(item, from: stack.name, reason, message)
                cut = policy != .keepAbove || (isLayer && position == 0)
            }
        }
        report.kept.append(RestoreReport.Kept(stack: stack.name, ids: kept))
        return (root, path)
    }

    /// Checks one entry: migration drops, the table, the tab, the root rule, the validator.
    private func outcome(_ item: Snapshot.Item, at position: Int, in stack: String, tab: Tab?, isLayer: Bool,
                         in container: (kind: ContainerKind, index: Int, ofTable: Bool)?) throws(NavError) -> Outcome {
        if let drop = drops[item.id] { return .dropped(.migration, drop.message, policy: drop.policy) }
        guard let definition = table.definitions[item.route.name] else {
            let message = thrownMessage { () throws(NavError) in try table.check(item.route) }
            return .dropped(.unknownRoute, message, policy: .dropAbove)
        }
        let policy = definition.restorePolicy
        let route: Route
        do {
            route = try definition.check(item.route)
        } catch {
            return .dropped(.params, error.message, policy: policy == .never ? .dropAbove : policy)
        }
        if policy == .never && !replaying {
            return .dropped(.never, "route \"\(route.name)\" declares \"restore\": \"never\"", policy: .dropAbove)
        }
        if let tab, !tab.accepts(route.name) {
            return .dropped(.notAccepted, "tab \"\(tab.name)\" does not accept route \"\(route.name)\"", policy: policy)
        }
        if position == 0, !isLayer, let container, let problem = container.kind.rootProblem(route, of: stack, at: container.index, ofTable: container.ofTable) {
            return .dropped(.notRoot, problem, policy: policy)
        }
        let entry = Entry(id: item.id, route: route, title: definition.title(for: route, in: titleLocale), state: item.state, blocker: item.blocker, result: item.result)
        switch try validator?(entry, stack) ?? .keep {
        case .keep: return .kept(entry)
        case .veto: return .dropped(.vetoed, "vetoed by the validator", policy: policy)
        case .failed(let message): return .dropped(.validatorFailed, message, policy: policy)
        }
    }

    /// The message of the error `body` throws (the table's, with its suggestion), or "" when it throws none.
    private func thrownMessage(_ body: () throws(NavError) -> Route) -> String {
        do {
            _ = try body()
            return ""
        } catch {
            return error.message
        }
    }

    /// Rebuilds the container of every restored entry whose route declares
    /// a layout, level by level (docs/restore.md): from the snapshot's when
    /// it has the same layout and stack names, validated like any stack,
    /// else afresh, noted with the container's name. A container that a
    /// route no longer declares is dropped, noted.
    @_optimize(size)
    mutating func containers(_ snapshot: Snapshot, into navigator: inout Navigator) throws(NavError) {
        var held: [Int: Snapshot.Container] = [:]
        var layers: [String: [Snapshot.Stack]] = [:]
        func gather(_ stacks: [Snapshot.Stack]) {
            for stack in stacks {
                if !stack.presentations.isEmpty {
                    layers[stack.name] = stack.presentations
                    gather(stack.presentations)
                }
                for item in stack.items {
                    guard let container = item.container else { continue }
                    held[item.id] = container
                    gather(container.stacks)
                }
            }
        }
        gather(snapshot.allStacks)
        guard !held.isEmpty || !layers.isEmpty || !table.layouts.isEmpty else { return }
        ownedSnapshots = layers
        for index in navigator.bases.indices { try containers(in: .root(index), held, &navigator) }
        for index in navigator.layers.indices { try containers(in: .presented(over: Presentations.app, index: index), held, &navigator) }
        for owner in ownedSnapshots.keys.sorted() {
            for layer in ownedSnapshots[owner] ?? [] {
                dropAll(layer, .unknownStack, "the presentation covers stack \"\(ParamType.excerpt(owner))\", which did not restore")
            }
        }
    }

    /// The containers of the entries of the stack at `ref`, and theirs.
    @_optimize(size)
    private mutating func containers(in ref: Navigator.StackRef, _ held: [Int: Snapshot.Container], _ navigator: inout Navigator) throws(NavError) {
        let stack = navigator.read(ref) { $0 }
        for (position, entry) in stack.entries.enumerated() {
            let found = held[entry.id]
            let name = position == 0 ? stack.name : "\(stack.name)@\(entry.id)"
            guard let layout = table.layouts[entry.route.name] else {
                if found != nil {
                    report.notes.append("container \"\(name)\" was dropped: route \"\(entry.route.name)\" declares no layout now")
                }
                continue
            }
            let level = navigator.level(of: ref) + 1
            guard level <= Limits.maxNesting else {
                report.notes.append("container \"\(name)\" was dropped: it would nest deeper than the limit of \(Limits.maxNesting)")
                continue
            }
            let names = layout.stackNames.map { "\(name)/\($0)" }
            if let found, found.layout == layout.layout.kind, found.stacks.map(\.name).sorted() == names.sorted() {
                try restore(found, as: name, layout, names: names, holder: entry.id, level: level, &navigator)
            } else {
                if found != nil {
                    report.notes.append("container \"\(name)\" started afresh: route \"\(entry.route.name)\" declares another layout now")
                }
                navigator.resume(nextID: nextID)
                try navigator.makeContainer(layout, holder: entry.id, .on(ref, root: position == 0), nil)
                nextID = navigator.nextID
                continue
            }
            for index in layout.stackNames.indices { try containers(in: .contained(holder: entry.id, child: index), held, &navigator) }
        }
        // The presentations over this stack alone, and what they hold.
        guard let owned = ownedSnapshots.removeValue(forKey: stack.name) else { return }
        for snapshot in owned {
            guard let restored = try layer(snapshot) else { continue }
            navigator.appendPresentation(restored, over: stack.name)
            let index = navigator.presentations.count(over: stack.name) - 1
            try containers(in: .presented(over: stack.name, index: index), held, &navigator)
        }
    }

    /// Restores a container from its snapshot: each stack (restarted at its
    /// declared root when its root is dropped), the selection and history
    /// where they name its tabs, a split view's columns.
    @_optimize(size)
    private mutating func restore(_ found: Snapshot.Container, as name: String, _ layout: NestedLayout, names: [String],
                                  holder: Int, level: Int, _ navigator: inout Navigator) throws(NavError) {
        let kind = ContainerKind(layout.layout)
        let tabs = if case .tabs(let declared) = kind { declared.tabs } else { [Tab]() }
        var stacks: [Stack] = []
        for (index, (stackName, initial)) in zip(names, layout.roots).enumerated() {
            var restored: (root: Entry?, path: [Entry]) = (nil, [])
            if let stack = found.stacks.first(where: { $0.name == stackName }) {
                restored = try entries(of: stack, tab: index < tabs.count ? tabs[index] : nil, isLayer: false, in: (kind, index, ofTable: false))
            }
            stacks.append(try stack(stackName, restored, restartingAt: initial))
        }
        let state = kind.restoredState(selected: found.selectedTab, history: found.tabHistory, split: found.split, names: names,
                                                               in: "container \"\(ParamType.excerpt(name))\"", notes: &report.notes)
        navigator.setContainer(Container(name: name, layout: layout, stacks: stacks, state: state, level: level), heldBy: holder)
    }

    /// Records a dropped entry.
    private mutating func drop(_ item: Snapshot.Item, from stack: String, _ reason: RestoreReport.Reason, _ message: String) {
        report.dropped.append(RestoreReport.Dropped(id: item.id, stack: stack, name: item.route.name, reason: reason, message: message))
    }
}
