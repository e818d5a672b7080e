import XCTest
@testable import NavCore

/// Links: patterns, matching, the modes of open_url, url_for and the table checks.
final class LinkTests: XCTestCase {
    private func resolved(_ url: String, in table: RouteTable? = nil) throws -> [String] {
        routeTexts(try (table ?? linksTable()).resolve(url).routes)
    }

    private func noMatch(_ url: String, in table: RouteTable? = nil) throws -> String {
        let table = try table ?? linksTable()
        let error = thrownError { () throws(NavError) in try table.resolve(url) }
        XCTAssertEqual(error?.kind, .noMatch, url)
        XCTAssertEqual(error?.path, "url", url)
        return error?.message ?? ""
    }

    private func tableError(links: [LinkDeclaration]) -> NavError? {
        thrownError { () throws(NavError) in try linksTable(extraLinks: links) }
    }

    func testParentsBuildTheBackStackAndParamsPassDownByName() throws {
        XCTAssertEqual(try resolved("myapp://users/42/edit"), ["userList", "userDetail(id: 42)", "userEdit(id: 42)"])
        XCTAssertEqual(try resolved("myapp://settings/privacy"), ["settings", "settingsDetail(section: privacy)"])
        XCTAssertEqual(try resolved("https://shop.example.com/settings/subscription?plan=yearly"),
                       ["settings", "subscription(plan: yearly)"])
        XCTAssertEqual(try resolved("myapp://home"), [])
    }

    func testQueryDefaultsFallbackPlusAndUnknownKeys() throws {
        XCTAssertEqual(try resolved("myapp://settings/subscription"), ["settings", "subscription(plan: monthly)"])
        XCTAssertEqual(try resolved("myapp://settings/subscription?plan=bogus"), ["settings", "subscription(plan: monthly)"])
        XCTAssertEqual(try resolved("myapp://search?q=red+shoes&utm=1"), ["search(page: 1, q: red shoes)"])
        XCTAssertEqual(try resolved("myapp://search?page=3"), ["search(page: 3)"])
        XCTAssertTrue(try noMatch("myapp://search?q=a&q=b").contains("query key \"q\" appears more than once"))
        XCTAssertTrue(try noMatch("myapp://search?page=x").contains("query key \"page\" for {page}: \"x\" is not an int"))
    }

    func testURLDetails() throws {
        XCTAssertEqual(try resolved("MyApp://Users/7/"), ["userList", "userDetail(id: 7)"])
        XCTAssertEqual(try resolved("myapp://users/7#top"), ["userList", "userDetail(id: 7)"])
        XCTAssertEqual(try resolved("https://WWW.shop.example.com/product/3"), ["product(id: 3)"])
        XCTAssertEqual(try resolved("myapp://category/caf%C3%A9%2F%E2%98%95"), ["category(slug: café/☕)"])
        XCTAssertEqual(try resolved("myapp://category/café"), ["category(slug: café)"])
        XCTAssertEqual(try resolved("myapp://category/a+b"), ["category(slug: a+b)"])
        XCTAssertTrue(try noMatch("myapp://users/7/Edit").contains("which has \"edit\" as path segment 2, not \"Edit\""))
    }

    func testNoMatchNamesTheClosestLinkAndTheFailingPart() throws {
        XCTAssertEqual(try noMatch("myapp://users/abc/edit"),
                       "url: no link matches \"myapp://users/abc/edit\": closest is \"myapp://users/{id}/edit\", where path segment 1 for {id}: \"abc\" is not an int")
        XCTAssertTrue(try noMatch("myapp://prodcut/1").hasSuffix("no link has the scheme and host \"myapp://prodcut\" (did you mean \"myapp://product\"?)"))
        XCTAssertTrue(try noMatch("myapp://users/1/edit/2").hasSuffix("which ends before path segment 3 \"2\""))
        XCTAssertTrue(try noMatch("myapp://category").hasSuffix("which goes on with \"/{slug}\" after the URL's last segment"))
        XCTAssertTrue(try noMatch("myapp://orders/12?gift=true").contains("\"12\" is not a UUID"))
    }

