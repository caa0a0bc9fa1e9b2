import Geometry
import TouchSim
import TraceKit

/// The user's pointers as touches: which touch number each pointer holds, the simulated second finger,
/// the modifier keys, the hovering mouse and the pivot of a simulated pinch.
///
/// Pure bookkeeping: it turns pointer events into script actions (`ScriptStep.Action`) for the model to
/// feed to the engine, and never decides anything about touch delivery.
///
/// The simulated second finger, as in the iOS Simulator but smarter: with Alt, a finger mirrored around a
/// pivot (pinch and rotate). The pivot starts at the centre of the front-most view under the pointer
/// that has a pinch or rotation recognizer (the device's centre when there is none); Alt+Shift moves the
/// pivot (hovering: it follows the pointer; dragging: both fingers move together). Shift alone: a second
/// finger 80 pt to the right, moving along (a two-finger pan).
struct LiveInput {
  /// The touch each pointer holds down.
  private(set) var pointerTouches: [PointerID: Int] = [:]
  /// The simulated second finger: its touch number and where it is.
  private(set) var virtualFinger: (touch: Int, location: Point)?
  private(set) var modifiers = Modifiers.none
  /// The mouse over the device (scene points), when it is not pressed.
  private(set) var hover: Point?
  /// Where each live touch was last sent to the engine.
  private(set) var fedLocation: [Int: Point] = [:]
  /// The pivot placed by hand (Alt+Shift); nil: found under the pointer.
  private(set) var placedPivot: Point?
  /// The pivot of the gesture in progress (fixed at touch-down, moved only by Alt+Shift).
  private var gesturePivot: Point?
  /// Where the mouse was at the last drag step (Alt+Shift moves the pivot by the difference).
  private var lastMouse: Point?

  /// Shift with Alt: the pivot moves instead of the fingers spreading.
  var movesPivot: Bool { modifiers.alt && modifiers.shift }

  /// Whether any pointer holds a touch.
  var isEmpty: Bool { pointerTouches.isEmpty }

  func touch(of pointer: PointerID) -> Int? { pointerTouches[pointer] }

  /// Forgets every pointer (their touches were cancelled or the engine restarted).
  mutating func reset() {
    pointerTouches = [:]
    virtualFinger = nil
    fedLocation = [:]
    gesturePivot = nil
    lastMouse = nil
  }

  mutating func setHover(_ p: Point?) { hover = p }

  /// The actions were sent to the engine: remember where each touch is.
  mutating func noteFed(_ actions: [ScriptStep.Action]) {
    for a in actions {
      switch a {
      case .down(let n, let p), .move(let n, let p): fedLocation[n] = p
      case .up(let n, _), .cancel(let n): fedLocation[n] = nil
      default: break
      }
    }
  }

  // MARK: Pointers

  /// A pointer goes down at scene point `p` as touch `n` (and the simulated finger as `partner`, when
  /// the mouse goes down with Alt or Shift).
  mutating func down(
    _ id: PointerID, at p: Point, scene: LiveScene, numbers: (Set<Int>) -> Int
  ) -> [ScriptStep.Action] {
    let n = numbers([])
    pointerTouches[id] = n
    var actions: [ScriptStep.Action] = [.down(touch: n, at: p)]
    if id == .mouse {
      lastMouse = p
      gesturePivot = pivot(under: p, scene: scene)
      if let partner = partnerLocation(for: p) {
        let m = numbers([n])
        virtualFinger = (m, partner)
        actions.append(.down(touch: m, at: partner))
      }
    }
    return actions
  }

  /// The pointer's touch moves to `p`; nil when it moved less than a point (no new event).
  mutating func move(_ id: PointerID, to p: Point) -> [ScriptStep.Action]? {
    guard let n = pointerTouches[id], fedLocation[n] != p else { return nil }
    var actions: [ScriptStep.Action] = [.move(touch: n, to: p)]
    if id == .mouse {
      if movesPivot, let last = lastMouse, let pivot = gesturePivot { gesturePivot = pivot + (p - last) }
      lastMouse = p
      if let v = virtualFinger, let partner = partnerLocation(for: p) {
        virtualFinger = (v.touch, partner)
        actions.append(.move(touch: v.touch, to: partner))
      }
    }
    return actions
  }

