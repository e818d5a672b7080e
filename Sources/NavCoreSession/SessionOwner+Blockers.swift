import NavCore
import NavCoreJSON

/// The session's rules for what a blocker holds back and for taking a
/// result: who hears a held batch and in what order, and when `proceed` and
/// `take_result` are refused.
extension SessionOwner {
    /// Applies the batch `token` names past its blocker (`Session.proceed`),
    /// refused like every change from a listener past the cascade limit and
    /// from the owner's guard.
    public func proceed(_ token: String, caller: Bool) throws(NavError) -> CommittedChange.Texts? {
        try change(caller: caller) { (session, readers, _) throws(NavError) in try session.proceed(token, for: readers) }
    }

    /// Takes the result entry `id` holds (`Session.takeResult`), refused like
    /// every change from a listener past the cascade limit and from the
    /// owner's guard. Nothing but the result's text is written: no listener
    /// reads a transition of it.
    public func takeResult(_ id: Int) throws(NavError) -> OwnedDocument {
        try checkChange()
        return try locked(caller: false) { (session, _, _) throws(NavError) in OwnedDocument(text: try session.takeResult(id)) }
    }

    /// Runs the change `body`; when a blocker holds it back (with a token),
    /// each of `listeners()` (the blocked listeners subscribed then, in
    /// subscription order) that is still `subscribed` when its turn comes
    /// gets the held batch's document from `call`, without the owner's
    /// lock, before the error is thrown, so that the caller still reads its
    /// own error after their calls.
    public func reportingBlocked<T, Listener>(_ body: () throws(NavError) -> T,
                                              listeners: () -> [Listener],
                                              subscribed: (Listener) -> Bool,
                                              call: (Listener, UnsafePointer<CChar>) -> Void) throws(NavError) -> T {
        do {
            return try body()
        } catch {
            guard let blocked = error.blocked, !blocked.token.isEmpty else { throw error }
            let heard = listeners()
            guard !heard.isEmpty, let text = try? DocumentWriter.blocked(blocked) else { throw error }
            defer { OwnedText.free(text) }
            for listener in heard where subscribed(listener) {
                call(listener, text)
            }
            throw error
        }
    }
}
