#if canImport(Glibc)
import Glibc
#endif
import CJansson
import NavCore

extension DocumentWriter {
    /// A navigator's snapshot (docs/restore.md): the state document without
    /// `active_stack`, which restore derives. A snapshot longer than restore
    /// reads (`SnapshotDecoder.maxBytes`) is not written: `.limit`, its
    /// message naming the limit `limitName` when given.
    public func snapshot(_ navigator: Navigator, limitName: String? = nil) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let text = try NodeBuilder.dump(try snapshotNode(navigator))
        guard strnlen(text, SnapshotDecoder.maxBytes + 1) <= SnapshotDecoder.maxBytes else {
            OwnedText.free(text)
            throw SnapshotDecoder.tooLarge("snapshot", limitName: limitName)
        }
        return text
    }

    /// A new node of a navigator's snapshot, owned by the caller.
    func snapshotNode(_ navigator: Navigator) throws(NavError) -> JSONNode {
        try DocumentWriter.documentNode { (document) throws(NavError) in try describe(navigator, into: document, activeStack: false) }
    }
}

extension DocumentWriter {
    /// One entry as text, as a restore validator receives it (release with `OwnedText.free`).
    public static func entryText(_ entry: Entry) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try NodeBuilder.dump(try DocumentWriter.entry(entry))
    }
}
