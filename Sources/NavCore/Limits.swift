// written by `make` (scripts/header_constants.py) from Include/navcore.h; do not edit.

/// The numbers of the C contract that the library enforces, one per `NAVCORE_` define of
/// `Include/navcore.h` (the format number and every `NAVCORE_MAX_*` limit).
public enum Limits {
    /// Format number written as "navcore" in every JSON document the library writes.
    public static let format = 1
    /// Longest value, in bytes of UTF-8, that a string param may hold.
    public static let maxStringParamBytes = 65536
    /// Most items a list param (`{"list": "string"}`, ...) may hold; a value with
    /// more is NAVCORE_EPARAMS, a URL repeating its query key more often is no match.
    public static let maxListParamItems = 256
    /// Most changes that listeners may chain re-entrantly from one outer change.
    public static let maxListenerCascade = 64
    /// Longest URL, in bytes of UTF-8, that a link can match; a longer one is
    /// NAVCORE_ELIMIT at `url`, whichever call it comes through (navcore_open_url(),
    /// an "open_url" action of navcore_apply(), navcore_resolve_url()).
    public static let maxUrlBytes = 262144
    /// Longest snapshot or action log text that navcore_restore() and
    /// navcore_replay() read, in bytes (64 MiB). navcore never writes a longer
    /// one: navcore_snapshot() fails with NAVCORE_ELIMIT instead, and
    /// navcore_log() folds older batches into the log's base until it fits.
    public static let maxSnapshotBytes = 67108864
    /// Most nested arrays and objects an entry's saved state may hold.
    public static let maxEntryStateDepth = 32
    /// Largest size of an entry's saved state: every JSON value counts one, and
    /// every string and object key adds its bytes of UTF-8.
    public static let maxEntryStateSize = 65536
    /// Most batches an action log keeps; older ones are folded into its base.
    public static let maxLogBatches = 10000
    /// Largest value of the counters "seq" and "next_id" (2^53 - 1, the largest
    /// integer every JSON reader holds exactly). A snapshot or log with a larger
    /// one is NAVCORE_ERESTORE; a change that would pass it is NAVCORE_ELIMIT.
    public static let maxCounter = 9007199254740991
    /// Longest text, in bytes, of the actions of navcore_apply() and of the JSON
    /// argument of the other action calls (1 MiB); longer is NAVCORE_ELIMIT.
    public static let maxBatchBytes = 1048576
    /// Most actions one batch may hold; more is NAVCORE_ELIMIT.
    public static let maxBatchActions = 1024
    /// Largest "redirect_limit" a route table may declare (the default is 5).
    public static let maxRedirectLimit = 32
    /// Most times one guarded call proposes its batch again because another
    /// change was committed while the guard ran; then it fails with NAVCORE_ELIMIT.
    public static let maxGuardRounds = 16
    /// Most containers on any path of a navigator's tree, the root's included
    /// (docs/structure.md, "Nesting"): a route table whose layouts nest deeper, or
    /// a change that would place a container deeper, is NAVCORE_ETABLE or
    /// NAVCORE_ELIMIT.
    public static let maxNesting = 8
    /// Most batches a navigator holds back for navcore_proceed() at once: each
    /// NAVCORE_EBLOCKED gives a new token, which ends the oldest beyond this many
    /// (that token is then NAVCORE_ENOENTRY, "it expired").
    public static let maxHeldBatches = 16
    /// Longest locale tag, in bytes, that navcore_navigator_new_locale() and the
    /// "set_locale" action take (docs/locales.md); longer is NAVCORE_EINVAL or
    /// NAVCORE_EACTION.
    public static let maxLocaleBytes = 35
}
