import NavCore
import NavCoreJSON

/// How the laws ask the engine (docs/tools.md, "navcore check"): one writer
/// for the snapshots they read, and the fault planted in the engine's
/// answers, if any (`Fault`), so that a planted fault reaches every law.
struct Probe {
    /// A state's snapshot (as text) and what restoring it gave.
    struct Restored {
        /// The snapshot's text.
        let snapshot: String
        /// The restored navigator (with the fault planted, if any).
        let navigator: Navigator
        /// The restore's report.
        let report: RestoreReport
    }

    /// The restoration of the state being checked, worked out once for
    /// every law that restores it (`restored(_:)`); `newState` forgets it.
    private final class Memo {
        var restored: Result<Restored, NavError>?
    }

    /// The writer of snapshots and canonical forms.
    let writer: DocumentWriter
    /// The current state's restoration, once a law asked for it.
    private let memo = Memo()
    /// The fault planted in the engine's answers (tests only).
    let fault: Fault?

    /// A probe with a new writer.
    init(fault: Fault?) {
        writer = DocumentWriter()
        self.fault = fault
    }

    /// The view model of `navigator`, announcing nothing.
    func viewModel(_ navigator: Navigator) -> ViewModel {
        var model = navigator.viewModel(announcing: nil)
        fault?.viewModel?(&model)
        return model
    }

    /// Applies `action` alone to `navigator`; returns its transition.
    @discardableResult
    func apply(_ action: Action, to navigator: inout Navigator) throws(NavError) -> Transition {
        try navigator.checkApply([action], fault: fault)
    }

    /// What the view model of `navigator` announces for `transition`, the
    /// change that left it (`viewModel(after:)`); nil when it changed nothing.
    func announcement(after transition: Transition, in navigator: Navigator) -> String? {
        guard var text = Announcement(of: transition)?.text(navigator) else { return nil }
        fault?.announcement?(&text, navigator)
        return text
    }

    /// The snapshot of `navigator`, as text owned by the caller (release with `OwnedText.free`).
    func snapshot(_ navigator: Navigator) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try writer.snapshot(navigator)
    }

    /// Starts the checks of another state: its restoration is worked out again when asked for.
    func newState() {
        memo.restored = nil
    }

    /// The snapshot of `navigator`, the state being checked, restored on its
    /// table: worked out on the first call after `newState()`, then shared
    /// (snapshot and restore cost more than every other check of a state).
    func restored(_ navigator: Navigator) throws(NavError) -> Restored {
        if let known = memo.restored { return try known.get() }
        let result: Result<Restored, NavError>
        do {
            let text = try snapshot(navigator)
            defer { OwnedText.free(text) }
            let (restored, report) = try restoration(text, table: navigator.table)
            result = .success(Restored(snapshot: String(cString: text), navigator: restored, report: report))
        } catch {
            result = .failure(error)
        }
        memo.restored = result
        return try result.get()
    }

    /// The navigator that restoring `snapshot` (text) on `table` gives.
    func restore(_ snapshot: UnsafePointer<CChar>, table: RouteTable) throws(NavError) -> Navigator {
        try restoration(snapshot, table: table).navigator
    }

    /// The navigator that restoring `snapshot` (text) on `table` gives, and the restore's report.
    func restoration(_ snapshot: UnsafePointer<CChar>, table: RouteTable) throws(NavError) -> (navigator: Navigator, report: RestoreReport) {
        let restoration = try Navigator.restoring(SnapshotDecoder.decode(text: snapshot), table: table)
        var restored = restoration.navigator
        fault?.restored?(&restored)
        return (restored, restoration.report)
    }

    /// The navigator that replaying `log`, written out as text and read back, gives on `table`.
    func replay(_ log: ActionLog<Navigator>, table: RouteTable) throws(NavError) -> Navigator {
        let text = try ActionLogCodec.encode(log, recording: true)
        defer { OwnedText.free(text) }
        var replayed = try Navigator.replaying(ActionLogCodec.decode(text: text), table: table)
        fault?.replayed?(&replayed)
        return replayed
    }

    /// The canonical form of `navigator` (`CanonicalState`).
    func canonical(_ navigator: Navigator) throws(NavError) -> String {
        try CanonicalState.of(navigator, writer: writer)
    }

    /// The canonical form of `state`: its navigator's, and while a batch is
    /// held, the navigator's snapshot as written and the held batch's key,
    /// ids as they are, so that states whose proceed differs are never merged.
    func canonical(_ state: CheckState) throws(NavError) -> String {
        let form = try canonical(state.navigator)
        guard let held = state.held else { return form }
        let text = try writer.snapshot(state.navigator)
        defer { OwnedText.free(text) }
        return form + "\u{1}" + String(cString: text) + "\u{1}" + held.key
    }
}
