/// What one action did, as a transition's `results` spell it (docs/json.md).
/// Restores and replays have a result of their own.
public enum ActionResult: String, Equatable, Sendable, CaseIterable {
    /// `push` added an entry.
    case pushed
    /// A pop removed entries (`pop`, `pop_to`, `pop_to_root`, `back`, a reselected tab).
    case popped
    /// `push` or `present` found the route already on top (its policy kept the stack).
    case absorbed
    /// `push` with `bring_to_front` moved an existing entry to the top.
    case moved
    /// `replace`, or `push` with `replace_top`, swapped the top entry.
    case replaced
    /// `set_stack` changed the path.
    case set
    /// The action changed nothing.
    case unchanged
    /// `select_tab` or `select` chose another tab or sidebar item.
    case selected
    /// `reset_tab` or `reset_all` brought stacks back to their roots.
    case reset
    /// `present` added a layer.
    case presented
    /// `dismiss`, or `back` on an empty top layer, removed layers.
    case dismissed
    /// `back` popped the top layer's path.
    case poppedPresentation = "popped_presentation"
    /// `back` returned to the previous tab.
    case previousTab = "previous_tab"
    /// `back` had nothing to go back to.
    case nothing
    /// `back` at the root of a layer that Back may not dismiss: nothing changed.
    case heldByPresentation = "held_by_presentation"
    /// `back` at the detail root of a compact split view showed the sidebar.
    case toSidebar = "to_sidebar"
    /// `set_compact` collapsed or expanded the split view.
    case compactSet = "compact_set"
    /// `set_entry_state` set or removed an entry's saved state.
    case saved
    /// `open_url` placed a link's routes.
    case opened
    /// `set_condition` changed a condition's value.
    case conditionSet = "condition_set"
    /// The action's batch needs a condition that is false: it is held as the
    /// pending intent while the condition's flow shows (every action of the batch says so).
    case held
    /// `set_blocker` marked an entry as blocking.
    case blockerSet = "blocker_set"
    /// `set_blocker` with no reason cleared an entry's mark.
    case blockerCleared = "blocker_cleared"
    /// `take_result` took an entry's result.
    case resultTaken = "result_taken"
    /// `set_locale` changed the navigator's locale tag.
    case localeSet = "locale_set"
    /// A restore from a snapshot.
    case restored
    /// A replay of an action log.
    case replayed
}
