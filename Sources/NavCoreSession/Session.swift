import NavCore
import NavCoreJSON

/// A navigator in use: the navigation state plus what using it needs, the
/// writer that keeps each entry's text for the documents, and the action log while
/// recording. An `Engine` drives one, under its lock: the C library's
/// navigator handle and the Swift conformance runner drive the same engine,
/// so the vectors test what C runs.
///
/// Every change is atomic on every path: the text a change hands back is
/// written before the change is committed, so a failure (memory included)
/// leaves the state as it was. Not thread-safe: its engine (`Engine`) serialises calls.
public final class Session {
    /// The navigation state.
    public private(set) var navigator: Navigator
    /// Writes the navigator's documents, keeping each entry's text for them.
    private let writer = DocumentWriter()
    /// The action log, once recording was started.
    private var log: ActionLog<Navigator>?
    /// Whether changes are being recorded into `log`.
    public private(set) var recording = false
    /// How many changes were committed (batches, restores, replays): a guarded
    /// batch commits only when it is still the count it was proposed at.
    private(set) var generation = 0
    /// The announcement of the last change when it was a restore or replay,
    /// for the view model (nil: nothing to say, or `lastChange` says it).
    private var lastAnnouncement: Announcement?
    /// The last batch that changed something, for the view model's step
    /// plan (nil before any, and after a restore or replay): a reference,
    /// the plan is built only when a view model is written.
    private var lastChange: LastChange?
    /// The batches blockers held back, by token.
    private var held = HeldBatches()
    /// The most batches held back at once (`NAVCORE_MAX_HELD_BATCHES`): a newer token ends the oldest.
    public static let maxHeldBatches = Limits.maxHeldBatches

    /// A session on a new navigator of `table`.
    public init(table: RouteTable) {
        self.table = table
        navigator = Navigator(table: table)
    }

    /// A session on a new navigator of `table` in `locale` (nil: the
    /// table's default; docs/locales.md). A malformed tag is `.invalidArgument` at `locale`.
    public init(table: RouteTable, locale: String?) throws(NavError) {
        self.table = table
        navigator = try Navigator(table: table, locale: locale)
    }

    /// The route table: the navigator's, which every restore and replay keeps.
    /// Stored (not read through `navigator`) so that a read borrows it: a
    /// copy of a whole table would cost more than a link match does.
    public let table: RouteTable

    // MARK: - Changes

    /// Applies a batch (recording it while recording), past the blocking
    /// entries in `past`. The transition's text for each of `readers` is
    /// written before the batch is committed. A batch a blocker holds back is
    /// `.blocked`, its error carrying the token that proceeds past it. The
    /// committed change holds the transition when `describing` or when a
    /// reader asked for it; otherwise none is built (what a push with a NULL
    /// `transition_out` and no listener costs).
    public func apply(_ actions: [Action], past: Set<Int> = [], for readers: Readers, describing: Bool = true) throws(NavError) -> CommittedChange {
        let outcome: Outcome
        let texts: CommittedChange.Texts
        do {
            (outcome, texts) = try navigator.apply(actions, past: past, describing: describing || !readers.isEmpty) {
                (transition) throws(NavError) -> CommittedChange.Texts in
                try transitionTexts(transition, for: readers)
            }
        } catch {
            throw holdingBack(error, past: past)
        }
        generation &+= 1
        if writer.keepsTexts { outcome.forEachRemovable(writer.forget) }
        if outcome.changed {
            lastAnnouncement = nil
            lastChange = outcome.lastChange
        }
        if recording { log?.append(.actions(actions, seq: navigator.seq, past: past), after: navigator) }
        return CommittedChange(outcome, texts: texts)
    }

    /// What `actions` would do now, for a guard (`Session.applyGuarded`),
    /// changing nothing.
    public func propose(_ actions: [Action]) throws(NavError) -> Proposal {
        do {
            return Proposal(actions: actions, transition: try navigator.preview(actions), generation: generation)
        } catch {
            throw holdingBack(error, past: [])
        }
    }

