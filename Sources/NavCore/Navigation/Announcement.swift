/// What a screen reader says after a change, as the facts it is made of:
/// the new screen's title, and what happened when it was not a plain push or
/// pop ("Sign in, sheet", "Cart tab", "closed Settings", unless a new screen
/// shows, as after a sign-in that replays a held push). A commit keeps these
/// few facts rather than its whole transition, so that the view model can
/// announce the last change even when nobody asked for its transition.
public struct Announcement: Equatable, Sendable {
    /// The title of the active top after the change.
    let shown: String
    /// The style of the layer the change presented last, when the active top is on it.
    let style: String?
    /// The selected tab after the change, when the change selected another one.
    let tab: String?
    /// The title of the active top before the change, when the change
    /// dismissed its layer and the active top after it is not a new entry.
    let closed: String?

    /// The announcement of `transition`; nil when it changed nothing.
    public init?(of transition: Transition) {
        guard transition.changed else { return nil }
        let isNew = transition.changes.contains { change in change.added.contains { $0.id == transition.after.top.id } }
        self.init(shown: transition.after.top.title,
                  style: transition.presented.last.flatMap { $0.stack == transition.after.stack ? $0.style : nil },
                  tab: transition.tab?.after,
                  closed: transition.dismissed.contains(transition.before.stack) && !isNew ? transition.before.top.title : nil)
    }

    /// An announcement of these facts.
    init(shown: String, style: String?, tab: String?, closed: String?) {
        self.shown = shown
        self.style = style
        self.tab = tab
        self.closed = closed
    }

    /// The words, with the tabs' titles from `table`.
    func text(_ table: RouteTable) -> String {
        if let style { return "\(shown), \(style)" }
        if let tab, let index = table.tabs.firstIndex(where: { $0.name == tab }) {
            let title = table.tabs[index].title
            return shown == title ? "\(title) tab" : "\(title) tab, \(shown)"
        }
        if let closed { return "closed \(closed)" }
        return shown
    }
}