    func testBadInputIsNoMatchNeverATrap() throws {
        let table = try linksTable()
        let bad = ["", "relative/path", "/absolute/path", "myapp://users/%zz", "myapp://users/%", "myapp://users/%FF",
                   "myapp://users/a\u{0}b", "myapp://users/\u{1}", "myapp://users/a b", "myapp://category/%00", "mailto:x@y.z",
                   "myapp://u@users/1", "::::", "%", "myapp://[::1/x", "\u{FFFF}", "myapp://users/\u{7F}"]
        for url in bad {
            let error = thrownError { () throws(NavError) in try table.resolve(url) }
            XCTAssertEqual(error?.kind, .noMatch, String(url.prefix(40)))
            XCTAssertFalse(error?.message.contains("\u{0}") ?? true)
        }
        XCTAssertTrue(try noMatch("myapp://users/a\u{0}b").contains("control character U+0000 at offset 15"))
    }

    /// One problem, one status: a URL over `NAVCORE_MAX_URL_BYTES` is `.limit` at
    /// `url`, resolved or opened (with or without `dismiss`), `not_found` or not;
    /// one byte less is read as a URL.
    func testAURLOverItsLimitIsALimitErrorEverywhere() throws {
        let prefix = "myapp://category/"
        let over = prefix + String(repeating: "a", count: LinkTable.maxURLBytes + 1 - prefix.utf8.count)
        let escaped = prefix + String(repeating: "%41", count: 400_000)
        let strict = try linksTable()
        let lenient = try linksTable(notFound: RouteRequest(name: "notFound"))
        for table in [strict, lenient] {
            for url in [over, escaped, String(repeating: "x", count: 1_048_576)] {
                let resolved = thrownError { () throws(NavError) in try table.resolve(url) }
                XCTAssertEqual(resolved?.kind, .limit)
                XCTAssertEqual(resolved?.message, "url: a URL of \(url.utf8.count) bytes is over the 262144-byte limit")
                for dismiss in [false, true] {
                    var navigator = Navigator(table: table)
                    let opened = thrownError { () throws(NavError) in try navigator.apply([.openURL(url, mode: nil, dismiss: dismiss)]) }
                    XCTAssertEqual(opened?.kind, .limit)
                    XCTAssertEqual(opened?.path, "actions[0].url")
                }
            }
            let at = String(over.dropLast())
            XCTAssertNotEqual(thrownError { () throws(NavError) in try table.resolve(at) }?.kind, .limit)
        }
    }

    func testAPortOrABracketedHostThatIsNotOneIsRefused() throws {
        XCTAssertEqual(try noMatch("https://shop.example.com:99999999999999999999/product/1"),
                       "url: \"https://shop.example.com:99999999999999999999/product/1\" is refused: the port \"99999999999999999999\" is not a port number (0 to 65535)")
        XCTAssertTrue(try noMatch("https://shop.example.com:65536/product/1").contains("the port \"65536\" is not a port number"))
        XCTAssertTrue(try noMatch("https://shop.example.com:443/product/1").contains("no link has the scheme and host \"https://shop.example.com:443\""))
        XCTAssertEqual(try resolved("https://shop.example.com:/product/1"), ["product(id: 1)"], "an empty port is no port")
        for (url, problem) in [("myapp://[::1.2.3.]/x", "the host \"[::1.2.3.]\" is not an IPv6 address"),
                               ("myapp://[www.example.com]/x", "is not an IPv6 address"), ("myapp://[]/x", "is not an IPv6 address"),
                               ("myapp://[1:2:3:4:5:6:7:8:9]/x", "is not an IPv6 address"), ("myapp://[1::2::3]/x", "is not an IPv6 address"),
                               ("myapp:///users", "no host"), ("myapp://:80/users", "no host"),
                               ("myapp://us%0Aers/1", "the host \"us%0Aers\" decodes to control character U+000A")] {
            XCTAssertTrue(try noMatch(url).contains(problem), url)
        }
        for host in ["[::1]", "[1:2:3:4:5:6:7:8]", "[::ffff:1.2.3.4]", "[1::]", "[v7.a:b]", "[FE80::1]:8080"] {
            XCTAssertTrue(try noMatch("myapp://\(host)/x").contains("no link has the scheme and host"), host)
        }
        let table = try linksTable(extraLinks: [LinkDeclaration(url: "myapp://[::1]:8080/x", stack: ["checkout"])])
        XCTAssertEqual(try resolved("MYAPP://[::1]:08080/x", in: table), ["checkout"])
        XCTAssertEqual(tableError(links: [LinkDeclaration(url: "myapp://x:70000/y", stack: ["checkout"])])?.message,
                       "links[14].url: not a URL pattern: the port \"70000\" is not a port number (0 to 65535)")
        XCTAssertEqual(tableError(links: [LinkDeclaration(url: "myapp://x/y", hosts: ["x:1x"], stack: ["checkout"])])?.kind, .table)
    }

