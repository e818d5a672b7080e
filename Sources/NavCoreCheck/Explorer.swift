import Glibc
import NavCore
import NavCoreJSON
import NavCoreSession

/// Breadth-first search over the real engine from a new navigator of a
/// table (docs/tools.md, "navcore check"). `Navigator` is a value, so a
/// branch is a copy; states are kept once by their canonical form.
public struct Explorer {
    /// One reached state and how it was first reached.
    private struct Node {
        let state: CheckState
        let depth: Int
        /// The node it was reached from, the move and the batch that applied, nil for the start.
        let parent: (node: Int, move: CheckMove, actions: [Action], past: Set<Int>)?

        var navigator: Navigator { state.navigator }
    }

    private let table: RouteTable
    private let options: CheckOptions
    private let generator: ActionGenerator
    /// A fault planted in the engine's answers (tests only; `Fault`).
    var fault: Fault?
    private let laws: [StateLaw]
    private let invariants: [RouteInvariant]

    /// An explorer of `table` within `options`.
    public init(table: RouteTable, options: CheckOptions) {
        self.table = table
        self.options = options
        generator = ActionGenerator(table: table)
        laws = Laws.state.filter { options.lawsOff[$0.name] == nil }
        invariants = options.invariants
    }

    /// Explores and checks every law on every state reached.
    public func run() -> CheckResult {
        let start = Self.now()
        let probe = Probe(fault: fault)
        var result = CheckResult()
        result.laws = Laws.names.filter { options.lawsOff[$0] == nil } + invariants.map(\.name)
        var nodes = [Node(state: CheckState(Navigator(table: table)), depth: 0, parent: nil)]
        var seen: Set<String> = []
        if let key = try? probe.canonical(nodes[0].state) { seen.insert(key) }
        var failed: Set<String> = []
        var next = 0
        search: while next < nodes.count {
            let node = nodes[next]
            check(node, index: next, in: nodes, probe: probe, failed: &failed, result: &result)
            next += 1
            guard node.depth < options.depth else {
                result.bound = .depth
                continue
            }
            for move in generator.moves(in: node.state) {
                var branch = node.state
                result.transitions += 1
                // The batch that applied (none for a move a blocker held back).
                let batch: (actions: [Action], past: Set<Int>)
                do {
                    let applied = try branch.perform(move, probe: probe)
                    for (law, message) in Laws.violations(before: node.navigator, after: branch.navigator, transition: applied.transition,
                                                          probe: probe, lawsOff: options.lawsOff, failed: failed) {
                        failed.insert(law)
                        result.counterexamples.append(Counterexample(law: law, message: message,
                            steps: path(to: next - 1, in: nodes) + [CheckStep(move, status: "ok")]))
                    }
                    checkLink(move, after: branch.navigator, error: nil, path: { path(to: next - 1, in: nodes) + [CheckStep(move, status: "ok")] },
                              failed: &failed, result: &result)
                    if branch.navigator.everyStack.contains(where: { $0.entries.count > options.stackDepth }) {
                        result.prunedByStackDepth += 1
                        continue
                    }
                    batch = (applied.actions, applied.past)
                } catch {
                    checkLink(move, after: nil, error: error, path: {
                        path(to: next - 1, in: nodes) + [CheckStep(move, status: error.kind.status.name)]
                    }, failed: &failed, result: &result)
                    if branch.navigator != node.navigator, options.lawsOff[Laws.failedActionChangesNothing] == nil,
                       failed.insert(Laws.failedActionChangesNothing).inserted {
                        let steps = path(to: next - 1, in: nodes) + [CheckStep(move, status: error.kind.status.name)]
                        result.counterexamples.append(Counterexample(law: Laws.failedActionChangesNothing,
                            message: "\(move.name) failed (\(error.kind.status.name) \(error.message)) but changed the state",
                            steps: steps))
                    }
                    // A move a blocker held back leaves the navigator as it was, with a new held batch: a state of its own.
                    guard error.blocked != nil, branch.held != nil else { continue }
                    batch = ([], [])
                }
                guard let key = try? probe.canonical(branch), seen.insert(key).inserted else { continue }
                guard nodes.count < options.states else {
                    result.bound = .states
                    break search
                }
                nodes.append(Node(state: branch, depth: node.depth + 1, parent: (next - 1, move, batch.actions, batch.past)))
                result.depth = max(result.depth, node.depth + 1)
            }
        }
        // The states the search stopped before checking are checked too: every kept state is.
        while next < nodes.count {
            check(nodes[next], index: next, in: nodes, probe: probe, failed: &failed, result: &result)
            next += 1
        }
        result.states = nodes.count
        result.seconds = Self.now() - start
        return result
    }

