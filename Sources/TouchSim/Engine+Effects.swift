import Geometry

/// Recognizer effects (`RecognizerSpec.effect`): the view changed as an app's action handler would change it.
///
/// This is not a UIKit rule: UIKit only sends the action. It is what the handler of a typical playground does,
/// modelled here so that a dragged view follows the finger and hit-testing sees it where it went
/// (docs/MODEL.md, "Recognizer effects"). Like Apple's own pan example ("Handling pan gestures"), the handler
/// remembers the view's transform when the gesture begins, sets it from the recognizer's value at began,
/// changed and ended, and puts it back when the gesture is cancelled. Each change goes through the scene
/// model's own `set` (`ViewSpec.set`) and is traced as a `set` with `origin: effect` right after the action.
extension Simulation {
  /// Runs the effect of recognizer `r`, which has just sent its action for `state`.
  mutating func applyEffect(_ r: Int, _ state: GestureState) {
    guard let effect = recs[r].spec.effect, effect.kinds.contains(recs[r].kind), !recs[r].isBuiltIn else { return }
    let v = recs[r].view
    if state == .began { recs[r].data.effectStart = views[v].spec.transform }
    let start = recs[r].data.effectStart
    let value: PropertyValue
    switch effect {
    case .translate:
      // `translation(in: view.superview)`: the window-space translation by the inverse of the superview's
      // transforms, their linear part only (the window itself for the root view).
      let d = state == .cancelled ? .zero : superviewVector(panTranslation(r), of: v)
      value = .pair(start.translation + d)
    case .scale:
      let s = state == .cancelled ? 1 : recs[r].data.twoFinger.scale
      value = .pair(Point(start.scale.x * s, start.scale.y * s))
    case .rotate:
      // The recognizer's rotation is in radians; the scene's `transform.rotation` in degrees.
      let degrees = state == .cancelled ? 0 : recs[r].data.twoFinger.rotation * 180 / Double.pi
      value = .number(start.rotation + degrees)
    }
    var spec = views[v].spec
    guard spec.set(effect.key, value) == nil, spec.transform != views[v].spec.transform else { return }
    views[v].spec = spec
    emit(.set(target: views[v].id, key: effect.key, value: value, origin: .effect(recognizer: recs[r].id)))
  }

  /// A window-space vector in the coordinates of view `v`'s superview (the window's for the root view).
  private func superviewVector(_ d: Point, of v: Int) -> Point {
    guard let parent = views[v].parent else { return d }
    return vectorInView(d, parent)
  }
}

extension PropertyValue {
  /// `[x, y]`, as a `set` writes a point.
  static func pair(_ p: Point) -> PropertyValue { .list([.number(p.x), .number(p.y)]) }
}
