import Geometry
import Localization
import Raster
import StudioUI
import TouchSim
import TraceKit

/// Turns a scene (and the fingers on it) into draw commands: the device canvas of the window.
///
/// Pure: no SDL, no clock. Every view is drawn to scale at its place in the window, nested coordinate
/// spaces included (a subview's `center` is in its superview's bounds coordinates, so a superview's
/// `bounds.origin`, such as a scroll view's content offset, shifts its subviews). A view turned or skewed by
/// a transform (its own or an ancestor's) is drawn as its true quadrilateral, its text upright at its
/// centre; a hidden or fully transparent view (and its subtree) as a dashed outline. What hit-testing
/// ignores is hatched; an enlarged hit area (`hitOutset`) is dashed with a faint fill. The labels on top
/// (ids, the tags saying why hit-testing ignores a view) are placed by `CanvasLabeler`, so that none covers
/// another or a view's own text.
public struct SceneCanvas: Sendable {
  /// Where the scene's window goes in pixels.
  public var viewport: Viewport
  /// Pixels per point of the window's own chrome (2 on a HiDPI screen, × 1.5 in presenter mode): label
  /// sizes and stroke widths.
  public var pixelScale: Double
  /// Control states from the trace (highlight, value) by id; a control not listed shows its scene value.
  public var controls: [String: ControlStatus] = [:]
  /// The least size of the views' own text and of the controls' titles, in pixels (presenter mode: 18 at
  /// scale 1, so the back row reads them whatever the device's size).
  public var textFloor: Double = 0
  /// The language of the labels on the device.
  public var language: Language = .english

  public init(viewport: Viewport, pixelScale: Double = 1) {
    self.viewport = viewport
    self.pixelScale = pixelScale
  }

  /// The draw commands for `scene` with `touches` on top: the views, their labels (ids and tags), then the
  /// fingers.
  public func commands(for scene: Scene, touches: [TouchMarker] = []) -> [DrawCommand] {
    var out = viewCommands(for: scene)
    let geometry = CanvasGeometry(scene: scene, viewport: viewport)
    let device = viewport.toPixels(Rect(origin: .zero, size: scene.window))
    var labels = CanvasLabeler(
      geometry: geometry, unit: pixelScale, visible: device, controls: controls, textFloor: textFloor,
      language: language)
    labels.placeViewLabels()
    out += labels.commands()
    for touch in touches { out += touch.commands(viewport: viewport, unit: pixelScale) }
    return out
  }

  /// The device and its views, without touches or labels.
  public func viewCommands(for scene: Scene) -> [DrawCommand] {
    var out: [DrawCommand] = []
    let device = viewport.toPixels(Rect(origin: .zero, size: scene.window))
    out.append(.rect(device, fill: Palette.device, stroke: nil))
    out.append(.clip(device))
    draw(scene.root, parentToWindow: .identity, alpha: 1, ghost: false, visible: device, into: &out)
    out.append(.unclip)
    out.append(
      .rect(device.insetBy(-2 * pixelScale), fill: nil, stroke: Stroke(Palette.deviceBorder, width: 2 * pixelScale)))
    return out
  }

  /// The fill of a view: its `color`, or light grey when it has none or it does not parse.
  public static func fill(of view: ViewSpec) -> RGBA {
    view.color.flatMap { RGBA(hex: $0) } ?? Palette.defaultViewFill
  }

  /// The rectangle a view covers in window coordinates (its bounding box when transformed).
  public static func windowFrame(of view: ViewSpec, parentToWindow: AffineTransform) -> Rect {
    let toWindow = view.toSuperview.followed(by: parentToWindow)
    return boundingBox(of: view.bounds, through: toWindow)
  }

  /// The tags that say why hit-testing ignores a view (empty for a view that takes touches).
  public static func tags(of view: ViewSpec, _ lang: Language = .english) -> [String] {
    var tags: [String] = []
    if view.hidden { tags.append(lang("hidden", "隐藏")) }
    if view.alpha < 0.01 { tags.append("α<0.01") }
    if !view.userInteractionEnabled { tags.append(lang("no interaction", "不可交互")) }
    if view.kind.isControl && !view.enabled { tags.append(lang("disabled", "已禁用")) }
    return tags
  }

