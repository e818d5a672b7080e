import NavCore

/// The error a throwing call threw, or nil when it did not throw.
public func thrownError<T>(_ body: () throws(NavError) -> T) -> NavError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
