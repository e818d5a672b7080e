import NavCore

/// Reads the params text a convenience call usually takes, a small flat object
/// of scalars and lists of scalars (`{"id": 42}`, `{"tags": ["a", "b"]}`),
/// straight into param values, without building
/// jansson nodes: on the push path, parsing with jansson and reading its nodes
/// cost more than the rest of the push's decoding together.
///
/// It reads only what jansson (`JSON_REJECT_DUPLICATES | JSON_DECODE_ANY`)
/// reads to the very same values, and declines everything else: objects,
/// arrays inside arrays, lists over `ParamType.maxListItems` items, reals, escapes, integers of more than 18 digits, duplicate keys,
/// more than `maxMembers` members, and every text jansson refuses. A declined
/// text goes to jansson, so every error, its place and its message, is
/// jansson's and the decoder's as before; this reader never makes one.
enum FlatParamsReader {
    /// The most members read here; a larger object goes to jansson (the
    /// duplicate check compares each key with those before it).
    static let maxMembers = JSONCursor.maxFlatMembers

    /// The members of `text` in document order, or nil when the text is not
    /// a flat object this reader takes (jansson then reads it).
    static func read(_ text: UnsafePointer<CChar>) -> [(String, InputValue)]? {
        var cursor = JSONCursor(text)
        guard let members = cursor.flatObject(), cursor.atEnd() else { return nil }
        return members
    }
}
