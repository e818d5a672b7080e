/// The segment trie that links are matched with: one root per origin
/// (`scheme://host`), one level per path segment, literal edges in a hash map,
/// placeholder edges by pattern in the order of their rank, and catch-all
/// edges that take the rest of the path. Matching a URL costs what its depth
/// costs, however many links the table has.
///
/// A link with optional segments is in the trie once per way of leaving
/// them out (each a *variant*). Several links may match one URL; the URL
/// resolves to the highest-ranked, compared segment by segment from the left
/// (`Rank`). Matching backtracks: `/a/{x}/b` and `/a/lit/c` both take `lit`
/// at the second level, and only the third segment tells them apart. Every
/// node lies at one depth and is visited at most once per URL, so a match
/// costs at most the number of nodes under the URL's origin.
struct LinkTrie: Sendable {
    /// How strongly a path segment of a pattern claims a URL segment, the
    /// strongest first: the precedence of docs/links.md.
    enum Rank: UInt8, Comparable, Sendable {
        /// A literal segment.
        case literal
        /// A placeholder of a type other than string, without a fallback.
        case typed
        /// A string placeholder, or any placeholder with a fallback.
        case untyped
        /// An optional placeholder `{name?}`, present.
        case optional
        /// A catch-all `{*name}`, for each segment it takes.
        case catchAll

        /// Stronger ranks come first.
        static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The rank's number in the precedence table of docs/links.md: 1 for
        /// a literal (the strongest) to 5 for a catch-all, as the table
        /// report writes it.
        var number: Int { Int(rawValue) + 1 }
    }

    /// One step of a link's path, as the trie stores it.
    enum Step: Hashable, Sendable {
        /// A literal segment.
        case literal(String)
        /// A placeholder segment; `optional` for a present `{name?}`.
        case pattern(SegmentPattern, optional: Bool)
        /// A catch-all: the rest of the path, each segment fitting the pattern.
        case catchAll(SegmentPattern)

        /// The step's rank.
        var rank: Rank {
            switch self {
            case .literal: return .literal
            case .pattern(let pattern, let optional): return optional ? .optional : pattern == .any ? .untyped : .typed
            case .catchAll: return .catchAll
            }
        }
    }

    /// A placeholder or catch-all edge.
    struct Edge: Sendable {
        /// What the segment (each segment, for a catch-all) must look like.
        let pattern: SegmentPattern
        /// Whether it is a present optional placeholder.
        let optional: Bool
        /// The edge's rank.
        let rank: Rank
        /// The order edges were added in, for load-time checks.
        let serial: Int
        /// The node it leads to.
        let child: Int
    }

    /// A small list of keys with a hash index once it grows: a linear scan
    /// beats hashing for the few edges most nodes have, the index serves the
    /// nodes (and origins) with many.
    struct Edges<Key: Hashable & Sendable>: Sendable {
        /// Every key and its child, in insertion order.
        private(set) var list: [(key: Key, child: Int)] = []
        /// The index of `list`, built past `Edges.scanLimit` keys.
        private var index: [Key: Int]?

        /// Lists this many keys before building the index.
        static var scanLimit: Int { 8 }

        /// The child of `key`, or nil.
        subscript(key: Key) -> Int? {
            if let index { return index[key] }
            for entry in list where entry.key == key { return entry.child }
            return nil
        }

        /// Adds a key (not yet present) and its child.
        mutating func add(_ key: Key, _ child: Int) {
            list.append((key, child))
            if index != nil {
                index?[key] = child
            } else if list.count > Edges.scanLimit {
                index = Dictionary(list.map { ($0.key, $0.child) }, uniquingKeysWith: { first, _ in first })
            }
        }
    }

    /// A variant of a link that ends at a node.
    struct Terminal: Sendable {
        /// The link.
        let link: Int
        /// Which optional segments of the link are present: bit k for the k-th.
        let optionals: UInt16
        /// The rank of each step of the variant.
        let ranks: [Rank]

        /// The rank the variant gives URL segment `index` (a catch-all's covers
        /// every segment from its own on).
        func rank(at index: Int) -> Rank { index < ranks.count ? ranks[index] : ranks.last ?? .literal }

