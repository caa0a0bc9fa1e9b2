import TouchSim

extension Scene {
  /// The scene with every script step's source line set to 0.
  ///
  /// `ScriptStep.line` records where a step was read, so a scene read back from `SceneWriter.yaml` equals
  /// the original only up to those lines: compare `a.withoutSourceLines == b.withoutSourceLines`.
  public var withoutSourceLines: Scene {
    var s = self
    for i in s.script.indices { s.script[i].line = 0 }
    return s
  }
}
