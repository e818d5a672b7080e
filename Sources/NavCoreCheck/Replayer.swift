import NavCore
import NavCoreJSON
import NavCoreSession

/// Re-runs a counterexample's steps on a new navigator of the table
/// (`navcore check --replay`), checking that each returns its status and
/// every law on each state reached, as the search would have.
public struct Replayer {
    private let table: RouteTable
    private let options: CheckOptions
    private let writer = DocumentWriter()
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
        var result = CheckResult()
        result.laws = Laws.names.filter { options.lawsOff[$0] == nil } + options.invariants.map(\.name)
        var navigator = Navigator(table: table)
        var failed: Set<String> = []
        check(navigator, after: [], failed: &failed, result: &result)
        for (index, step) in steps.enumerated() {
            let done = Array(steps[...index])
            let before = navigator
            var status = "ok"
            var detail = ""
            var failure: NavError?
            do {
                try navigator.checkApply(step.action, fault: fault)
                result.states += 1
            } catch {
                failure = error
                status = error.kind.status.name
                detail = " (\(error.message))"
                if navigator != before, failed.insert(Laws.failedActionChangesNothing).inserted,
                   options.lawsOff[Laws.failedActionChangesNothing] == nil {
                    result.counterexamples.append(Counterexample(law: Laws.failedActionChangesNothing,
                        message: "\(step.action.op.rawValue) failed (\(status)) but changed the state", steps: done))
                }
            }
            result.transitions += 1
            if let url = (step.action.unit as? Action.OpenURL)?.url, let route = linkRoutes[url], options.lawsOff[LinkLaw.name] == nil,
               let message = LinkLaw.violation(url: url, route: route, table: table, after: failure == nil ? navigator : nil, error: failure),
               failed.insert(LinkLaw.name).inserted {
                result.counterexamples.append(Counterexample(law: LinkLaw.name, message: message, steps: done))
            }
            if status != step.status {
                result.counterexamples.append(Counterexample(law: "replay_status",
                    message: "step \(index + 1) (\(step.action.op.rawValue)) returned \(status)\(detail), the replay expects \(step.status)",
                    steps: done))
                break
            }
            check(navigator, after: done, failed: &failed, result: &result)
        }
        result.depth = steps.count
        return result
    }

    /// Checks every law and invariant on `navigator`, reached by `steps`.
    private func check(_ navigator: Navigator, after steps: [CheckStep], failed: inout Set<String>, result: inout CheckResult) {
        var found = Laws.state.filter { options.lawsOff[$0.name] == nil }.compactMap { law in
            law.violation(in: navigator, writer: writer).map { (law.name, $0) }
        }
        found += options.invariants.compactMap { invariant in invariant.violation(in: navigator).map { (invariant.name, $0) } }
        for (law, message) in found where failed.insert(law).inserted {
            result.counterexamples.append(Counterexample(law: law, message: message, steps: steps))
        }
    }
}