    func testOpenURLModesAndCause() throws {
        var navigator = Navigator(table: try linksTable())
        _ = try navigator.apply([.push(category("shoes"))])
        let replaced = try navigator.apply([.openURL("myapp://users/4", mode: .replace)])
        XCTAssertEqual(names(navigator), ["home", "userList", "userDetail"])
        XCTAssertEqual(replaced.cause, .url("myapp://users/4", link: "myapp://users/{id}", mode: .replace))
        XCTAssertEqual(replaced.changes.first?.removed, [2])
        let pushed = try navigator.apply([.openURL("myapp://users/4/edit", mode: .push)])
        XCTAssertEqual(names(navigator), ["home", "userList", "userDetail", "userList", "userDetail", "userEdit"])
        XCTAssertEqual(pushed.changes.first?.added.map(\.id), [5, 6, 7])
        let again = try navigator.apply([.openURL("myapp://users/4/edit", mode: nil)])
        XCTAssertEqual(ids(navigator), [1, 3, 4, 8])
        XCTAssertEqual(again.cause, .url("myapp://users/4/edit", link: "myapp://users/{id}/edit", mode: .replace))
        _ = try navigator.apply([.openURL("myapp://product/1", mode: nil)])
        XCTAssertEqual(names(navigator).last, "product", "the link's declared mode is push")
        XCTAssertEqual(ids(navigator), [1, 3, 4, 8, 9])
    }

    func testFailedOpenURLChangesNothingAndBatchesStayAtomic() throws {
        var navigator = Navigator(table: try linksTable())
        _ = try navigator.apply([.push(product(1))])
        let before = navigator
        let error = thrownError { () throws(NavError) in try navigator.apply([.pop(count: 1), .openURL("myapp://nope", mode: nil)]) }
        XCTAssertEqual(error?.kind, .noMatch)
        XCTAssertTrue(error?.message.hasPrefix("actions[1].url: no link matches") ?? false)
        XCTAssertEqual(navigator, before)
        let batch = try navigator.apply([.openURL("myapp://settings", mode: .push), .pop(count: 1)])
        XCTAssertEqual(batch.cause, .actions(ops: [.openURL, .pop]))
    }

    func testNotFoundRouteIsShownInsteadOfTheError() throws {
        let table = try linksTable(notFound: RouteRequest(name: "notFound"))
        let resolution = try table.resolve("myapp://nowhere")
        XCTAssertNil(resolution.link)
        XCTAssertEqual(routeTexts(resolution.routes), ["notFound"])
        XCTAssertEqual(resolution.reason, "no link matches \"myapp://nowhere\": no link has the scheme and host \"myapp://nowhere\"")
        var navigator = Navigator(table: table)
        let transition = try navigator.apply([.openURL("myapp://users/x/edit", mode: nil)])
        XCTAssertEqual(transition.cause, .url("myapp://users/x/edit", link: nil, mode: .replace,
                                              reason: "no link matches \"myapp://users/x/edit\": closest is \"myapp://users/{id}/edit\", where path segment 1 for {id}: \"x\" is not an int"))
        XCTAssertEqual(names(navigator), ["home", "notFound"])
        let before = navigator
        let refused = thrownError { () throws(NavError) in try navigator.apply([.openURL("users/42", mode: nil)]) }
        XCTAssertEqual(refused, NavError(.noMatch, at: "actions[0].url", "\"users/42\" is refused: a relative URL: a link starts with a scheme, as in myapp:// or https://"))
        XCTAssertEqual(navigator, before, "text that is no URL is refused even with a not_found route")
        XCTAssertEqual(thrownError { () throws(NavError) in try linksTable(notFound: RouteRequest(name: "nope")) }?.path, "not_found")
    }

