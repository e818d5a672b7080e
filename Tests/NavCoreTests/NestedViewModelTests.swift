import TestSupport
import XCTest
@testable import NavCore

/// The view model of a table whose routes nest (docs/shells.md, "Nested
/// containers"): each layer shows the top of its leaf stack, a presentation
/// over one stack is a layer of its own, and the containers on the visible
/// path give their tab bars and sidebars, outermost first.
final class NestedViewModelTests: XCTestCase {
    /// The table of Tests/vectors/tables/nested.json: Home, an Explore tab
    /// holding tabs, a Library tab that is a split view titled "Library",
    /// and a Settings route with tabs of its own that Back does not leave.
    private func nestedTable() throws -> RouteTable {
        func plain(_ name: String, _ text: String) throws -> RouteDefinition {
            try RouteDefinition(name: name, params: [:], title: title(text))
        }
        let explore = NestedLayoutDeclaration(.tabs([TabDeclaration(name: "foryou", root: RouteRequest(name: "feed"), title: "For you"),
                                                     TabDeclaration(name: "following", root: RouteRequest(name: "following"))]))
        let library = NestedLayoutDeclaration(.split(root: RouteRequest(name: "albums"), sidebar: ["albums", "artists"], title: "Library"))
        let settings = NestedLayoutDeclaration(.tabs(["general", "privacy", "account"].map { TabDeclaration(name: $0, root: RouteRequest(name: $0)) }),
                                               options: TableOptions(backToPreviousTab: false))
        return try RouteTable(
            layout: .tabs(["home", "explore", "library"].map { TabDeclaration(name: $0, root: RouteRequest(name: $0)) }),
            definitions: [try plain("home", "Home"), try plain("feed", "Feed"), try plain("following", "Following"),
                          try plain("albums", "Albums"), try plain("artists", "Artists"), try plain("general", "General"),
                          try plain("privacy", "Privacy"), try plain("account", "Account"), try plain("blocked", "Blocked users"),
                          try RouteDefinition(name: "post", params: ["id": ParamSpec(type: .int)], title: title("Post {id}")),
                          try RouteDefinition(name: "explore", params: [:], title: title("Explore"), layout: explore),
                          try RouteDefinition(name: "library", params: [:], title: title("Library"), layout: library),
                          try RouteDefinition(name: "settings", params: [:], title: title("Settings"), layout: settings)])
    }

    private func post(_ id: Int) -> RouteRequest { RouteRequest(name: "post", params: [("id", .int(id))]) }

    /// The tabs of a container item as (name, selected) pairs.
    private func tabs(_ item: ViewModel.ContainerItem?) -> [String] {
        item?.tabs.map { $0.selected ? "[\($0.name)]" : $0.name } ?? []
    }

    func testATabHoldingTabsShowsItsLeafAndItsTabBar() throws {
        var nav = Navigator(table: try nestedTable())
        XCTAssertTrue(nav.viewModel(after: nil).containers.isEmpty, "the home tab holds no container")
        _ = try nav.apply([.selectTab("explore"), .push(post(1))])
        let model = nav.viewModel(after: nil)
        XCTAssertEqual(model.layers.count, 1)
        let base = try XCTUnwrap(model.layers.first)
        XCTAssertEqual([base.stack, base.style, base.title], ["explore/foryou", "base", "Post 1"])
        XCTAssertEqual(base.id, nav.activeStack.top.id)
        XCTAssertNil(base.over)
        XCTAssertEqual(base.backLabel, "Feed")
        XCTAssertEqual(model.tabs.map(\.selected), [false, true, false], "the table's own tab bar stays")
        XCTAssertEqual(model.containers.map(\.name), ["explore"])
        let explore = try XCTUnwrap(model.containers.first)
        XCTAssertEqual(explore.layout, .tabs)
        XCTAssertEqual(explore.layer, 0)
        XCTAssertEqual(explore.title, "Explore")
        XCTAssertNil(explore.sidebar)
        XCTAssertEqual(tabs(explore), ["[explore/foryou]", "explore/following"], "tabs are named by their stacks")
        XCTAssertEqual(explore.tabs.map(\.title), ["For you", "Following"], "a declared title, else the root's")
        _ = try nav.apply([.selectTab("following")])
        XCTAssertEqual(tabs(nav.viewModel(after: nil).containers.first), ["explore/foryou", "[explore/following]"])
        XCTAssertEqual(nav.viewModel(after: nil).layers[0].backLabel, "Post 1", "back returns to the previous inner tab")
    }

