import Geometry
import TestSupport
import Testing
import TouchSim

/// L10: a pinch begins once the distance between its two touches changed by 8 pt, a rotation once the
/// line between them turned 0.1 rad (UIKit does not document either; both are `ModelConstants`).
@Suite struct TwoFingerThresholdTests {
  private func photo(_ kind: RecognizerKind) -> Scene {
    scene([v("photo", [0, 0, 390, 844], recognizers: [g("g", kind)])])
  }

  /// Two fingers 100 pt apart on a horizontal line, then moved to `a` and `b`, then lifted.
  private func twoFingers(to a: (Double, Double), _ b: (Double, Double)) -> [ScriptStep] {
    [
      down(1, 150, 400, t: 0), down(2, 250, 400, t: 0), move(1, a.0, a.1, t: 40), move(2, b.0, b.1, t: 40),
      up(1, t: 80), up(2, t: 80),
    ]
  }

  /// L10: moved 3 pt apart (the reference's case): no began; 6 pt short of the threshold: none either; 10 pt: began.
  @Test func pinchBeginsAfterTheDistanceChangedByEightPoints() {
    #expect(Run(photo(.pinch), twoFingers(to: (148.5, 400), (251.5, 400))).actions("g").isEmpty)
    #expect(Run(photo(.pinch), twoFingers(to: (147, 400), (253, 400))).actions("g").isEmpty)
    let spread = Run(photo(.pinch), twoFingers(to: (145, 400), (255, 400)))
    #expect(spread.actions("g").first == "began")
    #expect(spread.reason("g", to: .began)?.contains("8") == true)
  }

  /// L10: a turn of about 0.05 rad: no began; about 0.2 rad: began. The distance barely changes.
  @Test func rotationBeginsAfterATenthOfARadian() {
    // Turning the pair about its midpoint (200, 400) with radius 50: (cos, sin) of the angle.
    func turned(_ angle: Double) -> [ScriptStep] {
      let (c, s) = (50 * Trig.cos(angle), 50 * Trig.sin(angle))
      return twoFingers(to: (200 - c, 400 - s), (200 + c, 400 + s))
    }
    #expect(Run(photo(.rotation), turned(0.05)).actions("g").isEmpty)
    #expect(Run(photo(.rotation), turned(0.2)).actions("g").first == "began")
  }

  /// L10: the thresholds are the model's numbers: a larger pinch threshold holds the same spread back.
  @Test func thresholdsAreConfigurable() {
    var constants = ModelConstants.uikit
    constants.pinchThreshold = 20
    let spread = twoFingers(to: (145, 400), (255, 400))
    #expect(Run(photo(.pinch), spread, constants: constants).actions("g").isEmpty)
    #expect(Run(photo(.pinch), spread).actions("g").first == "began")
  }
}