  /// Whether views that would paint no pixel are left out (tests compare with all of them drawn).
  var cullsHiddenViews = true

  /// How far past its box a view's own drawing may reach (strokes, a control's face): a view further than
  /// this outside what its clipping superviews show draws nothing and is left out.
  var cullMargin: Double { 24 * pixelScale }

  /// `visible`: what the clips around the view let show, in pixels. A view wholly outside it (a row
  /// scrolled out of its list) adds no commands of its own, and a clipping view wholly outside it none for
  /// its subviews either: they would paint no pixel.
  private func draw(
    _ view: ViewSpec, parentToWindow: AffineTransform, alpha: Double, ghost: Bool, visible: Rect,
    into out: inout [DrawCommand]
  ) {
    let toWindow = view.toSuperview.followed(by: parentToWindow)
    // Turned or skewed: the true quadrilateral (else the box is the view's shape).
    let (box, quad) = Self.placed(view.bounds, through: toWindow, viewport: viewport)
    let clips = view.clipsToBounds || view.kind == .scroll
    let isGhost = ghost || view.hidden || view.alpha < 0.01
    let opacity = alpha * min(max(view.alpha, 0), 1)
    // Drawing that may reach beyond the box (an enlarged hit area, hit-test override regions, a tracking
    // shape) is never left out.
    var reachesOut = view.hitOutset > 0 || !view.hitTestOverrides.isEmpty
    if view.kind.isControl, case .within = view.trackingOverrides.beginTracking { reachesOut = true }
    let shows = !cullsHiddenViews || reachesOut || Self.overlaps(box.insetBy(-cullMargin), visible)
    if shows {
      drawOwn(view, toWindow: toWindow, box: box, quad: quad, ghost: isGhost, opacity: opacity, into: &out)
    }
    if !view.subviews.isEmpty && (shows || !clips) {
      // A turned clipping view clips to its bounding box (clips are rectangles).
      if clips { out.append(.clip(box)) }
      let inside = clips ? CanvasGeometry.intersect(box, visible) : visible
      // Read in place, not copied (as `CanvasGeometry` lays them out).
      view.subviews.withUnsafeBufferPointer { subs in
        for i in subs.indices {
          draw(subs[i], parentToWindow: toWindow, alpha: opacity, ghost: isGhost, visible: inside, into: &out)
        }
      }
      if clips { out.append(.unclip) }
    }
    guard shows else { return }
    if view.kind == .scroll, !isGhost { drawScrollIndicators(view, in: box, into: &out) }
    // Ignored by hit-testing: hatch the whole area (its subviews included: they are ignored too).
    if !Self.tags(of: view).isEmpty { drawHatch(box, quad: quad, into: &out) }
  }

