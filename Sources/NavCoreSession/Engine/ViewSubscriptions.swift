#if canImport(Glibc)
import Glibc
#endif
import NavCore
import NavCoreJSON

/// A navigator's view subscriptions and the view model they last got: the
/// engine keeps it under its lock; a round of `ThreadDeliveries.deliverView`
/// asks it whether the view changed.
struct ViewSubscriptions<Listener> {
    /// The listeners, by increasing subscription id.
    private(set) var listeners: [Listener] = []
    /// The view model last delivered, as its text's bytes.
    private var lastView: [UInt8] = []

    /// No subscription.
    init() {}

    /// Adds `listener` and returns the view model it gets first, which
    /// becomes the last one delivered.
    mutating func add(_ listener: Listener, session: Session) throws(NavError) -> OwnedDocument {
        let view = try session.viewModelText()
        lastView = Self.bytes(view)
        listeners.append(listener)
        return OwnedDocument(text: view)
    }

    /// Removes the first listener `matching` holds for, and returns it.
    mutating func remove(where matching: (Listener) -> Bool) -> Listener? {
        guard let index = listeners.firstIndex(where: matching) else { return nil }
        return listeners.remove(at: index)
    }

    /// Removes every listener and returns them.
    mutating func removeAll() -> [Listener] {
        defer { listeners = [] }
        return listeners
    }

    /// The listeners and `session`'s view model, when there are listeners
    /// and the view differs from the last one delivered (which it then becomes).
    mutating func changed(_ session: Session) -> ([Listener], OwnedDocument)? {
        guard !listeners.isEmpty, let view = try? session.viewModelText() else { return nil }
        let bytes = Self.bytes(view)
        guard bytes != lastView else {
            OwnedText.free(view)
            return nil
        }
        lastView = bytes
        return (listeners, OwnedDocument(text: view))
    }

    /// The bytes of a view model's text.
    private static func bytes(_ text: UnsafeMutablePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
    }
}

extension ViewSubscriptions: Sendable where Listener: Sendable {}
