import Geometry
import SceneFile
import TouchSim

/// Collection view cells that IB wrote without a frame: their frames are estimated from the flow layout, as
/// UICollectionViewFlowLayout would place them (left-aligned: a full line's items are not spread out).
extension StoryboardBuilder {
  /// UIKit's defaults: a flow layout's `itemSize` (50 × 50) and both minimum spacings (10).
  static let defaultItemSize = Size(50, 50)
  static let defaultFlowSpacing = 10.0

  /// A `<size key=… width= height=>` child of `e`; nil when there is none (a side that is not a number in
  /// 0…1,000,000 is a warning, and the size is not used).
  mutating func sizeValue(_ e: Int, key: String) -> Size? {
    guard let s = doc.child(e, key: key, named: "size") else { return nil }
    guard let w = number(s, "width", in: 0...1_000_000), let h = number(s, "height", in: 0...1_000_000) else {
      return nil
    }
    return Size(w, h)
  }

  /// Frames for the cells of collection view `e` (of size `size`) that have none, by cell element: laid out
  /// line after line as a flow layout does, after its header (`headerReferenceSize`) and within its
  /// `sectionInset`, `minimumInteritemSpacing` apart in a line and `minimumLineSpacing` between lines
  /// (lines across the view, or columns down it with `scrollDirection="horizontal"`). Each is the
  /// layout's `itemSize`, else its content view's size, else UIKit's 50 × 50. A framed cell keeps its
  /// frame and takes its place in the flow. One warning says the frames are estimated.
  mutating func flowLayoutFrames(_ e: Int, cells: [Int], size: Size) throws(SceneFileError) -> [Int: Rect] {
    var framed: [Int: Rect] = [:]
    var missing: [Int] = []
    for c in cells {
      if let r = try rect(c) { framed[c] = r } else { missing.append(c) }
    }
    guard let first = missing.first else { return [:] }
    let layout = doc.child(e, key: "collectionViewLayout")
    let flow = layout.flatMap { doc[$0].name == "collectionViewFlowLayout" ? $0 : nil }
    var item: Size?
    var line = Self.defaultFlowSpacing
    var between = Self.defaultFlowSpacing
    var inset = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    var horizontal = false
    var header = 0.0
    if let flow {
      if let s = sizeValue(flow, key: "itemSize") {
        if s.width > 0 && s.height > 0 {
          item = s
        } else {
          warn(
            doc.child(flow, key: "itemSize") ?? flow,
            "the itemSize \(NumberText.format(s.width)) × \(NumberText.format(s.height)) is empty: not used")
        }
      }
      if let n = number(flow, "minimumLineSpacing", in: 0...100_000) { line = n }
      if let n = number(flow, "minimumInteritemSpacing", in: 0...100_000) { between = n }
      if let i = insets(flow, key: "sectionInset") { inset = i }
      if let d = doc[flow].attributes["scrollDirection"] {
        if d == "horizontal" {
          horizontal = true
        } else if d != "vertical" {
          warn(flow, "scrollDirection=\"\(d.prefix(40))\" is neither vertical nor horizontal: taken as vertical")
        }
      }
      if let h = sizeValue(flow, key: "headerReferenceSize") { header = horizontal ? h.width : h.height }
    }
    // Lines run along `across` (the width, or the height when the layout scrolls horizontally).
    let start = (horizontal ? inset.left : inset.top) + header
    let lineStart = horizontal ? inset.top : inset.left
    let lineEnd = horizontal ? size.height - inset.bottom : size.width - inset.right
    var out: [Int: Rect] = [:]
    var (along, onLine, lineDepth) = (start, lineStart, 0.0)
    var sizes: Set<String> = []
    for c in cells {
      var s = framed[c]?.size ?? item ?? Self.defaultItemSize
      if framed[c] == nil, item == nil, let content = doc.child(c, key: "contentView"), let r = try rect(content),
        r.width > 0, r.height > 0
      {
        s = r.size
      }
      let (length, depth) = horizontal ? (s.height, s.width) : (s.width, s.height)
      if onLine > lineStart && onLine + length > lineEnd + 0.001 {
        along += lineDepth + line
        (onLine, lineDepth) = (lineStart, 0)
      }
      if framed[c] == nil {
        let (a, o) = (min(max(along, -1_000_000), 1_000_000), min(max(onLine, -1_000_000), 1_000_000))
        out[c] = horizontal ? Rect(a, o, s.width, s.height) : Rect(o, a, s.width, s.height)
        sizes.insert("\(NumberText.format(s.width)) × \(NumberText.format(s.height))")
      }
      onLine += length + between
      lineDepth = max(lineDepth, depth)
    }
    let n = missing.count
    let from =
      item != nil
      ? "at the flow layout's item size"
      : sizes.count == 1 ? "each \(sizes.first ?? "")" : "each at its content view's size"
    warn(
      first,
      "\(n) collection view cell\(n == 1 ? " has" : "s have") no frame: placed line after line as the flow layout "
        + "would, \(from), \(NumberText.format(between)) apart and lines \(NumberText.format(line)) apart: "
        + "\(n == 1 ? "its frame is" : "their frames are") estimated")
    return out
  }
}
