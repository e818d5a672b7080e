import NavCore
import NavCoreJSON
import NavCoreSession

/// Snapshot then restore is a fixed point after one round (docs/restore.md):
/// restoring a restored state's snapshot gives the same state again
/// (`CanonicalState`: ids and `seq` aside).
struct RestoreFixedPointLaw: StateLaw {
    let name = "restore_fixed_point"

    func violation(in navigator: Navigator, probe: Probe) -> String? {
        do {
            let once = try probe.roundTrip(navigator)
            let twice = try probe.roundTrip(once)
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
