import NavCore
import NavCoreJSON

/// Restore and replay in two steps, so that host code (a restore validator)
/// never runs under the engine's lock: `prepare...` reads the input and builds
/// the new state from the table alone (no lock held), then `adopt` commits it
/// under the lock. A change committed in between is simply replaced: the
/// restore takes effect at its commit, as if it came after that change.
extension Session {
    /// Reads snapshot text and rebuilds its state on `table`, asking
    /// `validator` about each entry (docs/restore.md).
    public static func prepareRestore(_ text: UnsafePointer<CChar>, table: RouteTable,
                                      validator: RestoreValidator?) throws(NavError) -> Restoration {
        try Navigator.restoring(try SnapshotDecoder.decode(text: text), table: table, validator: validator)
    }

    /// The validator that asks `validator` about each entry as JSON text,
    /// borrowed for the call: a host's validator, which reads entries as
    /// the documents do.
    public static func validator(_ validator: @escaping (UnsafePointer<CChar>) -> Verdict) -> RestoreValidator {
        { (entry: Entry, _: String) throws(NavError) -> Verdict in
            let text = try DocumentWriter.entryText(entry)
            defer { OwnedText.free(text) }
            return validator(text)
        }
    }

    /// Reads action log text and replays it exactly on `table`.
    public static func prepareReplay(_ text: UnsafePointer<CChar>, table: RouteTable) throws(NavError) -> Navigator {
        try Navigator.replaying(try ActionLogCodec.decode(text: text), table: table)
    }

    /// Writes a log taken by `recordedLog()`, never longer than replay reads;
    /// a base state too long is `.limit`, naming the limit `limitName` when
    /// given (the C ABI's name for it).
    public static func write(_ log: ActionLog<Navigator>, recording: Bool,
                             limitName: String? = nil) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try ActionLogCodec.encode(log, recording: recording, limitName: limitName)
    }
}

extension Verdict {
    /// The verdict of a host validator's answer code, as the C contract defines
    /// it: `NAVCORE_KEEP` (1) keeps, `NAVCORE_VETO` (0) vetoes, anything else
    /// fails. Here, not in the core, which knows no C value; here, not in the
    /// C ABI, so that the Swift vector runner maps answers as C does.
    public init(hostAnswer: Int32) {
        switch hostAnswer {
        case 1: self = .keep
        case 0: self = .veto
        default: self = .failed("the validator returned \(hostAnswer), neither NAVCORE_KEEP (1) nor NAVCORE_VETO (0)")
        }
    }
}
