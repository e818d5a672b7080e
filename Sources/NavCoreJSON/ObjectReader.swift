import CJansson
import NavCore

/// Reads a JSON object strictly: refuses unknown keys and mistyped fields,
/// with errors of one kind located under the object's path.
struct ObjectReader {
    /// The object (borrowed).
    private let object: JSONNode
    /// Where the object is (`actions[0]`, `routes.product`).
    let path: String
    /// The kind of error a problem with this object is.
    let kind: NavError.Kind

    /// Reads `node` as an object whose keys must all be in `allowed`: an
    /// unknown key is an error listing them, with the closest for a likely
    /// typo (` (did you mean "title"?)`), as for an unknown route name.
    init(_ node: JSONNode, at path: String, kind: NavError.Kind, allowed: [String]) throws(NavError) {
        guard node.type == JSON_OBJECT else {
            throw NavError(kind, at: path, "expected an object, got \(node.typeName)")
        }
        let known = allowed.reduce(0) { count, key in ObjectReader.member(node, key) == nil ? count : count + 1 }
        if known != json_object_size(node) { try ObjectReader.refuseUnknownKey(node, allowed: allowed, at: path, kind: kind) }
        self.init(checked: node, at: path, kind: kind)
    }

    /// Reads `node`, an object whose keys the caller has checked
    /// (`refuseUnknownKey`).
    init(checked node: JSONNode, at path: String, kind: NavError.Kind) {
        self.object = node
        self.path = path
        self.kind = kind
    }

    /// Refuses the first key of the object `node` that is not in `allowed`:
    /// a `kind` error at `path` listing them, with the closest for a likely typo.
    static func refuseUnknownKey(_ node: JSONNode, allowed: [String], at path: String, kind: NavError.Kind) throws(NavError) {
        for (key, _) in node.objectMembers ?? [] where !allowed.contains(key) {
            throw NavError(kind, at: path, "unknown key \"\(ParamType.excerpt(key))\" (allowed: \(allowed.joined(separator: ", ")))"
                           + NameSuggestion.didYouMean(key, among: allowed))
        }
    }

    /// The path of a member (`actions[0].count`).
    func location(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The raw member, or nil when absent.
    func node(_ key: String) -> JSONNode? {
        ObjectReader.member(object, key)
    }

    /// The member `key` of the object `node`, or nil. The key is lent as a C
    /// string in place (`withCString`), not copied to a new array as passing
    /// the `String` itself would: every read of every document comes here.
    static func member(_ node: JSONNode, _ key: String) -> JSONNode? {
        key.withCString { json_object_get(node, $0) }
    }

    /// A member that must be present.
    func required(_ key: String) throws(NavError) -> JSONNode {
        guard let node = node(key) else { throw NavError(kind, at: location(key), "missing") }
        return node
    }

    /// A string member; nil when absent.
    func string(_ key: String) throws(NavError) -> String? {
        guard let node = node(key) else { return nil }
        guard let value = node.stringValue else { throw mistyped(key, "string", node) }
        return value
    }

    /// A string member naming a case of `E` (its raw value); nil when absent.
    /// Any other string is an error at the member: `unknown <noun> "x" (allowed: ...)`,
    /// the noun being `key` unless given.
    func enumValue<E: RawRepresentable & CaseIterable>(_ key: String, noun: String? = nil) throws(NavError) -> E?
    where E.RawValue == String {
        guard let name = try string(key) else { return nil }
        return try ObjectReader.enumValue(name, at: location(key), kind: kind, noun: noun ?? key)
    }

    /// `name` as the case of `E` whose raw value it is. Every string-valued
    /// enum of every document is read here, so that all refuse an unknown
    /// name the same way: a `kind` error at `path` saying
    /// `unknown <noun> "name" (allowed: a, b, ...)`, with the closest case
    /// for a likely typo (` (did you mean "a"?)`), never a silent default.
    static func enumValue<E: RawRepresentable & CaseIterable>(_ name: String, at path: String, kind: NavError.Kind,
                                                              noun: String) throws(NavError) -> E where E.RawValue == String {
        guard let value = E(rawValue: name) else {
            let allowed = E.allCases.map(\.rawValue)
            throw NavError(kind, at: path, "unknown \(noun) \"\(ParamType.excerpt(name))\" (allowed: \(allowed.joined(separator: ", ")))"
                           + NameSuggestion.didYouMean(name, among: allowed))
        }
        return value
    }

    /// An integer member; nil when absent.
    func int(_ key: String) throws(NavError) -> Int? {
        guard let node = node(key) else { return nil }
        guard let value = node.intValue else { throw mistyped(key, "int", node) }
        return value
    }

    /// An int member that must lie in `range`; nil when absent.
    func int(_ key: String, in range: ClosedRange<Int>) throws(NavError) -> Int? {
        guard let value = try int(key) else { return nil }
        guard range.contains(value) else {
            throw NavError(kind, at: location(key), "must be in \(range.lowerBound)...\(range.upperBound), got \(value)")
        }
        return value
    }

    /// A boolean member; nil when absent.
    func bool(_ key: String) throws(NavError) -> Bool? {
        guard let node = node(key) else { return nil }
        guard let value = node.boolValue else { throw mistyped(key, "bool", node) }
        return value
    }

    /// An array member's elements; nil when absent.
    func array(_ key: String) throws(NavError) -> [JSONNode]? {
        guard let node = node(key) else { return nil }
        guard let value = node.arrayElements else { throw mistyped(key, "array", node) }
        return value
    }

    /// An object member's members in document order; nil when absent.
    func object(_ key: String) throws(NavError) -> [(key: String, value: JSONNode)]? {
        guard let node = node(key) else { return nil }
        guard let value = node.objectMembers else { throw mistyped(key, "object", node) }
        return value
    }

    /// The error for a member `node` at `key` that is not the `expected` type.
    func mistyped(_ key: String, _ expected: String, _ node: JSONNode) -> NavError {
        NavError(kind, at: location(key), "expected \(expected), got \(node.typeName)")
    }
}
