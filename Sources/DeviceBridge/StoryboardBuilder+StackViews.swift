import Geometry
import SceneFile
import TouchSim

/// A stack view's arranged subviews that IB wrote without a frame (some files leave them out when the
/// stack lays its views out with constraints): their frames are estimated as UIKit's stack would lay them
/// out, one after the other along its axis.
extension StoryboardBuilder {
  /// Whether view `e` is hidden once its runtime attributes are applied: a stack view gives a hidden
  /// arranged subview no room.
  func isHiddenAtRunTime(_ e: Int) -> Bool {
    var hidden = flag(doc[e].attributes, "hidden") ?? false
    for (r, key, _) in runtimeAttributes(e) where key == .hidden && runtimeTypeHoldsNoNumber(r) == nil {
      if let n = runtimeNumber(r).number { hidden = n != 0 }
    }
    return hidden
  }

  /// `children` of stack view `e` (size `size`), those without a frame given one: along the stack's axis
  /// (`axis`, horizontal unless `vertical`), `spacing` apart, across its whole width (height). With
  /// `distribution="fillEqually"` each shown subview is as long as the others; otherwise those without a
  /// frame share what the framed ones and the spacing leave. Framed subviews keep their frames, and the
  /// next one follows them; a hidden one takes no room. One warning says the frames are estimated.
  mutating func stackFrames(_ e: Int, _ children: [(Int, Rect?)], size: Size) throws(SceneFileError)
    -> [(Int, Rect?)]
  {
    var framed: [Int: Rect] = [:]
    var missing = 0
    for (c, placed) in children where placed == nil {
      if let r = try rect(c) { framed[c] = r } else { missing += 1 }
    }
    guard missing > 0 else { return children }
    let a = doc[e].attributes
    var vertical = false
    if let axis = a["axis"] {
      if axis == "vertical" {
        vertical = true
      } else if axis != "horizontal" {
        warn(e, "axis=\"\(axis.prefix(40))\" is neither horizontal nor vertical: taken as horizontal")
      }
    }
    var distribution = a["distribution"] ?? "fill"
    let known = ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"]
    if !known.contains(distribution) {
      warn(e, "distribution=\"\(distribution.prefix(40))\" is not a stack view distribution: taken as fill")
      distribution = "fill"
    }
    let spacing = number(e, "spacing", in: -100_000...100_000) ?? 0
    let length = vertical ? size.height : size.width
    let across = vertical ? size.width : size.height
    func along(_ r: Rect) -> Double { vertical ? r.height : r.width }
    let shown = children.filter { $0.1 == nil && !isHiddenAtRunTime($0.0) }.map(\.0)
    let gaps = spacing * Double(max(shown.count - 1, 0))
    var share = 0.0
    if distribution == "fillEqually" {
      share = shown.isEmpty ? 0 : (length - gaps) / Double(shown.count)
    } else {
      let unframed = shown.filter { framed[$0] == nil }.count
      let taken = shown.compactMap { framed[$0] }.reduce(0) { $0 + along($1) }
      share = unframed == 0 ? 0 : (length - gaps - taken) / Double(unframed)
    }
    share = min(max(share, 0), 1_000_000)
    var out: [(Int, Rect?)] = []
    var cursor = 0.0
    for (c, placed) in children {
      if placed != nil || framed[c] != nil {
        out.append((c, placed))
        if let r = framed[c], !isHiddenAtRunTime(c) { cursor = (vertical ? r.maxY : r.maxX) + spacing }
        continue
      }
      let hidden = isHiddenAtRunTime(c)
      let long = hidden ? 0 : share
      // Within the scene format's ±1,000,000 however many subviews and however wide the spacing.
      let at = min(max(cursor, -1_000_000), 1_000_000)
      out.append((c, vertical ? Rect(0, at, across, long) : Rect(at, 0, long, across)))
      if !hidden { cursor += long + spacing }
    }
    warn(
      e,
      "\(missing) arranged subview\(missing == 1 ? " has" : "s have") no frame: laid out one after the other "
        + "along the stack view's \(vertical ? "vertical" : "horizontal") axis (\(distribution), spacing "
        + "\(NumberText.format(spacing))): \(missing == 1 ? "its frame is" : "their frames are") estimated")
    return out
  }
}
