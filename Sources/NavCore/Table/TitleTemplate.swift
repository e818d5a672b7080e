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
                guard let close = text[next...].firstIndex(of: "}") else {
                    return .failure(NavError(.table, "unclosed \"{\" in title template \"\(text)\""))
                }
                let name = String(text[next..<close])
                guard !name.isEmpty, !name.contains("{") else {
                    return .failure(NavError(.table, "bad placeholder \"{\(name)}\" in title template \"\(text)\""))
                }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                parts.append(.param(name))
                index = text.index(after: close)
            } else if char == "}" {
                return .failure(NavError(.table, "stray \"}\" in title template \"\(text)\" (write \"}}\" for a brace)"))
            } else {
                literal.append(char)
                index = next
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return .success(TitleTemplate(parts: parts))
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
