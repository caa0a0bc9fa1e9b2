import Geometry
import Raster
import TouchSim
import TraceKit

/// A recognizer's state machine drawn as a small diagram (rule 5.1).
///
/// Discrete recognizers (tap, swipe): possible → recognized (ended) or failed. Continuous ones:
/// possible → began → changed → ended, began / changed → cancelled, possible → failed. The current state
/// is filled, the others drawn at about 25 %; the last transition taken is bold (after the reset to
/// possible it stays bold, and its target keeps a ring, so the outcome remains visible); the node of the
/// action's state flashes when the action fires; a waiting recognizer's `possible` gets an amber ring.
enum InspectorStateDiagram {
  /// What the diagram shows.
  struct Input {
    var discrete: Bool
    var status: RecognizerStatus?
    /// 0...1 while the action flash lasts.
    var flash: Double?
    var waiting: Bool
  }

  private struct Node {
    var state: GestureState
    var label: String
    var column: Int
    var row: Int
  }

  static func height(_ t: Theme) -> Double { nodeHeight(t) * 2 + rowGap(t) + topRoom(t) }
  private static func nodeHeight(_ t: Theme) -> Double { 19 * t.unit }
  private static func rowGap(_ t: Theme) -> Double { 14 * t.unit }
  /// Room above the first row for the began → ended arc.
  private static func topRoom(_ t: Theme) -> Double { 8 * t.unit }

  private static func nodes(discrete: Bool) -> [Node] {
    if discrete {
      return [
        Node(state: .possible, label: "possible", column: 0, row: 0),
        Node(state: .ended, label: "✓ recognized", column: 1, row: 0),
        Node(state: .failed, label: "✗ failed", column: 0, row: 1),
      ]
    }
    return [
      Node(state: .possible, label: "possible", column: 0, row: 0),
      Node(state: .began, label: "began", column: 1, row: 0),
      Node(state: .changed, label: "changed", column: 2, row: 0),
      Node(state: .ended, label: "✓ ended", column: 3, row: 0),
      Node(state: .failed, label: "✗ failed", column: 0, row: 1),
      Node(state: .cancelled, label: "✗ cancelled", column: 2, row: 1),
    ]
  }

  /// The edges drawn (the resets back to possible are not: they would cross everything).
  private static func edges(discrete: Bool) -> [(GestureState, GestureState)] {
    if discrete { return [(.possible, .ended), (.possible, .failed)] }
    return [
      (.possible, .began), (.began, .changed), (.changed, .ended), (.began, .ended), (.possible, .failed),
      (.began, .cancelled), (.changed, .cancelled),
    ]
  }

  /// How tightly the nodes are drawn: tried in order until the diagram fits its width.
  private struct Fit {
    var scale: Double
    var padding: Double
    var icons: Bool
    static let levels = [
      Fit(scale: 1, padding: 14, icons: true), Fit(scale: 1, padding: 8, icons: true),
      Fit(scale: 0.88, padding: 7, icons: true), Fit(scale: 0.88, padding: 6, icons: false),
      // A narrow inspector in presenter mode (800 × 600): smaller still rather than a node cut at its edge.
      Fit(scale: 0.76, padding: 5, icons: false), Fit(scale: 0.66, padding: 4, icons: false),
    ]
  }
  private static let minGap = 10.0

  private static func nodeStyle(_ t: Theme, _ c: RGBA, bold: Bool, _ fit: Fit) -> TextStyle {
    t.style(t.smallSize * fit.scale, c, face: bold ? .bold : .regular, anchor: .center)
  }

  private static func label(_ n: Node, _ fit: Fit) -> String {
    fit.icons || !(n.label.hasPrefix("✓ ") || n.label.hasPrefix("✗ ")) ? n.label : String(n.label.dropFirst(2))
  }

  /// The width the diagram needs at least (its labels with padding and the smallest gaps).
  static func minimumWidth(discrete: Bool, _ t: Theme) -> Double {
    let widths = columnWidths(discrete: discrete, t, Fit.levels[0])
    return widths.reduce(0, +) + Double(widths.count - 1) * 16 * t.unit
  }

  private static func columnWidths(discrete: Bool, _ t: Theme, _ fit: Fit) -> [Double] {
    let ns = nodes(discrete: discrete)
    let columns = (ns.map(\.column).max() ?? 0) + 1
    var w = [Double](repeating: 0, count: columns)
    for n in ns {
      let textW = InspectorText.width(label(n, fit), nodeStyle(t, .white, bold: true, fit))
      w[n.column] = max(w[n.column], textW + fit.padding * t.unit)
    }
    return w
  }

