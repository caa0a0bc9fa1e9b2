/// One scene of the library, for the scene list.
public struct SceneListItem: Hashable, Sendable {
  public var path: String
  public var title: String
  public init(path: String, title: String) {
    self.path = path
    self.title = title
  }
}

/// One sentence of the narration, tied to the trace entry it explains.
public struct NarrationItem: Hashable, Sendable {
  public var t: Double
  public var traceIndex: Int
  public var isSummary: Bool
  public var text: String
  public init(t: Double, traceIndex: Int, isSummary: Bool, text: String) {
    self.t = t
    self.traceIndex = traceIndex
    self.isSummary = isSummary
    self.text = text
  }
}