    func testURLForAndStackURL() throws {
        let table = try linksTable()
        func url(_ name: String, _ params: [(String, InputValue)] = []) throws(NavError) -> String {
            try table.url(for: RouteRequest(name: name, params: params))
        }
        XCTAssertEqual(try url("userEdit", [("id", .int(42))]), "myapp://users/42/edit")
        XCTAssertEqual(try url("subscription"), "myapp://settings/subscription")
        XCTAssertEqual(try url("subscription", [("plan", .string("yearly"))]), "myapp://settings/subscription?plan=yearly")
        XCTAssertEqual(try url("category", [("slug", .string("a b/c+d?é"))]), "myapp://category/a%20b%2Fc%2Bd%3F%C3%A9")
        XCTAssertEqual(try url("search", [("q", .string("x&y=z"))]), "myapp://search?q=x%26y%3Dz")
        XCTAssertEqual(try url("home"), "myapp://home")
        let missing = thrownError { () throws(NavError) in try url("checkout") }
        XCTAssertEqual(missing?.kind, .noMatch)
        XCTAssertEqual(missing?.message, "route: no link produces route \"checkout\" (no link's stack ends with it)")
        XCTAssertEqual(thrownError { () throws(NavError) in try url("product") }?.kind, .params)

        var navigator = Navigator(table: table)
        XCTAssertEqual(try navigator.stackURL(), "myapp://home")
        _ = try navigator.apply([.openURL("https://shop.example.com/settings/subscription?plan=yearly", mode: nil)])
        XCTAssertEqual(try navigator.stackURL(), "myapp://settings/subscription?plan=yearly")
        _ = try navigator.apply([.setStack([category("shoes"), product(5)])])
        XCTAssertEqual(try navigator.stackURL(), "myapp://category/shoes/product/5")
    }

    func testStackURLPrefersALinkThatRebuildsThePath() throws {
        var navigator = Navigator(table: try linksTable())
        _ = try navigator.apply([.setStack([category("shoes"), product(5)])])
        XCTAssertEqual(try navigator.stackURL(), "myapp://category/shoes/product/5", "the category comes from the path, not the product")
        XCTAssertEqual(try navigator.table.url(for: product(5)), "myapp://product/5", "url_for knows the product alone")
        _ = try navigator.apply([.setStack([product(5)])])
        XCTAssertEqual(try navigator.stackURL(), "myapp://product/5")
        _ = try navigator.apply([.setStack([category("shoes"), product(5), product(5)])])
        XCTAssertEqual(try navigator.stackURL(), "myapp://product/5", "no link rebuilds this path: the top route's canonical URL")
    }

    func testAStringParamCannotHoldAControlCharacter() throws {
        let table = try linksTable()
        for text in ["a\nb", "\u{0}", "tab\there", "\u{7F}", "\u{1F}x"] {
            let error = thrownError { () throws(NavError) in try table.url(for: RouteRequest(name: "category", params: [("slug", .string(text))])) }
            XCTAssertEqual(error?.kind, .params, text.debugDescription)
            XCTAssertTrue(error?.message.contains("a string param cannot hold one") ?? false, text.debugDescription)
        }
        let url = try table.url(for: category("a\u{80}\u{9F}b\u{E000}\u{10FFFF}"))
        XCTAssertEqual(routeTexts(try table.resolve(url).routes), ["category(slug: a\u{80}\u{9F}b\u{E000}\u{10FFFF})"])
        let enumError = thrownError { () throws(NavError) in
            try RouteTable(root: RouteRequest(name: "a"), definitions: [
                RouteDefinition(name: "a", params: ["p": ParamSpec(type: .oneOf(["ok", "no\r"]), presence: .optional)], title: nil)])
        }
        XCTAssertEqual(enumError?.message, "routes.a.params.p.enum[1]: control character U+000D at byte 2: a string param cannot hold one (U+0000 to U+001F, U+007F), as links could not carry it")
        let defaultError = thrownError { () throws(NavError) in try ParamSpec.declare(type: .string, default: .string("\t"), optional: false) }
        XCTAssertEqual(defaultError?.path, "default")
    }

