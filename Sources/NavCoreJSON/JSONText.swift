#if canImport(Glibc)
import Glibc
#endif
import CJansson
import NavCore

/// Compact JSON text written directly into a buffer from jansson's allocator,
/// for a small document on a hot path (what a URL resolves to): there,
/// building jansson nodes and jansson's dump, which checks every container
/// for reference loops, would cost more than the work the document reports.
/// Strings are escaped as jansson escapes them. The text is handed over by
/// `finish()`; a text never finished must be `discard()`ed.
struct JSONText {
    /// The buffer, from jansson's allocator.
    private var buffer: UnsafeMutablePointer<UInt8>
    /// Bytes written.
    private var count = 0
    /// Bytes the buffer holds, the terminating NUL included.
    private var capacity: Int

    /// An empty text with room for `capacity` bytes.
    init(capacity: Int) throws(NavError) {
        self.capacity = max(capacity, 64)
        buffer = try JSONText.allocate(self.capacity)
    }

    /// Appends punctuation or a literal (`{"navcore":1,`).
    mutating func raw(_ text: StaticString) throws(NavError) {
        try reserve(text.utf8CodeUnitCount)
        (buffer + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    /// Appends a JSON string: `"` and `\` escaped, control characters as `\n`, `\u0001`, ...
    mutating func string(_ text: String) throws(NavError) {
        try reserve(text.utf8.count + 2)
        let written = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !ByteScan.needsJSONEscape(bytes) else { return false }
            buffer[count] = UInt8(ascii: "\"")
            if let base = bytes.baseAddress { (buffer + count + 1).update(from: base, count: bytes.count) }
            buffer[count + 1 + bytes.count] = UInt8(ascii: "\"")
            count += bytes.count + 2
            return true
        }
        guard written != true else { return }
        try raw("\"")
        for byte in text.utf8 {
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                try escape(byte)
            } else {
                try reserve(1)
                buffer[count] = byte
                count += 1
            }
        }
        try raw("\"")
    }