  /// The view's own drawing, under its subviews: its shape, its text or control face, the regions of its
  /// overrides.
  private func drawOwn(
    _ view: ViewSpec, toWindow: AffineTransform, box: Rect, quad: [Point]?, ghost isGhost: Bool, opacity: Double,
    into out: inout [DrawCommand]
  ) {
    let radius = view.kind.isControl ? min(8 * viewport.scale, box.height / 2, box.width / 2) : 0
    let status = controls[view.id]
    let disabled = view.kind.isControl && !view.enabled
    if view.hitOutset > 0 && !isGhost { drawOutset(view, toWindow: toWindow, into: &out) }

    var fill = Self.fill(of: view)
    if disabled { fill = fill.mixed(with: Palette.ghost, 0.55) }
    if status?.highlighted == true { fill = fill.mixed(with: RGBA.black, 0.3) }
    let shown = fill.withAlpha(opacity)
    if isGhost {
      let stroke = Stroke(Palette.ghost, width: pixelScale, dash: 5 * pixelScale)
      out.append(shape(box, quad: quad, radius: radius, fill: nil, stroke: stroke))
    } else {
      let outline =
        status?.highlighted == true
        ? Stroke(Palette.darkText, width: 2 * pixelScale) : Stroke(Palette.viewOutline.withAlpha(opacity))
      out.append(shape(box, quad: quad, radius: radius, fill: shown, stroke: outline))
    }
    // Text readable on what is actually drawn (a faint fill reads as the background behind it).
    let ink = isGhost ? Palette.ghost : Palette.text(on: shown).withAlpha(max(opacity * (disabled ? 0.6 : 1), 0.4))
    let drewControl = !isGhost && drawControl(view, in: box, status: status, ink: ink, opacity: opacity, into: &out)
    if !drewControl,
      let text = textLayout(of: view, box: box, quad: quad, around: shownSubviewBoxes(of: view, toWindow))
    {
      let style = TextStyle(size: text.size, color: ink, face: text.face, anchor: .center)
      for line in text.lines where !line.text.isEmpty { out.append(.text(line.text, at: line.at, style: style)) }
    }
    // Over the view's own fill, under its subviews: the regions of an overridden hitTest.
    if !view.hitTestOverrides.isEmpty && !isGhost { drawOverrides(view, toWindow: toWindow, into: &out) }
    // Where an overridden beginTracking answers YES (rule 8.8): the only place a touch is tracked.
    if view.kind.isControl, case .within(let shape) = view.trackingOverrides.beginTracking, !isGhost {
      drawTrackingShape(shape, of: view, toWindow: toWindow, into: &out)
    }
  }

  /// A view's own text as drawn: centred (upright at the centre of a turned view). It is broken only
  /// between words (at spaces, and between the words of a UIKit name: `cancels·Touches·In·View`, after `.`,
  /// `:` or `(`), onto as many lines as the view's height holds; when it does not fit so it is made
  /// smaller (to 0.7 of its size, never below 10 px at scale 1; in presenter mode to 13.5 px); only when
  /// that does not make it whole is it shortened with "…" at its own size, its whole text the tooltip. Nil when it has none or none fits. Value controls draw a face instead
  /// (`drawControl`).
  ///
  /// `around` are the boxes of the subviews drawn over it: a text they would cover, centred, goes in the
  /// widest part of its row they leave free, on one line ("Post 1" beside its Follow button, not under
  /// it), when that part is at least a third of the view.
  func textLayout(of view: ViewSpec, box: Rect, quad: [Point]?, around: [Rect] = []) -> OwnText? {
    guard let whole = view.text, !whole.isEmpty else { return nil }
    let natural = Self.textSize(scale: viewport.scale, unit: pixelScale, floor: textFloor)
    let face: FontFace = view.kind.isControl ? .bold : .regular
    let free =
      quad == nil && !around.isEmpty
      ? Self.freeSpan(
        of: box, row: TextMetrics.height(size: natural), around: around,
        text: min(TextMetrics.width(whole, size: natural, face: face), box.width)) : nil
    // Beside the subviews only when it is whole there; else where it was, shortened as it would be.
    if let free, let beside = textLayout(whole, box: box, quad: quad, natural: natural, face: face, free: free),
      !beside.shortened
    {
      return beside
    }
    return textLayout(whole, box: box, quad: quad, natural: natural, face: face, free: nil)
  }

