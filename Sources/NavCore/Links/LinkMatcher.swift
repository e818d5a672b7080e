/// What a URL resolves to: the link that matched and the routes it produces,
/// or the `not_found` route when no link matched and the table declares one.
public struct LinkResolution: Equatable, Sendable {
    /// The URL, as given.
    public let url: String
    /// The link that matched; nil when this is the `not_found` route.
    public let link: Link?
    /// The routes to place, root side first.
    public let routes: [Route]
    /// How to place them: the caller's mode, else the link's own.
    public let mode: OpenMode
    /// Why no link matched, when this is the `not_found` route.
    public let reason: String?
    /// The roots of the layers a link with `into` shows its target in (each
    /// reused when open, else presented), bottom first; empty otherwise.
    public var layers: [Route] = []
    /// The style `open_url` presents `layers` with when no open layer has an
    /// equal root (`RouteTable.linkLayerStyle`; a reused layer keeps its own);
    /// nil without layers.
    public var layerStyle: String?
}

extension RouteTable {
    /// Resolves `url` to the routes its link produces, placed with `mode`
    /// (nil: the link's declared mode, else `replace`). When no link matches,
    /// the `not_found` route if the table has one, else `.noMatch` located at
    /// `url`, saying what came closest and which part failed. Text that is no
    /// URL as docs/links.md reads them (empty, relative, a bad escape, ...) is
    /// refused outright, `.noMatch` at `url` even with a `not_found` route:
    /// that route is for links the app does not know, not for broken text.
    /// A URL longer than `LinkTable.maxURLBytes` is `.limit` at `url`, at
    /// every entry point (docs/limits.md).
    public func resolve(_ url: String, mode: OpenMode? = nil) throws(NavError) -> LinkResolution {
        try LinkTable.checkLength(url)
        let parsed: IncomingURL
        do {
            parsed = try IncomingURL.parse(url)
        } catch {
            throw NavError(.noMatch, at: "url", "\(quoted(url)) is refused: \(error.detail)")
        }
        do {
            let (index, routes, layers) = try match(parsed, text: url)
            let link = links.links[index]
            return LinkResolution(url: url, link: link, routes: routes, mode: mode ?? link.mode, reason: nil, layers: layers,
                                  layerStyle: layers.isEmpty ? nil : linkLayerStyle)
        } catch {
            guard error.kind == .noMatch, let notFound = links.notFound else { throw error.under("url") }
            return LinkResolution(url: url, link: nil, routes: [notFound], mode: mode ?? .fallback, reason: error.detail)
        }
    }

    /// The matching step alone, for benchmarks and diagnostics: the index in
    /// `links.links` of the link whose path matches `segments` (decoded, the
    /// path already split) under `scheme://host`. Placeholders are checked
    /// against their types; the query and the routes are not looked at.
    public func matchLink(scheme: String, host: String, segments: [String]) throws(NavError) -> Int {
        var (name, port) = (host[...], nil as Int?)
        var text = host
        if let colon = text.withUTF8({ bytes in bytes.lastIndex(of: UInt8(ascii: ":")) }),
           let number = Int(String(decoding: host.utf8.dropFirst(colon + 1), as: UTF8.self)) {
            (name, port) = (String(decoding: host.utf8.prefix(colon), as: UTF8.self)[...], number)
        }
        switch links.trie.match(segments, from: links.trie.root(scheme: scheme[...], host: name, port: port), capturing: false) {
        case .found(let link, _, _):
            return link
        case .missed(let miss):
            let origin = Origin(scheme: scheme[...], host: name, port: port)
            throw NavError(.noMatch, at: "segments", "no link matches: " + explain(miss, origin: origin, segments: segments))
        }
    }

    /// The index of the link `url` (read from `text`) matches, the routes it
    /// produces and the roots of the layers it shows them in.
    private func match(_ url: IncomingURL, text: String) throws(NavError) -> (Int, [Route], [Route]) {
        switch links.trie.match(url.segments, origin: url.origin) {
        case .found(let index, let optionals, let captures):
            let link = links.links[index]
            do {
                let (routes, layers) = try routes(of: link, optionals: optionals, captures: captures, query: url.query)
                return (index, routes, layers)
            } catch {
                throw NavError(.noMatch, "no link matches \(quoted(text)): closest is \"\(link.pattern)\", where \(error.detail)")
            }
        case .missed(let miss):
            throw NavError(.noMatch, "no link matches \(quoted(text)): " + explain(miss, origin: url.origin, segments: url.segments))
        }
    }

