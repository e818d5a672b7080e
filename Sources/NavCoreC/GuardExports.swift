import NavCore
import NavCoreJSON
import NavCoreSession

/// A C guard: `int (*)(const char *proposal_json, navcore_guard_decision *decision, void *user_data)`.
public typealias GuardFunction = @convention(c) (UnsafePointer<CChar>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32

extension HostGuard {
    /// A C guard: `function` called with the proposal's document, a
    /// `navcore_guard_decision *` for its answer and `userData`'s pointer;
    /// its return code and answer as the session reads them
    /// (`GuardDecision(hostAnswer:answer:)`). `userData` goes when the last
    /// copy of this does.
    init(_ function: GuardFunction, _ userData: UserData) {
        self.init { (text) in
            let decision = DecisionBox()
            let code = withExtendedLifetime(decision) {
                function(text, OpaquePointer(Unmanaged.passUnretained(decision).toOpaque()), userData.pointer)
            }
            return GuardDecision(hostAnswer: code, answer: decision.answer)
        }
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
        try NavigatorHandle.from(nav).setGuard(function.map { HostGuard($0, data) })
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