  private func textLayout(
    _ whole: String, box: Rect, quad: [Point]?, natural: Double, face: FontFace,
    free: (lower: Double, upper: Double)?
  ) -> OwnText? {
    var mid = quad.map(ConvexPolygon.center) ?? box.mid
    if let free { mid.x = (free.lower + free.upper) / 2 }
    func room(_ size: Double) -> (width: Double, rows: Int) {
      let lineHeight = TextMetrics.height(size: size)
      if let free { return (free.upper - free.lower - 4 * pixelScale, 1) }
      guard let quad else {
        return (box.width - 4 * pixelScale, max(Int(((box.height - 2 * pixelScale) / lineHeight).rounded(.down)), 1))
      }
      // A turned view: the narrowest of its rows the text covers, on one line.
      let h = lineHeight / 2
      let width =
        [mid.y - h, mid.y, mid.y + h].map { y in
          ConvexPolygon.clippedSegment(Point(box.minX - 1, y), Point(box.maxX + 1, y), to: quad).map { $0.1.x - $0.0.x }
            ?? 0
        }.min() ?? 0
      return (width - 4 * pixelScale, 1)
    }
    // Presenter mode's floor (18 px, read from the back of the room) gives way to three quarters of it
    // only for a text that would otherwise be shortened ("But…" for Button).
    let smallest = textFloor > 0 ? min(natural, textFloor * 0.75) : min(natural, max(natural * 0.7, 10 * pixelScale))
    // Past what the box could hold at the smallest size, a text is never seen: it is cut there first, so
    // that a huge text costs what a long one does.
    let text = TextMetrics.cut(
      whole,
      after: TextMetrics.visibleLimit(
        width: box.width, size: smallest, lines: Int(min(box.height / TextMetrics.height(size: smallest), 1000)) + 1))
    var size = natural
    var lines: [String]?
    // Most texts fit on one line at their own size: one measurement, nothing to lay out.
    let first = room(natural)
    if first.width > 0 && TextMetrics.width(text, size: natural, face: face) <= first.width { lines = [text] }
    // A text far longer than any view can show (thousands of characters) is not laid out word by word.
    var fitting = lines == nil && text.count <= 400
    while lines == nil && fitting {
      let r = room(size)
      if r.width > 0 { lines = DeviceText.lines(text, width: r.width, rows: r.rows, size: size, face: face) }
      if lines != nil || size <= smallest { fitting = false }
      if fitting { size = max(smallest, size - max(pixelScale, 1)) }
    }
    var shortened = false
    if lines == nil {
      // Shortened at its own size: smaller would not make it whole, only harder to read.
      size = natural
      let r = room(size)
      guard r.width > 0 else { return nil }
      lines = [TextMetrics.truncate(text, toWidth: r.width, size: size, face: face)]
      shortened = true
    }
    guard let lines, let first = lines.first, !first.isEmpty, first != "…" else { return nil }
    let lineHeight = TextMetrics.height(size: size)
    let top = mid.y - lineHeight * Double(lines.count - 1) / 2
    return OwnText(
      lines: lines.enumerated().map { i, line in (line, Point(mid.x, top + Double(i) * lineHeight)) }, size: size,
      face: face, shortened: shortened)
  }

  /// The boxes, in pixels, of a view's subviews that are drawn filled (not hidden, not transparent).
  func shownSubviewBoxes(of view: ViewSpec, _ toWindow: AffineTransform) -> [Rect] {
    guard view.text?.isEmpty == false else { return [] }
    return view.subviews.filter { !$0.hidden && $0.alpha >= 0.01 }.map { sub in
      viewport.toPixels(Self.boundingBox(of: sub.bounds, through: sub.toSuperview.followed(by: toWindow)))
    }
  }

  /// The widest stretch of `box`'s middle row (`row` high) that no box of `around` crosses, when one of
  /// them covers the text (`text` wide) centred in that row and what is left is at least a third of the
  /// box; nil when nothing covers the centred text.
  static func freeSpan(of box: Rect, row: Double, around: [Rect], text: Double) -> (lower: Double, upper: Double)? {
    let top = box.mid.y - row / 2
    let bottom = box.mid.y + row / 2
    let crossing = around.filter { $0.minY < bottom && $0.maxY > top && $0.maxX > box.minX && $0.minX < box.maxX }
      .sorted { $0.minX < $1.minX }
    let covered = crossing.contains { $0.minX < box.mid.x + text / 2 && $0.maxX > box.mid.x - text / 2 }
    guard covered else { return nil }
    var best = (lower: box.minX, upper: box.minX)
    var x = box.minX
    for r in crossing {
      if r.minX - x > best.upper - best.lower { best = (x, r.minX) }
      x = max(x, r.maxX)
    }
    if box.maxX - x > best.upper - best.lower { best = (x, box.maxX) }
    return best.upper - best.lower >= box.width / 3 ? best : nil
  }

