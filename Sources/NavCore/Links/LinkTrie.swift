/// The segment trie that links are matched with: one root per origin
/// (`scheme://host`), one level per path segment, literal edges in a hash map
/// and placeholder edges by pattern. Matching a URL costs what its depth
/// costs, however many links the table has.
///
/// The table refuses links that could match the same URL, so at most one
/// link matches any path. Matching still backtracks: `/a/{x}/b` and
/// `/a/lit/c` both take `lit` at the second level, and only the third
/// segment tells them apart.
struct LinkTrie: Sendable {
    /// One step of a link's path, as the trie stores it.
    enum Step: Hashable, Sendable {
        /// A literal segment.
        case literal(String)
        /// A placeholder segment.
        case pattern(SegmentPattern)
    }

    /// A placeholder edge.
    struct Edge: Sendable {
        /// What the segment must look like.
        let pattern: SegmentPattern
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

    /// One node: the edges to the next level, and the link that ends here.
    struct Node: Sendable {
        /// Literal edges, by segment text.
        var literals = Edges<String>()
        /// Placeholder edges, in insertion order.
        var edges: [Edge] = []
        /// The link whose path ends at this node.
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
        /// The link matched, with the segments its placeholders took, in order.
        case found(link: Int, captures: [String])
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
    /// The root node of each origin.
    private(set) var roots = Edges<Origin>()
    /// The origins of `roots` as bytes, while every one is ASCII and they are
    /// few enough to scan (`Edges.scanLimit`), else nil: `root(scheme:host:port:)`
    /// then finds a root by comparing bytes, without building an `Origin`.
    private var asciiRoots: [ASCIIOrigin]? = []

    /// Adds link `link` under `origin`. Links are added in table order.
    mutating func insert(_ steps: [Step], origin: Origin, link: Int) {
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
            case .pattern(let pattern):
                if let edge = nodes[node].edges.first(where: { $0.pattern == pattern }) {
                    next = edge.child
                } else {
                    next = newNode(link)
                    nodes[node].edges.append(Edge(pattern: pattern, child: next))
                }
            }
            node = next
        }
        if nodes[node].terminal == nil { nodes[node].terminal = link }
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
        if let link = walk(root, 0, segments, &captures, &miss) { return .found(link: link, captures: captures ?? []) }
        return .missed(miss)
    }

    /// The link that `segments` from `depth` on match below `node`, else the
    /// first link below it: what messages call the closest link when the
    /// segment before `depth` failed to lead to `node`.
    func closestLink(below node: Int, _ segments: [String], from depth: Int) -> Int {
        var captures: [String]?
        var miss = Miss(node: node, depth: depth)
        return walk(node, depth, segments, &captures, &miss) ?? nodes[node].firstLink
    }

    /// The first link already in the trie that matches some path `steps` also
    /// match under `origin`, with such a path's segments; nil when none does.
    func firstOverlap(_ steps: [Step], origin: Origin) -> (link: Int, witness: [String])? {
        guard let root = roots[origin] else { return nil }
        var witness: [String] = []
        return overlap(root, 0, steps, &witness).map { ($0, witness) }
    }

    private func walk(_ node: Int, _ depth: Int, _ segments: [String], _ captures: inout [String]?, _ miss: inout Miss) -> Int? {
        guard depth < segments.count else {
            if let link = nodes[node].terminal { return link }
            if depth > miss.depth { miss = Miss(node: node, depth: depth) }
            return nil
        }
        let segment = segments[depth]
        if let child = nodes[node].literals[segment], let link = walk(child, depth + 1, segments, &captures, &miss) {
            return link
        }
        for edge in nodes[node].edges where edge.pattern.accepts(segment) {
            captures?.append(segment)
            if let link = walk(edge.child, depth + 1, segments, &captures, &miss) { return link }
            captures?.removeLast()
        }
        if depth > miss.depth { miss = Miss(node: node, depth: depth) }
        return nil
    }

    private func overlap(_ node: Int, _ depth: Int, _ steps: [Step], _ witness: inout [String]) -> Int? {
        guard depth < steps.count else { return nodes[node].terminal }
        var candidates: [(segment: String, child: Int)] = []
        switch steps[depth] {
        case .literal(let text):
            if let child = nodes[node].literals[text] { candidates.append((text, child)) }
            for edge in nodes[node].edges where edge.pattern.accepts(text) { candidates.append((text, edge.child)) }
        case .pattern(let pattern):
            for (text, child) in nodes[node].literals.list.sorted(by: { $0.key < $1.key }) where pattern.accepts(text) {
                candidates.append((text, child))
            }
            for edge in nodes[node].edges {
                if let shared = pattern.sharedSegment(with: edge.pattern) { candidates.append((shared, edge.child)) }
            }
        }
        for (segment, child) in candidates {
            witness.append(segment)
            if let link = overlap(child, depth + 1, steps, &witness) { return link }
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
