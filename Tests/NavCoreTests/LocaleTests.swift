import TestSupport
import XCTest
@testable import NavCore

/// Localized titles and announcements (docs/locales.md): titles per locale
/// with the same templates, the fallback of a tag, `set_locale` as a change
/// that touches no stack, and what the table report lists as missing.
final class LocaleTests: XCTestCase {
    /// The tabs app in English, with Vietnamese titles and announcements
    /// (and Greek titles for two routes only).
    private func localizedTable() throws(NavError) -> RouteTable {
        try RouteTable(
            layout: .tabs([
                TabDeclaration(name: "shop", root: RouteRequest(name: "home")),
                TabDeclaration(name: "cart", root: RouteRequest(name: "cart"), routes: ["checkout", "product"]),
                TabDeclaration(name: "settings", root: RouteRequest(name: "settings"), title: "Options", titles: ["vi": "Tùy chọn"]),
            ]),
            definitions: [
                RouteDefinition(name: "home", params: [:], title: title("Home"), titles: ["vi": title("Trang chủ"), "el": title("Αρχική")]),
                RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: title("Product {id}"),
                                titles: ["vi": title("Sản phẩm {id}"), "el": title("Προϊόν {id}")]),
                RouteDefinition(name: "cart", params: [:], title: title("Cart"), titles: ["vi": title("Giỏ hàng")]),
                RouteDefinition(name: "checkout", params: [:], title: title("Checkout")),
                RouteDefinition(name: "settings", params: [:], title: title("Settings"), titles: ["vi": title("Cài đặt")]),
                RouteDefinition(name: "login", params: [:], title: title("Sign in"), titles: ["vi": title("Đăng nhập")]),
            ],
            announcements: ["vi": try AnnouncementWords(templates: [
                .presented: title("{title}, {style}"), .tab: title("Thẻ {tab}"), .tabScreen: title("Thẻ {tab}, {title}"),
                .closed: title("đã đóng {title}"),
            ], styles: ["sheet": "trang"])])
    }

    func testTitlesAreInTheNavigatorsLocaleWithTheSameTemplates() throws {
        var nav = try Navigator(table: try localizedTable(), locale: "vi")
        _ = try nav.apply([.push(product(7)), .push(RouteRequest(name: "checkout"))])
        XCTAssertEqual(nav.activeStack.entries.map(\.title), ["Trang chủ", "Sản phẩm 7", "Checkout"],
                       "a title the locale leaves out is the default one")
        let model = nav.viewModel(after: nil)
        XCTAssertEqual(model.tabs.map(\.title), ["Trang chủ", "Giỏ hàng", "Tùy chọn"],
                       "a tab without a title of its own shows its root's, one with its own shows that")
        XCTAssertEqual(model.layers[0].backLabel, "Sản phẩm 7")
    }

    func testATagFallsBackToAShorterOneThenToTheDefault() throws {
        let table = try localizedTable()
        XCTAssertEqual(table.localization.locales, ["el", "vi"])
        XCTAssertEqual(table.localization.locale(for: "vi-VN"), "vi")
        XCTAssertEqual(table.localization.locale(for: "VI"), "vi", "tags compare without regard to case")
        XCTAssertEqual(table.localization.locale(for: "el-GR-x-private"), "el")
        XCTAssertNil(table.localization.locale(for: "th"))
        let nav = try Navigator(table: table, locale: "th-TH")
        XCTAssertEqual(nav.locale, "th-TH", "the tag is kept as given")
        XCTAssertNil(nav.titleLocale)
        XCTAssertEqual(nav.activeStack.root.title, "Home")
        let greek = try Navigator(table: table, locale: "el")
        XCTAssertEqual(greek.viewModel(after: nil).tabs.map(\.title), ["Αρχική", "Cart", "Options"])
    }

    func testMalformedTagsAreRefused() throws {
        let table = try localizedTable()
        for tag in ["", "vi_VN", "vi-", "-vi", "vi--VN", "1vi", "toolongsubtag", String(repeating: "a-", count: 20) + "a", "vi VN", "việt"] {
            XCTAssertNotNil(LocaleTag.problem(tag), tag)
            XCTAssertThrowsError(try Navigator(table: table, locale: tag)) { error in
                XCTAssertEqual((error as? NavError)?.kind, .invalidArgument, tag)
            }
            var nav = Navigator(table: table)
            let before = nav
            XCTAssertThrowsError(try nav.apply([.setLocale(tag)])) { error in
                XCTAssertEqual((error as? NavError)?.kind, .action, tag)
                XCTAssertEqual((error as? NavError)?.path, "actions[0].locale", tag)
            }
            XCTAssertEqual(nav, before)
        }
        for tag in ["vi", "vi-VN", "zh-Hant-TW", "en-US-u-ca-buddhist", "x-klingon"] where !tag.hasPrefix("x-") {
            XCTAssertNil(LocaleTag.problem(tag), tag)
        }
    }

    func testSetLocaleRetitlesEveryEntryAndTouchesNoStack() throws {
        var nav = Navigator(table: try localizedTable())
        _ = try nav.apply([.push(product(3)), .present(RouteRequest(name: "login"), style: "sheet"), .selectTab("cart")])
        let ids = allIDs(nav)
        let transition = try nav.apply([.setLocale("vi")])
        XCTAssertTrue(transition.changed)
        XCTAssertEqual(transition.results, [.localeSet])
        XCTAssertEqual(transition.locale, LocaleChange(before: nil, after: "vi"))
        XCTAssertTrue(transition.changes.isEmpty && transition.presented.isEmpty && transition.dismissed.isEmpty && transition.tab == nil)
        XCTAssertEqual(transition.before.top.title, "Sign in")
        XCTAssertEqual(transition.after.top.title, "Đăng nhập")
        XCTAssertEqual(allIDs(nav), ids)
        XCTAssertEqual(nav.bases[0].entries.map(\.title), ["Trang chủ", "Sản phẩm 3"])
        XCTAssertEqual(nav.seq, 2)
        let again = try nav.apply([.setLocale("VI")])
        XCTAssertFalse(again.changed, "the same tag again changes nothing")
        XCTAssertEqual(again.results, [.unchanged])
        XCTAssertEqual(nav.seq, 2)
        XCTAssertEqual(nav.viewModel(after: transition).announcement, "Đăng nhập", "a change of locale says the screen, now in the locale")
    }

    func testAnnouncementsAreInTheLocale() throws {
        var nav = try Navigator(table: try localizedTable(), locale: "vi-VN")
        func said(_ actions: [Action]) throws -> String {
            nav.viewModel(after: try nav.apply(actions)).announcement
        }
        XCTAssertEqual(try said([.push(product(7))]), "Sản phẩm 7")
        XCTAssertEqual(try said([.present(RouteRequest(name: "login"), style: "sheet")]), "Đăng nhập, trang")
        XCTAssertEqual(try said([.dismiss(all: false)]), "đã đóng Đăng nhập")
        XCTAssertEqual(try said([.selectTab("cart")]), "Thẻ Giỏ hàng")
        XCTAssertEqual(try said([.selectTab("shop")]), "Thẻ Trang chủ, Sản phẩm 7")
        XCTAssertEqual(try said([.present(RouteRequest(name: "login"), style: "cover")]), "Đăng nhập, cover",
                       "a style the locale leaves out is said by its name")
        _ = try nav.apply([.setLocale("el")])
        XCTAssertEqual(try said([.dismiss(all: false)]), "closed Sign in", "a locale without announcements says them in English")
    }

    func testAFailedBatchPutsTheLocaleAndTitlesBack() throws {
        var nav = Navigator(table: try localizedTable())
        _ = try nav.apply([.push(product(1))])
        let before = nav
        XCTAssertThrowsError(try nav.apply([.setLocale("vi"), .push(RouteRequest(name: "nope"))]))
        XCTAssertEqual(nav, before)
        XCTAssertEqual(nav.activeStack.top.title, "Product 1")
    }

    func testSetLocaleAndBackInABatchChangesNothing() throws {
        var nav = try Navigator(table: try localizedTable(), locale: "el")
        _ = try nav.apply([.push(product(1))])
        let before = nav
        let transition = try nav.apply([.setLocale("vi"), .push(product(2)), .setLocale("el")])
        XCTAssertNil(transition.locale)
        XCTAssertEqual(nav.activeStack.entries.map(\.title), ["Αρχική", "Προϊόν 1", "Προϊόν 2"],
                       "an entry made while another locale held is titled in the final one")
        _ = try nav.apply([.pop(count: 1)])
        XCTAssertEqual(nav.bases, before.bases)
    }

    func testSnapshotsKeepTheLocaleAndOldOnesKeepTheNavigators() throws {
        let table = try localizedTable()
        var nav = try Navigator(table: table, locale: "vi")
        _ = try nav.apply([.push(product(5))])
        var fresh = Navigator(table: table)
        let restored = try fresh.restore(Snapshot(nav))
        XCTAssertEqual(restored.transition.locale, LocaleChange(before: nil, after: "vi"))
        XCTAssertEqual(fresh.locale, "vi")
        XCTAssertEqual(fresh.activeStack.entries.map(\.title), ["Trang chủ", "Sản phẩm 5"])
        var old = Snapshot(Navigator(table: table))
        old.locale = nil
        var greek = try Navigator(table: table, locale: "el")
        _ = try greek.restore(old)
        XCTAssertEqual(greek.locale, "el", "a snapshot without a locale keeps the navigator's")
        XCTAssertEqual(greek.activeStack.root.title, "Αρχική")
    }

    func testTemplatesNamingUnknownPlaceholdersAreTableErrors() throws {
        XCTAssertThrowsError(try AnnouncementWords(templates: [.tab: title("Thẻ {title}")])) { error in
            XCTAssertEqual((error as? NavError)?.kind, .table)
            XCTAssertEqual((error as? NavError)?.path, "tab")
        }
        XCTAssertThrowsError(try RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: title("Product {id}"),
                                                 titles: ["vi": title("Sản phẩm {ma}")])) { error in
            XCTAssertEqual((error as? NavError)?.path, "titles.vi")
        }
        XCTAssertThrowsError(try RouteTable(root: RouteRequest(name: "home"), definitions: [
            RouteDefinition(name: "home", params: [:], title: nil, titles: ["vi_VN": title("Nhà")]),
        ])) { error in
            XCTAssertEqual((error as? NavError)?.path, "routes.home.titles.vi_VN")
        }
    }

    /// A route layout's tabs and a split view's sidebar title follow the locale too.
    func testNestedTabsAndTheSidebarTitleAreInTheLocale() throws {
        let settings = NestedLayoutDeclaration(.tabs([
            TabDeclaration(name: "general", root: RouteRequest(name: "general"), title: "General", titles: ["vi": "Chung"]),
            TabDeclaration(name: "privacy", root: RouteRequest(name: "privacy")),
        ]))
        let table = try RouteTable(
            layout: .split(root: RouteRequest(name: "inbox"), sidebar: ["inbox", "settings"], title: "Mailboxes", titles: ["vi": "Hộp thư"]),
            definitions: [
                RouteDefinition(name: "inbox", params: [:], title: title("Inbox"), titles: ["vi": title("Hộp thư đến")]),
                RouteDefinition(name: "settings", params: [:], title: title("Settings"), layout: settings),
                RouteDefinition(name: "general", params: [:], title: title("General")),
                RouteDefinition(name: "privacy", params: [:], title: title("Privacy"), titles: ["vi": title("Riêng tư")]),
            ])
        var nav = try Navigator(table: table, locale: "vi")
        _ = try nav.apply([.setCompact(true)])
        var model = nav.viewModel(after: nil)
        XCTAssertEqual(model.layers.last?.backLabel, "Hộp thư", "Back to the sidebar is labelled with its title in the locale")
        XCTAssertEqual(model.sidebar?.items.map(\.title), ["Hộp thư đến", "Settings"])
        _ = try nav.apply([.present(RouteRequest(name: "settings"), style: "sheet")])
        model = nav.viewModel(after: nil)
        XCTAssertEqual(model.containers.last?.tabs.map(\.title), ["Chung", "Riêng tư"])
        let missing = TableReport(table).missingTranslations
        XCTAssertEqual(missing.map(\.locale), ["vi"])
        XCTAssertFalse(missing[0].missing.contains("split.titles"))
        XCTAssertTrue(missing[0].missing.contains("routes.settings.titles"))
        XCTAssertFalse(missing[0].missing.contains("routes.settings.layout.tabs[0].titles"))
        _ = try nav.apply([.setLocale("en")])
        XCTAssertEqual(nav.viewModel(after: nil).containers.last?.tabs.map(\.title), ["General", "Privacy"])
    }

    func testTheReportListsMissingTranslations() throws {
        let report = TableReport(try localizedTable())
        XCTAssertEqual(report.missingTranslations.map(\.locale), ["el", "vi"])
        XCTAssertEqual(report.missingTranslations[1].missing, ["routes.checkout.titles", "announcements.styles.cover"])
        XCTAssertTrue(report.missingTranslations[0].missing.contains("tabs[2].titles"))
        XCTAssertTrue(report.missingTranslations[0].missing.contains("announcements.tab"))
        XCTAssertTrue(TableReport(try tabsTable()).missingTranslations.isEmpty)
    }
}
