/// A C destroy function (`navcore_destroy`): gets the `user_data` navcore is done with.
public typealias DestroyFunction = @convention(c) (UnsafeMutableRawPointer?) -> Void

/// The `user_data` of a listener or guard, with its destroy function: the
/// destroy is called exactly once, when the last holder lets go (a list of
/// subscriptions, the guard slot, or a call in flight using it). Whoever ends
/// a subscription or guard makes sure that is outside the navigator's lock.
/// Unchecked-Sendable: navcore never dereferences `pointer`, it only hands it
/// back to the host.
final class UserData: @unchecked Sendable {
    /// Passed back to the host's functions unchanged.
    let pointer: UnsafeMutableRawPointer?
    /// Called with `pointer` when this goes, if any.
    private let destroy: DestroyFunction?

    /// Holds `pointer` until this goes, then hands it to `destroy`.
    init(_ pointer: UnsafeMutableRawPointer?, destroy: DestroyFunction?) {
        self.pointer = pointer
        self.destroy = destroy
    }

    deinit { destroy?(pointer) }
}