        /// Whether this variant outranks `other` on a URL both match, from
        /// segment `depth` on (they agree before it).
        func outranks(_ other: Terminal, from depth: Int, count: Int) -> Bool {
            for index in depth..<count where rank(at: index) != other.rank(at: index) {
                return rank(at: index) < other.rank(at: index)
            }
            return false
        }
    }

    /// One node: the edges to the next level, and the variant that ends here.
    struct Node: Sendable {
        /// Literal edges, by segment text.
        var literals = Edges<String>()
        /// Placeholder edges, strongest rank first (insertion order within one).
        var edges: [Edge] = []
        /// Catch-all edges; each leads to a node with a terminal and no edges.
        var catchAlls: [Edge] = []
        /// The index in `terminals` of the variant whose path ends at this node.
        var terminal: Int?
        /// The smallest index of a link at or below this node: the one that
        /// messages name as the closest.
        var firstLink: Int
    }

    /// Where matching got furthest before failing.
    struct Miss: Sendable {
        /// The node it stopped at.
        let node: Int
        /// How many segments had matched.
        let depth: Int
    }

    /// The outcome of matching a path.
    enum Match: Sendable {
        /// The link matched: which of its optional segments are present (bit k
        /// for the k-th), and the segments its placeholders took, in order (a
        /// catch-all's each one).
        case found(link: Int, optionals: UInt16, captures: [String])
        /// No link of the origin matched; nil when no link has the origin.
        case missed(Miss?)
    }

    /// An origin as lower-case ASCII bytes, and its root node.
    struct ASCIIOrigin: Sendable {
        let scheme: [UInt8]
        let host: [UInt8]
        let port: Int?
        let root: Int
    }

    /// Every node; roots first come first.
    private(set) var nodes: [Node] = []
    /// Every variant that ends at a node.
    private(set) var terminals: [Terminal] = []
    /// The root node of each origin.
    private(set) var roots = Edges<Origin>()
    /// The origins of `roots` as bytes, while every one is ASCII and they are
    /// few enough to scan (`Edges.scanLimit`), else nil: `root(scheme:host:port:)`
    /// then finds a root by comparing bytes, without building an `Origin`.
    private var asciiRoots: [ASCIIOrigin]? = []
    /// How many placeholder edges have been added.
    private var serials = 0

    /// Adds a variant of link `link` under `origin`. Links are added in table order.
    mutating func insert(_ steps: [Step], optionals: UInt16 = 0, origin: Origin, link: Int) {
        var node = root(of: origin, link: link)
        for step in steps {
            let next: Int
            switch step {
            case .literal(let text):
                if let child = nodes[node].literals[text] {
                    next = child
                } else {
                    next = newNode(link)
                    nodes[node].literals.add(text, next)
                }
            case .pattern(let pattern, let optional):
                if let edge = nodes[node].edges.first(where: { $0.pattern == pattern && $0.optional == optional }) {
                    next = edge.child
                } else {
                    next = newNode(link)
                    let edge = Edge(pattern: pattern, optional: optional, rank: step.rank, serial: serials, child: next)
                    serials += 1
                    let place = nodes[node].edges.firstIndex { $0.rank > edge.rank } ?? nodes[node].edges.count
                    nodes[node].edges.insert(edge, at: place)
                }
            case .catchAll(let pattern):
                if let edge = nodes[node].catchAlls.first(where: { $0.pattern == pattern }) {
                    next = edge.child
                } else {
                    next = newNode(link)
                    nodes[node].catchAlls.append(Edge(pattern: pattern, optional: false, rank: .catchAll, serial: serials, child: next))
                    serials += 1
                }
            }
            node = next
        }
        if nodes[node].terminal == nil {
            nodes[node].terminal = terminals.count
            terminals.append(Terminal(link: link, optionals: optionals, ranks: steps.map(\.rank)))
        }
    }

