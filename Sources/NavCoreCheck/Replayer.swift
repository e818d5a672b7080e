import NavCore
import NavCoreJSON
import NavCoreSession

/// Re-runs a counterexample's steps on a new navigator of the table
/// (`navcore check --replay`), checking that each returns its status and
/// every law on each state reached, as the search would have.
public struct Replayer {
    private let table: RouteTable
    private let options: CheckOptions
    /// The route each URL the search generates was written for (`ActionGenerator`).
    private let linkRoutes: [String: String]
    /// A fault planted in the engine's answers (tests only; `Fault`).
    var fault: Fault?

    /// A replayer of `table`, checking the laws `options` leave on and its invariants.
    public init(table: RouteTable, options: CheckOptions) {
        self.table = table
        self.options = options
        linkRoutes = ActionGenerator(table: table).linkRoutes
    }

    /// The result of replaying `steps`: a step whose status differs is a
    /// counterexample of the law `replay_status`.
    public func run(_ steps: [CheckStep]) -> CheckResult {
        run(count: steps.count, expecting: steps.map(\.status)) { index, _ in steps[index].move }
    }

    /// The result of running `moves`, each with the status it returns
    /// (`Walker`): its counterexamples' steps hold those statuses.
    func run(_ moves: [CheckMove]) -> CheckResult {
        run(count: moves.count, expecting: nil) { index, _ in moves[index] }
    }

    /// The result of running `count` moves, each drawn by `draw` from its
    /// index and the state it starts from (`Walker`).
    func run(count: Int, drawing draw: (Int, CheckState) -> CheckMove) -> CheckResult {
        run(count: count, expecting: nil, draw)
    }

    /// Runs `count` moves, the move at each index drawn by `draw`; with
    /// `expected`, a status that differs from it ends the run as a
    /// counterexample of `replay_status`.
    private func run(count: Int, expecting expected: [String]?, _ draw: (Int, CheckState) -> CheckMove) -> CheckResult {
        let probe = Probe(fault: fault)
        var result = CheckResult()
        result.laws = Laws.names.filter { options.lawsOff[$0] == nil } + options.invariants.map(\.name)
        var state = CheckState(Navigator(table: table))
        var failed: Set<String> = []
        var done: [CheckStep] = []
        var batches: [LogReplayLaw.Batch] = []
        check(state.navigator, after: [], batches: [], probe: probe, failed: &failed, result: &result)
        for index in 0..<count {
            let move = draw(index, state)
            let before = state.navigator
            var status = "ok"
            var detail = ""
            var failure: NavError?
            do {
                let applied = try state.perform(move, probe: probe)
                batches.append(LogReplayLaw.Batch(actions: applied.actions, past: applied.past, after: state.navigator))
                result.states += 1
                for (law, message) in Laws.violations(before: before, after: state.navigator, transition: applied.transition, probe: probe,
                                                      lawsOff: options.lawsOff, failed: failed) {
                    failed.insert(law)
                    result.counterexamples.append(Counterexample(law: law, message: message, steps: done + [CheckStep(move, status: "ok")]))
                }
            } catch {
                failure = error
                status = error.kind.status.name
                detail = " (\(error.message))"
            }
            done.append(CheckStep(move, status: status))
            result.transitions += 1
            if failure != nil, state.navigator != before, options.lawsOff[Laws.failedActionChangesNothing] == nil,
               failed.insert(Laws.failedActionChangesNothing).inserted {
                result.counterexamples.append(Counterexample(law: Laws.failedActionChangesNothing,
                    message: "\(move.name) failed (\(status)) but changed the state", steps: done))
            }
            if case .action(let action) = move, let url = (action.unit as? Action.OpenURL)?.url, let route = linkRoutes[url],
               options.lawsOff[LinkLaw.name] == nil,
               let message = LinkLaw.violation(url: url, route: route, table: table, after: failure == nil ? state.navigator : nil, error: failure),
               failed.insert(LinkLaw.name).inserted {
                result.counterexamples.append(Counterexample(law: LinkLaw.name, message: message, steps: done))
            }
            if let expected, status != expected[index] {
                result.counterexamples.append(Counterexample(law: "replay_status",
                    message: "step \(index + 1) (\(move.name)) returned \(status)\(detail), the replay expects \(expected[index])",
                    steps: done))
                break
            }
            check(state.navigator, after: done, batches: batches, probe: probe, failed: &failed, result: &result)
        }
        result.depth = count
        return result
    }

    /// Checks every law and invariant on `navigator`, reached by `steps`, of which `batches` applied.
    private func check(_ navigator: Navigator, after steps: [CheckStep], batches: [LogReplayLaw.Batch], probe: Probe,
                       failed: inout Set<String>, result: inout CheckResult) {
        probe.newState()
        let shown = probe.viewModel(navigator)
        var found = Laws.state.filter { options.lawsOff[$0.name] == nil }.compactMap { law in
            law.violation(in: navigator, shown: shown, probe: probe).map { (law.name, $0) }
        }
        if options.lawsOff[LogReplayLaw.name] == nil, let message = LogReplayLaw.violation(navigator, batches: batches, probe: probe) {
            found.append((LogReplayLaw.name, message))
        }
        found += options.invariants.compactMap { invariant in invariant.violation(in: navigator).map { (invariant.name, $0) } }
        for (law, message) in found where failed.insert(law).inserted {
            result.counterexamples.append(Counterexample(law: law, message: message, steps: steps))
        }
    }
}
