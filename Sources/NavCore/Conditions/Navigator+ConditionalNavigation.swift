/// Navigation that depends on conditions (docs/conditions.md): a route or tab
/// that needs a false condition holds its batch as the pending intent while
/// the condition's flow shows; the condition becoming true replays it once;
/// cancelling the flow drops it.
extension Navigator {
    /// Refuses a route that requires a condition that is false, naming the
    /// condition in the error's `missingCondition`.
    func checkRequirements(of route: Route) throws(NavError) {
        guard let definition = table.definitions[route.name] else { return }
        for condition in definition.requiredConditions where !conditions[condition] {
            var error = NavError(.route, "route \"\(route.name)\" requires \"\(table.conditions[condition].name)\", which is false")
            error.missingCondition = condition
            throw error
        }
    }

    /// Refuses selecting tab `index` of the tabs `holder` holds while a condition it requires is false.
    func checkRequirements(ofTab index: Int, of holder: Int) throws(NavError) {
        guard table.hasRequirements else { return }
        let tabs = tabs(of: holder)
        guard index < tabs.count else { return }
        let tab = tabs[index]
        for condition in tab.requiredConditions where !conditions[condition] {
            var error = NavError(.tab, at: "tab", "tab \"\(tab.name)\" requires \"\(table.conditions[condition].name)\", which is false")
            error.missingCondition = condition
            throw error
        }
    }

    /// Holds `actions` (without their set-and-back runs) as the pending
    /// intent, waiting for `condition`, and shows its flow: a new layer,
    /// unless the flow of an intent waiting for the same condition is still
    /// up. The new intent replaces the one waiting, and the event names that
    /// one. The same batch held again behind the same flow (a double tap)
    /// changes nothing: no event.
    mutating func hold(_ actions: [Action], for condition: Int, _ batch: Batch) throws(NavError) {
        let waiting = pending
        var reusable: Int?
        if let waiting, waiting.condition == condition, flowIndex(of: waiting) != nil {
            reusable = waiting.flowRootID
        }
        // Held again behind the same flow, the batch waits where the one it replaces was held.
        let stack = reusable != nil ? waiting?.stack : read(activeRef) { $0.name }
        let intent = try wait(PendingIntent.heldActions(of: actions, from: conditions, in: table), on: stack, for: condition,
                              flowRootID: reusable, batch)
        batch.results = BatchResults(actions.map { _ in .held })
        guard intent != waiting else { return }
        batch.intent = IntentEvent(.held, intent, table: table)
        batch.intent?.replaced = waiting.map { IntentEvent.Replaced($0, table: table) }
    }

    /// Makes `actions`, held on `stack`, the pending intent waiting for
    /// `condition`, behind the flow whose layer has root `flowRootID` (that
    /// of the intent waiting), or a new layer of its flow.
    private mutating func wait(_ actions: [Action], on stack: String?, for condition: Int, flowRootID: Int?,
                               _ batch: Batch) throws(NavError) -> PendingIntent {
        let intent: PendingIntent
        if let flowRootID, let waiting = pending {
            intent = PendingIntent(condition: condition, flowRootID: flowRootID, flowOwner: waiting.flowOwner, stack: stack, actions: actions)
        } else {
            let (root, owner) = try showFlow(of: condition, batch)
            intent = PendingIntent(condition: condition, flowRootID: root, flowOwner: owner, stack: stack, actions: actions)
        }
        holdIntent(intent)
        return intent
    }

    /// Presents the flow of `condition`: over the whole app, or, when it
    /// `covers` the stack, over the active stack alone. Returns its root's id
    /// and the name of the stack it covers (nil: the app).
    mutating func showFlow(of condition: Int, _ batch: Batch) throws(NavError) -> (root: Int, owner: String?) {
        guard let flow = table.conditions[condition].flow, let route = table.flowRoutes[condition] else {
            // Every required condition has a flow (checked at load).
            throw NavError(.internal, "condition \"\(table.conditions[condition].name)\" has no flow")
        }
        guard flow.covers == .stack else { return (try presentLayer(route, style: flow.style, batch).id, nil) }
        let ref = activeRef
        return (try presentOwned(route, style: flow.style, over: ref, batch).id, read(ref) { $0.name })
    }

