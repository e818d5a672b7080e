/// Every presentation of a navigator, in one store, by what each covers
/// (its owner): the whole app (owner `""`, the root container) or one stack
/// (owner: that stack's name; docs/structure.md, "Nesting"). Over each
/// owner they stand bottom first, and come and go only at the top, which is
/// what lets a batch undo them by a floor (`Batch.PresentationsRecord`).
public struct Presentations: Equatable, Sendable {
    /// The owner of the presentations over the whole app.
    public static let app = ""

    /// Those over the whole app, bottom first: kept apart from the others
    /// only so that the commonest reads hash nothing.
    public private(set) var overApp: [Layer] = []
    /// Those over single stacks, by the stack's name; no owner has an empty list.
    public private(set) var overStacks: [String: [Layer]] = [:]

    /// Nothing presented.
    init() {}

    /// The presentations over `owner` (`app`: the whole app), bottom first.
    public subscript(owner: String) -> [Layer] {
        owner.isEmpty ? overApp : overStacks[owner] ?? []
    }

    /// How many stand over `owner`.
    public func count(over owner: String) -> Int {
        owner.isEmpty ? overApp.count : overStacks[owner]?.count ?? 0
    }

    /// Whether any presentation covers a single stack.
    public var coverStacks: Bool {
        !overStacks.isEmpty
    }

    /// The owner and index of the presentation whose root entry has
    /// `rootID`, searched from the top of each owner's.
    func locate(rootID: Int) -> (owner: String, index: Int)? {
        if let index = overApp.lastIndex(where: { $0.stack.root.id == rootID }) { return (Presentations.app, index) }
        for (owner, layers) in overStacks {
            if let index = layers.lastIndex(where: { $0.stack.root.id == rootID }) { return (owner, index) }
        }
        return nil
    }

    /// Presents `layer` on top of those over `owner`.
    mutating func append(_ layer: Layer, over owner: String) {
        if owner.isEmpty { overApp.append(layer) } else { overStacks[owner, default: []].append(layer) }
    }

    /// Takes the presentations over `owner` above the first `remaining`
    /// off, and gives them, bottom first.
    @discardableResult
    mutating func truncate(over owner: String, to remaining: Int) -> [Layer] {
        if owner.isEmpty {
            // Copied out first: a slice would keep the buffer shared, and the removal would copy it whole.
            let removed = Array(overApp[min(remaining, overApp.count)...])
            overApp.removeSubrange(min(remaining, overApp.count)...)
            return removed
        }
        guard let layers = overStacks[owner] else { return [] }
        overStacks[owner] = remaining == 0 ? nil : Array(layers[..<min(remaining, layers.count)])
        return Array(layers[min(remaining, layers.count)...])
    }

    /// Takes every presentation over the stack `owner` off (one that goes
    /// takes them along), and gives them.
    mutating func removeAll(overStack owner: String) -> [Layer] {
        overStacks.removeValue(forKey: owner) ?? []
    }

    /// `body` of presentation `index` over `owner`, changed in place; nil
    /// when there is none (a ref is made from the tree as it is: never).
    @inline(__always)
    mutating func modify<T>(over owner: String, _ index: Int, _ body: (inout Layer) -> T) -> T? {
        if owner.isEmpty {
            guard overApp.indices.contains(index) else { return nil }
            return body(&overApp[index])
        }
        guard overStacks[owner]?.indices.contains(index) == true else { return nil }
        return body(&overStacks[owner, default: []][index])
    }

    /// Writes every entry's title again, from `title` of its route.
    mutating func retitle(_ title: (Route) -> String) {
        for index in overApp.indices { overApp[index].retitle(title) }
        for owner in overStacks.keys {
            guard var layers = overStacks[owner] else { continue }
            for index in layers.indices { layers[index].retitle(title) }
            overStacks[owner] = layers
        }
    }
}
