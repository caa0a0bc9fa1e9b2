import Geometry

/// Sheets (rules ): a tap outside the card, on the dimming view, and what UIKit does with it.
///
/// The views UIKit builds around a sheet are in the tree from the start (`Scene.presentingSheets`): the
/// transition view lets touches through, the dimming view takes them while the sheet dims, and its own tap
/// recognizer (`SHEET.dimmingTap`) recognizes a tap outside the card. An iPhone sheet at full height then
/// does nothing; one at a smaller detent is dismissed unless `isModalInPresentation` is on or the delegate's
/// `presentationControllerShouldDismiss` answers NO. A dismissed sheet's transition view leaves the window
/// when the dismissal's animation ends (`sheetDismissDuration`, C-15).
extension Simulation {
  /// The dimming view's tap of the sheet view `id` recognized (its action has been sent).
  mutating func tappedOutside(_ id: String) {
    guard let v = view(id), let sheet = views[v].spec.sheet, let t = view(SheetSpec.transitionView(of: id)) else {
      return
    }
    let outcome: TraceEvent.SheetOutcome
    if sheet.detent == .large {
      outcome = .fullHeight
    } else if sheet.isModalInPresentation {
      outcome = .modalInPresentation
    } else if !sheet.shouldDismiss {
      outcome = .delegateRefused
    } else {
      outcome = .dismissed
    }
    emit(.sheet(view: id, outcome: outcome))
    guard outcome == .dismissed else { return }
    schedule(.sheetDismissal, owner: nil, sheet: t, after: constants.sheetDismissDuration)
  }

  /// The dismissal's animation ended: the transition view leaves the window (C-15).
  mutating func sheetDismissed(_ t: Int) {
    guard views[t].parent != nil else { return }
    removeFromSuperview(views[t].id)
  }
}