    /// The root of the origin `scheme://host[:port]`, the scheme and the host
    /// in any case: `roots[Origin(scheme: scheme, host: host, port: port)]`.
    /// When the origins and the text are ASCII, bytes are compared instead:
    /// for ASCII on both sides, equal lower-cased bytes is what the origins'
    /// equality says (Unicode text can be equal in other bytes, so it takes
    /// the general path).
    func root(scheme: Substring, host: Substring, port: Int?) -> Int? {
        if let asciiRoots {
            var (scheme, host) = (scheme, host)
            var known = false
            let root = scheme.withUTF8 { scheme in
                host.withUTF8 { host -> Int? in
                    guard LinkTrie.isASCII(scheme), LinkTrie.isASCII(host) else { return nil }
                    known = true
                    for origin in asciiRoots where origin.port == port
                        && LinkTrie.lowercased(scheme, equals: origin.scheme) && LinkTrie.lowercased(host, equals: origin.host) {
                        return origin.root
                    }
                    return nil
                }
            }
            if known { return root }
        }
        return roots[Origin(scheme: scheme, host: host, port: port)]
    }

    /// Matches decoded path segments under `origin`; with `capturing` false,
    /// the placeholders' segments are checked but not collected.
    func match(_ segments: [String], origin: Origin, capturing: Bool = true) -> Match {
        match(segments, from: root(scheme: origin.scheme, host: origin.host, port: origin.port), capturing: capturing)
    }

    /// Matches decoded path segments below `root`, the root of their origin
    /// (nil when no link has the origin).
    func match(_ segments: [String], from root: Int?, capturing: Bool) -> Match {
        guard let root else { return .missed(nil) }
        var captures: [String]? = capturing ? [] : nil
        captures?.reserveCapacity(segments.count)
        var miss = Miss(node: root, depth: 0)
        if let terminal = walk(root, 0, segments, &captures, &miss) {
            let found = terminals[terminal]
            return .found(link: found.link, optionals: found.optionals, captures: captures ?? [])
        }
        return .missed(miss)
    }

    /// The link that `segments` from `depth` on match below `node`, else the
    /// first link below it: what messages call the closest link when the
    /// segment before `depth` failed to lead to `node`.
    func closestLink(below node: Int, _ segments: [String], from depth: Int) -> Int {
        var captures: [String]?
        var miss = Miss(node: node, depth: depth)
        return walk(node, depth, segments, &captures, &miss).map { terminals[$0].link } ?? nodes[node].firstLink
    }

    /// A variant already in the trie that matches some path `steps` also
    /// match under `origin`, with such a path's segments; nil when none does.
    /// With `sameRank`, only a variant of the same rank as `steps` at every
    /// segment counts (the two would tie); without it, any that `counts`
    /// accepts, through literal and required placeholder edges only.
    func firstOverlap(_ steps: [Step], origin: Origin, sameRank: Bool,
                      counts: (Terminal) -> Bool = { _ in true }) -> (terminal: Terminal, witness: [String])? {
        guard let root = roots[origin] else { return nil }
        var witness: [String] = []
        let found = sameRank ? tie(root, 0, steps, &witness) : overlap(root, 0, steps, &witness, counts)
        return found.map { (terminals[$0], witness) }
    }

    private func walk(_ node: Int, _ depth: Int, _ segments: [String], _ captures: inout [String]?, _ miss: inout Miss) -> Int? {
        guard depth < segments.count else {
            if let terminal = nodes[node].terminal { return terminal }
            if depth > miss.depth { miss = Miss(node: node, depth: depth) }
            return nil
        }
        let segment = segments[depth]
        if let child = nodes[node].literals[segment], let terminal = walk(child, depth + 1, segments, &captures, &miss) {
            return terminal
        }
        let edges = nodes[node].edges
        var index = 0
        while index < edges.count {
            // One rank at a time; within it the best of the edges that match.
            let rank = edges[index].rank
            var best: (terminal: Int, captures: [String]?)?
            while index < edges.count, edges[index].rank == rank {
                let edge = edges[index]
                index += 1
                guard edge.pattern.accepts(segment) else { continue }
                let mark = captures?.count ?? 0
                captures?.append(segment)
                if let terminal = walk(edge.child, depth + 1, segments, &captures, &miss) {
                    let alone = best == nil && (index == edges.count || edges[index].rank != rank)
                    if alone { return terminal }
                    if best.map({ terminals[terminal].outranks(terminals[$0.terminal], from: depth + 1, count: segments.count) }) ?? true {
                        best = (terminal, captures)
                    }
                }
                captures?.removeSubrange(mark...)
            }
            if let best {
                captures = best.captures
                return best.terminal
            }
        }
        for edge in nodes[node].catchAlls where segments[depth...].allSatisfy(edge.pattern.accepts) {
            guard let terminal = nodes[edge.child].terminal else { continue }
            captures?.append(contentsOf: segments[depth...])
            return terminal
        }
        if depth > miss.depth { miss = Miss(node: node, depth: depth) }
        return nil
    }

