/// What a restore does with conditions (docs/conditions.md): the host owns
/// their values, so a restored state is made to fit the values of now. No
/// screen that needs a false condition is shown: the restored ones are held
/// as the pending intent, behind their condition's flow.
extension Navigator {
    /// `restored` (already holding this navigator's condition values) made to
    /// fit them, and what that did to the pending intent:
    /// - a restored intent waiting for a condition that is true now is
    ///   dropped, with its flow;
    /// - screens that need a false condition are taken away (as `on_false`
    ///   `remove` does) and, when no intent is waiting, held as the pending
    ///   intent behind the flow of the first such condition; a restored
    ///   intent dropped before is named by the event as the one it replaced.
    func settled(_ restored: Navigator) -> (navigator: Navigator, intent: IntentEvent?) {
        var navigator = restored
        var event: IntentEvent?
        let batch = Batch(navigator)
        if let intent = navigator.pending, navigator.conditions[intent.condition] {
            navigator.forgetIntent()
            navigator.dismissFlow(of: intent, batch)
            event = IntentEvent(.dropped, intent, table: table,
                                reason: "\"\(table.conditions[intent.condition].name)\" is true now")
        }
        guard table.hasRequirements else { return (navigator, event) }
        // Only a split view's selection takes a new entry, which fails only with every entry id used.
        guard let removal = try? navigator.removeScreens(needingFalseConditions: batch) else { return (navigator, event) }
        if let intent = navigator.pending, navigator.flowIndex(of: intent) == nil {
            navigator.forgetIntent()
            event = IntentEvent(.dropped, intent, table: table, reason: "its flow was taken away with the screens below it")
        }
        let stack = navigator.read(navigator.activeRef) { $0.name }
        guard let condition = removal.condition, navigator.pending == nil,
              let (root, owner) = try? navigator.showFlow(of: condition, batch) else { return (navigator, event) }
        let intent = PendingIntent(condition: condition, flowRootID: root, flowOwner: owner, stack: stack, actions: removal.actions)
        navigator.holdIntent(intent)
        var held = IntentEvent(.held, intent, table: table)
        if let dropped = event, let old = restored.pending {
            held.replaced = IntentEvent.Replaced(old, table: table, reason: dropped.reason)
        }
        return (navigator, held)
    }
}
