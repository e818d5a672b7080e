/// Where the table's redirects apply: every checked route an action is about
/// to place (push, replace, set_stack, present, select, open_url) goes through
/// `redirected` first; and what a guard is shown: a batch's `preview`
/// (docs/conditions.md, "Redirects and guards").
extension Navigator {
    /// The route placed instead of `route`: the table's redirects followed with
    /// the conditions' current values (their values at this point of the
    /// batch), each step noted in `batch`. `route` itself when none fires.
    /// A chain longer than the table's `redirect_limit` is `.redirect` at
    /// `location`, its message the chain (`a -> b -> c`).
    func redirected(_ route: Route, at location: String, _ batch: Batch) throws(NavError) -> Route {
        let redirects = table.redirects
        guard !redirects.isEmpty, var next = redirects.firing(from: route.name, with: conditions) else { return route }
        var chain = [route.name]
        var steps: [RedirectStep] = []
        while true {
            chain.append(next.to.name)
            guard steps.count < redirects.limit else {
                throw NavError(.redirect, at: location,
                               "redirects go past the limit of \(redirects.limit): \(chain.joined(separator: " -> "))")
            }
            steps.append(RedirectStep(from: next.from, to: next.to.name))
            guard let further = redirects.firing(from: next.to.name, with: conditions) else {
                batch.redirects += steps
                return next.to
            }
            next = further
        }
    }

    /// Whether a redirect noted in `batch` after its first `mark` ones led to
    /// the route the top of `ref` already shows: a single-route action (push,
    /// replace, present, select) then changes nothing, and is `unchanged`.
    func redirectedToTop(_ route: Route, since mark: Int, of ref: StackRef, _ batch: Batch) -> Bool {
        batch.redirects.count > mark && read(ref) { $0.top.route == route }
    }
}

extension Navigator {
    /// The transition `actions` would make past the blocking entries in
    /// `past`, without making it, for a guard (docs/conditions.md) or a held
    /// batch's token (docs/blockers.md): the batch is applied, and undone by
    /// its finishing step, at the cost of what it touches. Errors are those of `apply`.
    public mutating func preview(_ actions: [Action], past: Set<Int> = []) throws(NavError) -> Transition {
        var previewed: Transition?
        do {
            _ = try apply(actions, past: past) { (transition) throws(NavError) in
                previewed = transition
                throw NavError(.internal, "a preview is undone")
            }
        } catch {
            guard let previewed else { throw error }
            return previewed
        }
        throw NavError(.internal, "a preview was committed")
    }
}
