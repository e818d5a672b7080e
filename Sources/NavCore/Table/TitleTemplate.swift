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

    /// The title for a route with these params.
    public func render(_ params: [Param]) -> String {
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
}