    func testADefaultThatAParentRequiresIsWritten() throws {
        let plan = ParamType.oneOf(["monthly", "yearly"])
        let table = try RouteTable(root: RouteRequest(name: "home"), definitions: [
            RouteDefinition(name: "home", params: [:], title: nil),
            RouteDefinition(name: "plans", params: ["plan": ParamSpec(type: plan)], title: nil),
            RouteDefinition(name: "sub", params: ["plan": ParamSpec(type: plan, presence: .defaulted(.string("monthly")))], title: nil,
                            parent: "plans"),
            RouteDefinition(name: "other", params: ["plan": ParamSpec(type: plan, presence: .defaulted(.string("yearly")))], title: nil),
            RouteDefinition(name: "leaf", params: ["plan": ParamSpec(type: plan, presence: .defaulted(.string("monthly")))], title: nil,
                            parent: "other"),
            RouteDefinition(name: "child", params: [:], title: nil, parent: "plans"),
        ], links: [
            LinkDeclaration(url: "a://sub?plan={plan}", stack: ["sub"]),
            LinkDeclaration(url: "a://leaf?plan={plan}", stack: ["leaf"]),
            LinkDeclaration(url: "a://child?plan={plan}", stack: ["child"]),
        ])
        let sub = try table.check(RouteRequest(name: "sub"))
        XCTAssertEqual(try table.url(for: sub), "a://sub?plan=monthly")
        XCTAssertEqual(routeTexts(try table.resolve("a://sub?plan=monthly").routes), ["plans(plan: monthly)", "sub(plan: monthly)"])
        XCTAssertEqual(try table.url(for: try table.check(RouteRequest(name: "leaf"))), "a://leaf?plan=monthly",
                       "the parent's default differs: leaving the value out would give the parent yearly")
        let child = thrownError { () throws(NavError) in try table.url(for: try table.check(RouteRequest(name: "child"))) }
        XCTAssertEqual(child?.message, "no link produces this route \"child\": closest is \"a://child?plan={plan}\", whose route \"plans\" requires {plan}, which the route has no value for")
    }

    func testAmbiguousLinksAreRefusedNamingBothSides() {
        let cases: [([LinkDeclaration], String)] = [
            ([LinkDeclaration(url: "myapp://users/{slug}", stack: ["category"])],
             "links[14]: \"myapp://users/{slug}\" is ambiguous with links[5] \"myapp://users/{id}\": both match myapp://users/0 (query items never tell links apart)"),
            ([LinkDeclaration(url: "myapp://product/{slug}", stack: ["category"])],
             "links[14]: \"myapp://product/{slug}\" is ambiguous with links[0] \"myapp://product/{id}\": both match myapp://product/0"),
            ([LinkDeclaration(url: "https://WWW.SHOP.example.com/product/{id}?x={q}", stack: ["product", "search"])],
             "is ambiguous with links[1] \"https://shop.example.com/product/{id}\": both match https://www.shop.example.com/product/0"),
            ([LinkDeclaration(url: "myapp://settings/privacy", stack: ["settings"])],
             "ambiguous with links[9] \"myapp://settings/{section}\": both match myapp://settings/privacy"),
        ]
        for (links, message) in cases {
            let error = tableError(links: links)
            XCTAssertEqual(error?.kind, .table)
            XCTAssertTrue(error?.message.contains(message) ?? false, error?.message ?? "no error")
        }
        XCTAssertNil(tableError(links: [LinkDeclaration(url: "myapp://users/new", stack: ["checkout"])]),
                     "a literal beside an int placeholder is not ambiguous")
        XCTAssertNil(tableError(links: [LinkDeclaration(url: "myapp://settings/privacy/more", stack: ["checkout"])]))
    }

    func testLinkChecksNameTheCulprit() {
        let cases: [(LinkDeclaration, String)] = [
            (LinkDeclaration(url: "myapp://x/{id}", stack: ["prodcut"]), "links[14].stack[0]: unknown route \"prodcut\" (did you mean \"product\"?)"),
            (LinkDeclaration(url: "myapp://x/{uid}", stack: ["product"]), "links[14].url: placeholder {uid} is no param of the link's routes"),
            (LinkDeclaration(url: "myapp://x", stack: ["product"]), "links[14].stack: route \"product\" requires param \"id\""),
            (LinkDeclaration(url: "myapp://x/{order}", stack: ["product", "order"]), "links[14].stack: route \"product\" requires param \"id\""),
            (LinkDeclaration(url: "myapp://x/{id}/{id}", stack: ["product"]), "links[14].url: placeholder {id} appears twice"),
            (LinkDeclaration(url: "myapp://x/p{id}", stack: ["product"]), "a placeholder fills a whole path segment"),
            (LinkDeclaration(url: "myapp://x?p=1", stack: []), "query key \"p\" must bind a placeholder"),
            (LinkDeclaration(url: "myapp://x#f", stack: []), "a link pattern has no #fragment"),
            (LinkDeclaration(url: "myapp://x//y", stack: []), "path segment 1 is empty"),
            (LinkDeclaration(url: "not a url", stack: []), "links[14].url: not a URL pattern"),
            (LinkDeclaration(url: "myapp://x", hosts: ["X"], stack: []), "links[14].hosts[0]: \"X\" is already a host of the link"),
            (LinkDeclaration(url: "myapp://x", hosts: ["a/b"], stack: []), "links[14].hosts[0]: \"a/b\" is not a host name"),
        ]
        for (link, message) in cases {
            let error = tableError(links: [link])
            XCTAssertEqual(error?.kind, .table, link.url)
            XCTAssertTrue(error?.message.contains(message) ?? false, "\(error?.message ?? "no error") lacks \(message)")
        }
    }