    /// On `condition` taking the final value true in the batch: the flow of
    /// the intent waiting for it goes, and the intent is replayed in the same
    /// batch. An intent that needs another condition that is false waits for
    /// that one instead, behind its flow (the gates chain); one that no longer
    /// applies is dropped. Both are decided by a first run of the batch
    /// (`undecided`), which the batch then runs again with (`decisions`).
    mutating func replayIntent(waitingFor condition: Int, _ batch: Batch) throws(NavError) {
        guard let intent = pending, intent.condition == condition else { return }
        forgetIntent()
        guard dismissFlow(of: intent, batch) else {
            batch.intent = .flowDismissed(intent, table: table)
            return
        }
        switch batch.nextDecision() {
        case .drop(let reason)?:
            batch.intent = IntentEvent(.dropped, intent, table: table, reason: reason)
        case .advance(let next)?:
            let waiting = try wait(intent.actions, on: intent.stack, for: next, flowRootID: nil, batch)
            batch.intent = IntentEvent(.advanced, waiting, table: table)
            batch.intent?.passed = table.conditions[condition].name
            batch.intent?.flow = waiting.flowStack
        case nil:
            batch.intent = IntentEvent(.replayed, intent, table: table, results: try replay(intent, batch))
            batch.performedReplay = true
        }
    }

    /// Performs the intent's actions in the batch; one that fails records
    /// what the next run does with the intent (`undecided`): wait for a
    /// condition that was false before the replay, or drop it. Until an
    /// action of the intent changes the active stack, its stack actions that
    /// name no stack act on the stack it was held on (`.noEntry` when that
    /// stack is gone).
    private mutating func replay(_ intent: PendingIntent, _ batch: Batch) throws(NavError) -> [ActionResult] {
        let start = conditions
        let actions = intent.actions
        let origin = activeRef
        defer { batch.replayRest = [] }
        var results: [ActionResult] = []
        for (index, action) in actions.enumerated() {
            batch.replayRest = actions[(index + 1)...]
            do {
                let held = action.actsOnActiveStack && activeRef == origin ? try heldStack(of: intent) : nil
                results.append(try perform(action, batch, active: held))
            } catch {
                if let missing = error.missingCondition, !start[missing] {
                    batch.undecided = .advance(missing)
                } else {
                    batch.undecided = .drop("it no longer applies: " + error.under("actions[\(index)]").message)
                }
                throw error
            }
        }
        return results
    }

    /// The stack `intent` was held on, nil when it names none; `.noEntry` when
    /// that stack is gone.
    private func heldStack(of intent: PendingIntent) throws(NavError) -> StackRef? {
        guard let name = intent.stack else { return nil }
        guard let ref = try? ref(named: name) else {
            throw NavError(.noEntry, "the stack it was held on, \"\(name)\", is gone")
        }
        return ref
    }

    /// The stack a document need not name for a batch held behind the flow
    /// whose layer has root `flowRootID` over `owner` (nil: the app), since a
    /// reader finds it from the state: the stack the flow covers, or, for a
    /// flow over the app, the leaf of the active path beneath its layer. Nil
    /// when that layer is not up.
    func stackBeneath(flowRootID: Int, owner: String?) -> String? {
        if let owner { return owner }
        guard let index = layerIndex(rootID: flowRootID) else { return nil }
        return read(descend(from: pathStart(below: index))) { $0.name }
    }

    /// The stack a document names for `intent` (the state's and a
    /// snapshot's `pending.stack`): the one it was held on, unless a reader
    /// finds that one from the state (`stackBeneath`).
    public func writtenStack(of intent: PendingIntent) -> String? {
        intent.stack == stackBeneath(flowRootID: intent.flowRootID, owner: intent.flowOwner) ? nil : intent.stack
    }

    /// Drops the pending intent when the batch dismissed its flow's layer
    /// (`dismiss`, `back` at the flow's root, `reset_all`), also the flow it
    /// advanced to in the same batch; a flow over one stack also goes with
    /// that stack.
    mutating func dropIntentIfFlowWent(_ batch: Batch) {
        guard let intent = pending, batch.movedOverApp || intent.flowOwner != nil, flowIndex(of: intent) == nil else { return }
        forgetIntent()
        batch.intent = .flowDismissed(intent, table: table)
    }

    /// The index of the layer whose root entry has `rootID`, from the top.
    func layerIndex(rootID: Int) -> Int? {
        layers.lastIndex { $0.stack.root.id == rootID }
    }

    /// The index of `intent`'s flow among the presentations over the app, or
    /// over the stack it covers; nil when the flow, or that stack, is gone.
    func flowIndex(of intent: PendingIntent) -> Int? {
        guard let owner = intent.flowOwner else { return layerIndex(rootID: intent.flowRootID) }
        guard let index = presentations[owner].lastIndex(where: { $0.stack.root.id == intent.flowRootID }),
              (try? ref(named: owner)) != nil else { return nil }
        return index
    }

    /// Dismisses `intent`'s flow with the presentations above it; false when it is gone.
    @discardableResult
    mutating func dismissFlow(of intent: PendingIntent, _ batch: Batch) -> Bool {
        guard let index = flowIndex(of: intent) else { return false }
        if let owner = intent.flowOwner {
            dismiss(count: presentations.count(over: owner) - index, over: owner, batch)
        } else {
            dismiss(count: layers.count - index, over: Presentations.app, batch)
        }
        return true
    }
}
