import NavCore
import NavCoreJSON
import NavCoreSession

/// How the laws ask the engine (docs/tools.md, "navcore check"): one writer
/// for the snapshots they read, and the fault planted in the engine's
/// answers, if any (`Fault`), so that a planted fault reaches every law.
struct Probe {
    /// The writer of snapshots and canonical forms.
    let writer: DocumentWriter
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

    /// Applies `action` alone to `navigator`.
    func apply(_ action: Action, to navigator: inout Navigator) throws(NavError) {
        try navigator.checkApply(action, fault: fault)
    }

    /// `navigator` snapshotted and restored on its table.
    func roundTrip(_ navigator: Navigator) throws(NavError) -> Navigator {
        let text = try writer.snapshot(navigator)
        defer { OwnedText.free(text) }
        let snapshot = try SnapshotDecoder.decode(text: UnsafePointer(text))
        var restored = try Navigator.restoring(snapshot, table: navigator.table).navigator
        fault?.restored?(&restored)
        return restored
    }

    /// The canonical form of `navigator` (`CanonicalState`).
    func canonical(_ navigator: Navigator) throws(NavError) -> String {
        try CanonicalState.of(navigator, writer: writer)
    }
}