    /// Appends an integer in decimal.
    mutating func integer(_ value: Int) throws(NavError) {
        try reserve(20)
        if value < 0 {
            buffer[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        while magnitude >= 10 {
            magnitude /= 10
            digits += 1
        }
        magnitude = value.magnitude
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    /// Appends a param value: a string, an integer, `true`/`false`, or a
    /// list's array of them.
    mutating func value(_ value: ParamValue) throws(NavError) {
        switch value {
        case .string(let text): try string(text)
        case .int(let number): try integer(number)
        case .bool(let flag): try flag ? raw("true") : raw("false")
        case .list(let items): try array(items) { (text, item) throws(NavError) in try text.value(item) }
        }
    }

    /// Appends a route's params as an object, `{"id":42,...}`, in their order.
    mutating func params(_ params: [Param]) throws(NavError) {
        try raw("{")
        for (index, param) in params.enumerated() {
            try key(named: param.name, first: index == 0)
            try value(param.value)
        }
        try raw("}")
    }

    /// Appends `"key":`, after a comma unless it is the first member of its
    /// object: a key that is data (a stack's or a param's name), escaped as any string.
    mutating func key(named key: String, first: Bool = false) throws(NavError) {
        if !first { try raw(",") }
        try string(key)
        try raw(":")
    }

    /// Appends `,"key":` for a key of the format: plain ASCII, which needs no
    /// escape, copied at once.
    mutating func key(_ key: StaticString) throws(NavError) {
        let length = key.utf8CodeUnitCount
        try reserve(length + 4)
        buffer[count] = UInt8(ascii: ",")
        buffer[count + 1] = UInt8(ascii: "\"")
        (buffer + count + 2).update(from: key.utf8Start, count: length)
        buffer[count + length + 2] = UInt8(ascii: "\"")
        buffer[count + length + 3] = UInt8(ascii: ":")
        count += length + 4
    }

    /// Appends `[...]`, each element written by `element`.
    mutating func array<Element>(_ elements: some Sequence<Element>,
                                 _ element: (inout JSONText, Element) throws(NavError) -> Void) throws(NavError) {
        try raw("[")
        for (index, item) in elements.enumerated() {
            if index > 0 { try raw(",") }
            try element(&self, item)
        }
        try raw("]")
    }

    /// Appends `,"key":` and the integer.
    mutating func member(_ key: StaticString, _ value: Int) throws(NavError) {
        try self.key(key)
        try integer(value)
    }

    /// Appends `,"key":` and the string.
    mutating func member(_ key: StaticString, _ value: String) throws(NavError) {
        try self.key(key)
        try string(value)
    }

    /// Appends `[...]` of strings.
    mutating func strings(_ values: [String]) throws(NavError) {
        try array(values) { (text, value) throws(NavError) in try text.string(value) }
    }

    /// Appends the string, or `null` for none.
    mutating func optionalString(_ value: String?) throws(NavError) {
        if let value { try string(value) } else { try raw("null") }
    }

    /// Appends `true` or `false`.
    mutating func bool(_ flag: Bool) throws(NavError) {
        try flag ? raw("true") : raw("false")
    }

    /// Appends text that is already JSON (a fragment jansson wrote).
    mutating func fragment(_ bytes: UnsafeBufferPointer<UInt8>) throws(NavError) {
        try reserve(bytes.count)
        if let base = bytes.baseAddress { (buffer + count).update(from: base, count: bytes.count) }
        count += bytes.count
    }

    /// Appends `node` as jansson writes it (compact), releasing the node.
    mutating func node(_ node: JSONNode) throws(NavError) {
        let dumped = try NodeBuilder.dump(node)
        defer { OwnedText.free(dumped) }
        try fragment(UnsafeBufferPointer(start: UnsafeRawPointer(dumped).assumingMemoryBound(to: UInt8.self), count: strlen(dumped)))
    }

    /// Appends a saved state or result as jansson writes it (a scalar too).
    mutating func json(_ value: JSONValue) throws(NavError) {
        let dumped = try JSONValueCodec.text(value)
        defer { OwnedText.free(dumped) }
        try fragment(UnsafeBufferPointer(start: UnsafeRawPointer(dumped).assumingMemoryBound(to: UInt8.self), count: strlen(dumped)))
    }

    /// How many bytes were written so far.
    var written: Int { count }

    /// A copy of the bytes written from offset `start` on.
    func bytes(from start: Int) -> ContiguousArray<UInt8> {
        ContiguousArray(UnsafeBufferPointer(start: buffer + start, count: count - start))
    }

    /// The NUL-terminated text, released with `OwnedText.free`; the text is spent.
    consuming func finish() -> UnsafeMutablePointer<CChar> {
        buffer[count] = 0
        return UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: CChar.self)
    }

    /// Releases the buffer of a text that will not be finished.
    consuming func discard() {
        OwnedText.free(UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: CChar.self))
    }

    private mutating func escape(_ byte: UInt8) throws(NavError) {
        switch byte {
        case UInt8(ascii: "\""): try raw("\\\"")
        case UInt8(ascii: "\\"): try raw("\\\\")
        case 0x08: try raw("\\b")
        case 0x0C: try raw("\\f")
        case UInt8(ascii: "\n"): try raw("\\n")
        case UInt8(ascii: "\r"): try raw("\\r")
        case UInt8(ascii: "\t"): try raw("\\t")
        default:
            try raw("\\u00")
            try reserve(2)
            buffer[count] = JSONText.hex[Int(byte >> 4)]
            buffer[count + 1] = JSONText.hex[Int(byte & 0x0F)]
            count += 2
        }
    }

    /// Makes room for `extra` more bytes and the terminating NUL: inlined, since every write
    /// asks and the buffer seldom grows.
    @inline(__always)
    private mutating func reserve(_ extra: Int) throws(NavError) {
        if count + extra + 1 > capacity { try grow(extra) }
    }

    /// A buffer with room for `extra` more bytes and the terminating NUL, the text copied over.
    private mutating func grow(_ extra: Int) throws(NavError) {
        let grown = max(capacity * 2, count + extra + 1)
        let larger = try JSONText.allocate(grown)
        larger.update(from: buffer, count: count)
        OwnedText.free(UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: CChar.self))
        buffer = larger
        capacity = grown
    }

    /// `size` bytes from jansson's allocator.
    private static func allocate(_ size: Int) throws(NavError) -> UnsafeMutablePointer<UInt8> {
        var mallocFunction: json_malloc_t?
        var freeFunction: json_free_t?
        json_get_alloc_funcs(&mallocFunction, &freeFunction)
        guard let mallocFunction, let raw = mallocFunction(size) else { throw NodeBuilder.outOfMemory }
        return raw.bindMemory(to: UInt8.self, capacity: size)
    }

    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
}
