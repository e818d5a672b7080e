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
        if holds(text, top) { return nil }
        if !transition.dismissed.isEmpty, holds(text, transition.before.top.title) { return nil }
        return "the announcement \"\(text)\" does not name the active stack's top, \"\(top)\""
    }

    /// Whether `text` holds `part`, byte for byte: `String.contains(_:)` of a
    /// string would link Swift's StringProcessing into the library
    /// (docs/building.md, "Size").
    static func holds(_ text: String, _ part: String) -> Bool {
        let whole = Array(text.utf8), piece = Array(part.utf8)
        guard piece.count <= whole.count else { return false }
        return (0...(whole.count - piece.count)).contains { whole[$0..<$0 + piece.count].elementsEqual(piece) }
    }
}
