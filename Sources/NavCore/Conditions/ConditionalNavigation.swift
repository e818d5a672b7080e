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

    /// Refuses selecting tab `index` while a condition it requires is false.
    func checkRequirements(ofTab index: Int) throws(NavError) {
        guard table.hasRequirements, index < table.tabs.count else { return }
        let tab = table.tabs[index]
        for condition in tab.requiredConditions where !conditions[condition] {
            var error = NavError(.tab, at: "tab", "tab \"\(tab.name)\" requires \"\(table.conditions[condition].name)\", which is false")
            error.missingCondition = condition
            throw error
        }
    }

    /// Holds `actions` as the pending intent, waiting for `condition`, and
    /// shows its flow: a new layer, unless the flow of an intent waiting for
    /// the same condition is still up (the new intent replaces that one).
    mutating func hold(_ actions: [Action], for condition: Int, _ batch: Batch) throws(NavError) {
        guard let flow = table.conditions[condition].flow, let route = table.flowRoutes[condition] else {
            // Every required condition has a flow (checked at load).
            throw NavError(.internal, "condition \"\(table.conditions[condition].name)\" has no flow")
        }
        var flowRootID: Int
        if let pending, pending.condition == condition, layerIndex(rootID: pending.flowRootID) != nil {
            flowRootID = pending.flowRootID
        } else {
            flowRootID = try presentLayer(route, style: flow.style, batch).id
        }
        let intent = PendingIntent(condition: condition, flowRootID: flowRootID, actions: actions)
        pending = intent
        batch.intent = IntentEvent(.held, intent, table: table)
        batch.results = actions.map { _ in .held }
    }

    /// On `condition` becoming true: the flow of the intent waiting for it
    /// goes, and the intent is replayed in the same batch. An action of the
    /// intent that fails records why (`intentFailure`), and the batch is run
    /// again dropping the intent for that reason (`droppingIntent`).
    mutating func replayIntent(waitingFor condition: Int, _ batch: Batch) throws(NavError) {
        guard let intent = pending, intent.condition == condition else { return }
        pending = nil
        guard let flowIndex = layerIndex(rootID: intent.flowRootID) else {
            batch.intent = .flowDismissed(intent, table: table)
            return
        }
        dismissLayers(count: layers.count - flowIndex, batch)
        if let reason = batch.droppingIntent {
            batch.intent = IntentEvent(.dropped, intent, table: table, reason: reason)
            return
        }
        var results: [ActionResult] = []
        for (index, action) in intent.actions.enumerated() {
            do {
                results.append(try perform(action, batch))
            } catch {
                batch.intentFailure = "it no longer applies: " + error.under("actions[\(index)]").message
                throw error
            }
        }
        batch.intent = IntentEvent(.replayed, intent, table: table, results: results)
    }

    /// Drops the pending intent when the batch dismissed its flow's layer
    /// (`dismiss`, `back` at the flow's root, `reset_all`).
    mutating func dropIntentIfFlowWent(_ batch: Batch) {
        guard batch.layersMoved, let intent = pending, batch.intent == nil,
              batch.dismissed.contains(where: { $0.stack.root.id == intent.flowRootID }) else { return }
        pending = nil
        batch.intent = .flowDismissed(intent, table: table)
    }

    /// The index of the layer whose root entry has `rootID`, from the top.
    func layerIndex(rootID: Int) -> Int? {
        layers.lastIndex { $0.stack.root.id == rootID }
    }
}