  /// A view's own text laid out: each line and its centre.
  struct OwnText {
    var lines: [(text: String, at: Point)]
    var size: Double
    var face: FontFace
    /// Shortened with "…": the view's whole text is its tooltip.
    var shortened = false
  }

  /// The enlarged hit area: the bounds grown by `hitOutset`, dashed, with a 15 % fill (a quadrilateral when
  /// the view is turned).
  private func drawOutset(_ view: ViewSpec, toWindow: AffineTransform, into out: inout [DrawCommand]) {
    let (area, quad) = Self.placed(view.bounds.insetBy(-view.hitOutset), through: toWindow, viewport: viewport)
    let color = Self.fill(of: view)
    let ink = color.mixed(with: Palette.darkText, 0.35)
    let stroke = Stroke(ink, width: 1.5 * pixelScale, dash: 4 * pixelScale)
    out.append(shape(area, quad: quad, radius: 0, fill: color.withAlpha(0.15), stroke: stroke))
  }

  /// The regions of an overridden hitTest (rule A-12): each dashed, with a 10 % fill of the view's colour
  /// darkened.
  private func drawOverrides(_ view: ViewSpec, toWindow: AffineTransform, into out: inout [DrawCommand]) {
    let color = Self.fill(of: view)
    let stroke = Stroke(color.mixed(with: Palette.darkText, 0.35), width: 1.5 * pixelScale, dash: 3 * pixelScale)
    for o in view.hitTestOverrides where o.rect.width > 0 && o.rect.height > 0 {
      let (area, quad) = Self.placed(o.rect, through: toWindow, viewport: viewport)
      out.append(shape(area, quad: quad, radius: 0, fill: stroke.color.withAlpha(0.12), stroke: stroke))
    }
  }

  /// The shape of an overridden beginTracking (rule 8.8), dashed: a circle, or the rectangles.
  private func drawTrackingShape(
    _ region: PointInsideShape, of view: ViewSpec, toWindow: AffineTransform, into out: inout [DrawCommand]
  ) {
    let stroke = Stroke(Palette.darkText.withAlpha(0.7), width: 1.5 * pixelScale, dash: 4 * pixelScale)
    switch region {
    case .circle(let c, let r):
      // Turned or skewed views: the circle is drawn round, at its mapped centre, with the mapped radius's
      // mean length.
      let centre = viewport.toPixels(toWindow.apply(c))
      let edge = viewport.toPixels(toWindow.apply(Point(c.x + r, c.y)))
      let radius = ((edge.x - centre.x) * (edge.x - centre.x) + (edge.y - centre.y) * (edge.y - centre.y)).squareRoot()
      out.append(.circle(center: centre, radius: radius, fill: RGBA.white.withAlpha(0.35), stroke: stroke))
    case .rects(let rects):
      for r in rects where r.width > 0 && r.height > 0 {
        let (area, quad) = Self.placed(r, through: toWindow, viewport: viewport)
        out.append(shape(area, quad: quad, radius: 0, fill: RGBA.white.withAlpha(0.2), stroke: stroke))
      }
    }
  }

  /// Diagonal hatching over `box` (cut to `quad` when the view is turned): the mark of what hit-testing skips.
  private func drawHatch(_ box: Rect, quad: [Point]?, into out: inout [DrawCommand]) {
    guard box.width > 1, box.height > 1 else { return }
    let gap = 9 * pixelScale
    let stroke = Stroke(Palette.ghost.withAlpha(0.45), width: max(pixelScale, 1))
    out.append(.clip(box))
    var d = gap / 2
    while d < box.width + box.height {
      // The line x + y = d (relative to the box's top-left corner), cut to the box, then to the view.
      var a = Point(box.minX + min(d, box.width), box.minY + max(0, d - box.width))
      var b = Point(box.minX + max(0, d - box.height), box.minY + min(d, box.height))
      d += gap
      if let quad {
        guard let cut = ConvexPolygon.clippedSegment(a, b, to: quad) else { continue }
        (a, b) = cut
      }
      out.append(.line(from: a, to: b, stroke: stroke))
    }
    out.append(.unclip)
  }

