import NavCore
import NavCoreSession

/// A C listener: the document's JSON and the subscriber's user data.
public typealias ListenerFunction = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

/// What a `navcore_navigator *` is: a retained `Engine`. This converts
/// between the two; the engine decides everything else.
enum NavigatorHandle {
    /// A new handle on `engine`, owned by the caller until `navcore_navigator_free`.
    static func make(_ engine: Engine) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(engine).toOpaque())
    }

    /// The engine behind a C pointer, or `.invalidArgument` for NULL or a
    /// closed navigator. The caller's strong reference keeps the engine for
    /// the rest of its call, also when the navigator is freed meanwhile.
    static func from(_ pointer: OpaquePointer?) throws(NavError) -> Engine {
        guard let pointer else { throw NavError(.invalidArgument, at: "nav", "is NULL") }
        let engine = Unmanaged<Engine>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
        guard !engine.isClosed else { throw NavError(.invalidArgument, "navigator closed") }
        return engine
    }

    /// Closes the engine behind `pointer` (`Engine.close`), then lets go of
    /// the host's reference; the calls in flight hold theirs, so the memory
    /// goes when the last of them returns.
    static func free(_ pointer: OpaquePointer) {
        let engine = Unmanaged<Engine>.fromOpaque(UnsafeRawPointer(pointer))
        engine.takeUnretainedValue().close()
        engine.release()
    }
}

extension HostListener {
    /// A C listener: `function` called with the document and `userData`'s
    /// pointer; `userData` goes when the last copy of this does.
    init(_ function: ListenerFunction, _ userData: UserData) {
        self.init { (text) in function(text, userData.pointer) }
    }
}
