import NavCore
import NavCoreJSON

extension NavigatorHandle {
    /// Commits one change: refuses it from a listener past the cascade limit,
    /// makes it under the lock with `change`, then hands the transition text to
    /// `out` (when given) and to the listeners (when it changed something).
    func commit(_ out: TextOut?, _ change: @Sendable (inout Guarded) throws(NavError) -> Transition) throws(NavError) {
        try Delivery.checkCascade(for: self)
        let wanted = out != nil
        let (text, notify) = try guarded.withLock { (guarded) throws(NavError) in
            let transition = try change(&guarded)
            defer { guarded.encoder.forget(transition) }
            let notify = transition.changed && !guarded.subscriptions.isEmpty
            let text = wanted || notify ? try guarded.encoder.transition(transition) : nil
            return (text, notify)
        }
        guard let text else { return }
        guard let out else { return Delivery.deliver(text, for: self) }
        out.pointee = text
        if notify {
            Delivery.deliver(try Encoder.copy(text), for: self)
        }
    }
}

extension NavigatorHandle.Guarded {
    /// Applies a batch, and records it while recording.
    mutating func apply(_ actions: [Action]) throws(NavError) -> Transition {
        let transition = try navigator.apply(actions)
        if recording { log?.append(.actions(actions, seq: navigator.seq), after: navigator) }
        return transition
    }

    /// Takes over a restored or replayed state, and records it while recording.
    /// Ids may now stand for other entries, so no entry node is kept.
    mutating func adopt(_ restored: Navigator, cause: Cause) -> Transition {
        let transition = navigator.adopt(restored, cause: cause)
        encoder.forgetAll()
        if recording { log?.append(.restore(navigator, seq: navigator.seq), after: navigator) }
        return transition
    }
}