    /// The routes `link` produces from the texts its path placeholders took
    /// (with the optional segments of bits `optionals` present) and the URL's
    /// query, and the roots of the layers it shows them in.
    /// Errors say (without location) which value failed.
    /// Values are converted once, with the spec of the placeholder, and are
    /// then valid for every route that declares the param (they agree on its
    /// type), so the routes are built from the link's slots without a check.
    private func routes(of link: Link, optionals: UInt16, captures: [String], query: [(key: String, value: String)]) throws(NavError) -> ([Route], [Route]) {
        var values = [ParamValue?](repeating: nil, count: link.placeholders.count)
        func bind(_ index: Int, _ text: String, _ place: @autoclosure () -> String) throws(NavError) {
            let spec = link.placeholderSpecs[index]
            if let value = spec.type.urlValue(text) {
                values[index] = value
            } else if spec.fallback, case .defaulted(let value) = spec.presence {
                values[index] = value
            } else {
                throw NavError(.noMatch, "\(place()) for {\(link.placeholders[index])}: " + spec.type.urlProblem(text))
            }
        }
        var (captured, placeholder, optional, position) = (0, 0, 0, 1)
        for segment in link.template.segments {
            var present = true
            switch segment {
            case .literal:
                position += 1
                continue
            case .param:
                break
            case .optional:
                present = optionals & (1 << optional) != 0
                optional += 1
            case .catchAll(let name, _):
                guard let item = link.placeholderSpecs[placeholder].type.itemType else { throw NavError(.internal, "a catch-all without a list") }
                let value = try self.items(captures[captured...], of: item, from: position, for: name)
                // An optional list without an item is absent, never empty, as in the query.
                values[placeholder] = value == .list([]) && link.placeholderSpecs[placeholder].presence == .optional ? nil : value
                captured = captures.count
                placeholder += 1
                continue
            }
            if present {
                guard captured < captures.count else { throw NavError(.internal, "the trie captured too few segments") }
                try bind(placeholder, captures[captured], "path segment \(position)")
                captured += 1
                position += 1
            }
            placeholder += 1
        }
        for (offset, binding) in link.template.query.enumerated() {
            let spec = link.placeholderSpecs[placeholder + offset]
            if let item = spec.type.itemType {
                let value = try list(of: item, key: binding.key, in: query, for: link.placeholders[placeholder + offset])
                // An optional list without an item is absent, never empty.
                values[placeholder + offset] = value == .list([]) && spec.presence == .optional ? nil : value
                continue
            }
            var given = query.lazy.filter { $0.key == binding.key }.makeIterator()
            guard let first = given.next() else { continue }
            if given.next() != nil {
                throw NavError(.noMatch, "query key \"\(ParamType.excerpt(binding.key))\" appears more than once")
            }
            try bind(placeholder + offset, first.value, "query key \"\(ParamType.excerpt(binding.key))\"")
        }
        var routes: [Route] = []
        routes.reserveCapacity(link.routes.count)
        for (name, slots) in zip(link.routes, link.slots) { routes.append(try route(name, slots, values, of: link)) }
        guard let layer = link.target?.layer else { return (routes, []) }
        return (routes, [try route(layer, link.layerSlots, values, of: link)])
    }

    /// The value of a list placeholder `{name}`: the value of every item of
    /// `query` with `key`, in order (none: the empty list). An item that does
    /// not convert, or more than `ParamType.maxListItems` of them, is `.noMatch`.
    private func list(of item: ParamType, key: String, in query: [(key: String, value: String)], for name: String) throws(NavError) -> ParamValue {
        var items: [ParamValue] = []
        for given in query where given.key == key {
            guard items.count < ParamType.maxListItems else {
                throw NavError(.noMatch, "query key \"\(ParamType.excerpt(key))\" appears more than \(ParamType.maxListItems) times (the item limit of {\(name)})")
            }
            guard let value = item.urlValue(given.value) else {
                throw NavError(.noMatch, "query key \"\(ParamType.excerpt(key))\" item \(items.count) for {\(name)}: " + item.urlProblem(given.value))
            }
            items.append(value)
        }
        return .list(items)
    }

