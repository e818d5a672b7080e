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
    static let state: [StateLaw] = [ProtectedRouteLaw(), ViewModelTopLaw(), BackLaw(), RestoreFixedPointLaw()]
    /// The law checked on every transition that fails (`Explorer`).
    static let failedActionChangesNothing = "failed_action_changes_nothing"
    /// Every law's name.
    static var names: [String] { [failedActionChangesNothing, LinkLaw.name, AnnouncementLaw.name] + state.map(\.name) }
}