  /// Draws the diagram in `rect` (height `height(t)`), left-aligned.
  static func draw(_ input: Input, in rect: Rect, _ t: Theme, into list: inout DrawList) {
    let u = t.unit
    let ns = nodes(discrete: input.discrete)
    var fit = Fit.levels[0]
    var widths = columnWidths(discrete: input.discrete, t, fit)
    for level in Fit.levels {
      fit = level
      widths = columnWidths(discrete: input.discrete, t, fit)
      if widths.reduce(0, +) + Double(widths.count - 1) * minGap * u <= rect.width { break }
    }
    let gap = min(max((rect.width - widths.reduce(0, +)) / Double(max(widths.count - 1, 1)), minGap * u), 44 * u)
    var xs: [Double] = []
    var x = rect.minX
    for w in widths {
      xs.append(x)
      x += w + gap
    }
    let nh = nodeHeight(t)
    func frame(_ n: Node) -> Rect {
      let y = rect.minY + topRoom(t) + Double(n.row) * (nh + rowGap(t))
      return Rect(xs[n.column], y, widths[n.column], nh)
    }
    var frames: [GestureState: Rect] = [:]
    for n in ns { frames[n.state] = frame(n) }

    let status = input.status
    let current = status?.state ?? .possible
    let lastMove = status?.lastNonReset
    let wasReset = status?.last.map { $0.to == .possible } ?? false

    // Edges first, nodes on top.
    for (a, b) in edges(discrete: input.discrete) {
      guard let fa = frames[a], let fb = frames[b] else { continue }
      let bold = lastMove.map { $0.from == a && $0.to == b } ?? false
      let color = bold ? t.color(of: b) : t.faintText.withAlpha(0.7)
      let stroke = Stroke(color, width: bold ? max(2, 3 * u) : max(1, u))
      var points: [Point]
      if fa.minY == fb.minY && abs(fb.minX - fa.maxX) < 1 + gap + 1 {
        points = [Point(fa.maxX, fa.mid.y), Point(fb.minX - 1, fb.mid.y)]
      } else if fa.minY == fb.minY {
        // began → ended, over the top of changed.
        let top = rect.minY + 2 * u
        points = [Point(fa.mid.x, fa.minY), Point(fa.mid.x, top), Point(fb.mid.x, top), Point(fb.mid.x, fb.minY - 1)]
      } else if abs(fa.mid.x - fb.mid.x) < 1 {
        points = [Point(fa.mid.x, fa.maxY), Point(fb.mid.x, fb.minY - 1)]
      } else {
        points = [Point(fa.mid.x, fa.maxY), Point(fb.minX + min(12 * u, fb.width / 3), fb.minY - 1)]
      }
      for i in 1..<points.count { list.add(.line(from: points[i - 1], to: points[i], stroke: stroke)) }
      InspectorWidgets.arrowHead(
        from: points[points.count - 2], tip: points[points.count - 1], length: (bold ? 7 : 5) * u, stroke,
        into: &list)
    }
    // The last move was changed → changed: a loop mark on changed.
    if let m = lastMove, m.from == .changed, m.to == .changed, let f = frames[.changed] {
      list.text(
        "↻", Point(f.maxX - 4 * u, f.maxY + 1 * u), t.style(t.smallSize, t.active, face: .bold, anchor: .topLeading))
    }

    for n in ns {
      let f = frames[n.state]!
      let color = t.color(of: n.state)
      let isCurrent = n.state == current
      let radius = 5 * u
      if isCurrent {
        list.add(
          .roundedRect(
            f, radius: radius, fill: color, stroke: Stroke(color.mixed(with: .white, 0.35), width: max(1, u))))
        list.text(label(n, fit), f.mid, nodeStyle(t, Palette.text(on: color), bold: true, fit))
      } else {
        list.add(
          .roundedRect(
            f, radius: radius, fill: color.withAlpha(0.22), stroke: Stroke(color.withAlpha(0.4), width: max(1, u))))
        list.text(label(n, fit), f.mid, nodeStyle(t, t.secondaryText.withAlpha(0.85), bold: false, fit))
      }
      // Where the last move went, once it has been reset: a ring keeps the outcome in sight.
      if wasReset, let m = lastMove, m.to == n.state, !isCurrent {
        let r = Rect(f.minX - 2 * u, f.minY - 2 * u, f.width + 4 * u, f.height + 4 * u)
        list.add(.roundedRect(r, radius: radius + 2 * u, fill: nil, stroke: Stroke(color, width: max(1, 1.5 * u))))
      }
      if n.state == .possible && input.waiting {
        let r = Rect(f.minX - 2.5 * u, f.minY - 2.5 * u, f.width + 5 * u, f.height + 5 * u)
        list.add(
          .roundedRect(
            r, radius: radius + 2 * u, fill: nil, stroke: Stroke(t.waiting, width: max(1, 2 * u), dash: 3 * u)))
      }
      if let flash = input.flash, let a = status?.lastAction,
        a.state == n.state || (input.discrete && n.state == .ended && a.state == .ended)
      {
        InspectorWidgets.ring(
          around: f, radius: radius, flash, t.color(of: a.state).mixed(with: .white, 0.3), t, into: &list)
      }
    }
  }
}
