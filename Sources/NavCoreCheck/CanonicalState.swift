import CJansson
import NavCore
import NavCoreJSON

/// A state's canonical form (docs/tools.md, "navcore check"): its snapshot
/// without `seq` and `next_id`, entry ids renumbered in order of appearance
/// (in `id` fields and in the `layer:<id>` names of stacks), as compact text.
/// Two navigators with equal forms behave alike: the snapshot holds the
/// results, saved states, blockers, conditions and pending intent too.
enum CanonicalState {
    /// The canonical form of `navigator`, written with `writer`.
    static func of(_ navigator: Navigator, writer: DocumentWriter) throws(NavError) -> String {
        let text = try writer.snapshot(navigator)
        defer { OwnedText.free(text) }
        let node = try JSONNode.parse(UnsafePointer(text))
        defer { node.release() }
        json_object_del(node, "seq")
        json_object_del(node, "next_id")
        var numbers: [Int: Int] = [:]
        collectIDs(node, into: &numbers)
        renumber(node, by: numbers)
        guard let dumped = json_dumps(node, Int(JSON_COMPACT)) else { throw NavError(.outOfMemory, "out of memory while writing a canonical state") }
        return OwnedText.string(consuming: dumped)
    }

    /// Numbers every `id` field's value in order of appearance.
    private static func collectIDs(_ node: JSONNode, into numbers: inout [Int: Int]) {
        if isKind(JSON_OBJECT, node) {
            if let id = json_object_get(node, "id"), isKind(JSON_INTEGER, id) {
                let value = Int(json_integer_value(id))
                if numbers[value] == nil { numbers[value] = numbers.count + 1 }
            }
            forEachChild(node) { collectIDs($0, into: &numbers) }
        } else if isKind(JSON_ARRAY, node) {
            forEachChild(node) { collectIDs($0, into: &numbers) }
        }
    }

    /// Replaces every `id` value and every `layer:<id>` in a string by its number.
    private static func renumber(_ node: JSONNode, by numbers: [Int: Int]) {
        if isKind(JSON_OBJECT, node) {
            var iterator = json_object_iter(node)
            while let current = iterator {
                let key = String(cString: json_object_iter_key(current))
                if let child = json_object_iter_value(current) {
                    if key == "id", isKind(JSON_INTEGER, child) {
                        let value = Int(json_integer_value(child))
                        json_integer_set(child, json_int_t(numbers[value] ?? 0))
                    } else if isKind(JSON_STRING, child) {
                        json_string_set(child, renamed(String(cString: json_string_value(child)), by: numbers))
                    } else {
                        renumber(child, by: numbers)
                    }
                }
                iterator = json_object_iter_next(node, current)
            }
        } else if isKind(JSON_ARRAY, node) {
            for index in 0..<json_array_size(node) {
                guard let child = json_array_get(node, index) else { continue }
                if isKind(JSON_STRING, child) {
                    json_string_set(child, renamed(String(cString: json_string_value(child)), by: numbers))
                } else {
                    renumber(child, by: numbers)
                }
            }
        }
    }

    /// `text` with each `layer:<id>` naming its id's number.
    private static func renamed(_ text: String, by numbers: [Int: Int]) -> String {
        guard text.contains("layer:") else { return text }
        return text.split(separator: "/", omittingEmptySubsequences: false).map { part in
            guard part.hasPrefix("layer:"), let id = Int(part.dropFirst("layer:".count)) else { return String(part) }
            return "layer:\(numbers[id] ?? 0)"
        }.joined(separator: "/")
    }

    /// Calls `body` with each value of an object or element of an array.
    private static func forEachChild(_ node: JSONNode, _ body: (JSONNode) -> Void) {
        if isKind(JSON_ARRAY, node) {
            for index in 0..<json_array_size(node) { if let child = json_array_get(node, index) { body(child) } }
            return
        }
        var iterator = json_object_iter(node)
        while let current = iterator {
            if let child = json_object_iter_value(current) { body(child) }
            iterator = json_object_iter_next(node, current)
        }
    }

    /// Whether `node` is of `type`.
    private static func isKind(_ type: json_type, _ node: JSONNode) -> Bool {
        cjansson_typeof(node) == type
    }
}
