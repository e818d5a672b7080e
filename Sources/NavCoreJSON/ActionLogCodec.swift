#if canImport(Glibc)
import Glibc
#endif
import CJansson
import NavCore

/// The JSON of an action log (docs/restore.md): written from a recording
/// navigator's log, read back for a replay.
///
/// ```json
/// {"navcore": 1, "recording": true, "capacity": 10000, "folded": 0, "base": {snapshot},
///  "batches": [{"seq": 1, "cause": {"source": "actions", "ops": ["push"]}, "actions": [...]},
///              {"seq": 4, "cause": {"source": "restore"}, "snapshot": {snapshot}}]}
/// ```
public enum ActionLogCodec {
    /// The log as text from jansson's allocator (release with `OwnedText.free`),
    /// never longer than replay reads (`SnapshotDecoder.maxBytes`): a longer
    /// log has its older half folded into the base, again until it fits, as
    /// the log itself does when it is full. A base state too large on its own
    /// is `.limit`, like its snapshot (its message naming the limit
    /// `limitName` when given).
    public static func encode(_ log: ActionLog<Navigator>, recording: Bool,
                              limitName: String? = nil) throws(NavError) -> UnsafeMutablePointer<CChar> {
        var log = log
        while true {
            let text = try write(log, recording: recording)
            if strnlen(text, SnapshotDecoder.maxBytes + 1) <= SnapshotDecoder.maxBytes { return text }
            OwnedText.free(text)
            guard !log.records.isEmpty else { throw SnapshotDecoder.tooLarge("log's base state", limitName: limitName) }
            log = try log.folding(max(1, log.records.count / 2))
        }
    }

    /// The log as text, whatever its length. Each snapshot is written with an
    /// encoder of its own: an id may stand for another entry in another
    /// snapshot (after a restore), and the entries of past states must not be
    /// remembered by the navigator's encoder.
    private static func write(_ log: ActionLog<Navigator>, recording: Bool) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try NodeBuilder.dump(try DocumentWriter.documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "recording", recording ? json_true() : json_false())
            try NodeBuilder.set(document, "capacity", NodeBuilder.integer(log.capacity))
            try NodeBuilder.set(document, "folded", NodeBuilder.integer(log.folded))
            try NodeBuilder.set(document, "base", try DocumentWriter().snapshotNode(log.base))
            let batches = try NodeBuilder.array()
            try NodeBuilder.set(document, "batches", batches)
            for record in log.records {
                let body = try NodeBuilder.object()
                try NodeBuilder.append(batches, body)
                switch record {
                case .actions(let actions, let seq, let past):
                    try NodeBuilder.set(body, "seq", NodeBuilder.integer(seq))
                    try NodeBuilder.set(body, "cause", try DocumentWriter.cause(.actions(ops: actions.map(\.op))))
                    try NodeBuilder.set(body, "actions", try ActionEncoder.batch(actions))
                    if !past.isEmpty { try NodeBuilder.set(body, "past", try NodeBuilder.array(past.sorted(), NodeBuilder.integer)) }
                case .restore(let navigator, let seq):
                    try NodeBuilder.set(body, "seq", NodeBuilder.integer(seq))
                    try NodeBuilder.set(body, "cause", try DocumentWriter.cause(.restore))
                    try NodeBuilder.set(body, "snapshot", try DocumentWriter().snapshotNode(navigator))
                }
            }
        })
    }

    /// Reads log text for a replay. Anything unreadable is `.restore`, located
    /// at `base`, `batches[i]`, ...
    public static func decode(text: UnsafePointer<CChar>) throws(NavError) -> ActionLog<Snapshot> {
        let node = try SnapshotDecoder.parse(text, what: "action log")
        defer { node.release() }
        let top = try ObjectReader(node, at: "", kind: .restore, allowed: ["navcore", "recording", "capacity", "folded", "base", "batches"])
        guard try top.int("navcore") == DocumentFormat.current else {
            throw NavError(.restore, at: "navcore", "missing, or not this library's format \(DocumentFormat.current)")
        }
        _ = try top.bool("recording")
        let base = try SnapshotDecoder.decode(try top.required("base"), at: "base")
        guard let batchNodes = try top.array("batches") else { throw NavError(.restore, at: "batches", "missing") }
        var records: [LogRecord<Snapshot>] = []
        records.reserveCapacity(batchNodes.count)
        for (index, batchNode) in batchNodes.enumerated() {
            records.append(try record(batchNode, at: "batches[\(index)]"))
        }
        return ActionLog(base: base, records: records, folded: try top.int("folded", in: 0...Navigator.maxCounter) ?? 0,
                         capacity: try top.int("capacity", in: 2...Navigator.maxCounter) ?? ActionLog<Snapshot>.defaultCapacity)
    }

    /// One recorded batch: actions, or the snapshot of a restore.
    private static func record(_ node: JSONNode, at path: String) throws(NavError) -> LogRecord<Snapshot> {
        let reader = try ObjectReader(node, at: path, kind: .restore, allowed: ["seq", "cause", "actions", "snapshot", "past"])
        guard let seq = try reader.int("seq", in: 0...Navigator.maxCounter) else { throw NavError(.restore, at: reader.location("seq"), "missing") }
        _ = try reader.object("cause")
        switch (reader.node("actions"), reader.node("snapshot")) {
        case (let actions?, nil):
            let past = try past(reader)
            do {
                return .actions(try ActionDecoder.decodeBatch(actions), seq: seq, past: past)
            } catch {
                throw NavError(.restore, at: reader.location("actions"), error.message)
            }
        case (nil, let snapshot?):
            return .restore(try SnapshotDecoder.decode(snapshot, at: reader.location("snapshot")), seq: seq)
        default:
            throw NavError(.restore, at: path, "needs exactly one of \"actions\" and \"snapshot\"")
        }
    }

    /// A batch's optional `past`: the ids of the blocking entries it proceeded past.
    private static func past(_ reader: ObjectReader) throws(NavError) -> Set<Int> {
        var ids: Set<Int> = []
        for (index, node) in (try reader.array("past") ?? []).enumerated() {
            guard let id = node.intValue else {
                throw NavError(.restore, at: "\(reader.location("past"))[\(index)]", "expected int, got \(node.typeName)")
            }
            ids.insert(id)
        }
        return ids
    }
}
