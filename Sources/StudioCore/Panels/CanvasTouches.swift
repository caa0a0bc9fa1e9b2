import Geometry
import Raster
import TouchSim
import TraceKit

/// The fingers on the canvas: touches of the fold (down ones, and lifted ones for a short linger), the
/// simulated second finger, the hovering pointer, and the thresholds drawn on a touch (the long press's
/// countdown arc, the tap's and long press's movement circles turning red once crossed).
enum CanvasTouches {
  /// How long (trace ms at the playhead) a lifted touch stays on the canvas, rippling out.
  static let linger: Double = 300

  /// The markers to draw now, by touch number; the hover pointer last.
  static func markers(_ ctx: PanelContext) -> [TouchMarker] {
    var out: [TouchMarker] = []
    let virtual = ctx.virtualFinger
    for t in ctx.snapshot.touches.values.sorted(by: { $0.number < $1.number }) {
      var m = TouchMarker(number: t.number, location: t.location)
      m.virtualLabel = ctx.theme.language("virtual", "虚拟")
      m.tapCount = t.tapCount
      m.trail = t.trail
      m.isVirtual = t.number == virtual?.touch
      if let lifted = t.liftTime {
        let age = ctx.playheadTime - lifted
        guard age >= 0, age < linger else { continue }
        m.lift = age / linger
        m.cancelled = t.phase == .cancelled
        m.isVirtual = false
      }
      out.append(m)
    }
    // The virtual finger is down in the model before the playhead has shown its touch-down.
    if let v = virtual, ctx.snapshot.touches[v.touch]?.isDown != true {
      var m = TouchMarker(number: v.touch, location: v.location)
      m.virtualLabel = ctx.theme.language("virtual", "虚拟")
      m.isVirtual = true
      out.append(m)
    }
    let anyDown = ctx.snapshot.touches.values.contains { $0.isDown } || virtual != nil
    if !anyDown, let p = ctx.hover, Rect(origin: .zero, size: ctx.snapshot.scene.window).contains(p) {
      out.append(TouchMarker(number: 1, location: p, pressed: false))
    }
    return out
  }

  /// Trails, thresholds, the link between a finger and its virtual partner, then the rings.
  static func commands(_ ctx: PanelContext, viewport: Viewport, unit: Double) -> [DrawCommand] {
    let markers = markers(ctx)
    var out: [DrawCommand] = []
    for m in markers { out += m.trailCommands(viewport: viewport, unit: unit) }
    for t in ctx.snapshot.touches.values.sorted(by: { $0.number < $1.number }) where t.isDown {
      out += thresholds(of: t, ctx, viewport: viewport, unit: unit)
    }
    if let v = markers.first(where: { $0.isVirtual && $0.lift == nil }),
      let partner = markers.first(where: { !$0.isVirtual && $0.pressed && $0.lift == nil })
    {
      out.append(
        .line(
          from: viewport.toPixels(partner.location), to: viewport.toPixels(v.location),
          stroke: Stroke(Palette.touch(v.number).withAlpha(0.55), width: 1.5 * unit, dash: 6 * unit)))
    }
    for m in markers { out += m.commands(viewport: viewport, unit: unit) }
    return out
  }

  /// Where touch `t` went down (its `began` input line).
  static func downLocation(of t: TouchStatus, in trace: [TraceEntry]) -> Point? {
    guard t.downIndex >= 0, t.downIndex < trace.count, case .input(_, .began, let at, _) = trace[t.downIndex].event
    else {
      return t.trail.first
    }
    return at
  }

