import Geometry
import TestSupport
import Testing
import TouchSim

@testable import StudioCore

/// The recognizers UIKit makes itself (a scroll view's pan and pinch, a sheet's dimming tap) are not in
/// the file: selected, their toggles are read-only, whatever their kind of built-in.
@Suite struct BuiltInRecognizerKeyTests {
  @Test func builtInRecognizersAreReadOnlyAndTheScenesOwnAreNot() {
    var s = zoomingScene()
    s.root.controller = "RootVC"
    s.root.subviews.append(sheetView())
    for id in ["scroller.pan", "scroller.pinch", "detail.dimmingTap"] {
      guard case .readOnly(id) = KeyTable.ToggleTarget(selected: id, in: s) else {
        Issue.record("\(id) is not read-only")
        continue
      }
    }
    guard case .selected(let r) = KeyTable.ToggleTarget(selected: "pinTap", in: s) else {
      Issue.record("pinTap is not selectable")
      return
    }
    #expect(r.id == "pinTap")
  }
}
