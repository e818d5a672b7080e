#if canImport(Glibc)
import Glibc
#endif
import CJansson
import NavCore

/// Writes navcore's documents (docs/json.md) as compact JSON text. Every
/// document carries `"navcore": 1`. Text comes back as a NUL-terminated buffer
/// from jansson's allocator, released with `Encoder.free`.
public enum Encoder {
    /// The format number written into every document.
    public static let format = 1

    /// The active stack: `{"navcore": 1, "entries": [...]}`.
    public static func stack(_ navigator: Navigator) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let document = try object()
        try set(document, "navcore", json_integer(json_int_t(format)))
        try set(document, "entries", try entries(navigator.activeStack))
        return try dump(document)
    }

    /// The whole navigator state.
    public static func state(_ navigator: Navigator) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let document = try object()
        try set(document, "navcore", json_integer(json_int_t(format)))
        try set(document, "table_version", json_integer(json_int_t(navigator.table.version)))
        try set(document, "next_id", json_integer(json_int_t(navigator.nextID)))
        try set(document, "seq", json_integer(json_int_t(navigator.seq)))
        try set(document, "active_stack", string(navigator.activeStack.name))
        let stacks = try object(owning: document)
        try set(document, "stacks", stacks)
        for stack in navigator.stacks {
            let body = try object(owning: document)
            try set(stacks, stack.name, body)
            try set(body, "entries", try entries(stack))
        }
        return try dump(document)
    }

    /// A transition.
    public static func transition(_ transition: Transition) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let document = try object()
        try set(document, "navcore", json_integer(json_int_t(format)))
        try set(document, "seq", json_integer(json_int_t(transition.seq)))
        try set(document, "changed", transition.changed ? json_true() : json_false())
        try set(document, "cause", try cause(transition.cause))
        let stacks = try object(owning: document)
        try set(document, "stacks", stacks)
        for change in transition.changes {
            let body = try object(owning: document)
            try set(stacks, change.stack, body)
            let removed = json_array()
            try set(body, "removed", removed)
            for id in change.removed { try append(removed, json_integer(json_int_t(id))) }
            let added = json_array()
            try set(body, "added", added)
            for entry in change.added { try append(added, try self.entry(entry)) }
        }
        try set(document, "before", try top(transition.before))
        try set(document, "after", try top(transition.after))
        return try dump(document)
    }

    /// One entry: `{"id", "name", "params", "title"}`. The caller owns the node.
    public static func entry(_ entry: Entry) throws(NavError) -> JSONNode {
        let node = try object()
        do {
            try set(node, "id", json_integer(json_int_t(entry.id)))
            try set(node, "name", string(entry.route.name))
            let params = json_object()
            try set(node, "params", params)
            for param in entry.route.params { try set(params, param.name, value(param.value)) }
            try set(node, "title", string(entry.title))
        } catch {
            node.release()
            throw error
        }
        return node
    }

    /// Releases text returned by this encoder, through jansson's allocator.
    public static func free(_ text: UnsafeMutablePointer<CChar>?) {
        guard let text else { return }
        var mallocFunction: json_malloc_t?
        var freeFunction: json_free_t?
        json_get_alloc_funcs(&mallocFunction, &freeFunction)
        freeFunction?(text)
    }

    /// Copies encoder text into a Swift string and releases it.
    public static func string(consuming text: UnsafeMutablePointer<CChar>) -> String {
        defer { free(text) }
        return String(cString: text)
    }

    private static func entries(_ stack: Stack) throws(NavError) -> JSONNode {
        guard let array = json_array() else { throw outOfMemory }
        do {
            try append(array, try entry(stack.root))
            for entry in stack.path { try append(array, try self.entry(entry)) }
        } catch {
            array.release()
            throw error
        }
        return array
    }

    private static func cause(_ cause: Cause) throws(NavError) -> JSONNode {
        let node = try object()
        switch cause {
        case .actions(let ops):
            try set(node, "source", string("actions"))
            let array = json_array()
            try set(node, "ops", array)
            for op in ops { try append(array, string(op)) }
        }
        return node
    }

    private static func top(_ top: TopEntry) throws(NavError) -> JSONNode {
        let node = try object()
        try set(node, "stack", string(top.stack))
        try set(node, "top", try entry(top.top))
        return node
    }

    private static func value(_ value: ParamValue) -> JSONNode? {
        switch value {
        case .string(let text): return string(text)
        case .int(let number): return json_integer(json_int_t(number))
        case .bool(let flag): return flag ? json_true() : json_false()
        }
    }

    private static func string(_ text: String) -> JSONNode? {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                guard let start = chars.baseAddress, !chars.isEmpty else { return json_string("") }
                return json_stringn_nocheck(start, chars.count)
            }
        }
    }

    private static var outOfMemory: NavError { NavError(.outOfMemory, "out of memory while writing JSON") }

    private static func object() throws(NavError) -> JSONNode {
        guard let node = json_object() else { throw outOfMemory }
        return node
    }

    /// A new object that, if it cannot be made, releases `owner` first.
    private static func object(owning owner: JSONNode) throws(NavError) -> JSONNode {
        guard let node = json_object() else { owner.release(); throw outOfMemory }
        return node
    }

    /// Sets `key` to `value`, stealing `value`. On failure releases `object`.
    private static func set(_ object: JSONNode?, _ key: String, _ value: JSONNode?) throws(NavError) {
        let status = key.withCString { json_object_set_new_nocheck(object, $0, value) }
        if status != 0 { throw outOfMemory }
    }

    private static func append(_ array: JSONNode?, _ value: JSONNode?) throws(NavError) {
        if json_array_append_new(array, value) != 0 { throw outOfMemory }
    }

    private static func dump(_ document: JSONNode) throws(NavError) -> UnsafeMutablePointer<CChar> {
        defer { document.release() }
        guard let text = json_dumps(document, Int(JSON_COMPACT)) else { throw outOfMemory }
        return text
    }
}

extension Encoder {
    /// A second copy of encoder text, from the same (jansson's) allocator.
    public static func copy(_ text: UnsafeMutablePointer<CChar>) throws(NavError) -> UnsafeMutablePointer<CChar> {
        var mallocFunction: json_malloc_t?
        var freeFunction: json_free_t?
        json_get_alloc_funcs(&mallocFunction, &freeFunction)
        let size = strlen(text) + 1
        guard let mallocFunction, let raw = mallocFunction(size) else { throw outOfMemory }
        raw.copyMemory(from: text, byteCount: size)
        return raw.assumingMemoryBound(to: CChar.self)
    }
}