    func testASettingsSheetWithTabsIsALayerWithItsTabBar() throws {
        var nav = Navigator(table: try nestedTable())
        _ = try nav.apply([.present(RouteRequest(name: "settings"), style: "sheet")])
        var model = nav.viewModel(after: nil)
        XCTAssertEqual(model.layers.map(\.stack), ["home", "layer:7/general"])
        XCTAssertEqual(model.layers.map(\.title), ["Home", "General"])
        XCTAssertEqual(model.layers[1].backEnabled, true, "at the sheet's tab root Back dismisses it")
        XCTAssertEqual(model.layers[1].backLabel, "Home")
        XCTAssertEqual(model.containers.map(\.name), ["layer:7"])
        XCTAssertEqual(model.containers[0].layer, 1)
        XCTAssertEqual(model.containers[0].title, "Settings")
        XCTAssertEqual(tabs(model.containers[0]), ["[layer:7/general]", "layer:7/privacy", "layer:7/account"])
        _ = try nav.apply([.selectTab("privacy"), .push(RouteRequest(name: "blocked"))])
        model = nav.viewModel(after: nil)
        XCTAssertEqual(model.layers[1].stack, "layer:7/privacy")
        XCTAssertEqual(model.layers[1].title, "Blocked users")
        XCTAssertEqual(model.layers[1].backLabel, "Privacy")
        XCTAssertEqual(tabs(model.containers[0]), ["layer:7/general", "[layer:7/privacy]", "layer:7/account"])
    }

    func testASplitViewInATabGivesItsSidebarAndBackToItIsLabelledWithItsTitle() throws {
        var nav = Navigator(table: try nestedTable())
        _ = try nav.apply([.selectTab("library"), .select(RouteRequest(name: "artists"))])
        var model = nav.viewModel(after: nil)
        let library = try XCTUnwrap(model.containers.first)
        XCTAssertEqual(library.layout, .split)
        XCTAssertEqual(library.tabs, [])
        let sidebar = try XCTUnwrap(library.sidebar)
        XCTAssertEqual(sidebar.items.map(\.title), ["Albums", "Artists"])
        XCTAssertEqual(sidebar.selected, "artists")
        XCTAssertFalse(sidebar.compact)
        XCTAssertEqual(model.layers[0].stack, "library/detail")
        _ = try nav.apply([.setCompact(true)])
        model = nav.viewModel(after: nil)
        XCTAssertEqual(model.containers.first?.sidebar?.compact, true)
        XCTAssertEqual(model.layers[0].backEnabled, true)
        XCTAssertEqual(model.layers[0].backLabel, "Library", "Back goes to the sidebar: the split view's title")
        XCTAssertEqual(nav.backPreview.result, .toSidebar)
    }

    func testAPresentationOverOneStackIsALayerOverThatStack() throws {
        var nav = Navigator(table: try nestedTable())
        _ = try nav.apply([.selectTab("explore"), .present(post(3), style: "sheet", stack: .name("explore/foryou"))])
        let model = nav.viewModel(after: nil)
        XCTAssertEqual(model.layers.map(\.stack), ["explore/foryou", "explore/foryou/layer:7"])
        XCTAssertEqual(model.layers.map(\.over), [nil, "explore/foryou"])
        XCTAssertEqual(model.layers.map(\.title), ["Feed", "Post 3"])
        XCTAssertEqual(model.layers[1].backLabel, "Feed", "Back dismisses it")
        XCTAssertEqual(model.containers.map(\.name), ["explore"], "the tab bar it leaves is drawn in the layer below")
        XCTAssertEqual(model.containers.map(\.layer), [0])
    }

    /// The view model's announcement after `actions` on `nav`; the cheap
    /// outcome of the same batch announces the same as its transition.
    private func announced(_ actions: [Action], on nav: inout Navigator) throws -> String {
        var lean = nav
        let transition = try nav.apply(actions)
        let cheap = try lean.apply(actions, describing: false) { (_) throws(NavError) in () }.outcome
        XCTAssertEqual(cheap.announcement(in: lean), Announcement(of: transition), "\(actions)")
        return nav.viewModel(after: transition).announcement
    }