  /// The size of a view's own text, in pixels: 15 points of the device, at least 10 of the chrome's and
  /// `floor` pixels (18 on the presenter's stage, so the room can read it).
  static func textSize(scale: Double, unit: Double, floor: Double = 0) -> Double {
    max(15 * scale, 10 * unit, floor)
  }

  /// The size of the id labels, in pixels.
  static func idSize(unit: Double) -> Double { 11 * unit }
  /// The size of the tags' text, in pixels.
  static func tagSize(unit: Double) -> Double { 9.5 * unit }

  /// A scroll view's indicators: where its bounds sit in its content.
  private func drawScrollIndicators(_ view: ViewSpec, in box: Rect, into out: inout [DrawCommand]) {
    guard let content = view.scroll?.contentSize else { return }
    let thickness = 3 * pixelScale
    let color = Palette.darkText.withAlpha(0.45)
    if content.height > view.bounds.height + 0.5 {
      let length = max(box.height * view.bounds.height / content.height, 8 * pixelScale)
      let fraction = min(max(view.bounds.minY / (content.height - view.bounds.height), 0), 1)
      let y = box.minY + (box.height - length) * fraction
      out.append(
        .roundedRect(
          Rect(box.maxX - thickness - 2, y, thickness, length), radius: thickness / 2, fill: color, stroke: nil))
    }
    if content.width > view.bounds.width + 0.5 {
      let length = max(box.width * view.bounds.width / content.width, 8 * pixelScale)
      let fraction = min(max(view.bounds.minX / (content.width - view.bounds.width), 0), 1)
      let x = box.minX + (box.width - length) * fraction
      out.append(
        .roundedRect(
          Rect(x, box.maxY - thickness - 2, length, thickness), radius: thickness / 2, fill: color, stroke: nil))
    }
  }

  /// Whether two rectangles share any area.
  static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  /// A view's shape: its quadrilateral when turned, else its box (rounded for a control).
  func shape(_ rect: Rect, quad: [Point]? = nil, radius: Double, fill: RGBA?, stroke: Stroke?) -> DrawCommand {
    if let quad { return .polygon(quad, fill: fill, stroke: stroke) }
    return radius > 0
      ? .roundedRect(rect, radius: radius, fill: fill, stroke: stroke) : .rect(rect, fill: fill, stroke: stroke)
  }

  static func corners(of bounds: Rect, through t: AffineTransform) -> [Point] {
    [
      Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY),
      Point(bounds.maxX, bounds.maxY), Point(bounds.minX, bounds.maxY),
    ].map(t.apply)
  }

  /// Rounds to a thousandth of a pixel, so equal geometry gives equal commands whatever the arithmetic path.
  static func snapped(_ r: Rect) -> Rect {
    Rect(snap(r.minX), snap(r.minY), snap(r.width), snap(r.height))
  }

  static func snapped(_ p: Point) -> Point { Point(snap(p.x), snap(p.y)) }

  private static func snap(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

  /// Where `rect` (in coordinates `t` takes to the window) lands in pixels: its bounding box, and its
  /// quadrilateral when `t` turns or skews it (nil when the box is its shape). Every view, enlarged hit area
  /// and override region is placed through this.
  static func placed(_ rect: Rect, through t: AffineTransform, viewport: Viewport) -> (box: Rect, quad: [Point]?) {
    let box = snapped(viewport.toPixels(boundingBox(of: rect, through: t)))
    let quad = t.isAxisAligned ? nil : corners(of: rect, through: t).map { snapped(viewport.toPixels($0)) }
    return (box, quad)
  }

  /// The bounding box of `bounds`'s corners taken through `t`, without arrays (a thousand views laid out each
  /// frame of a scroll made three small arrays each). As `Array.min()` and `max()` would find them.
  static func boundingBox(of bounds: Rect, through t: AffineTransform) -> Rect {
    let p0 = t.apply(Point(bounds.minX, bounds.minY))
    let p1 = t.apply(Point(bounds.maxX, bounds.minY))
    let p2 = t.apply(Point(bounds.maxX, bounds.maxY))
    let p3 = t.apply(Point(bounds.minX, bounds.maxY))
    // As `Array.min()` and `max()` compare: a later value replaces the one kept only when it is smaller
    // (or greater).
    func least(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
      var m = a
      if b < m { m = b }
      if c < m { m = c }
      if d < m { m = d }
      return m
    }
    func most(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
      var m = a
      if b > m { m = b }
      if c > m { m = c }
      if d > m { m = d }
      return m
    }
    let minX = least(p0.x, p1.x, p2.x, p3.x)
    let minY = least(p0.y, p1.y, p2.y, p3.y)
    return Rect(minX, minY, most(p0.x, p1.x, p2.x, p3.x) - minX, most(p0.y, p1.y, p2.y, p3.y) - minY)
  }
}

