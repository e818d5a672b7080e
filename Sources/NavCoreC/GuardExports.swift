import NavCore
import NavCoreJSON
import NavCoreSession

/// A C guard: `int (*)(const char *proposal_json, navcore_guard_decision *decision, void *user_data)`.
public typealias GuardFunction = @convention(c) (UnsafePointer<CChar>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32

/// A navigator's guard (`navcore_set_guard`).
struct HostGuard: SessionGuard {
    /// The function to call.
    let function: GuardFunction
    /// Passed back to it unchanged, destroyed when no copy of this remains.
    let userData: UserData
    /// The navigator it judges: a change to it from the guard is refused.
    let navigator: ObjectIdentifier

    /// Asks the guard about `proposal` on this thread, without the lock.
    /// A return value other than `NAVCORE_OK` denies the batch.
    func judge(_ proposal: Proposal) -> GuardDecision {
        let text: UnsafeMutablePointer<CChar>
        do {
            text = try proposal.text()
        } catch {
            return .failed(error)
        }
        defer { OwnedText.free(text) }
        let decision = DecisionBox()
        let code = ThreadContext.current.deliveries.judging(navigator) {
            withExtendedLifetime(decision) {
                function(text, OpaquePointer(Unmanaged.passUnretained(decision).toOpaque()), userData.pointer)
            }
        }
        return GuardDecision(hostAnswer: code, answer: decision.answer)
    }
}

extension NavigatorHandle {
    /// Refuses a change to this navigator from one of its listeners past the
    /// cascade limit or from its own guard (`ThreadDeliveries.checkChange`).
    func checkChange() throws(NavError) {
        try ThreadContext.current.deliveries.checkChange(ObjectIdentifier(self))
    }
}

/// What `navcore_guard_decision *` points to during one guard call.
final class DecisionBox {
    /// The guard's answer, once it gave one.
    var answer: GuardDecision?

    /// The box behind a C pointer; `.invalidArgument` for NULL or a second answer.
    static func open(_ pointer: OpaquePointer?) throws(NavError) -> DecisionBox {
        guard let pointer else { throw NavError(.invalidArgument, at: "decision", "is NULL") }
        let box = Unmanaged<DecisionBox>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
        guard box.answer == nil else { throw NavError(.invalidArgument, at: "decision", "the guard already answered") }
        return box
    }
}

/// `int navcore_set_guard(navcore_navigator *nav, navcore_guard guard, void *user_data)`.
@_cdecl("navcore_set_guard")
public func navcore_set_guard(_ nav: OpaquePointer?, _ function: GuardFunction?, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    navcore_set_guard_with_destroy(nav, function, userData, nil)
}

/// `int navcore_set_guard_with_destroy(navcore_navigator *nav, navcore_guard guard, void *user_data,
/// navcore_destroy destroy)`: `user_data` goes at once when `guard` is NULL or the call fails.
@_cdecl("navcore_set_guard_with_destroy")
public func navcore_set_guard_with_destroy(_ nav: OpaquePointer?, _ function: GuardFunction?,
                                           _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyFunction?) -> Int32 {
    let data = UserData(userData, destroy: destroy)
    return Status.call { () throws(NavError) in
        let handle = try NavigatorHandle.from(nav)
        let hostGuard = function.map { HostGuard(function: $0, userData: data, navigator: ObjectIdentifier(handle)) }
        // The old guard is released after the lock: its destroy never runs under the lock.
        let replaced = handle.guarded.withLock { (guarded) -> HostGuard? in
            let replaced = guarded.hostGuard
            guarded.hostGuard = hostGuard
            return replaced
        }
        withExtendedLifetime(replaced) {}
    }
}

/// `int navcore_guard_deny(navcore_guard_decision *decision, const char *reason)`.
@_cdecl("navcore_guard_deny")
public func navcore_guard_deny(_ decision: OpaquePointer?, _ reason: UnsafePointer<CChar>?) -> Int32 {
    Status.call { () throws(NavError) in
        let box = try DecisionBox.open(decision)
        box.answer = .deny(try Input.string(reason, "reason"))
    }
}

/// `int navcore_guard_redirect(navcore_guard_decision *decision, const char *actions_json)`.
/// Unreadable actions fail the batch with their error, under `guard.redirect`.
@_cdecl("navcore_guard_redirect")
public func navcore_guard_redirect(_ decision: OpaquePointer?, _ actionsJSON: UnsafePointer<CChar>?) -> Int32 {
    Status.call { () throws(NavError) in
        let box = try DecisionBox.open(decision)
        let answer = GuardDecision.redirect { () throws(NavError) in
            try ActionDecoder.decodeBatch(text: try Input.batchText(actionsJSON, "actions_json"))
        }
        box.answer = answer
        if case .failed(let error) = answer { throw error }
    }
}
