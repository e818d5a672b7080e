/// A host's listener as the engine calls it, without its lock: it hears a
/// document's text, borrowed for the call (a transition, the view model or a
/// held batch's document, by the kind of its subscription). The C library
/// makes one of a `navcore_listener` and its `user_data`; the Swift vector
/// runner of a closure.
public struct HostListener: Sendable {
    /// The call.
    let hear: @Sendable (UnsafePointer<CChar>) -> Void

    /// A listener that calls `hear`.
    public init(_ hear: @escaping @Sendable (UnsafePointer<CChar>) -> Void) {
        self.hear = hear
    }
}

/// A host's guard as the engine asks it, without its lock: it reads the
/// document of a proposed batch (docs/conditions.md, "Redirects and guards")
/// and decides (`GuardDecision`).
public struct HostGuard: Sendable {
    /// The call.
    let judge: @Sendable (UnsafePointer<CChar>) -> GuardDecision

    /// A guard that answers with `judge`.
    public init(_ judge: @escaping @Sendable (UnsafePointer<CChar>) -> GuardDecision) {
        self.judge = judge
    }
}
