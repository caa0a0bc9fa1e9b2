import TouchSim

/// Which physical pointer an input came from.
public enum PointerID: Hashable, Sendable {
  /// The mouse (left button).
  case mouse
  /// A touchscreen finger, by SDL's finger id.
  case finger(Int64)
}

/// A key the window reacts to.
public enum StudioKey: Hashable, Sendable {
  case escape
  case character(Character)
}

/// Input to the window, translated from SDL events at the edge; positions are in pixels of the drawing target.
public enum StudioInput: Equatable, Sendable {
  case pointerDown(PointerID, at: Point)
  case pointerMoved(PointerID, to: Point)
  case pointerUp(PointerID, at: Point)
  /// The window lost focus or the pointer left it: every touch is cancelled.
  case focusLost
  case key(StudioKey)
  case quit
}
