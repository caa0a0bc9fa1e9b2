import Geometry
import Raster
import TouchSim
import TraceKit

/// Recognizer badges: a small pill per recognizer in the top-trailing corner of its view, coloured by the
/// recognizer's state at the playhead (blue in progress, green recognized, red failed or cancelled, amber
/// while it waits for others to fail), with an icon as well as a colour, flashing when its action fires.
enum CanvasBadges {
  /// How long (trace ms) a badge flashes after its action fired.
  static let flash: Double = 400
  /// How long (trace ms) a badge keeps showing the outcome after the recognizer was reset to possible.
  static let afterglow: Double = 500

  /// One badge: the recognizer, what it shows, and where.
  struct Badge {
    var id: String
    var text: String
    var fill: RGBA
    var ink: RGBA
    var stroke: Stroke?
    /// 0...1: how strongly the action flash shows.
    var flash: Double
  }

  /// The recognizers of a view, as ids, with whether each is enabled: its own, then a scroll view's pan.
  static func recognizers(of view: ViewSpec) -> [(id: String, enabled: Bool)] {
    var out = view.recognizers.map { (id: $0.id, enabled: $0.isEnabled) }
    out += view.builtInRecognizers.map { (id: $0.id, enabled: true) }
    return out
  }

  /// The badge of a recognizer this view was given and lost to a view given it later (rule C-9): struck
  /// through, grey, naming the view that has it.
  static func takenBadge(_ taken: TakenRecognizer) -> Badge {
    Badge(
      id: taken.recognizer, text: taken.recognizer + " → " + taken.keptBy, fill: Palette.tagFill.withAlpha(0.7),
      ink: Palette.ghost, stroke: nil, flash: 0)
  }

  /// What the badge of recognizer `id` shows now.
  static func badge(_ id: String, enabled: Bool, _ ctx: PanelContext) -> Badge {
    let status = ctx.snapshot.recognizers[id] ?? RecognizerStatus()
    let theme = ctx.theme
    var state = status.state
    var strength = 1.0
    if state == .possible, let last = status.lastNonReset, status.last?.to == .possible {
      let age = ctx.playheadTime - last.time
      if age >= 0 && age < afterglow {
        state = last.to
        strength = 1 - age / afterglow * 0.6
      }
    }
    let flashAge = status.lastAction.map { ctx.playheadTime - $0.time } ?? .infinity
    let flash = flashAge >= 0 && flashAge < flash ? 1 - flashAge / flash : 0
    if !enabled {
      return Badge(
        id: id, text: id + " off", fill: Palette.tagFill.withAlpha(0.7), ink: Palette.ghost, stroke: nil, flash: 0)
    }
    switch state {
    case .possible where !status.waitingFor.isEmpty:
      return Badge(id: id, text: id + " …", fill: theme.waiting, ink: Palette.darkText, stroke: nil, flash: flash)
    case .possible:
      return Badge(
        id: id, text: id, fill: Palette.tagFill, ink: Palette.lightText,
        stroke: Stroke(theme.active, width: theme.pixelScale),
        flash: flash)
    case .began, .changed:
      return Badge(
        id: id, text: id + " ●", fill: theme.active.withAlpha(strength), ink: Palette.lightText, stroke: nil,
        flash: flash)
    case .ended:
      return Badge(
        id: id, text: id + " ✓", fill: theme.good.withAlpha(strength), ink: Palette.lightText, stroke: nil, flash: flash
      )
    case .failed, .cancelled:
      return Badge(
        id: id, text: id + " ✗", fill: theme.bad.withAlpha(strength), ink: Palette.lightText, stroke: nil, flash: flash)
    }
  }

  /// Places the badges of every view with recognizers that shows: in its top-trailing corner, one under the
  /// other, wherever the labeler finds room otherwise.
  static func place(_ ctx: PanelContext, geometry: CanvasGeometry, labeler: inout CanvasLabeler) {
    let u = labeler.unit
    let size = 10 * u
    let h = size * 1.5
    let gap = 2 * u
    for i in geometry.nodes.indices {
      // Most views have no recognizer: they are passed over without copying their node.
      guard geometry.nodes[i].mayHaveBadges, let anchor = labeler.anchor(at: i) else { continue }
      let node = geometry.nodes[i]
      let list = recognizers(of: node.spec)
      let taken = node.spec.recognizersTakenAway
      guard !list.isEmpty || !taken.isEmpty else { continue }
      var previous: Rect?
      let badges =
        list.map { (badge($0.id, enabled: $0.enabled, ctx), struck: !$0.enabled) }
        + taken.map { (takenBadge($0), struck: true) }
      for (b, struck) in badges {
        let id = b.id
        var slots = LabelPlacer.Slot.around(anchor, pad: gap, gap: gap)
        slots.swapAt(0, 1)  // top trailing first
        if let previous {
          slots.insert(LabelPlacer.Slot(Point(previous.maxX, previous.maxY + gap), .trailing, .top), at: 0)
        }
        let placed = labeler.place(
          .recognizer, LabelPlacer.Text(id, tail: String(b.text.dropFirst(id.count)), keep: 3), size: size, face: .bold,
          pill: (4 * u, h), slots: slots, region: labeler.region(of: node), target: Point(anchor.maxX, anchor.minY),
          reach: 60 * u, owner: id, of: node.spec.id
        ) { label in
          label.fill = b.fill
          label.radius = h / 2
          label.stroke = b.stroke
          label.ink = b.ink
          label.flash = b.flash
          label.struck = struck
          label.leaderColor = b.fill.withAlpha(1)
        }
        previous = placed?.box ?? previous
      }
    }
  }
}

extension Palette {
  /// The flash around a recognizer badge when its action fires.
  static let actionFlash = RGBA(0xF0, 0xE4, 0x42)
}
