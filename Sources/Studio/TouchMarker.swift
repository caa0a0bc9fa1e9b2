import TouchSim

/// A finger to draw on the canvas: its number, where it is (scene points) and whether it is down.
public struct TouchMarker: Hashable, Sendable {
  public var number: Int
  public var location: Point
  /// False for a hovering pointer (drawn hollow).
  public var pressed: Bool

  public init(number: Int, location: Point, pressed: Bool = true) {
    self.number = number
    self.location = location
    self.pressed = pressed
  }

  /// The touches still down at the end of `trace`, from its `input` events, by number.
  public static func active(in trace: [TraceEntry]) -> [TouchMarker] {
    var down: [Int: Point] = [:]
    for entry in trace {
      guard case .input(let touch, let phase, let at, _) = entry.event else { continue }
      switch phase {
      case .began, .moved, .stationary: down[touch] = at
      case .ended, .cancelled: down[touch] = nil
      }
    }
    return down.keys.sorted().map { TouchMarker(number: $0, location: down[$0]!) }
  }
}
