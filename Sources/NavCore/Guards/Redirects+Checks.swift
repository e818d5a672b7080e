/// The load-time checks of the table's redirects (docs/conditions.md,
/// "Redirects and guards"): known routes and conditions, a `to` that is a
/// valid route, a limit in range, and no cycle of redirects that can fire
/// together.
extension Redirects {
    /// The most redirects the cycle search may look at, so that a table
    /// cannot make loading slow; a table past it is refused.
    static let maxCycleSearch = 100_000

    /// Checks `declarations` against the table's routes and conditions. Errors
    /// are `.table`, located at `redirects[i].from`, `.when`, `.to`, at
    /// `redirect_limit`, or at the first redirect of a cycle.
    @_optimize(size)
    init(_ declarations: [RedirectDeclaration], limit: Int, definitions: [String: RouteDefinition],
         conditions: [ConditionDeclaration]) throws(NavError) {
        guard (1...Redirects.maxLimit).contains(limit) else {
            throw NavError(.table, at: "redirect_limit", "must be an integer from 1 to \(Redirects.maxLimit), got \(limit)")
        }
        var byName: [String: [Redirect]] = [:]
        var starts: [String] = []
        for (index, declaration) in declarations.enumerated() {
            let place = "redirects[\(index)]"
            guard definitions[declaration.from] != nil else {
                throw NavError(.table, at: "\(place).from", "unknown route \"\(ParamType.excerpt(declaration.from))\""
                                   + RouteTable.suggestion(for: declaration.from, in: definitions))
            }
            var when: [Int: Bool] = [:]
            for (name, value) in declaration.when {
                guard let condition = conditions.firstIndex(where: { $0.name == name }) else {
                    throw NavError(.table, at: "\(place).when", "unknown condition \"\(ParamType.excerpt(name))\""
                                       + NameSuggestion.didYouMean(name, among: conditions.map(\.name)))
                }
                when[condition] = value
            }
            let to = try RouteTable.checkRoot(declaration.to, at: "\(place).to", in: definitions)
            if byName[declaration.from] == nil { starts.append(declaration.from) }
            byName[declaration.from, default: []].append(Redirect(index: index, from: declaration.from, when: when, to: to))
        }
        self.byName = byName
        self.limit = limit
        var budget = Redirects.maxCycleSearch
        for start in starts {
            var path: [Redirect] = []
            var visited: Set<String> = [start]
            if try cycle(at: start, back: start, [:], &path, &visited, &budget), let first = path.first {
                let chain = ([start] + path.map(\.to.name)).joined(separator: " -> ")
                throw NavError(.table, at: "redirects[\(first.index)]", "a cycle of redirects that can fire together: \(chain)")
            }
        }
    }

    /// Whether a path of redirects from `name` whose conditions agree with
    /// `required` (and with one another) leads back to `start` in at most
    /// `limit` redirects in all; `path` then holds it. A longer cycle fails at
    /// run time, as a chain past the limit.
    @_optimize(size)
    private func cycle(at name: String, back start: String, _ required: [Int: Bool], _ path: inout [Redirect],
                       _ visited: inout Set<String>, _ budget: inout Int) throws(NavError) -> Bool {
        guard path.count < limit else { return false }
        for redirect in byName[name] ?? [] {
            budget -= 1
            guard budget > 0 else {
                throw NavError(.table, at: "redirects", "too many paths of redirects to check for cycles (more than \(Redirects.maxCycleSearch))")
            }
            var merged = required
            guard redirect.when.allSatisfy({ merged.updateValue($0.value, forKey: $0.key) ?? $0.value == $0.value }) else { continue }
            path.append(redirect)
            if redirect.to.name == start { return true }
            if visited.insert(redirect.to.name).inserted {
                if try cycle(at: redirect.to.name, back: start, merged, &path, &visited, &budget) { return true }
                visited.remove(redirect.to.name)
            }
            path.removeLast()
        }
        return false
    }
}