    /// Commits a batch a guard allowed (`Session.applyGuarded`) if no change
    /// was committed since it was proposed (applied to the same state, it makes
    /// the proposed transition again); nil otherwise.
    public func commit(_ proposal: Proposal, for readers: Readers) throws(NavError) -> CommittedChange? {
        guard proposal.generation == generation else { return nil }
        return try apply(proposal.actions, for: readers)
    }

    /// Applies the batch that `token` names, past its blocker (and the ones
    /// it was already past), once: the first proceed with a token ends it.
    /// `.noEntry` at `token`, saying why, for a token this session did not
    /// give, one already used, expired or ended by a restore, and one whose
    /// batch would no longer make the change it was held back for
    /// (docs/blockers.md, "Tokens"). A blocker the batch would now remove
    /// and was not past holds it back again, under a new token.
    public func proceed(_ token: String, for readers: Readers) throws(NavError) -> CommittedChange {
        let batch = try held.take(token)
        if let reason = batch.ended(in: &navigator) { throw HeldBatch.noBatch(token, reason) }
        return try apply(batch.actions, past: batch.past, for: readers)
    }

    /// Takes the result entry `id` holds (the `take_result` action, recorded
    /// while recording) and returns it as JSON text, written before the
    /// action is committed. Errors are the action's.
    public func takeResult(_ id: Int) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let text = try navigator.entry(withID: id)?.result.map { (value) throws(NavError) in try JSONValueCodec.text(value) }
        do {
            _ = try apply([.takeResult(id: id)], for: [])
        } catch {
            OwnedText.free(text)
            throw error
        }
        guard let text else { throw NavError(.internal, at: "id", "took entry \(id)'s result, but it held none") }
        return text
    }

    /// `error`, given a new token when it is `.blocked` (the batch is then
    /// held back, with what it would change past every blocker).
    private func holdingBack(_ error: NavError, past: Set<Int>) -> NavError {
        // Not expected to be nil: the batch just ran up to its blocker check. The
        // error still says what held it back; it just gives no token.
        guard var blocked = error.blocked, let batch = HeldBatch(heldBy: error, past: past, in: &navigator) else { return error }
        blocked.token = held.hold(batch)
        var error = error
        error.blocked = blocked
        return error
    }

    /// Takes over a restored or replayed state (recording it as a snapshot of
    /// the result). The transition's texts are written first, and the text of
    /// a restore's `report` as the adoption settled it (`RestoreReport.settled(byIntent:)`).
    /// The transition is built only when a reader reads it.
    public func adopt(_ restored: Navigator, cause: Cause, report: RestoreReport? = nil, for readers: Readers) throws(NavError) -> CommittedChange {
        let (outcome, (texts, reportText)) = try navigator.adopt(restored, cause: cause, describing: !readers.isEmpty) {
            (transition, intent) throws(NavError) -> (CommittedChange.Texts, UnsafeMutablePointer<CChar>?) in
            let texts = try transitionTexts(transition, for: readers)
            guard let report else { return (texts, nil) }
            do throws(NavError) {
                return (texts, try ReportEncoder.report(report.settled(byIntent: intent)))
            } catch {
                OwnedText.free(texts.caller)
                OwnedText.free(texts.listeners)
                throw error
            }
        }
        // Ids may now stand for other entries: no node of the old state is kept.
        writer.forgetAll()
        generation &+= 1
        lastAnnouncement = outcome.announcement(in: navigator)
        lastChange = nil
        held.endAll("the navigator's state was restored or replayed since, and its ids may name other entries now")
        if recording { log?.append(.restore(navigator, seq: navigator.seq), after: navigator) }
        return CommittedChange(outcome, texts: texts, report: reportText)
    }

    /// The transition's text for each reader: written once, copied for the
    /// second. Listeners only hear of a change that changed something. A
    /// transition not built is asked for by no reader.
    private func transitionTexts(_ transition: Transition?, for readers: Readers) throws(NavError) -> CommittedChange.Texts {
        // Nobody reading is checked first: unwrapping the transition copies it.
        guard !readers.isEmpty, let transition else { return CommittedChange.Texts(caller: nil, listeners: nil) }
        let listeners = readers.contains(.listeners) && transition.changed
        guard readers.contains(.caller) || listeners else { return CommittedChange.Texts(caller: nil, listeners: nil) }
        let text = try writer.transition(transition)
        guard readers.contains(.caller) else { return CommittedChange.Texts(caller: nil, listeners: text) }
        guard listeners else { return CommittedChange.Texts(caller: text, listeners: nil) }
        do {
            return CommittedChange.Texts(caller: text, listeners: try OwnedText.copy(text))
        } catch {
            OwnedText.free(text)
            throw error
        }
    }

    /// Starts recording (a new log based on the current state; nothing changes
    /// when already recording), or stops it (the log stays readable).
    public func record(_ on: Bool) {
        if on && !recording { log = ActionLog(base: navigator) }
        recording = on
    }

    // MARK: - Reads

    /// The log as it stands, to be written by `Session.write(_:recording:)`
    /// (outside the engine's lock); `.noEntry` when nothing was recorded, its
    /// message naming `recordCall`, the caller's call that starts recording
    /// (`navcore_record(nav, 1)` in C), when given.
    public func recordedLog(recordCall: String? = nil) throws(NavError) -> (log: ActionLog<Navigator>, recording: Bool) {
        guard let log else {
            throw NavError(.noEntry, "nothing was recorded" + (recordCall.map { ": \($0) starts recording" } ?? ""))
        }
        return (log, recording)
    }

    /// The whole state (`navcore_state`).
    public func stateText() throws(NavError) -> UnsafeMutablePointer<CChar> {
        try writer.state(navigator)
    }

    /// The active stack (`navcore_stack`).
    public func stackText() throws(NavError) -> UnsafeMutablePointer<CChar> {
        try writer.stack(navigator)
    }

    /// What a shell renders now (`navcore_view_model`), announcing the last
    /// change and saying how to animate it.
    public func viewModelText() throws(NavError) -> UnsafeMutablePointer<CChar> {
        try writer.viewModel(navigator.viewModel(announcing: lastAnnouncement ?? lastChange?.announcement(in: navigator), animating: lastChange))
    }

    /// What `back` would do (`navcore_back_preview`).
    public func backPreviewText() throws(NavError) -> UnsafeMutablePointer<CChar> {
        try writer.backPreview(navigator.backPreview)
    }

    /// The snapshot (`navcore_snapshot`); one longer than restore reads is
    /// `.limit`, naming the limit `limitName` when given.
    public func snapshotText(limitName: String? = nil) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try writer.snapshot(navigator, limitName: limitName)
    }

    /// What a URL resolves to, changing nothing (`navcore_resolve_url`).
    public func resolutionText(_ url: String) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try writer.resolution(try table.resolve(url))
    }
}

