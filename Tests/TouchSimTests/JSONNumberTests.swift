import Testing

@testable import Geometry
@testable import TouchSim

/// The trace writer appends numbers as bytes (`JSONNumber.append`); they must be exactly the text
/// `JSONNumber.format` gives, which docs/TRACE-FORMAT.md describes (whole numbers bare, else up to three
/// decimals without trailing zeros, -0 as 0, non-finite as 0).
@Suite struct JSONNumberTests {
  func appended(_ v: Double) -> String {
    var bytes: [UInt8] = Array("x".utf8)
    JSONNumber.append(v, to: &bytes)
    return String(decoding: bytes.dropFirst(), as: UTF8.self)
  }

  @Test func appendedBytesAreTheFormattedText() {
    let edges: [Double] = [
      0, -0.0, 1, -1, 0.5, -0.5, 0.0004, 0.0005, -0.0005, 0.001, 0.01, 0.1, 0.12, 0.125, 1.2345, 99.9995,
      123.456, 124.667, 1e6, 1e9, 1e12, 8.999e12, 9e12, 9e12 + 0.5, 1e15, 1e19, -1e19, 1e300, .infinity,
      -.infinity, .nan, .pi, -.pi, 195, 844, 3460.5,
    ]
    for v in edges { #expect(appended(v) == JSONNumber.format(v), "\(v)") }
    var seed: UInt64 = 42
    for _ in 0..<20_000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let magnitude = [1.0, 10, 1000, 1e6, 1e11, 1e13][Int(seed >> 60) % 6]
      let v = (Double(seed >> 11) / Double(1 << 53) - 0.5) * 2 * magnitude
      #expect(appended(v) == JSONNumber.format(v), "\(v)")
    }
  }
}
