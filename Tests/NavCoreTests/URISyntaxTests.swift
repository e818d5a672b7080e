import XCTest
@testable import NavCore

/// The rules of navcore's RFC 3986 splitter (`URISyntax`), one by one, and
/// what `URLParts.split` says of a URL it refuses.
final class URISyntaxTests: XCTestCase {
    /// The components of `text` as text, or nil when it is refused.
    private func parts(_ text: String) -> [String: String]? {
        var bytes = text
        guard let syntax = bytes.withUTF8(URISyntax.parse) else { return nil }
        let utf8 = Array(text.utf8)
        var parts: [String: String] = [:]
        let ranges = ["scheme": syntax.scheme, "userinfo": syntax.userinfo, "host": syntax.host, "port": syntax.port,
                      "path": syntax.path, "query": syntax.query, "fragment": syntax.fragment]
        for (name, range) in ranges {
            if let range { parts[name] = String(decoding: utf8[range], as: UTF8.self) }
        }
        return parts
    }

    func testEachComponent() {
        XCTAssertEqual(parts("foo://u:p@example.com:8042/over/there?name=ferret#nose"), [
            "scheme": "foo", "userinfo": "u:p", "host": "example.com", "port": "8042", "path": "/over/there",
            "query": "name=ferret", "fragment": "nose",
        ])
        XCTAssertEqual(parts("myapp://users"), ["scheme": "myapp", "host": "users", "path": ""])
        XCTAssertEqual(parts("myapp:"), ["scheme": "myapp", "path": ""])
        XCTAssertEqual(parts("myapp://"), ["scheme": "myapp", "host": "", "path": ""])
        XCTAssertEqual(parts(""), ["path": ""])
        XCTAssertEqual(parts("//host/p"), ["host": "host", "path": "/p"])
    }

    func testTheSchemeEndsAtTheFirstColonBeforeAnyDelimiter() {
        XCTAssertEqual(parts("a/b:c")?["scheme"], nil, "a / first: a relative path")
        XCTAssertEqual(parts("@x:y")?["scheme"], nil)
        XCTAssertEqual(parts(":x"), ["path": ":x"], "a : first: no scheme")
        XCTAssertEqual(parts("A+b-c.d:x")?["scheme"], "A+b-c.d")
        XCTAssertNil(parts("1a:x"), "a scheme starts with a letter")
        XCTAssertNil(parts("a_b:x"), "_ is no scheme character")
    }

    func testTheUserinfoEndsAtTheLastAtSign() {
        XCTAssertEqual(parts("s://a@b@host/")?["userinfo"], nil, "@ is no userinfo character, so this is refused")
        XCTAssertNil(parts("s://a@b@host/"))
        XCTAssertEqual(parts("s://a:b:c@host/")?["userinfo"], "a:b:c")
        XCTAssertEqual(parts("s://@host/")?["userinfo"], "")
        XCTAssertEqual(parts("s://a%40b@host/")?["host"], "host")
    }

    func testABracketedHostEndsAtTheFirstClosingBracket() {
        XCTAssertEqual(parts("s://[::1]:80/")?["host"], "[::1]")
        XCTAssertEqual(parts("s://[::1]:80/")?["port"], "80")
        XCTAssertEqual(parts("s://[::1]:/")?["port"], "", "after an IP-literal a bare : gives an empty port")
        XCTAssertNil(parts("s://h:/")?["port"], "after a name it gives none")
        XCTAssertNil(parts("s://[::1]x/"), "only a port follows an IP-literal")
        XCTAssertNil(parts("s://[::1/"), "an unclosed bracket is no host character")
        XCTAssertEqual(parts("s://[fe80::1%25en0]/")?["host"], "[fe80::1%25en0]", "a zone ID after %25")
        XCTAssertNil(parts("s://[fe80::1%en0]/"), "the zone ID's % is written %25")
        XCTAssertNil(parts("s://[fe80::1%25e%n]/"))
        XCTAssertNil(parts("s://a[b]/"))
    }

    func testAPortIsDigits() {
        XCTAssertEqual(parts("s://h:0080")?["port"], "0080")
        XCTAssertNil(parts("s://h:8x/"))
        XCTAssertNil(parts("s://h:-1/"))
    }

    func testEachComponentAllowsItsOwnCharacters() {
        XCTAssertNotNil(parts("s://h/a:b@c!$&'()*+,;=-._~%2F"))
        XCTAssertNotNil(parts("s://h/p?a/b?c:d@e#f/g?h"))
        XCTAssertNil(parts("s://h/p#a#b"), "# is not allowed in a fragment")
        XCTAssertNil(parts("s://h/[x]"), "brackets only around a host")
        XCTAssertEqual(parts("s://h:80@x/")?["userinfo"], "h:80", "the authority's last @ ends the userinfo")
        XCTAssertNil(parts("s://h:80:90/"), "the first : starts the port, and : is no digit")
        XCTAssertNotNil(parts("s://h!$&'()*+,;=-._~%41/"), "sub-delims and escapes in a registered name")
        for byte in [" ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "\u{7}", "\u{7F}"] {
            XCTAssertNil(parts("s://h/a\(byte)b"), byte.debugDescription)
        }
    }

    func testAPercentStartsTwoHexDigits() {
        XCTAssertNotNil(parts("s://h/%aF"))
        XCTAssertNil(parts("s://h/%"))
        XCTAssertNil(parts("s://h/%4"))
        XCTAssertNil(parts("s://h/%4g"))
        XCTAssertNil(parts("s://h/?%%41"))
        XCTAssertNil(parts("s://%zz/"))
    }

    func testARefusedURLIsNamedAsBefore() {
        func message(_ text: String) -> String? {
            do { _ = try URLParts.split(text); return nil } catch { return error.message }
        }
        XCTAssertEqual(message("shop://product/%zz"), "not a valid URL: malformed percent-escape \"%zz\" at offset 15")
        XCTAssertEqual(message("shop://product/1 2"), "not a valid URL: character \" \" at offset 16 must be percent-encoded")
        XCTAssertEqual(message("shop://h:8x/"), "not a valid URL: it does not follow RFC 3986 (check the scheme, the host and the port)")
        XCTAssertEqual(message("/product/1"), "a relative URL: a link starts with a scheme, as in myapp:// or https://")
        XCTAssertEqual(message("shop:product"), "no host: a link has the form scheme://host/path")
        XCTAssertEqual(message("shop://me@h/"), "user info (user@) is not part of any link")
        XCTAssertEqual(message("shop://[::1]:/"), "the port \"\" is not a port number (0 to 65535)")
        XCTAssertEqual(message("shop://[1:2]/"), "the host \"[1:2]\" is not an IPv6 address")
    }
}
