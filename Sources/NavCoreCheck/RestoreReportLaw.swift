import NavCore
import NavCoreJSON

/// Restore gives what its report describes (docs/restore.md, "The
/// report"): restoring a state's snapshot into a new navigator of its table
/// gives, on every stack the report lists, the ids it keeps there, root first
/// (after the new root of a stack it restarts), each entry of the route,
/// params and saved state it had; no entry it drops is anywhere; and every
/// entry of the state is either kept or dropped, none lost without a word.
struct RestoreReportLaw: StateLaw {
    let name = "restore_matches_report"

    func violation(in navigator: Navigator, shown: ViewModel, probe: Probe) -> String? {
        let restoration: Probe.Restored
        do {
            restoration = try probe.restored(navigator)
        } catch {
            return "snapshot and restore failed: \(error.kind.status.name) \(error.message)"
        }
        let report = restoration.report
        let before = Dictionary(navigator.everyStack.flatMap(\.entries).map { ($0.id, $0) }) { first, _ in first }
        let stacks = Dictionary(restoration.navigator.everyStack.map { ($0.name, $0) }) { first, _ in first }
        let restarted = Dictionary(report.restarted.map { ($0.stack, $0.id) }) { first, _ in first }
        var accounted = Set(report.dropped.map(\.id))
        for kept in report.kept {
            let expected = (restarted[kept.stack].map { [$0] } ?? []) + kept.ids
            let found = stacks[kept.stack]?.entries ?? []
            guard found.map(\.id) == expected else {
                return "the restore report keeps \(expected) on \"\(kept.stack)\", the restored stack holds \(found.map(\.id))"
            }
            for entry in found where kept.ids.contains(entry.id) {
                accounted.insert(entry.id)
                guard let was = before[entry.id], was.route == entry.route, was.state == entry.state else {
                    return "entry \(entry.id) on \"\(kept.stack)\", which the restore report keeps, did not come back as it was"
                }
            }
        }
        let restored = Set(stacks.values.flatMap(\.entries).map(\.id))
        if let dropped = report.dropped.first(where: { restored.contains($0.id) }) {
            return "the restore report drops entry \(dropped.id) (\(dropped.reason.rawValue)), but the restored state holds it"
        }
        if let lost = navigator.everyStack.flatMap(\.entries).first(where: { !accounted.contains($0.id) }) {
            return "entry \(lost.id) (\"\(lost.title)\") did not come back, and the restore report neither keeps nor drops it"
        }
        return nil
    }
}