    func testPlaceholderTypesMustAgreeAcrossTheStack() throws {
        let error = thrownError { () throws(NavError) in
            try RouteTable(root: RouteRequest(name: "home"), definitions: [
                RouteDefinition(name: "home", params: [:], title: nil),
                RouteDefinition(name: "a", params: ["id": ParamSpec(type: .int)], title: nil),
                RouteDefinition(name: "b", params: ["id": ParamSpec(type: .uuid)], title: nil),
            ], links: [LinkDeclaration(url: "x://y/{id}", stack: ["a", "b"])])
        }
        XCTAssertEqual(error?.message, "links[0].url: placeholder {id} is int in route \"a\" but uuid in route \"b\"")
    }

    func testParentCyclesAndUnknownParentsAreRefused() {
        func table(_ parents: [String: String]) -> NavError? {
            thrownError { () throws(NavError) in
                var definitions = [try RouteDefinition(name: "home", params: [:], title: nil)]
                for name in ["a", "b", "c"] { definitions.append(try RouteDefinition(name: name, params: [:], title: nil, parent: parents[name])) }
                return try RouteTable(root: RouteRequest(name: "home"), definitions: definitions)
            }
        }
        XCTAssertEqual(table(["a": "b", "b": "a"])?.message, "routes.a.parent: the parents form a cycle: a -> b -> a")
        XCTAssertEqual(table(["c": "c"])?.message, "routes.c.parent: the parents form a cycle: c -> c")
        XCTAssertEqual(table(["a": "d"])?.message, "routes.a.parent: unknown route \"d\"", "one letter is nobody's typo of another")
        XCTAssertEqual(table(["a": "cc"])?.message, "routes.a.parent: unknown route \"cc\" (did you mean \"c\"?)")
        XCTAssertNil(table(["a": "b", "b": "c", "c": "home"]))
    }

    func testManyLinksMatchThroughTheTrie() throws {
        var definitions = [try RouteDefinition(name: "home", params: [:], title: nil),
                           try RouteDefinition(name: "item", params: ["id": ParamSpec(type: .int)], title: nil)]
        definitions.append(try RouteDefinition(name: "tag", params: ["slug": ParamSpec(type: .string)], title: nil))
        var links: [LinkDeclaration] = []
        for index in 0..<10_000 {
            links.append(index % 2 == 0 ? LinkDeclaration(url: "https://shop.example.com/s\(index)/items/{id}", stack: ["item"])
                                        : LinkDeclaration(url: "https://shop.example.com/s\(index)/tags/{slug}", stack: ["tag"]))
        }
        let table = try RouteTable(root: RouteRequest(name: "home"), definitions: definitions, links: links)
        XCTAssertEqual(routeTexts(try table.resolve("https://shop.example.com/s9998/items/7").routes), ["item(id: 7)"])
        XCTAssertEqual(try table.resolve("https://shop.example.com/s9999/tags/red").link?.pattern, "https://shop.example.com/s9999/tags/{slug}")
        XCTAssertEqual(try table.matchLink(scheme: "HTTPS", host: "shop.example.com", segments: ["s42", "items", "1"]), 42)
        XCTAssertEqual(thrownError { () throws(NavError) in try table.matchLink(scheme: "https", host: "shop.example.com", segments: ["s42", "items", "x"]) }?.kind,
                       .noMatch)
    }
}
