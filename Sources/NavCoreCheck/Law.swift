import NavCore

/// A law `navcore check` checks on every state it reaches (docs/tools.md,
/// "The laws"): each names the doc passage it comes from.
protocol StateLaw: Sendable {
    /// The law's name, as reports and `laws_off` spell it.
    var name: String { get }
    /// What breaks the law in `navigator`, whose view model is `shown` (drawn once for every law), nil when it holds.
    func violation(in navigator: Navigator, shown: ViewModel, probe: Probe) -> String?
}

/// The laws checked on every state, in the order a report lists them.
enum Laws {
    /// The state laws: protected routes, the view model's top, Back, snapshot and restore.
    static let state: [StateLaw] = [ProtectedRouteLaw(), ViewModelTopLaw(), BackLaw(), RestoreFixedPointLaw(), RestoreReportLaw()]
    /// The law checked on every transition that fails (`Explorer`).
    static let failedActionChangesNothing = "failed_action_changes_nothing"
    /// Every law's name.
    static var names: [String] { [failedActionChangesNothing, LinkLaw.name, AnnouncementLaw.name, LostSilentlyLaw.name, LogReplayLaw.name] + state.map(\.name) }

    /// The laws checked on every action that applies, those `lawsOff` leaves on and
    /// `failed` does not hold yet: each broken one's name and what breaks it, when
    /// `transition` took `before` to `after`.
    static func violations(before: Navigator, after: Navigator, transition: Transition, probe: Probe,
                           lawsOff: [String: String], failed: Set<String>) -> [(law: String, message: String)] {
        var found: [(law: String, message: String)] = []
        let on = { (law: String) in lawsOff[law] == nil && !failed.contains(law) }
        if on(AnnouncementLaw.name), let text = probe.announcement(after: transition, in: after),
           let message = AnnouncementLaw.violation(text, transition: transition, after: after) {
            found.append((AnnouncementLaw.name, message))
        }
        if on(LostSilentlyLaw.name), let message = LostSilentlyLaw.violation(before: before, after: after, transition: transition) {
            found.append((LostSilentlyLaw.name, message))
        }
        return found
    }
}