  /// The long press's countdown arc and the movement circles of the recognizers attached to `t`.
  private static func thresholds(of t: TouchStatus, _ ctx: PanelContext, viewport: Viewport, unit: Double)
    -> [DrawCommand]
  {
    guard let start = downLocation(of: t, in: ctx.trace) else { return [] }
    // The scene's recognizers, listed once per scene (not per frame); scroll views' own pans aside.
    let specs = ctx.memo.recognizers(in: ctx.config)
    var out: [DrawCommand] = []
    var slops: Set<Double> = []
    let moved = start.distance(to: t.location)
    let center = viewport.toPixels(t.location)
    let ring = TouchMarker.radius(viewport: viewport, unit: unit)
    // By id, once per frame (a touch on 20,000 recognizers searched the list for each).
    var byId: [String: RecognizerSpec] = [:]
    if !t.recognizers.isEmpty {
      byId.reserveCapacity(specs.count)
      for s in specs where !s.isBuiltIn && byId[s.spec.id] == nil { byId[s.spec.id] = s.spec }
    }
    for id in t.recognizers {
      guard let spec = byId[id], spec.isEnabled else {
        continue
      }
      let status = ctx.snapshot.recognizers[id] ?? RecognizerStatus()
      let watching = status.state == .possible && status.touches.contains(t.number)
      // Failed during this touch: its circle stays, red, when the finger's move is what failed it.
      let failed = status.lastNonReset.map { $0.to == .failed && $0.time >= t.downTime } ?? false
      switch spec.kind {
      case .tap:
        let limit = ModelConstants.uikit.tapAllowableMovement
        if watching || (failed && moved > limit) { slops.insert(limit) }
      case .longPress:
        let limit = spec.allowableMovement
        if watching || (failed && moved > limit) { slops.insert(limit) }
        let duration = spec.minimumPressDuration * 1000
        let fraction = duration > 0 ? (ctx.playheadTime - t.downTime) / duration : 1
        if watching && fraction < 1 {
          out += arc(center: center, radius: ring + 6 * unit, fraction: fraction, unit: unit)
        } else if (status.state == .began || status.state == .changed) && status.touches.contains(t.number) {
          out.append(
            .circle(
              center: center, radius: ring + 6 * unit, fill: nil, stroke: Stroke(Palette.pressDone, width: 3 * unit)))
        }
      default:
        continue
      }
    }
    for slop in slops.sorted() {
      let crossed = moved > slop
      let color = crossed ? Palette.cancelMark : Palette.touch(t.number).mixed(with: Palette.darkText, 0.3)
      out.append(
        .circle(
          center: viewport.toPixels(start), radius: slop * viewport.scale,
          fill: crossed ? Palette.cancelMark.withAlpha(0.08) : nil,
          stroke: Stroke(color.withAlpha(0.8), width: 1.5 * unit, dash: 4 * unit)))
    }
    return out
  }

  /// A countdown arc: a faint full track and `fraction` of it drawn from twelve o'clock, clockwise.
  private static func arc(center: Point, radius: Double, fraction: Double, unit: Double) -> [DrawCommand] {
    var out: [DrawCommand] = [
      .circle(
        center: center, radius: radius + 1.5 * unit, fill: nil,
        stroke: Stroke(RGBA.white.withAlpha(0.35), width: 3 * unit))
    ]
    let f = min(max(fraction, 0), 1)
    let steps = max(Int(48 * f), 1)
    var points = [Point(center.x, center.y - radius)]
    for i in 1...steps {
      let angle = -Double.pi / 2 + 2 * Double.pi * f * Double(i) / Double(steps)
      points.append(Point(center.x + radius * Trig.cos(angle), center.y + radius * Trig.sin(angle)))
    }
    // A white halo under a dark arc: readable on any view colour, distinct from every finger colour.
    for stroke in [Stroke(RGBA.white.withAlpha(0.9), width: 5 * unit), Stroke(Palette.pressWaiting, width: 3 * unit)] {
      for i in 1..<points.count { out.append(.line(from: points[i - 1], to: points[i], stroke: stroke)) }
    }
    return out
  }
}

extension Palette {
  /// The long press's countdown while it waits, and its ring once it began.
  static let pressWaiting = RGBA(0x26, 0x27, 0x2B)
  static let pressDone = RGBA(0x2E, 0xB8, 0x6B)
}
