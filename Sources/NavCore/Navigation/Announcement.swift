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
    /// The stack name of the tab the change selected, when it selected
    /// another: of the innermost container on the active path whose selection
    /// changed, else of the table's own tabs.
    let tab: String?
    /// The title of the active top before the change, when the change
    /// dismissed its layer and the active top after it is not a new entry.
    let closed: String?

    /// The announcement of `transition`; nil when it changed nothing.
    public init?(of transition: Transition) {
        guard transition.changed else { return nil }
        // New: the batch added it, presented the layer it is on, or added the entry holding its container.
        let after = transition.after
        let isNew = transition.changes.contains { change in
            change.added.contains { $0.id == after.top.id || Announcement.stack(after.stack, isOn: "\(change.stack)@\($0.id)") }
        } || transition.presented.contains { Announcement.stack(after.stack, isOn: $0.stack) }
        self.init(shown: transition.after.top.title,
                  style: transition.presented.last.flatMap { Announcement.stack(transition.after.stack, isOn: $0.stack) ? $0.style : nil },
                  tab: Announcement.innermostTab(transition.containers, on: after.stack) ?? transition.tab?.after,
                  closed: !isNew && transition.dismissed.contains { Announcement.stack(transition.before.stack, isOn: $0) }
                      ? transition.before.top.title : nil)
    }

    /// Whether the stack named `stack` is on the layer whose own stack is
    /// `layer`: that stack, or one inside a container its entries hold
    /// (`layer:7/privacy` is on `layer:7`; names grow by `/` and `@`).
    static func stack(_ stack: String, isOn layer: String) -> Bool {
        guard stack != layer else { return true }
        guard stack.utf8.count > layer.utf8.count, stack.hasPrefix(layer) else { return false }
        let next = stack.utf8[stack.utf8.index(stack.utf8.startIndex, offsetBy: layer.utf8.count)]
        return next == UInt8(ascii: "/") || next == UInt8(ascii: "@")
    }

    /// The tab selected by the innermost of `changes` that is on the active
    /// stack `active` (the longest name: inner names extend outer ones).
    static func innermostTab(_ changes: [ContainerChange], on active: String) -> String? {
        innermostTab(of: changes.compactMap { $0.tab?.after }, on: active)
    }

    /// Of the tabs' stack names `selected`, the innermost one `active` is on.
    static func innermostTab(of selected: [String], on active: String) -> String? {
        selected.filter { Announcement.stack(active, isOn: $0) }.max { $0.utf8.count < $1.utf8.count }
    }

    /// An announcement of these facts.
    init(shown: String, style: String?, tab: String?, closed: String?) {
        self.shown = shown
        self.style = style
        self.tab = tab
        self.closed = closed
    }

    /// The words, with the tabs' titles from `navigator`, the state after the change.
    /// The forms and words are the navigator's locale's (docs/locales.md).
    public func text(_ navigator: Navigator) -> String {
        let words = navigator.announcementWords
        if let style { return words.say(.presented, title: shown, style: style) }
        if let tab, let title = Announcement.title(ofTab: tab, navigator) {
            return shown == title ? words.say(.tab, tab: title) : words.say(.tabScreen, title: shown, tab: title)
        }
        if let closed { return words.say(.closed, title: closed) }
        return words.say(.screen, title: shown)
    }
}

extension Announcement {
    /// The title of the tab whose stack is named `stack`, in whichever
    /// container, the root's included.
    private static func title(ofTab stack: String, _ navigator: Navigator) -> String? {
        guard case .contained(let holder, let child)? = try? navigator.ref(named: stack),
              let tabs = navigator.readContainer(holder, \.tabs), child < tabs.count else { return nil }
        return navigator.title(of: tabs[child])
    }

    /// The announcement of a restore or replay that replaced `before` by
    /// `after` with `intent`, as `init(of:)` says of its transition
    /// (`Transition.replacing`), found by comparing the two states in place:
    /// nil when nothing changed. For navigators without containers or
    /// presentations over one stack (a tree's comes from its transition).
    init?(replacing before: Navigator, with after: Navigator, intent: IntentEvent?) {
        func same(_ a: Layer, _ b: Layer) -> Bool { a.stack.name == b.stack.name && a.style == b.style }
        func sameEntries(_ a: Stack, _ b: Stack) -> Bool { a.root == b.root && a.path == b.path }
        let matched = after.layers.map { layer in before.layers.first { same($0, layer) } }
        let dismissed = before.layers.filter { old in !after.layers.contains { same(old, $0) } }
        let changed = intent != nil || !dismissed.isEmpty || matched.contains { $0 == nil }
            || zip(matched, after.layers).contains { old, new in old.map { !sameEntries($0.stack, new.stack) } ?? false }
            || zip(before.bases, after.bases).contains { !sameEntries($0, $1) }
            || (before.selectedTab != nil && after.selectedTab != nil && before.selectedTab != after.selectedTab)
            || before.tabHistory != after.tabHistory || before.conditions != after.conditions || before.split != after.split
            || before.locale != after.locale
        guard changed else { return nil }
        let top = after.activeTop
        let beforeTop = before.activeTop
        // The stack the active top was on before: the same base, or the matched layer; none for a presented one.
        let earlier: Stack? = after.layers.isEmpty ? before.bases[after.selected] : matched.last.flatMap { $0?.stack }
        let isNew = earlier.map { !$0.entries.contains { $0.id == top.top.id && $0 == top.top } } ?? true
        let presentedLast = after.layers.indices.last { matched[$0] == nil }.map { after.layers[$0] }
        let tab = before.selectedTab.flatMap { old in after.selectedTab.flatMap { $0 != old ? $0 : nil } }
        self.init(shown: top.top.title,
                  style: presentedLast.flatMap { Announcement.stack(top.stack, isOn: $0.stack.name) ? $0.style : nil },
                  tab: tab,
                  closed: !isNew && dismissed.contains { Announcement.stack(beforeTop.stack, isOn: $0.stack.name) } ? beforeTop.top.title : nil)
    }
}
