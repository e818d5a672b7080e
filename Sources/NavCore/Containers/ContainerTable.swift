/// The containers of a navigator's tree, by the id of the entry that holds
/// each (`Navigator.containers`): a dictionary in all but its hashing.
///
/// Every action looks containers up along the active path (a back four
/// levels deep makes a dozen lookups), and `Int`'s own hashing, SipHash-1-3,
/// was about a third of what a nested action costs above a flat one. The
/// keys here are hashed by one round of a 64-bit mixer (MurmurHash3's
/// finalizer) over the id and the table's seed instead. The ids are the
/// navigator's own (issued in order, or read from a snapshot and checked),
/// a few thousand at most, so the stronger hash bought nothing a caller
/// could use; the mixer still spreads consecutive ids over the buckets.
///
/// ```swift
/// if let container = navigator.containers[entry.id] { print(container.selectedStack.name) }
/// for (holder, container) in navigator.containers { print(holder, container.name) }
/// ```
public struct ContainerTable: Sequence, Equatable, Sendable {
    /// A key of the table: an entry id, with its cheaper hash.
    typealias Key = EntryIDKey

    private var storage: [Key: Container] = [:]

    /// An empty table.
    public init() {}

    /// The container entry `holder` holds; nil when it holds none.
    /// Setting nil removes it.
    public subscript(holder: Int) -> Container? {
        get { storage[Key(id: holder)] }
        set { storage[Key(id: holder)] = newValue }
        _modify { yield &storage[Key(id: holder)] }
    }

    /// The container entry `holder` holds, or `defaultValue` (stored on a change).
    subscript(holder: Int, default defaultValue: @autoclosure () -> Container) -> Container {
        get { storage[Key(id: holder), default: defaultValue()] }
        _modify { yield &storage[Key(id: holder), default: defaultValue()] }
    }

    /// Whether the table holds no container (a flat table's navigator).
    public var isEmpty: Bool { storage.isEmpty }

    /// How many containers the tree holds.
    public var count: Int { storage.count }

    /// The ids of the entries that hold a container, in no order.
    public var keys: some Collection<Int> { storage.keys.lazy.map(\.id) }

    /// The containers, in no order.
    public var values: some Collection<Container> { storage.values }

    /// Whether entry `holder` holds a container: a lookup that copies nothing.
    public func contains(_ holder: Int) -> Bool {
        storage.index(forKey: Key(id: holder)) != nil
    }

    /// `body` on the container entry `holder` holds, changed in place with
    /// one lookup (reading it out and back would copy each of its parts);
    /// nothing when it holds none.
    mutating func modify(_ holder: Int, _ body: (inout Container) -> Void) {
        guard let index = storage.index(forKey: Key(id: holder)) else { return }
        body(&storage.values[index])
    }

    /// `body` on every container, changed in place, in no order.
    mutating func modifyEach(_ body: (inout Container) -> Void) {
        for index in storage.values.indices { body(&storage.values[index]) }
    }

    /// Removes and returns the container entry `holder` holds, if any.
    @discardableResult
    public mutating func removeValue(forKey holder: Int) -> Container? {
        storage.removeValue(forKey: Key(id: holder))
    }

    /// Each holder's id with its container, in no order.
    public func makeIterator() -> some IteratorProtocol<(key: Int, value: Container)> {
        storage.lazy.map { (key: $0.key.id, value: $0.value) }.makeIterator()
    }
}
