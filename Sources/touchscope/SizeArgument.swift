import Geometry
import TouchSim

/// `WIDTHxHEIGHT` on the command line (`--size` of `open`, `render`, `record`, `handout`): one parser for
/// every command, each giving the range its sides must lie in.
enum SizeArgument {
  /// The size written in `text` ("1440x900", the x in either case), or nil unless both sides are numbers
  /// within `sides` (whole numbers when `whole`).
  static func parse(_ text: String, sides: ClosedRange<Double>, whole: Bool = false) -> Size? {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    func side(_ s: Substring) -> Double? {
      // Decimal digits only: `Double` alone also reads "0x1p4", "nan" and "1e3".
      guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || (!whole && $0 == ".")) }), let v = Double(s),
        sides.contains(v)
      else { return nil }
      return v
    }
    guard let w = side(parts[0]), let h = side(parts[1]) else { return nil }
    return Size(w, h)
  }
}
