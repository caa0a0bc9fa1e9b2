import Geometry

/// A page sheet on an iPhone (rules ): how the view controller whose view carries it is presented.
public struct SheetSpec: Equatable, Sendable {
  /// `UISheetPresentationController.Detent`: the height the sheet rests at.
  public enum Detent: String, CaseIterable, Sendable, Comparable {
    case medium, large
    public static func < (a: Detent, b: Detent) -> Bool { a == .medium && b == .large }
  }
  /// The detent the sheet is at (`large`: full height, the default).
  public var detent: Detent = .large
  /// `largestUndimmedDetentIdentifier`: at this detent or a smaller one the sheet does not dim (nil: it
  /// always dims, UIKit's default).
  public var largestUndimmedDetent: Detent?
  /// `isModalInPresentation`: a tap outside (or a drag down) does not dismiss it.
  public var isModalInPresentation = false
  /// The presentation delegate's `presentationControllerShouldDismiss(_:)` (default YES).
  public var shouldDismiss = true

  public init() {}

  /// Whether the dimming view dims and takes the touches outside the card.
  public var dims: Bool { largestUndimmedDetent.map { detent > $0 } ?? true }

  /// The ids of the views UIKit builds around the sheet's view `id`, and of the dimming view's tap.
  public static func transitionView(of id: String) -> String { id + ".transitionView" }
  public static func dimmingView(of id: String) -> String { id + ".dimmingView" }
  public static func dropShadowView(of id: String) -> String { id + ".dropShadowView" }
  public static func dimmingTap(of id: String) -> String { id + ".dimmingTap" }

  /// The sheet view whose dimming view's tap is `id`, if `id` is one.
  public static func sheet(ofDimmingTap id: String) -> String? {
    id.hasSuffix(".dimmingTap") ? String(id.dropLast(".dimmingTap".count)) : nil
  }
}

extension Scene {
  /// The scene with each sheet's view inside the views UIKit builds for it: in its place, a
  /// `UITransitionView` the size of its superview that lets touches through (its hitTest answers nil for
  /// itself), holding a full-size `UIDimmingView` (translucent and interactive while the sheet dims, with
  /// the tap UIKit gives it; clear and not interactive at an undimmed detent) and then the sheet's card,
  /// a `UIDropShadowView` at the sheet view's frame holding the view. The engine and the window both read
  /// the scene this way; the file keeps only the sheet view. Views already inside their card stay as they
  /// are, so a built scene is built again unchanged.
  public func presentingSheets() -> Scene {
    guard root.subviews.contains(where: Self.holdsSheet) else { return self }
    var s = self
    s.root = Self.building(root)
    return s
  }

  /// Whether `v` or a view below it is a sheet. Recursive (a scene is at most 200 levels deep, a scene
  /// limit) so that no view is copied: a stack of views copied every view of the tree once more.
  private static func holdsSheet(_ v: ViewSpec) -> Bool {
    if v.sheet != nil { return true }
    for i in v.subviews.indices where holdsSheet(v.subviews[i]) { return true }
    return false
  }

  /// `v` with every sheet below it wrapped (one pass; the tree is at most 200 levels deep, a scene limit).
  private static func building(_ v: ViewSpec) -> ViewSpec {
    guard !v.subviews.isEmpty else { return v }
    var out = v
    out.subviews = v.subviews.map { child in
      let inside = building(child)
      guard let sheet = child.sheet, v.id != SheetSpec.dropShadowView(of: child.id) else { return inside }
      return wrapped(inside, sheet, in: v.bounds)
    }
    return out
  }

  private static func wrapped(_ view: ViewSpec, _ sheet: SheetSpec, in bounds: Rect) -> ViewSpec {
    let full = Rect(bounds.minX, bounds.minY, bounds.width, bounds.height)
    var transition = ViewSpec(id: SheetSpec.transitionView(of: view.id), frame: full)
    transition.color = "#00000000"
    transition.passThrough = true
    var dimming = ViewSpec(id: SheetSpec.dimmingView(of: view.id), frame: Rect(0, 0, full.width, full.height))
    dimming.color = sheet.dims ? "#00000066" : "#00000000"
    dimming.userInteractionEnabled = sheet.dims
    dimming.recognizers = [RecognizerSpec(id: SheetSpec.dimmingTap(of: view.id), kind: .tap)]
    let frame = view.frame
    var card = ViewSpec(
      id: SheetSpec.dropShadowView(of: view.id),
      frame: Rect(frame.minX - full.minX, frame.minY - full.minY, frame.width, frame.height))
    card.color = "#00000000"
    var inside = view
    inside.center = Point(view.center.x - frame.minX, view.center.y - frame.minY)
    card.subviews = [inside]
    transition.subviews = [dimming, card]
    return transition
  }
}
