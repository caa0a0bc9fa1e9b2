import Geometry
import TouchSim

// Rules: a presented controller's view shown as a page sheet (SheetTests, SheetSnapshotTests,
// SheetNarrationTests, BuiltInRecognizerKeyTests).

/// `detail`, the view of `DetailVC` presented by `RootVC`, as a sheet over the bottom half of the screen
/// (medium detent unless `configure` says otherwise), holding `subviews`.
public func sheetView(
  subviews: [ViewSpec] = [], _ configure: (inout SheetSpec) -> Void = { _ in }
) -> ViewSpec {
  var sheet = SheetSpec()
  sheet.detent = .medium
  configure(&sheet)
  return v("detail", [0, 420, 390, 424], subviews: subviews) { v in
    v.controller = "DetailVC"
    v.presentingViewController = "RootVC"
    v.sheet = sheet
  }
}