    /// A presentation is announced with its style when the active stack is
    /// on it, inside the containers it holds too, and its dismissal as
    /// closing the screen the user was on; the cheap outcome says the same as
    /// the transition.
    func testPresentationsOfContainersAreAnnouncedWithTheirStyle() throws {
        var nav = Navigator(table: try nestedTable())
        func said(_ actions: [Action]) throws -> String { try announced(actions, on: &nav) }
        XCTAssertEqual(try said([.present(RouteRequest(name: "settings"), style: "sheet")]), "General, sheet")
        XCTAssertEqual(try said([.selectTab("privacy")]), "Privacy tab")
        XCTAssertEqual(try said([.dismiss(all: false)]), "closed Privacy")
        XCTAssertEqual(try said([.selectTab("explore"), .present(post(3), style: "sheet", stack: .name("explore/foryou"))]), "Post 3, sheet")
        XCTAssertEqual(try said([.back()]), "closed Post 3")
    }

    /// Selecting a tab of a nested container is announced as the table's own
    /// tabs are: the tab's title, then the screen it shows when that is not
    /// its root; of several selections on the active path, the innermost.
    func testNestedTabSelectionsAreAnnouncedAsTabs() throws {
        var nav = Navigator(table: try nestedTable())
        func said(_ actions: [Action]) throws -> String { try announced(actions, on: &nav) }
        XCTAssertEqual(try said([.selectTab("explore")]), "Explore tab, Feed")
        XCTAssertEqual(try said([.selectTab("following")]), "Following tab")
        XCTAssertEqual(try said([.push(post(4))]), "Post 4")
        XCTAssertEqual(try said([.selectTab("foryou")]), "For you tab, Feed", "a declared tab title, then its root's")
        XCTAssertEqual(try said([.selectTab("explore/following")]), "Following tab, Post 4", "the screen the tab shows")
        XCTAssertEqual(try said([.selectTab("home"), .selectTab("explore"), .selectTab("explore/foryou")]), "For you tab, Feed",
                       "the innermost selection on the active path")
        XCTAssertEqual(try said([.selectTab("explore/following", stack: nil), .selectTab("home")]), "Home tab",
                       "a nested selection off the active path is not announced")
    }

    func testBelowTheTopBackIsTheLayersInnermostPop() throws {
        var nav = Navigator(table: try nestedTable())
        _ = try nav.apply([.selectTab("explore"), .push(post(1)), .present(RouteRequest(name: "settings"), style: "sheet")])
        var model = nav.viewModel(after: nil)
        XCTAssertEqual(model.layers[0].stack, "explore/foryou")
        XCTAssertEqual(model.layers[0].backEnabled, true)
        XCTAssertEqual(model.layers[0].backLabel, "Feed")
        XCTAssertEqual(model.containers.map(\.name), ["explore", "layer:8"], "bottom layer first")
        XCTAssertEqual(model.containers.map(\.layer), [0, 1])
        _ = try nav.apply([.dismiss(all: false), .pop(count: 1), .push(RouteRequest(name: "settings")),
                           .present(post(2), style: "cover")])
        // The inner stack of the settings screen pushed on explore/foryou is at
        // its root: the layer's innermost pop is that of explore/foryou itself.
        model = nav.viewModel(after: nil)
        XCTAssertEqual(model.layers[0].stack, "explore/foryou@12/general")
        XCTAssertEqual(model.layers[0].backLabel, "Feed")
        XCTAssertEqual(model.containers.map(\.name), ["explore", "explore/foryou@12"])
    }
}

