import NavCore

/// Back makes progress to a documented stop and agrees with its preview
/// (docs/structure.md, "Back"): the view model's top layer says what
/// `back_preview` says (`back.will`; on the state itself, since the states
/// Back passes through are checked as states of their own wherever the
/// search reaches them); each `back` lands where its preview said
/// (`after`); and repeated `back` reaches, within `BackLaw.bound`
/// steps, a state where the preview says `nothing` or
/// `held_by_presentation`, or names a blocker.
struct BackLaw: StateLaw {
    let name = "back_progress"
    /// The most `back` steps from a state to its stop.
    static let bound = 64

    func violation(in navigator: Navigator, shown: ViewModel, probe: Probe) -> String? {
        if let will = shown.layers.last?.backWill, will != navigator.backPreview.result {
            return "the view model's back.will is \(will.rawValue), back_preview says \(navigator.backPreview.result.rawValue)"
        }
        var current = navigator
        for step in 0..<Self.bound {
            let preview = current.backPreview
            if preview.result == .nothing || preview.result == .heldByPresentation || preview.blocked != nil { return nil }
            do {
                try probe.apply(.back(), to: &current)
            } catch {
                return "after \(step) back: back_preview says \(preview.result.rawValue), back failed: \(error.message)"
            }
            let top = current.activeStack.top
            if top.id != preview.after.top.id {
                return "after \(step + 1) back: back_preview said entry \(preview.after.top.id) would be on top, entry \(top.id) is"
            }
        }
        return "\(Self.bound) back steps reach no stop (nothing, held_by_presentation or a blocker)"
    }
}
