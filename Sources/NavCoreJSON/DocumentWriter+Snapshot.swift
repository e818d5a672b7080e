import NavCore

extension DocumentWriter {
    /// A navigator's snapshot (docs/restore.md): the state document without
    /// `active_stack`, which restore derives. A snapshot longer than restore
    /// reads (`SnapshotDecoder.maxBytes`) is not written: `.limit`, its
    /// message naming the limit `limitName` when given.
    public func snapshot(_ navigator: Navigator, limitName: String? = nil) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let (snapshot, length) = try unlimitedSnapshot(navigator)
        guard length <= SnapshotDecoder.maxBytes else {
            OwnedText.free(snapshot)
            throw SnapshotDecoder.tooLarge("snapshot", limitName: limitName)
        }
        return snapshot
    }

    /// A new node of a navigator's snapshot, owned by the caller (an action
    /// log holds snapshots, and checks its own size): its text, read back.
    func snapshotNode(_ navigator: Navigator) throws(NavError) -> JSONNode {
        let (snapshot, _) = try unlimitedSnapshot(navigator)
        defer { OwnedText.free(snapshot) }
        do {
            return try JSONNode.parse(snapshot)
        } catch {
            // The text is JSON by construction: only memory can fail reading it back.
            throw NodeBuilder.outOfMemory
        }
    }

    /// A snapshot's text, whatever its length, and its length.
    private func unlimitedSnapshot(_ navigator: Navigator) throws(NavError) -> (UnsafeMutablePointer<CChar>, Int) {
        var length = 0
        let snapshot = try text { (text) throws(NavError) in
            try describe(navigator, into: &text, activeStack: false)
            length = text.written + 1
        }
        return (snapshot, length)
    }
}

extension DocumentWriter {
    /// One entry as text, as a restore validator receives it (release with `OwnedText.free`).
    public static func entryText(_ entry: Entry) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try NodeBuilder.dump(try DocumentWriter.entry(entry))
    }
}