/// Who reads the text of a change's transition; each reader gets a copy of its own.
public struct Readers: OptionSet, Sendable {
    public let rawValue: Int

    /// Creates a set of readers.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The caller of the change (a `transition_out` parameter).
    public static let caller = Readers(rawValue: 1)
    /// The navigator's listeners.
    public static let listeners = Readers(rawValue: 2)
}

/// A change the session committed (a batch, a restore, a replay): its
/// transition, and the texts written for its readers.
public struct CommittedChange {
    /// The texts of a transition, each owned by its receiver (release with
    /// `OwnedText.free`). Unchecked-Sendable: each buffer has one owner at a
    /// time, and is handed over, never shared.
    public struct Texts: @unchecked Sendable {
        /// The caller's text, when the caller asked for it.
        public let caller: UnsafeMutablePointer<CChar>?
        /// The listeners' text, when there are listeners and the change changed something.
        public let listeners: UnsafeMutablePointer<CChar>?
    }

    /// The transition, when it was built (`Session.apply`'s `describing`).
    public var transition: Transition? { outcome.transition }
    /// The commit's outcome, which holds the transition behind a reference:
    /// a change is handed on without copying a transition's hundreds of
    /// bytes, or a nil one's, which the engine never reads.
    private let outcome: Outcome
    /// The texts written for its readers.
    public let texts: Texts
    /// A restore's report, when asked for (owned by the receiver).
    public var report: UnsafeMutablePointer<CChar>?

    /// The change `outcome` says, with its texts and a restore's report.
    init(_ outcome: Outcome, texts: Texts, report: UnsafeMutablePointer<CChar>? = nil) {
        self.outcome = outcome
        self.texts = texts
        self.report = report
    }
}
