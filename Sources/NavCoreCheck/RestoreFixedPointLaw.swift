import Glibc
import NavCore
import NavCoreJSON

/// Snapshot then restore is a fixed point after one round (docs/restore.md):
/// restoring a restored state's snapshot gives the same state again
/// (`CanonicalState`: ids and `seq` aside).
struct RestoreFixedPointLaw: StateLaw {
    let name = "restore_fixed_point"

    func violation(in navigator: Navigator, shown: ViewModel, probe: Probe) -> String? {
        do {
            let restored = try probe.restored(navigator)
            let once = restored.navigator
            let onceText = try probe.snapshot(once)
            defer { OwnedText.free(onceText) }
            // Restoring is a function of the snapshot's text: a second round that restores the same
            // text gives `once` again, so only a snapshot that changed needs the second restore.
            if restored.snapshot.withCString({ strcmp($0, onceText) }) == 0 { return nil }
            let twice = try probe.restore(onceText, table: navigator.table)
            // Equal values are equal states; unequal ones are compared by their canonical forms.
            if twice == once { return nil }
            let first = try probe.canonical(once)
            let second = try probe.canonical(twice)
            guard first == second else { return "a second snapshot and restore changed the state: \(first) became \(second)" }
            return nil
        } catch {
            return "snapshot and restore failed: \(error.kind.status.name) \(error.message)"
        }
    }
}
