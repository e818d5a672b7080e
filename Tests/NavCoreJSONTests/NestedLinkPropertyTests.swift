import Foundation
import NavCore
import NavCoreJSON
import TestSupport
import XCTest

/// The laws of links into nested containers (docs/links.md, "Links into
/// nested containers") over random walks on `tables/nested_links.json`:
/// from any state, opening a link either fails with nothing changed (a
/// blocker holds back what it would remove; a tab refuses a link without
/// `into`) or leaves the stack it names on the active path, holding the
/// link's routes and never its own root twice; opened again with `replace`,
/// it changes nothing. `stack_url` of every state fails only as `.noMatch`,
/// naming the stack, and its URL resolves.
final class NestedLinkPropertyTests: XCTestCase {
    /// One URL per link of the table, in table order; `#` takes a random id.
    private let urls = ["myapp://settings/privacy/blocked", "myapp://settings/privacy/blocked/#", "shop://checkout/payment",
                        "myapp://explore/following/post/#", "myapp://library/artists/#", "myapp://library/albums/#",
                        "myapp://settings", "myapp://blocked", "myapp://profile/#/photos", "myapp://cart/item/#",
                        "shop://checkout/pay"]

    private func url(_ random: inout SplitMix64) -> String {
        let id = String(Int.random(in: 1...2, using: &random))
        return (urls.randomElement(using: &random) ?? urls[0]).replacingOccurrences(of: "#", with: id)
    }

    /// Every stack the tree reaches.
    private func stacks(_ nav: Navigator) -> [Stack] {
        var found: [Stack] = []
        var queue = nav.bases + nav.layers.map(\.stack)
        while let stack = queue.popLast() {
            found.append(stack)
            for entry in stack.entries { queue += nav.containers[entry.id]?.stacks ?? [] }
            queue += nav.presentations[stack.name].map(\.stack)
        }
        return found
    }

    /// A random action, links included, so that walks reach states links leave.
    private func randomAction(_ nav: Navigator, _ random: inout SplitMix64) -> Action {
        let all = stacks(nav)
        let address: StackAddress? = Bool.random(using: &random) ? nil : all.randomElement(using: &random).map { .name($0.name) }
        let post = RouteRequest(name: "post", params: [("id", .int(Int.random(in: 1...2, using: &random)))])
        let presented = [RouteRequest(name: "checkout"), RouteRequest(name: "settings"),
                         RouteRequest(name: "profile", params: [("id", .int(Int.random(in: 1...2, using: &random)))])]
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1: return .openURL(url(&random), mode: Bool.random(using: &random) ? nil : .push)
        case 2: return .push(post, stack: address)
        case 3: return .present(presented.randomElement(using: &random) ?? presented[0], style: nil, stack: Bool.random(using: &random) ? nil : address)
        case 4: return .selectTab(["home", "explore", "library", "cart", "following", "privacy", "account"].randomElement(using: &random) ?? "home")
        case 5: return .back()
        case 6: return .dismiss(all: false)
        case 7: return .setBlocker(id: all.flatMap(\.entries).randomElement(using: &random)?.id ?? 1, reason: Bool.random(using: &random) ? "Draft" : nil)
        case 8: return .setCompact(Bool.random(using: &random), stack: address)
        default: return .select(RouteRequest(name: Bool.random(using: &random) ? "albums" : "artists"), stack: address)
        }
    }

    /// Checks what opening `url` did to `before`, giving `nav`.
    private func checkOpened(_ url: String, mode: OpenMode?, _ nav: inout Navigator, _ context: String) throws {
        let resolution = try nav.table.resolve(url, mode: mode)
        var stack = nav.activeStack
        var routes = resolution.routes[...]
        if let target = resolution.link?.target {
            let parts = target.path.split(separator: "/").map(String.init)
            let first = target.layer == nil ? parts[0] : nav.layers.last?.stack.name ?? "none"
            let name = ([first] + parts.dropFirst()).joined(separator: "/")
            // The target is on the active path: the leaf, or a stack whose root's container holds the leaf.
            XCTAssertTrue(stack.name == name || stack.name.hasPrefix(name + "/"), "\(context): \(stack.name) is not at \(name)")
            stack = stacks(nav).first { $0.name == name } ?? stack
            if let layer = resolution.layers.first { XCTAssertEqual(nav.layers.last?.stack.root.route, layer, context) }
            if let sidebar = target.sidebar, let route = routes.first, sidebar.contains(route.name) {
                XCTAssertEqual(stack.root.route, route, "\(context): the sidebar route is the selection")
                routes = routes.dropFirst()
            }
        }
        if let last = routes.lastIndex(of: stack.root.route) { routes = routes[(last + 1)...] }
        let path = stack.path.map(\.route)
        XCTAssertFalse(path.suffix(routes.count).contains(stack.root.route), "\(context): the link put the root of \(stack.name) on it again")
        if resolution.mode == .replace {
            XCTAssertEqual(path, Array(routes), context)
            let again = try nav.apply([.openURL(url, mode: mode)])
            XCTAssertFalse(again.changed, "\(context): the same link twice changed something the second time")
        } else {
            XCTAssertEqual(Array(path.suffix(routes.count)), Array(routes), context)
        }
    }

    /// From any state, `stack_url` fails only as `.noMatch` naming the active stack, and the
    /// URL it gives resolves.
    private func checkStackURL(_ nav: Navigator, _ context: String) throws {
        let url: String
        do throws(NavError) {
            url = try nav.stackURL()
        } catch {
            XCTAssertEqual(error.kind, .noMatch, "\(context): \(error)")
            XCTAssertTrue(error.message.contains("no link reaches stack \"\(nav.activeStack.name)\""), "\(context): \(error)")
            return
        }
        XCTAssertNoThrow(try nav.table.resolve(url), "\(context): stack_url \(url)")
    }

    func testOpeningALinkShowsItsTargetFromRandomStates() throws {
        let run = SeededRun("NestedLinkPropertyTests.testOpeningALinkShowsItsTargetFromRandomStates", seed: 7, rounds: 100)
        var random = run.random
        let text = try String(contentsOf: VectorSession.folder.appendingPathComponent("tables/nested_links.json"), encoding: .utf8)
        let table = try decodeTable(text)
        var opened = 0, blocked = 0, reused = 0
        for round in 0..<run.rounds {
            var nav = Navigator(table: table)
            for step in 0..<40 {
                let action = randomAction(nav, &random)
                let context = "round \(round) step \(step): \(action)"
                let before = nav
                let transition: Transition
                do throws(NavError) {
                    transition = try nav.apply([action])
                } catch {
                    XCTAssertEqual(nav, before, "\(context) failed (\(error)) and changed the navigator")
                    guard let url = (action.unit as? Action.OpenURL)?.url else { continue }
                    let untargeted = (try? table.resolve(url))?.link?.target == nil
                    XCTAssertTrue(error.kind == .blocked || (untargeted && error.kind == .route), "\(context): \(error)")
                    if error.kind == .blocked { blocked += 1 }
                    continue
                }
                try checkStackURL(nav, context)
                guard let open = action.unit as? Action.OpenURL else { continue }
                opened += 1
                if transition.presented.isEmpty, try table.resolve(open.url).layers.isEmpty == false { reused += 1 }
                try checkOpened(open.url, mode: open.mode, &nav, context)
            }
        }
        XCTAssertGreaterThan(opened, run.rounds * 4, "most links open")
        XCTAssertGreaterThan(blocked, 0, "a blocker holds back some links")
        XCTAssertGreaterThan(reused, 0, "some links reuse an open layer")
    }
}
