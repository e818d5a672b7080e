#if canImport(Glibc)
import Glibc
#endif
import NavCore
import NavCoreJSON

/// What one thread is delivering and judging, by navigator, and the rules of
/// delivery and re-entry: a navigator's guard cannot change the navigator it
/// is judging;
/// a change made while a navigator's listeners run on this thread is queued
/// behind the current transition (`Delivery`) and counts towards the cascade
/// limit; the view model goes to the view listeners in rounds, by the
/// outermost call only, each round only when it differs from the last one
/// delivered (`ViewSubscriptions`). Each thread has its own (`current`);
/// the engine asks it before a change and makes the host's calls through it.
final class ThreadDeliveries {
    /// Transition deliveries in progress on this thread, by navigator.
    private var transitions: [ObjectIdentifier: Delivery] = [:]
    /// The navigators whose view listeners are being called on this thread.
    private var viewing: Set<ObjectIdentifier> = []
    /// The navigators whose guard is running on this thread.
    private var judging: Set<ObjectIdentifier> = []

    /// The calling thread's, created on first use and released when the thread exits.
    static var current: ThreadDeliveries {
        if let raw = pthread_getspecific(threadDeliveriesKey) {
            return Unmanaged<ThreadDeliveries>.fromOpaque(raw).takeUnretainedValue()
        }
        let deliveries = ThreadDeliveries()
        pthread_setspecific(threadDeliveriesKey, Unmanaged.passRetained(deliveries).toOpaque())
        return deliveries
    }

    /// Refuses a change to `navigator` made from one of its listeners once the
    /// cascade limit is reached (`Delivery.checkCascade`).
    func checkCascade(_ navigator: ObjectIdentifier) throws(NavError) {
        // Most calls come while no listener runs: an empty dictionary is not hashed into.
        guard !transitions.isEmpty else { return }
        try transitions[navigator]?.checkCascade()
    }

    /// Refuses a change to `navigator` from its own guard, while it judges on
    /// this thread: the guard answers with a redirect instead.
    func checkReentry(_ navigator: ObjectIdentifier) throws(NavError) {
        // Most calls come while no guard runs: an empty set is not hashed into.
        guard !judging.isEmpty, judging.contains(navigator) else { return }
        throw NavError(.cascade, "a guard cannot change the navigator it is judging (answer with navcore_guard_redirect instead)")
    }

    /// Refuses a change to `navigator` from one of its listeners past the
    /// cascade limit, or from its own guard (`checkCascade`, `checkReentry`):
    /// both checks of a change, with one look at this thread's deliveries.
    func checkChange(_ navigator: ObjectIdentifier) throws(NavError) {
        try checkCascade(navigator)
        try checkReentry(navigator)
    }

    /// Runs `judge`, the call of `navigator`'s guard, with the navigator
    /// marked as judged on this thread (`checkReentry`).
    func judging<T>(_ navigator: ObjectIdentifier, _ judge: () -> T) -> T {
        judging.insert(navigator)
        defer { judging.remove(navigator) }
        return judge()
    }

    /// Delivers `text` (taking ownership) to `navigator`'s listeners through
    /// `hear`: at once, or, when called from one of them, after the current
    /// round (`Delivery.enqueue`).
    func deliver(_ text: UnsafeMutablePointer<CChar>, to navigator: ObjectIdentifier,
                        hear: (UnsafePointer<CChar>) -> Void) {
        if let running = transitions[navigator] {
            running.enqueue(text)
            return
        }
        let delivery = Delivery()
        transitions[navigator] = delivery
        defer { transitions[navigator] = nil }
        delivery.run(text, hear: hear)
    }

    /// Delivers the view model to `navigator`'s view listeners while it
    /// differs from the one they last got: after a change and its transition
    /// listeners. A change a view listener makes is seen by the next round,
    /// and rounds stop after `Delivery.maxCascade`; a call made while
    /// listeners of this navigator run on this thread leaves it to the
    /// outermost call. `changed` gives the listeners and the view when it
    /// changed (`ViewSubscriptions.changed`), `subscribed` whether a listener
    /// is still subscribed, `call` calls one.
    func deliverView<Listener>(to navigator: ObjectIdentifier,
                                      changed: () -> ([Listener], OwnedDocument)?,
                                      subscribed: (Listener) -> Bool,
                                      call: (Listener, UnsafePointer<CChar>) -> Void) {
        guard transitions[navigator] == nil, !viewing.contains(navigator) else { return }
        viewing.insert(navigator)
        defer { viewing.remove(navigator) }
        for _ in 0..<Delivery.maxCascade {
            guard let (listeners, view) = changed() else { return }
            defer { OwnedText.free(view.text) }
            for listener in listeners where subscribed(listener) {
                call(listener, view.text)
            }
        }
    }

    /// Runs `call`, one view listener's call, with `navigator` marked as
    /// viewed on this thread, so that the changes the listener makes are
    /// delivered by the caller's round.
    func callingViewListener(of navigator: ObjectIdentifier, _ call: () -> Void) {
        let outermost = viewing.insert(navigator).inserted
        defer { if outermost { viewing.remove(navigator) } }
        call()
    }
}

/// The key of each thread's `ThreadDeliveries`; its destructor releases it.
private let threadDeliveriesKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in
        guard let raw else { return }
        Unmanaged<ThreadDeliveries>.fromOpaque(raw).release()
    }
    return key
}()
