/// A title template such as `"Product {id}"`: literal text with `{param}`
/// placeholders; `{{` and `}}` stand for literal braces.
public struct TitleTemplate: Equatable, Sendable {
    /// One piece of a template.
    public enum Part: Equatable, Sendable {
        /// Text shown as is.
        case literal(String)
        /// The value of the named param (empty when the param is absent).
        case param(String)
    }

    /// The pieces, in order.
    public let parts: [Part]

    /// Parses `text`; fails with a message (without location) on an unclosed or
    /// empty placeholder or a stray `}`.
    public static func parse(_ text: String) -> Result<TitleTemplate, NavError> {
        var utf8 = text
        return utf8.withUTF8 { bytes in parseBytes(bytes, text) } ?? parseCharacters(text)
    }

    /// `parse` reading `text` character by character: what decides a
    /// template in which a brace touches a non-ASCII byte.
    static func parseCharacters(_ text: String) -> Result<TitleTemplate, NavError> {
        var parts: [Part] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let char = text[index]
            let next = text.index(after: index)
            let nextChar: Character? = next < text.endIndex ? text[next] : nil
            if char == "{" && nextChar == "{" || char == "}" && nextChar == "}" {
                literal.append(char)
                index = text.index(after: next)
            } else if char == "{" {
                guard let close = text[next...].firstIndex(of: "}") else { return .failure(unclosed(text)) }
                let name = String(text[next..<close])
                guard !name.isEmpty, !name.contains("{") else { return .failure(badPlaceholder(name, text)) }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                parts.append(.param(name))
                index = text.index(after: close)
            } else if char == "}" {
                return .failure(strayBrace(text))
            } else {
                literal.append(char)
                index = next
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return .success(TitleTemplate(parts: parts))
    }

    /// `parse` reading `text`'s UTF-8 `bytes`, when every brace in them
    /// stands between ASCII bytes (or at an end); nil otherwise. Such a brace
    /// is a character of its own, since Unicode joins an ASCII character to
    /// a neighbour in one character only through a non-ASCII one (a mark
    /// after it, a prepended sign before it; CR LF is no brace): the bytes
    /// then split exactly where `parseCharacters` splits the characters, to
    /// the same parts or error, without its grapheme breaking and Unicode
    /// comparisons (most of a table's load in titles that are not ASCII).
    private static func parseBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> Result<TitleTemplate, NavError>? {
        let (open, close) = (UInt8(ascii: "{"), UInt8(ascii: "}"))
        for index in bytes.indices where bytes[index] == open || bytes[index] == close {
            if index > 0 && bytes[index - 1] >= 0x80 || index + 1 < bytes.count && bytes[index + 1] >= 0x80 { return nil }
        }
        var parts: [Part] = []
        var literal: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1
            let nextByte: UInt8? = next < bytes.count ? bytes[next] : nil
            if byte == open && nextByte == open || byte == close && nextByte == close {
                literal.append(byte)
                index = next + 1
            } else if byte == open {
                guard let end = bytes[next...].firstIndex(of: close) else { return .failure(unclosed(text)) }
                let name = bytes[next..<end]
                guard !name.isEmpty, !name.contains(open) else {
                    return .failure(badPlaceholder(String(decoding: name, as: UTF8.self), text))
                }
                if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))); literal = [] }
                parts.append(.param(String(decoding: name, as: UTF8.self)))
                index = end + 1
            } else if byte == close {
                return .failure(strayBrace(text))
            } else {
                literal.append(byte)
                index = next
            }
        }
        if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
        return .success(TitleTemplate(parts: parts))
    }

    /// The error of a `{` that no `}` closes.
    private static func unclosed(_ text: String) -> NavError {
        NavError(.table, "unclosed \"{\" in title template \"\(text)\"")
    }

    /// The error of a placeholder that is empty or holds a `{`.
    private static func badPlaceholder(_ name: String, _ text: String) -> NavError {
        NavError(.table, "bad placeholder \"{\(name)}\" in title template \"\(text)\"")
    }

    /// The error of a `}` that closes nothing.
    private static func strayBrace(_ text: String) -> NavError {
        NavError(.table, "stray \"}\" in title template \"\(text)\" (write \"}}\" for a brace)")
    }

    /// The names of the params the template shows.
    public var paramNames: [String] {
        parts.compactMap { if case .param(let name) = $0 { return name } else { return nil } }
    }

    /// The title for a route with these params. Every entry made renders
    /// one, so the usual cases skip `String`'s appends: a template of one
    /// literal is that literal, and a title that fits `TitleTemplate.stackBytes`
    /// is written as UTF-8 on the stack and made a string once.
    public func render(_ params: [Param]) -> String {
        if parts.count == 1, case .literal(let text) = parts[0] { return text }
        let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: TitleTemplate.stackBytes) { buffer -> String? in
            var count = 0
            for part in parts {
                switch part {
                case .literal(let text):
                    guard TitleTemplate.append(text, to: buffer, at: &count) else { return nil }
                case .param(let name):
                    switch params.first(where: { $0.name == name })?.value {
                    case .string(let text): guard TitleTemplate.append(text, to: buffer, at: &count) else { return nil }
                    case .int(let number): guard TitleTemplate.append(number, to: buffer, at: &count) else { return nil }
                    case .bool(let flag): guard TitleTemplate.append(flag ? "true" : "false", to: buffer, at: &count) else { return nil }
                    case .list(let items): guard TitleTemplate.append(ParamValue.list(items).text, to: buffer, at: &count) else { return nil }
                    case nil: break
                    }
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
        return written ?? appended(params)
    }

    /// The most bytes of a title written on the stack; a longer one is appended piece by piece.
    static let stackBytes = 128

    /// The title made by appending each piece to a string.
    private func appended(_ params: [Param]) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text):
                out += text
            case .param(let name):
                if let param = params.first(where: { $0.name == name }) { out += param.value.text }
            }
        }
        return out
    }

    /// Copies `text`'s UTF-8 into `buffer` at `count`; false when it does not fit.
    private static func append(_ text: String, to buffer: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count <= buffer.count - count else { return false }
            _ = UnsafeMutableBufferPointer(rebasing: buffer[count..<(count + bytes.count)]).initialize(fromContentsOf: bytes)
            count += bytes.count
            return true
        }
    }

    /// Writes `number` in decimal into `buffer` at `count` (as `ParamValue.text`
    /// does, without going through `String`); false when it does not fit.
    private static func append(_ number: Int, to buffer: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) -> Bool {
        var digits = 1
        var rest = number.magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let length = digits + (number < 0 ? 1 : 0)
        guard length <= buffer.count - count else { return false }
        if number < 0 { buffer[count] = UInt8(ascii: "-") }
        rest = number.magnitude
        for position in stride(from: count + length - 1, to: count + length - 1 - digits, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += length
        return true
    }
}
