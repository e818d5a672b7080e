/// The format number of navcore's JSON documents: every document the library
/// writes carries it as `"navcore"`, and every document it reads (a route
/// table, a snapshot, a log) must declare it (`NAVCORE_FORMAT`).
public enum DocumentFormat {
    /// This library's format number.
    public static let current = Limits.format
}
