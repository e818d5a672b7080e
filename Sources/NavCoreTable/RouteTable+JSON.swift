import NavCore
import NavCoreJSON

extension RouteTable {
    /// Reads a route table from its JSON text (docs/json.md), through the
    /// decoder `navcore_navigator_new` uses: a bad table throws the error and
    /// message the C ABI gives for the same text (`.json` for text that is not
    /// JSON, `.table` located at the offending key, `routes.cart.push_policy`).
    /// Text holding a NUL byte, which no C string can, is `.table`.
    public init(json text: String) throws(NavError) {
        if let nul = text.utf8.firstIndex(of: 0) {
            let offset = text.utf8.distance(from: text.utf8.startIndex, to: nul)
            throw NavError(.table, at: "", "route table text holds a NUL byte at offset \(offset)")
        }
        let result = text.withCString { (pointer) in
            Result { () throws(NavError) -> RouteTable in try RouteTableDecoder.decode(text: pointer) }
        }
        self = try result.get()
    }

    /// Reads a route table from the JSON file at `path`, as
    /// `navcore_navigator_new_from_file` does (that function calls this one):
    /// `.table` naming the path and the system's reason when the file cannot
    /// be read, `.invalidArgument` for a file that is not UTF-8, `.limit` for
    /// one larger than `Limits.maxSnapshotBytes`, then the errors of `init(json:)`.
    public init(contentsOfFile path: String) throws(NavError) {
        let text = try TableFile.read(path)
        self = try text.withUnsafeBufferPointer { (buffer) throws(NavError) -> RouteTable in
            guard let base = buffer.baseAddress else { throw NavError(.internal, at: "", "an empty buffer") }
            return try RouteTableDecoder.decode(text: base)
        }
    }
}
