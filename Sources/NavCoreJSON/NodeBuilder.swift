#if canImport(Glibc)
import Glibc
#endif
import CJansson
import NavCore

/// Small checked steps for building jansson documents: every allocation
/// failure becomes `.outOfMemory` instead of a NULL that travels on.
enum NodeBuilder {
    /// The error for a failed jansson allocation.
    static var outOfMemory: NavError { NavError(.outOfMemory, "out of memory while writing JSON") }

    /// A new empty object, owned by the caller.
    static func object() throws(NavError) -> JSONNode {
        guard let node = json_object() else { throw outOfMemory }
        return node
    }

    /// A new empty array, owned by the caller.
    static func array() throws(NavError) -> JSONNode {
        guard let node = json_array() else { throw outOfMemory }
        return node
    }

    /// A new object holding `members` in order, owned by the caller; it takes over
    /// the caller's reference to every member value, even when it fails.
    static func object(_ members: KeyValuePairs<String, JSONNode?>) throws(NavError) -> JSONNode {
        guard let node = json_object() else {
            for (_, value) in members { value?.release() }
            throw outOfMemory
        }
        var failed = false
        for (key, value) in members {
            if failed {
                value?.release()
            } else if key.withCString({ json_object_set_new_nocheck(node, $0, value) }) != 0 {
                failed = true
            }
        }
        guard !failed else {
            node.release()
            throw outOfMemory
        }
        return node
    }

    /// `node`, a new node the caller owns, filled by `body`; released when `body` fails.
    static func filled(_ node: JSONNode, _ body: (JSONNode) throws(NavError) -> Void) throws(NavError) -> JSONNode {
        do {
            try body(node)
        } catch {
            node.release()
            throw error
        }
        return node
    }

    /// A new array of one node per element, made by `node`.
    static func array<T>(_ elements: [T], _ node: (T) throws(NavError) -> JSONNode?) throws(NavError) -> JSONNode {
        let array = try NodeBuilder.array()
        do throws(NavError) {
            for element in elements { try NodeBuilder.append(array, try node(element)) }
        } catch {
            array.release()
            throw error
        }
        return array
    }

    /// Sets `key` of `object` to `value`, taking over the caller's reference to `value`.
    static func set(_ object: JSONNode, _ key: String, _ value: JSONNode?) throws(NavError) {
        if key.withCString({ json_object_set_new_nocheck(object, $0, value) }) != 0 { throw outOfMemory }
    }

    /// Appends `value` to `array`, taking over the caller's reference to `value`.
    static func append(_ array: JSONNode, _ value: JSONNode?) throws(NavError) {
        if json_array_append_new(array, value) != 0 { throw outOfMemory }
    }

    /// A new integer node.
    static func integer(_ value: Int) -> JSONNode? {
        json_integer(json_int_t(value))
    }

    /// A new string node; Swift strings are valid UTF-8, so jansson's check is skipped.
    static func string(_ text: String) -> JSONNode? {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                guard let start = chars.baseAddress, !chars.isEmpty else { return json_string("") }
                return json_stringn_nocheck(start, chars.count)
            }
        }
    }

    /// A new node for a param value (a list's is an array of its items).
    static func value(_ value: ParamValue) -> JSONNode? {
        switch value {
        case .string(let text): return string(text)
        case .int(let number): return integer(number)
        case .bool(let flag): return flag ? json_true() : json_false()
        case .list(let items):
            guard let array = json_array() else { return nil }
            for item in items where json_array_append_new(array, self.value(item)) != 0 {
                json_decref(array)
                return nil
            }
            return array
        }
    }

    /// The compact text of `document`, which is released.
    static func dump(_ document: JSONNode) throws(NavError) -> UnsafeMutablePointer<CChar> {
        defer { document.release() }
        guard let text = json_dumps(document, Int(JSON_COMPACT)) else { throw outOfMemory }
        return text
    }
}
