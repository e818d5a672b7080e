import NavCore

/// No entry anywhere in the tree, hidden branches included, is of a route
/// that requires a condition that is false (docs/conditions.md: "Setting it
/// false (sign-out) takes away what requires it", and an action that would
/// show a protected screen is held as the pending intent instead).
struct ProtectedRouteLaw: StateLaw {
    let name = "protected_routes"

    func violation(in navigator: Navigator, shown: ViewModel, probe: Probe) -> String? {
        for stack in navigator.everyStack {
            for entry in stack.entries {
                guard let definition = navigator.table.definitions[entry.route.name] else { continue }
                for condition in definition.requires where (try? navigator.condition(named: condition)) == false {
                    return "entry \(entry.id) of \"\(entry.route.name)\" on stack \"\(stack.name)\" requires \"\(condition)\", which is false"
                }
            }
        }
        return nil
    }
}
