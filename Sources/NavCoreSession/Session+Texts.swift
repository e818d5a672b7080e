import NavCore
import NavCoreJSON

/// The documents that belong to no one session's state, and the release of
/// every text a session hands out: the session decides which document is
/// written, so its owner (the C ABI) never calls the codec.
extension Session {
    /// Releases a text a session wrote (`navcore_string_free`); nil is a no-op.
    public static func free(_ text: UnsafeMutablePointer<CChar>?) {
        OwnedText.free(text)
    }

    /// `text` as a string the caller owns and releases with `free(_:)`.
    public static func ownedText(_ text: String) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try OwnedText.make(text)
    }

    /// The report of `table` (`navcore_table_report`), written outside the owner's lock.
    public static func tableReportText(_ table: RouteTable) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try DocumentWriter.tableReport(TableReport(table))
    }

    /// The document of the batch a blocker held back (`navcore_last_blocked`).
    public static func blockedText(_ blocked: BlockedRemoval) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try DocumentWriter.blocked(blocked)
    }

    /// A URL as a text its receiver owns.
    public static func urlText(_ url: String) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try OwnedText.make(url)
    }
}