    /// Checks the state laws and the table's invariants on `node`, keeping the first violation of each.
    private func check(_ node: Node, index: Int, in nodes: [Node], probe: Probe, failed: inout Set<String>, result: inout CheckResult) {
        probe.newState()
        let shown = probe.viewModel(node.navigator)
        for law in laws where !failed.contains(law.name) {
            if let message = law.violation(in: node.navigator, shown: shown, probe: probe) {
                failed.insert(law.name)
                result.counterexamples.append(Counterexample(law: law.name, message: message, steps: path(to: index, in: nodes)))
            }
        }
        if options.lawsOff[LogReplayLaw.name] == nil, !failed.contains(LogReplayLaw.name),
           let message = LogReplayLaw.violation(node.navigator, batches: batches(to: index, in: nodes), probe: probe) {
            failed.insert(LogReplayLaw.name)
            result.counterexamples.append(Counterexample(law: LogReplayLaw.name, message: message, steps: path(to: index, in: nodes)))
        }
        for invariant in invariants where !failed.contains(invariant.name) {
            if let message = invariant.violation(in: node.navigator) {
                failed.insert(invariant.name)
                result.counterexamples.append(Counterexample(law: invariant.name, message: message, steps: path(to: index, in: nodes)))
            }
        }
    }

    /// The monotonic clock's time in seconds (`clock_gettime`: Swift's clocks would link in Swift Concurrency).
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Checks `LinkLaw` on an `open_url` the generator wrote, keeping its first violation.
    private func checkLink(_ move: CheckMove, after: Navigator?, error: NavError?, path: () -> [CheckStep],
                           failed: inout Set<String>, result: inout CheckResult) {
        guard case .action(let action) = move, let url = (action.unit as? Action.OpenURL)?.url, let route = generator.linkRoutes[url],
              options.lawsOff[LinkLaw.name] == nil, !failed.contains(LinkLaw.name),
              let message = LinkLaw.violation(url: url, route: route, table: table, after: after, error: error) else { return }
        failed.insert(LinkLaw.name)
        result.counterexamples.append(Counterexample(law: LinkLaw.name, message: message, steps: path()))
    }

    /// The batches from the start to node `index`, each with the state it left.
    private func batches(to index: Int, in nodes: [Node]) -> [LogReplayLaw.Batch] {
        var batches: [LogReplayLaw.Batch] = []
        var current = nodes[index]
        while let parent = current.parent {
            // A move that failed (an action held back) left no batch in the log.
            if !parent.actions.isEmpty {
                batches.append(LogReplayLaw.Batch(actions: parent.actions, past: parent.past, after: current.navigator))
            }
            current = nodes[parent.node]
        }
        return batches.reversed()
    }

    /// The moves from the start to node `index`, each with the status it returned.
    private func path(to index: Int, in nodes: [Node]) -> [CheckStep] {
        var steps: [CheckStep] = []
        var current = nodes[index]
        while let parent = current.parent {
            steps.append(CheckStep(parent.move, status: parent.actions.isEmpty ? NavError.Kind.blocked.status.name : "ok"))
            current = nodes[parent.node]
        }
        return steps.reversed()
    }
}
