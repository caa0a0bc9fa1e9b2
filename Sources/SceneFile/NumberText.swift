/// Numbers as a scene file writes them: whole numbers without `.0`, others in the shortest form that reads
/// back to the same `Double`.
public enum NumberText {
  public static func format(_ v: Double) -> String {
    if v.isNaN { return ".nan" }
    if v.isInfinite { return v < 0 ? "-.inf" : ".inf" }
    if v == 0 { return "0" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return v.description
  }
}