extension Palette {
  /// Background of the small tags on views ("hidden", "no interaction") and of canvas pills.
  static let tagFill = RGBA(0x3A, 0x3C, 0x42, 0xE6)
  /// The subtler tag of a pass-through view (its hitTest returns nil for itself, not for its subviews).
  static let passThroughTag = RGBA(0x3A, 0x3C, 0x42, 0x99)
}

/// Approximate text measures for fitting labels on the canvas (the renderer measures exactly).
enum CanvasText {
  /// Approximate width of `text` at `size` pixels.
  static func width(_ text: String, size: Double, mono: Bool = false, bold: Bool = false) -> Double {
    Double(text.count) * size * (mono ? 0.61 : bold ? 0.68 : 0.58)
  }

  /// `text` cut with an ellipsis to fit `width` pixels at `size` (empty when not even one letter fits).
  static func truncated(_ text: String, width: Double, size: Double, mono: Bool = false) -> String {
    if Self.width(text, size: size, mono: mono) <= width { return text }
    let per = size * (mono ? 0.61 : 0.58)
    let keep = Int(width / per) - 1
    guard keep >= 1 else { return "" }
    return String(text.prefix(keep)) + "…"
  }
}

/// A device's text broken into lines only between words.
enum DeviceText {
  /// The pieces of `text` a line may break between, each with whether a space comes before it: words
  /// at spaces; inside a word, the words of a UIKit name (before a capital that follows a small letter)
  /// and after `.`, `:` or `(`; each Chinese or Japanese character on its own (closing punctuation stays
  /// with the character before it).
  static func pieces(_ text: String) -> [(text: String, spaceBefore: Bool)] {
    var out: [(text: String, spaceBefore: Bool)] = []
    var current = ""
    var space = false
    var previous: Character?
    for c in text {
      if c == " " || c == "\n" {
        if !current.isEmpty { out.append((current, space)) }
        current = ""
        space = !out.isEmpty
        previous = nil
        continue
      }
      let wide = c.unicodeScalars.first.map(TextMetrics.isWide) ?? false
      let previousWide = previous?.unicodeScalars.first.map(TextMetrics.isWide) ?? false
      let closing = "，。、：；！？）」』】》,.:;!?)".contains(c)
      if let p = previous, !current.isEmpty,
        (c.isUppercase && p.isLowercase) || ".:(".contains(p) || ((wide || previousWide) && !closing)
      {
        out.append((current, space))
        current = ""
        space = false
      }
      current.append(c)
      previous = c
    }
    if !current.isEmpty { out.append((current, space)) }
    return out
  }

  /// `text` in at most `rows` lines of at most `width` pixels, broken only between pieces; nil when a
  /// piece is wider than a line or more lines are needed.
  static func lines(_ text: String, width: Double, rows: Int, size: Double, face: FontFace) -> [String]? {
    var out: [String] = []
    var line = ""
    for (piece, spaceBefore) in pieces(text) {
      let joined = line.isEmpty ? piece : line + (spaceBefore ? " " : "") + piece
      if TextMetrics.width(joined, size: size, face: face) <= width {
        line = joined
        continue
      }
      guard !line.isEmpty, TextMetrics.width(piece, size: size, face: face) <= width else { return nil }
      out.append(line)
      line = piece
      if out.count >= rows { return nil }
    }
    if !line.isEmpty { out.append(line) }
    return out.count <= rows ? out : nil
  }
}
