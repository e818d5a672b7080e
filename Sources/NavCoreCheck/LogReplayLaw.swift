import Glibc
import NavCore
import NavCoreJSON

/// The action log replays to the state (docs/restore.md, "Record and
/// replay"): the log a session records from a new navigator of the table
/// through the batches that reached a state, written out as text and read
/// back (`navcore_log`), replays on a new navigator to exactly that state,
/// ids and `seq` included (its snapshot, byte for byte). Checked once on
/// every reached state, with the batches of the path that first reached it.
enum LogReplayLaw {
    /// The law's name.
    static let name = "log_replays"

    /// One batch that applied: its actions, the blocking entries it proceeded past, and the state it left.
    struct Batch {
        let actions: [Action]
        let past: Set<Int>
        let after: Navigator
    }

    /// What breaks the law for `navigator`, reached from a new navigator of its table by `batches`.
    static func violation(_ navigator: Navigator, batches: [Batch], probe: Probe) -> String? {
        var log = ActionLog(base: Navigator(table: navigator.table))
        for batch in batches {
            log.append(.actions(batch.actions, seq: batch.after.seq, past: batch.past), after: batch.after)
        }
        do {
            let replayed = try probe.replay(log, table: navigator.table)
            // Equal values have equal snapshots: only unequal ones are written out and compared.
            if replayed == navigator { return nil }
            let expected = try probe.snapshot(navigator)
            defer { OwnedText.free(expected) }
            let found = try probe.snapshot(replayed)
            defer { OwnedText.free(found) }
            if strcmp(expected, found) == 0 { return nil }
            let wanted = try probe.canonical(navigator)
            let got = try probe.canonical(replayed)
            return "the log of \(count(batches)) replays to another state: \(got) instead of \(wanted)"
                + (wanted == got ? " (ids or seq differ)" : "")
        } catch {
            return "the log of \(count(batches)) does not replay: \(error.kind.status.name) \(error.message)"
        }
    }

    /// "1 batch", "2 batches".
    private static func count(_ batches: [Batch]) -> String {
        batches.count == 1 ? "1 batch" : "\(batches.count) batches"
    }
}
