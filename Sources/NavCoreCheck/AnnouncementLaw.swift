import NavCore

/// The announcement names its top (docs/shells.md, "announcement";
/// docs/locales.md, "Announcements per locale"): after a change, the view
/// model's announcement names the active stack's top by its title. The
/// `screen`, `presented` and `tab_screen` forms say that title; the `tab`
/// form says the tab's title, which is its root screen's, the top. The
/// `closed` form names the screen the change closed instead (the top before
/// it), so after a change that dismissed a layer that title may stand in.
/// Checked on every action that changed something.
enum AnnouncementLaw {
    /// The law's name.
    static let name = "announcement_names_top"

    /// What breaks the law when `transition` left `after`, announced as `text`.
    static func violation(_ text: String, transition: Transition, after: Navigator) -> String? {
        let top = after.activeStack.top.title
        if text.contains(top) { return nil }
        if !transition.dismissed.isEmpty, text.contains(transition.before.top.title) { return nil }
        return "the announcement \"\(text)\" does not name the active stack's top, \"\(top)\""
    }
}
