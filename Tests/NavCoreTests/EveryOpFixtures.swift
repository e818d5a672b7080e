import TestSupport
@testable import NavCore

// The table and the actions of the property tests that draw from every op
// there is (BlockerTests, OutcomePropertyTests): a new op is covered the day it exists.

/// Tabs shop/cart/settings; `signed_in` (forced) and `onboarded` (not), both removing what requires them.
func everyOpTable() throws -> RouteTable {
    try RouteTable(
        layout: .tabs([TabDeclaration(name: "shop", root: RouteRequest(name: "home")),
                       TabDeclaration(name: "cart", root: RouteRequest(name: "cart"))]),
        definitions: [
            RouteDefinition(name: "home", params: [:], title: nil, titles: ["vi": try title("Nhà")]),
            RouteDefinition(name: "cart", params: [:], title: nil),
            RouteDefinition(name: "login", params: [:], title: nil),
            RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: nil),
            RouteDefinition(name: "editor", params: [:], title: nil, requires: ["signed_in", "onboarded"]),
        ],
        links: [LinkDeclaration(url: "shop://product/{id}", stack: ["product"], tab: "shop")],
        conditions: [ConditionDeclaration(name: "signed_in", initial: true, flow: Flow(route: RouteRequest(name: "login")), forced: true),
                     ConditionDeclaration(name: "onboarded", initial: true, flow: Flow(route: RouteRequest(name: "login")))])
}


/// A random action of every op there is (the switch must name each one).
func randomAction(_ op: ActionOp, _ random: inout SplitMix64, _ nav: Navigator) -> Action {
    let id = Int.random(in: 1..<max(2, nav.nextID), using: &random)
    let target = [product(Int.random(in: 1...3, using: &random)), RouteRequest(name: "editor"), RouteRequest(name: "home")]
        .randomElement(using: &random) ?? product(1)
    let tab = [nil, "shop", "cart"].randomElement(using: &random) ?? nil
    switch op {
    case .push: return .push(target, tab: tab, policy: PushPolicy.allCases.randomElement(using: &random))
    case .pop: return .pop(count: Int.random(in: 1...3, using: &random), tab: tab, result: Bool.random(using: &random) ? .int(id) : nil)
    case .popTo: return .popTo(.id(id), inclusive: Bool.random(using: &random), tab: tab)
    case .popToRoot: return .popToRoot(tab: tab)
    case .replace: return .replace(target, tab: tab)
    case .setStack: return .setStack([target], tab: tab)
    case .selectTab: return .selectTab(Bool.random(using: &random) ? "shop" : "cart")
    case .resetTab: return .resetTab(tab)
    case .resetAll: return .resetAll
    case .present: return .present(target, style: nil, policy: PresentPolicy.allCases.randomElement(using: &random))
    case .dismiss: return .dismiss(all: Bool.random(using: &random), result: Bool.random(using: &random) ? .string("picked") : nil)
    case .back: return .back(result: Bool.random(using: &random) ? .bool(true) : nil)
    case .select: return .select(target)
    case .openURL: return .openURL("shop://product/\(id)", mode: OpenMode.allCases.randomElement(using: &random))
    case .setEntryState: return .setEntryState(id: id, state: .int(id))
    case .setCondition: return .setCondition(name: Bool.random(using: &random) ? "onboarded" : "signed_in", value: Bool.random(using: &random))
    case .setBlocker: return .setBlocker(id: id, reason: Bool.random(using: &random) ? "draft \(id)" : nil)
    case .setCompact: return .setCompact(Bool.random(using: &random))
    case .takeResult: return .takeResult(id: id)
    case .setLocale: return .setLocale(["vi", "vi-VN", "en", "el"].randomElement(using: &random) ?? "vi")
    }
}
