/// A root entry plus the path of entries pushed above it. Popping never
/// removes the root.
public struct Stack: Equatable, Sendable {
    /// The stack's name, unique within the navigator (`main`, a tab's name,
    /// `detail`, or `layer:<root id>` for a presentation).
    public let name: String
    /// The root entry, always at the bottom.
    public private(set) var root: Entry
    /// The entries above the root, bottom first.
    public private(set) var path: [Entry]

    /// Creates a stack of `root` and the entries of `path` above it, bottom first.
    public init(name: String, root: Entry, path: [Entry] = []) {
        self.name = name
        self.root = root
        self.path = path
    }

    /// Adds `entry` on top (taken, so that the caller's copy moves into the path).
    @inline(__always)
    mutating func push(_ entry: consuming Entry) {
        path.append(entry)
    }

    /// Adds `entries` on top, bottom first.
    mutating func push(contentsOf entries: some Sequence<Entry>) {
        path.append(contentsOf: entries)
    }

    /// Removes the path's entries from `index` up (`index` within `0...path.count`).
    mutating func removePath(from index: Int) {
        path.removeSubrange(index...)
    }

    /// Gives the stack a new root, keeping its path.
    mutating func setRoot(_ root: Entry) {
        self.root = root
    }

    /// Writes every entry's title again, from `title` of its route.
    mutating func retitle(_ title: (Route) -> String) {
        root.retitle(title)
        for index in path.indices { path[index].retitle(title) }
    }

    /// The top entry: the last of the path, or the root.
    public var top: Entry { path.last ?? root }

    /// The top entry's id, read in place (`top` copies the whole entry).
    var topID: Int { path.isEmpty ? root.id : path[path.count - 1].id }

    /// Every entry, root first.
    public var entries: [Entry] { [root] + path }

    /// The path index of the entry with `id`, or nil.
    func pathIndex(ofID id: Int) -> Int? {
        path.firstIndex { $0.id == id }
    }

    /// The path index of the topmost entry named `name`, or nil.
    func pathIndex(ofName name: String) -> Int? {
        path.lastIndex { $0.route.name == name }
    }
}

/// A presentation: a layer above the base stacks with a stack of its own.
public struct Layer: Equatable, Sendable {
    /// The presentation style (`sheet`, `cover`, ...).
    public let style: String
    /// The layer's stack; its root is the presented route.
    public private(set) var stack: Stack

    /// A presentation in `style` of `stack`.
    public init(style: String, stack: Stack) {
        self.style = style
        self.stack = stack
    }

    /// Changes its stack in place, recording the change for undo and diff
    /// by the stack's root id (`Navigator.edit`, through `Presentations.modify`).
    mutating func edit(_ batch: Batch, _ body: (inout Stack, inout StackEdit) -> Void) {
        let slot = batch.slot(of: .layer(rootID: stack.root.id), starting: stack)
        batch.edits[slot].edit.record(&stack, body)
    }

    /// Puts back its stack as `record` found it.
    mutating func rollback(_ record: StackEdit) {
        record.rollback(&stack)
    }

    /// Writes every entry's title again, from `title` of its route.
    mutating func retitle(_ title: (Route) -> String) {
        stack.retitle(title)
    }
}
