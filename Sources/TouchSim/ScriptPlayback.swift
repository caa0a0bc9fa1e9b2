/// Running part of a script: what the window shows at a given time.
public enum ScriptPlayback {
  /// A fresh engine on `scene` that has run every step of `script` at or before `time` (steps with the
  /// same `t` as one event, in time order) and then advanced its clock to `time`.
  public static func engine(for scene: Scene, script: [ScriptStep], until time: Double) -> Engine {
    let engine = Engine(scene: scene)
    let steps = script.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element)
    var group: [ScriptStep] = []
    for step in steps where step.t <= time {
      if let first = group.first, first.t != step.t {
        engine.perform(group)
        group = []
      }
      group.append(step)
    }
    if !group.isEmpty { engine.perform(group) }
    engine.advance(to: time)
    return engine
  }
}