/// "The view model agrees with the state" (issue law of the tree), checked
/// by the random walks of `NestedPropertyTests` after every step.
enum ViewModelLaw {
    /// The top layer shows the active stack's top with Back as the back
    /// preview says; every layer is the base, a presentation or one over a
    /// stack of the tree; every container on the active path is listed with
    /// its selection, and every listed one lies on its layer's path.
    static func check(_ nav: Navigator, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let model = nav.viewModel(after: nil)
        guard let top = model.layers.last else { return XCTFail("\(context): no layer", file: file, line: line) }
        // The top layer is the active stack's, and its Back is back's.
        let active = nav.activeStack
        XCTAssertEqual([top.stack, top.title], [active.name, active.top.title], context, file: file, line: line)
        XCTAssertEqual(top.id, active.top.id, context, file: file, line: line)
        let preview = nav.backPreview
        XCTAssertEqual(top.backEnabled, ![.nothing, .heldByPresentation].contains(preview.result), "\(context): \(preview.result)",
                       file: file, line: line)
        if top.backEnabled && preview.result != .toSidebar {
            XCTAssertEqual(top.backLabel, preview.after.top.title, context, file: file, line: line)
        }
        if !top.backEnabled { XCTAssertNil(top.backLabel, context, file: file, line: line) }
        // Back says what it will do and what it asks; each layer lists the entries of the stack it shows.
        XCTAssertEqual(top.backWill, preview.result, context, file: file, line: line)
        XCTAssertEqual(top.backBlocked, preview.blocked, context, file: file, line: line)
        XCTAssertEqual(top.cancelsIntent != nil, preview.intent != nil, context, file: file, line: line)
        XCTAssertEqual(model.pending?.condition, nav.pending.map { nav.table.conditions[$0.condition].name }, context, file: file, line: line)
        for layer in model.layers {
            let entries = (try? nav.ref(named: layer.stack)).map { nav.read($0) { $0.entries } }
            XCTAssertEqual(layer.entries, entries, "\(context): \(layer.stack)", file: file, line: line)
            XCTAssertEqual(layer.entries.last?.id, layer.id, context, file: file, line: line)
            XCTAssertEqual(layer.backWill == .nothing, !layer.backEnabled && layer.backWill != .heldByPresentation,
                           "\(context): \(layer.stack)", file: file, line: line)
        }
        // Each presentation over the whole app is a layer, in order; each
        // layer over one stack covers a stack the tree has.
        XCTAssertEqual(model.layers.first?.style, "base", context, file: file, line: line)
        let global = model.layers.filter { $0.style != "base" && $0.over == nil }
        XCTAssertEqual(global.count, nav.layers.count, context, file: file, line: line)
        for (layer, presented) in zip(global, nav.layers) {
            XCTAssertTrue(reaches(layer.stack, from: presented.stack.name), "\(context): \(layer.stack)", file: file, line: line)
        }
        for layer in model.layers {
            guard let over = layer.over else { continue }
            XCTAssertTrue(nav.presentations[over].contains { reaches(layer.stack, from: $0.stack.name) },
                          "\(context): layer \(layer.stack) over \(over)", file: file, line: line)
        }
        // Every container on the active path is listed, with its selection.
        let listed = Dictionary(model.containers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(listed.count, model.containers.count, "\(context): a container twice", file: file, line: line)
        let activeNames = nav.activeChain.map { ref in nav.read(ref) { $0.name } }
        for ref in nav.activeChain {
            guard case .contained(let holder, let child) = ref, let container = nav.containers[holder] else { continue }
            guard let item = listed[container.name] else {
                XCTFail("\(context): container \(container.name) on the active path is not listed", file: file, line: line)
                continue
            }
            let layer = model.layers.indices.contains(item.layer) ? model.layers[item.layer].stack : ""
            XCTAssertTrue(activeNames.contains(layer), "\(context): \(container.name) is drawn in \(layer)", file: file, line: line)
            if container.isTabs {
                XCTAssertEqual(item.tabs.filter(\.selected).map(\.name), [container.stacks[child].name], context, file: file, line: line)
                XCTAssertEqual(item.tabs.map(\.name), container.stacks.map(\.name), context, file: file, line: line)
            } else {
                XCTAssertEqual(item.sidebar?.selected, container.stacks[child].root.route.name, context, file: file, line: line)
                XCTAssertEqual(item.sidebar?.compact, container.state.split.compact, context, file: file, line: line)
                XCTAssertEqual(item.sidebar?.sidebarShown, !container.state.split.compact || container.state.split.sidebarShown, context, file: file, line: line)
            }
        }
        // Every listed container exists and lies on the path to its layer's
        // top: its selected stack's name begins the layer's stack's.
        XCTAssertEqual(model.containers.map(\.layer), model.containers.map(\.layer).sorted(), context, file: file, line: line)
        for item in model.containers {
            XCTAssertTrue(nav.containers.values.contains { $0.name == item.name && $0.layout.layout.kind == item.layout },
                          "\(context): \(item.name)", file: file, line: line)
            guard model.layers.indices.contains(item.layer) else {
                XCTFail("\(context): \(item.name) in layer \(item.layer)", file: file, line: line)
                continue
            }
            let leaf = model.layers[item.layer].stack
            let selected = item.sidebar == nil ? item.tabs.filter(\.selected).map(\.name) : ["\(item.name)/detail"]
            XCTAssertEqual(selected.count, 1, "\(context): \(item.name)", file: file, line: line)
            XCTAssertTrue(selected.allSatisfy { reaches(leaf, from: $0) },
                          "\(context): \(item.name) selects \(selected), its layer shows \(leaf)", file: file, line: line)
        }
    }

    /// Whether the stack named `leaf` is `stack` or lies below it: a stack
    /// of a container its entries hold, or of what covers it (names grow by
    /// `/` and `@` as the tree deepens).
    private static func reaches(_ leaf: String, from stack: String) -> Bool {
        leaf == stack || leaf.hasPrefix(stack + "/") || leaf.hasPrefix(stack + "@")
    }
}