  /// The pointer's touch lifts at `p` (with the simulated finger when it is the mouse).
  mutating func up(_ id: PointerID, at p: Point?) -> [ScriptStep.Action] {
    guard let n = pointerTouches[id] else { return [] }
    pointerTouches[id] = nil
    var actions: [ScriptStep.Action] = [.up(touch: n, at: p)]
    if id == .mouse {
      if let v = virtualFinger { actions.append(.up(touch: v.touch, at: v.location)) }
      virtualFinger = nil
      gesturePivot = nil
      lastMouse = nil
    }
    return actions
  }

  /// The modifiers changed: while the mouse is down this adds or lifts the simulated finger; Alt+Shift
  /// while hovering places the pivot, and letting go of Alt forgets a placed pivot.
  mutating func setModifiers(
    _ m: Modifiers, scene: LiveScene, location: Point?, numbers: (Set<Int>) -> Int
  ) -> [ScriptStep.Action] {
    modifiers = m
    if !m.alt { placedPivot = nil }
    if movesPivot, pointerTouches[.mouse] == nil, let h = hover { placedPivot = h }
    guard let n = pointerTouches[.mouse], let p = location ?? hover else { return [] }
    if let v = virtualFinger, partnerLocation(for: p) == nil {
      virtualFinger = nil
      return [.up(touch: v.touch, at: v.location)]
    }
    if virtualFinger == nil {
      if gesturePivot == nil { gesturePivot = pivot(under: p, scene: scene) }
      if let partner = partnerLocation(for: p) {
        let m = numbers([n])
        virtualFinger = (m, partner)
        return [.down(touch: m, at: partner)]
      }
    }
    return []
  }

  /// The modifier flags a key event carries (a `.modifiers` event that was lost is made up for; fingers
  /// are added and lifted by `setModifiers` only).
  mutating func syncModifierFlags(_ m: Modifiers) {
    modifiers = m
    if !m.alt { placedPivot = nil }
  }

  /// The mouse hovers at `p` (scene points, nil off the device); Alt+Shift carries the pivot along.
  mutating func hover(at p: Point?) {
    hover = p
    if movesPivot, let p { placedPivot = p }
  }

  // MARK: The simulated finger

  /// Where the simulated finger goes for the mouse at `p`: mirrored around the pivot with Alt, 80 pt to
  /// the right with Shift alone; nil without either.
  func partnerLocation(for p: Point) -> Point? {
    if modifiers.alt, let c = gesturePivot { return Point(2 * c.x - p.x, 2 * c.y - p.y) }
    if modifiers.shift && !modifiers.alt { return Point(p.x + 80, p.y) }
    return nil
  }

  /// The pivot to show while Alt is held: the gesture's, or the one the pointer would get now.
  func shownPivot(scene: LiveScene) -> Point? {
    guard modifiers.alt else { return nil }
    if let gesturePivot { return gesturePivot }
    return hover.map { pivot(under: $0, scene: scene) }
  }

  /// The pivot for a pinch starting at `p`: a placed pivot, else the centre (in window coordinates) of
  /// the front-most view under `p` with a pinch or rotation recognizer, else the device's centre.
  func pivot(under p: Point, scene: LiveScene) -> Point {
    if let placedPivot { return placedPivot }
    if let view = Self.frontMostPinchable(at: p, scene: scene) { return view }
    let w = scene.scene.window
    return Point(w.width / 2, w.height / 2)
  }

  /// The window-coordinate centre of the front-most visible view whose bounds contain `p` and that has a
  /// pinch or rotation recognizer.
  static func frontMostPinchable(at p: Point, scene: LiveScene) -> Point? {
    // Front-most first: a view's later subviews, depth first, before the view itself.
    func search(_ id: String, _ local: Point, _ toWindow: AffineTransform) -> Point? {
      guard let v = scene.views[id], !v.hidden, v.alpha >= 0.01 else { return nil }
      for child in (scene.children[id] ?? []).reversed() {
        guard let c = scene.views[child], let inverse = c.toSuperview.inverted else { continue }
        if let found = search(child, inverse.apply(local), c.toSuperview.followed(by: toWindow)) { return found }
      }
      let pinchable = (scene.recognizersOn[id] ?? []).contains {
        let kind = scene.recognizers[$0]?.kind
        return kind == .pinch || kind == .rotation
      }
      guard pinchable, v.bounds.contains(local) else { return nil }
      return toWindow.apply(v.bounds.mid)
    }
    guard let root = scene.views[scene.rootID], let inverse = root.toSuperview.inverted else { return nil }
    return search(scene.rootID, inverse.apply(p), root.toSuperview)
  }
}
