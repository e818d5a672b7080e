/// The C contract's names that messages from below the C ABI name: the
/// session and the codec take them from here (they name no C symbol
/// themselves), so that C and Python callers read them as the header spells them.
enum CNames {
    /// The limit on snapshot and log text that restore and replay read.
    static let snapshotLimit = "NAVCORE_MAX_SNAPSHOT_BYTES"
    /// The call that starts recording an action log.
    static let recordCall = "navcore_record(nav, 1)"
}