    /// The value of a catch-all `{*name}`: each segment it took (the first
    /// being path segment `position`) as an item. More than
    /// `ParamType.maxListItems` segments is `.noMatch`.
    private func items(_ segments: ArraySlice<String>, of item: ParamType, from position: Int, for name: String) throws(NavError) -> ParamValue {
        guard segments.count <= ParamType.maxListItems else {
            throw NavError(.noMatch, "path segments \(position) to \(position + segments.count - 1) are more than \(ParamType.maxListItems) (the item limit of {*\(name)})")
        }
        var items: [ParamValue] = []
        items.reserveCapacity(segments.count)
        for (offset, segment) in segments.enumerated() {
            guard let value = item.urlValue(segment) else {
                throw NavError(.noMatch, "path segment \(position + offset) for {*\(name)}: " + item.urlProblem(segment))
            }
            items.append(value)
        }
        return .list(items)
    }

    /// Route `name` of `link`, each param from its slot: the placeholder's
    /// value, else its default. A required param without either is `.noMatch`.
    private func route(_ name: String, _ slots: [Link.Slot], _ values: [ParamValue?], of link: Link) throws(NavError) -> Route {
        var params: [Param] = []
        params.reserveCapacity(slots.count)
        for slot in slots {
            if let value = slot.placeholder.flatMap({ values[$0] }) ?? slot.standard {
                params.append(Param(slot.param, value))
            } else if slot.required {
                let key = link.template.query.first { $0.param == slot.param }?.key ?? slot.param
                throw NavError(.noMatch, "query key \"\(ParamType.excerpt(key))\" is missing: route \"\(name)\" requires {\(slot.param)}")
            }
        }
        return Route(name: name, params: params)
    }

    /// Says where matching stopped: what came closest and which part failed.
    private func explain(_ miss: LinkTrie.Miss?, origin: Origin, segments: [String]) -> String {
        let trie = links.trie
        guard let miss else {
            let asked = origin.description
            return "no link has the scheme and host \(quoted(asked))"
                + NameSuggestion.didYouMean(asked, among: trie.roots.list.map(\.key.description), maxDistance: 3)
        }
        let node = trie.nodes[miss.node]
        let position = "path segment \(miss.depth + 1)"
        guard miss.depth < segments.count else {
            let link = links.links[node.firstLink]
            let rest = link.template.segments.dropFirst(miss.depth).map(\.text)
            return "closest is \"\(link.pattern)\", which goes on with \"\(rest.joined())\" after the URL's last segment"
        }
        let segment = segments[miss.depth]
        let near = node.literals.list
            .map { (text: $0.key, child: $0.child, distance: NameSuggestion.editDistance(Array(segment.utf8.prefix(64)), Array($0.key.utf8.prefix(64)))) }
            .filter { $0.distance <= 2 }
            .min { ($0.distance, trie.nodes[$0.child].firstLink) < ($1.distance, trie.nodes[$1.child].firstLink) }
        if near == nil, let edge = node.edges.min(by: { trie.nodes[$0.child].firstLink < trie.nodes[$1.child].firstLink }) {
            let link = links.links[trie.closestLink(below: edge.child, segments, from: miss.depth + 1)]
            if miss.depth < link.template.segments.count, case .param(let name) = link.template.segments[miss.depth] {
                let problem = segment.isEmpty ? "it is empty" : link.bindings[name]?.type.urlProblem(segment) ?? "it does not fit"
                return "closest is \"\(link.pattern)\", where \(position) for {\(name)}: \(problem)"
            }
        }
        let literal = near.map { ($0.text, $0.child) }
            ?? node.literals.list.min { trie.nodes[$0.child].firstLink < trie.nodes[$1.child].firstLink }.map { ($0.key, $0.child) }
        if let (text, child) = literal {
            let link = links.links[trie.closestLink(below: child, segments, from: miss.depth + 1)]
            return "closest is \"\(link.pattern)\", which has \"\(text)\" as \(position), not \(quoted(segment))"
        }
        let link = links.links[node.terminal.map { trie.terminals[$0].link } ?? node.firstLink]
        return "closest is \"\(link.pattern)\", which ends before \(position) \(quoted(segment))"
    }

    /// A URL or segment in quotes, cut after 120 characters, control
    /// characters shown percent-encoded.
    private func quoted(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(120) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                shown += "%" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return "\"" + shown + (text.unicodeScalars.count > 120 ? "...\"" : "\"")
    }
}

extension InputValue {
    /// A checked value as input, to check it again against another route.
    init(_ value: ParamValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .int(let number): self = .int(number)
        case .bool(let flag): self = .bool(flag)
        case .list(let items): self = .array(items.map(InputValue.init))
        }
    }
}
