import Geometry
import TouchSim

/// Which physical pointer an input came from.
public enum PointerID: Hashable, Sendable {
  /// The mouse (left button).
  case mouse
  /// A touchscreen finger, by SDL's finger id.
  case finger(Int64)
}

/// Modifier keys held.
public struct Modifiers: Hashable, Sendable {
  public var shift = false
  public var control = false
  public var alt = false
  public init(shift: Bool = false, control: Bool = false, alt: Bool = false) {
    self.shift = shift
    self.control = control
    self.alt = alt
  }
  public static let none = Modifiers()
}

/// A key the window reacts to.
public enum StudioKey: Hashable, Sendable {
  case escape, left, right, up, down, backspace, tab, enter, space
  case function(Int)
  /// A printable key, lower case (`shift` is in the modifiers).
  case character(Character)
}

/// Input to the window, translated from SDL events at the edge; positions are in pixels of the drawing target.
public enum StudioInput: Equatable, Sendable {
  case pointerDown(PointerID, at: Point)
  case pointerMoved(PointerID, to: Point)
  case pointerUp(PointerID, at: Point)
  /// The mouse moved with no button down.
  case hover(Point)
  case wheel(dy: Double, at: Point)
  /// The window lost focus: every touch is cancelled (as when a call interrupts an iPhone).
  case focusLost
  case key(StudioKey, Modifiers)
  /// The held modifiers changed (the simulated second finger follows them).
  case modifiers(Modifiers)
  case quit
  /// The secondary (right) button pressed: a context click (on a toggle, compare mode with it flipped).
  case contextClick(at: Point)
}
