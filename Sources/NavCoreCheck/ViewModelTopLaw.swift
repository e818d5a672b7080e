import NavCore

/// The view model's top is the active stack's top (docs/shells.md: a shell
/// draws the view model's top layer and its last entry).
struct ViewModelTopLaw: StateLaw {
    let name = "view_model_top"

    func violation(in navigator: Navigator, shown: ViewModel, probe: Probe) -> String? {
        let top = navigator.activeStack.top
        let shown = shown.layers.last?.entries.last
        guard shown?.id == top.id else {
            return "the view model's top is entry \(shown.map { String($0.id) } ?? "none"), the active stack's top is entry \(top.id)"
        }
        return nil
    }
}
