/// Where a stack of the tree is, by the static names a link's `into` uses
/// (docs/links.md, "Links into nested containers"): a base stack or the
/// route of a layer over the whole app, then a stack of each container on
/// the way, each held by the root of the stack before. The ids in a stack's
/// name (`layer:8/privacy`) are left out: `settings/privacy`.
struct StaticAddress: Equatable {
    /// The root route's name of the layer over the whole app, nil for a base stack.
    let layer: String?
    /// The index of the base stack; 0 under a layer.
    let base: Int
    /// For each container on the way, the index of its stack.
    let levels: [Int]
    /// The path as `into` writes it.
    let path: String

    /// Whether `target` names the stack at this address.
    func names(_ target: LinkTarget) -> Bool {
        target.layer == layer && target.base == base && target.levels == levels
    }
}

extension Navigator {
    /// The static address of each stack of `chain` (a path from a base stack
    /// or a layer over the whole app down through containers), or why the
    /// chain has none: a container held by an entry above a stack's root
    /// (`main@12/foryou`), or a presentation over one stack.
    func staticAddresses(of chain: [StackRef]) -> Result<[StaticAddress], NavError> {
        var addresses: [StaticAddress] = []
        var above: Stack?
        for ref in chain {
            let stack = read(ref) { $0 }
            defer { above = stack }
            switch ref {
            case .contained(Navigator.rootHolder, let index):
                addresses.append(StaticAddress(layer: nil, base: index, levels: [], path: stack.name))
            case .presented(let owner, _) where owner.isEmpty:
                let name = stack.root.route.name
                addresses.append(StaticAddress(layer: name, base: 0, levels: [], path: name))
            case .presented(let owner, _):
                return .failure(NavError(.noMatch, "it is presented over stack \"\(owner)\""))
            case .contained(let holder, let child):
                guard let above, let last = addresses.last, let container = containers[holder] else {
                    return .failure(NavError(.internal, "stack \"\(stack.name)\" is on the active path without the stack above it"))
                }
                guard above.root.id == holder else {
                    return .failure(NavError(.noMatch, "it is in the container of entry \(holder), above the root of \"\(above.name)\""))
                }
                let names = container.layout.stackNames
                let name = names.indices.contains(child) ? names[child] : stack.name
                addresses.append(StaticAddress(layer: last.layer, base: last.base, levels: last.levels + [child], path: last.path + "/" + name))
            }
        }
        return .success(addresses)
    }
}
