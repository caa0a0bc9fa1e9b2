import Geometry
import Testing

@testable import Geometry
@testable import TouchSim

/// Numbers as the trace writes them (`JSONNumber.format`, and `JSONNumber.append` for the trace writer's
/// bytes): whole numbers bare, else up to three decimals without trailing zeros, -0 as 0, non-finite as 0
/// (docs/TRACE-FORMAT.md). Checked against the rule written out another way: the thousandths as an
/// integer's text, with the point put in and the trailing zeros taken off.
@Suite struct JSONNumberTests {
  func appended(_ v: Double) -> String {
    var bytes: [UInt8] = Array("x".utf8)
    JSONNumber.append(v, to: &bytes)
    return String(decoding: bytes.dropFirst(), as: UTF8.self)
  }

  /// The rule, for numbers whose thousandths Int64 holds.
  func expected(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let thousandths = Int64((v * 1000).rounded())
    if thousandths == 0 { return "0" }
    var digits = String(thousandths.magnitude)
    while digits.count < 4 { digits = "0" + digits }
    var text = String(digits.dropLast(3)) + "." + String(digits.suffix(3))
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return (thousandths < 0 ? "-" : "") + text
  }

  @Test func numbersFollowTheRule() {
    let literal: [(Double, String)] = [
      (0, "0"), (-0.0, "0"), (1, "1"), (-1, "-1"), (0.5, "0.5"), (0.0004, "0"), (0.0005, "0.001"),
      (-0.0005, "-0.001"), (0.12, "0.12"), (124.667, "124.667"), (3460.5, "3460.5"), (1e12, "1000000000000"),
      (1e19, "1e+19"), (.infinity, "0"), (.nan, "0"),
    ]
    for (v, text) in literal {
      #expect(JSONNumber.format(v) == text, "\(v)")
      #expect(appended(v) == text, "\(v)")
    }
    var seed: UInt64 = 42
    for _ in 0..<20_000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let magnitude = [1.0, 10, 1000, 1e6, 1e11, 1e12][Int(seed >> 60) % 6]
      let v = (Double(seed >> 11) / Double(1 << 53) - 0.5) * 2 * magnitude
      #expect(JSONNumber.format(v) == expected(v), "\(v)")
      #expect(appended(v) == expected(v), "\(v)")
    }
  }

  /// The trace writer's byte buffer: integers as `String` writes them, keys with and without their comma,
  /// numbers as `format`, and everything kept across the buffer's growth from 16 bytes.
  @Test func theByteBufferWritesWhatStringWould() {
    let buffer = ByteBuffer(capacity: 1)
    var expected = ""
    var seed: UInt64 = 7
    let ints = [0, 1, -1, 9, 10, -10, 99, 100, 999_999, Int.max, Int.min, Int.min + 1]
    for i in 0..<5_000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let n = i < ints.count ? ints[i] : Int(bitPattern: UInt(seed)) >> Int(seed % 64)
      buffer.append(int: n)
      expected += String(n)
      buffer.appendKey("key", comma: i % 2 == 0)
      expected += (i % 2 == 0 ? "," : "") + "\"key\":"
      let v = Double(Int64(bitPattern: seed) >> 20) / 1000
      buffer.append(number: v)
      expected += JSONNumber.format(v)
      buffer.append("é\u{1F446}")
      expected += "é\u{1F446}"
    }
    #expect(buffer.string(from: 0) == expected)
    #expect(buffer.take() == Array(expected.utf8))
    #expect(buffer.count == 0 && buffer.string(from: 0).isEmpty)
  }
}
