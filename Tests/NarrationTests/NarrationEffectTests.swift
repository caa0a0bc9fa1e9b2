import Geometry
import Narration
import TestSupport
import Testing
import TouchSim

/// Recognizer effects in the narration: the app's action handler moving the view, told as such (not as a
/// script's change) and once per burst.
@Suite struct NarrationEffectTests {
  static func chipScene(_ configure: (inout RecognizerSpec) -> Void = { _ in }) -> Scene {
    scene([
      v("chip", [20, 100, 100, 60], recognizers: [g("cardPan", .pan) { $0.effect = .translate }.with(configure)])
    ])
  }

  @Test func aDragIsOneSentenceAboutTheHandler() {
    // Without cancelsTouchesInView nothing interrupts the drag: its moves are one sentence.
    let n = Narrated(
      Self.chipScene { $0.cancelsTouchesInView = false }, drag(from: (70, 130), to: (190, 130), steps: 12))
    n.checkInvariants()
    let moves = n.steps.filter { $0.contains("action handler") }
    #expect(moves == ["`cardPan`'s action handler moves `chip` by (120, 0) in 12 steps."], "\(n)")
    #expect(!n.steps.contains { $0.hasPrefix("The script sets") }, "\(n)")
    // The sentence covers every `set` of the burst.
    let line = n.lines.first { $0.text.contains("action handler") }
    let sets = n.run.trace.indices.filter { n.run.trace[$0].event.kind == "set" }
    #expect(line.map { $0.entries.contains(sets.first!) && $0.entries.contains(sets.last!) } == true)
  }

  @Test func aSentenceBetweenSplitsTheBurst() {
    // With cancelsTouchesInView, touchesCancelled is told right after the pan began: the first move is its own
    // sentence, the rest one more, which says where the view is now.
    let n = Narrated(Self.chipScene(), drag(from: (70, 130), to: (190, 130), steps: 12))
    n.checkInvariants()
    #expect(
      n.steps.filter { $0.contains("action handler") } == [
        "`cardPan`'s action handler moves `chip` by (10, 0).",
        "`cardPan`'s action handler moves `chip` by (110, 0) in 11 steps; its transform's translation is now (120, 0).",
      ], "\(n)")
  }

  @Test func aCancelledDragPutsTheViewBack() {
    let n = Narrated(
      Self.chipScene(), drag(from: (70, 130), to: (190, 130), steps: 12, lift: false) + [cancel(1, t: 300)])
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "`cardPan` was cancelled, so its action handler puts `chip` back as it was when the gesture began (transform.translation (0, 0))."
      ), "\(n)")
  }

  @Test func pinchAndRotationSentences() {
    let photo = v("photo", [0, 200, 390, 200], recognizers: [g("zoom", .pinch) { $0.effect = .scale }])
    let pinch = Narrated(
      scene([photo]),
      [
        down(1, 150, 300, t: 0), down(2, 250, 300, t: 0), move(1, 125, 300, t: 16), move(2, 275, 300, t: 16),
        move(1, 100, 300, t: 32), move(2, 300, 300, t: 32), up(1, t: 48), up(2, t: 48),
      ])
    pinch.checkInvariants()
    #expect(
      pinch.steps.filter { $0.contains("action handler") }.last?.hasPrefix("`zoom`'s action handler scales `photo` by")
        == true, "\(pinch)")
    #expect(pinch.run.engine.scene.root.subviews[0].transform.scale == Point(2, 2))

    let turning = v("photo", [0, 200, 390, 200], recognizers: [g("spin", .rotation) { $0.effect = .rotate }]) {
      $0.transform.rotation = 15
    }
    let rotation = Narrated(
      scene([turning]),
      [
        down(1, 150, 300, t: 0), down(2, 250, 300, t: 0), move(1, 200, 250, t: 16), move(2, 200, 350, t: 16),
        up(1, t: 32), up(2, t: 32),
      ])
    rotation.checkInvariants()
    #expect(
      rotation.steps.contains("`spin`'s action handler rotates `photo` by 90°; its transform's rotation is now 105°."),
      "\(rotation)")
  }

  @Test func scriptedTransformChangesAreStillTheScripts() {
    let n = Narrated(
      scene([v("chip", [20, 100, 100, 60])]),
      [set("chip", "transform.translation", .list([.number(100), .number(0)]), t: 0)])
    #expect(n.steps == ["The script sets `chip`.transform.translation to [100, 0]."], "\(n)")
  }
}

extension RecognizerSpec {
  fileprivate func with(_ configure: (inout RecognizerSpec) -> Void) -> RecognizerSpec {
    var r = self
    configure(&r)
    return r
  }
}