    /// A variant below `node` whose steps from `depth` on have the ranks of
    /// `steps` and match a path they match (its segments added to `witness`).
    private func tie(_ node: Int, _ depth: Int, _ steps: [Step], _ witness: inout [String]) -> Int? {
        guard depth < steps.count else { return nodes[node].terminal }
        var candidates: [(segment: String, child: Int)] = []
        switch steps[depth] {
        case .literal(let text):
            if let child = nodes[node].literals[text] { candidates.append((text, child)) }
        case .pattern(let pattern, let optional):
            for edge in nodes[node].edges where edge.optional == optional && edge.rank == steps[depth].rank {
                if let shared = pattern.sharedSegment(with: edge.pattern) { candidates.append((shared, edge.child)) }
            }
        case .catchAll(let pattern):
            for edge in nodes[node].catchAlls {
                if let shared = pattern.sharedSegment(with: edge.pattern) { candidates.append((shared, edge.child)) }
            }
        }
        for (segment, child) in candidates {
            witness.append(segment)
            if let terminal = tie(child, depth + 1, steps, &witness) { return terminal }
            witness.removeLast()
        }
        return nil
    }

    /// The overlap of links without optional or catch-all segments: a
    /// literal and a placeholder that accepts it overlap too.
    private func overlap(_ node: Int, _ depth: Int, _ steps: [Step], _ witness: inout [String], _ counts: (Terminal) -> Bool) -> Int? {
        guard depth < steps.count else { return nodes[node].terminal.flatMap { counts(terminals[$0]) ? $0 : nil } }
        var candidates: [(segment: String, child: Int)] = []
        let edges = nodes[node].edges.filter { !$0.optional }.sorted { $0.serial < $1.serial }
        switch steps[depth] {
        case .literal(let text):
            if let child = nodes[node].literals[text] { candidates.append((text, child)) }
            for edge in edges where edge.pattern.accepts(text) { candidates.append((text, edge.child)) }
        case .pattern(let pattern, _):
            for (text, child) in nodes[node].literals.list.sorted(by: { $0.key < $1.key }) where pattern.accepts(text) {
                candidates.append((text, child))
            }
            for edge in edges {
                if let shared = pattern.sharedSegment(with: edge.pattern) { candidates.append((shared, edge.child)) }
            }
        case .catchAll:
            return nil
        }
        for (segment, child) in candidates {
            witness.append(segment)
            if let terminal = overlap(child, depth + 1, steps, &witness, counts) { return terminal }
            witness.removeLast()
        }
        return nil
    }

    private mutating func root(of origin: Origin, link: Int) -> Int {
        if let root = roots[origin] { return root }
        let root = newNode(link)
        roots.add(origin, root)
        if asciiRoots != nil {
            if roots.list.count <= Edges<Origin>.scanLimit, origin.scheme.utf8.allSatisfy({ $0 < 0x80 }), origin.host.utf8.allSatisfy({ $0 < 0x80 }) {
                asciiRoots?.append(ASCIIOrigin(scheme: Array(origin.scheme.utf8), host: Array(origin.host.utf8), port: origin.port, root: root))
            } else {
                asciiRoots = nil
            }
        }
        return root
    }

    /// Whether `bytes` are ASCII. Bytes are read in place (a native string's
    /// are contiguous): walking a `UTF8View` costs several times more.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var union: UInt8 = 0
        for byte in bytes { union |= byte }
        return union < 0x80
    }

    /// Whether the ASCII `text`, lower-cased, is `key`.
    private static func lowercased(_ text: UnsafeBufferPointer<UInt8>, equals key: [UInt8]) -> Bool {
        key.withUnsafeBufferPointer { key in
            guard text.count == key.count else { return false }
            for index in 0..<text.count {
                let byte = text[index]
                if (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) != key[index] { return false }
            }
            return true
        }
    }

    private mutating func newNode(_ link: Int) -> Int {
        nodes.append(Node(firstLink: link))
        return nodes.count - 1
    }
}
