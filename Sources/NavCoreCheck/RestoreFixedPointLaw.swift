import NavCore
import NavCoreJSON
import NavCoreSession

/// Snapshot then restore is a fixed point after one round (docs/restore.md):
/// restoring a restored state's snapshot gives the same state again
/// (`CanonicalState`: ids and `seq` aside).
struct RestoreFixedPointLaw: StateLaw {
    let name = "restore_fixed_point"

    func violation(in navigator: Navigator, writer: DocumentWriter) -> String? {
        do {
            let once = try Self.roundTrip(navigator, writer: writer)
            let twice = try Self.roundTrip(once, writer: writer)
            // Equal values are equal states; unequal ones are compared by their canonical forms.
            if twice == once { return nil }
            let first = try CanonicalState.of(once, writer: writer)
            let second = try CanonicalState.of(twice, writer: writer)
            guard first == second else { return "a second snapshot and restore changed the state: \(first) became \(second)" }
            return nil
        } catch {
            return "snapshot and restore failed: \(error.kind.status.name) \(error.message)"
        }
    }

    /// `navigator` snapshotted and restored on its table.
    private static func roundTrip(_ navigator: Navigator, writer: DocumentWriter) throws(NavError) -> Navigator {
        let text = try writer.snapshot(navigator)
        defer { OwnedText.free(text) }
        let snapshot = try SnapshotDecoder.decode(text: UnsafePointer(text))
        return try Navigator.restoring(snapshot, table: navigator.table).navigator
    }
}
