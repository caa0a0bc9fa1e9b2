import Geometry
import TestSupport
import Testing
import TouchSim

/// What the performance work (performance) must not change: discarding the trace, the public hit test, and
/// the values the engine caches (hit-test geometry) against the properties they come from.
@Suite struct EnginePerformanceContractTests {
  /// A deterministic generator for the scripts below.
  struct LCG {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(n))
    }
    mutating func ops(_ count: Int) -> [Int] { (0..<count).map { _ in next(1_000_000_000) } }
  }

  /// Random `set`, `bringToFront` and `sendToBack` steps slipped into a script, on the scene's own views and
  /// recognizers (values that do not fit are ignored by the engine, as they are in scene files).
  static func withChanges(_ script: [ScriptStep], scene: Scene, rng: inout LCG) -> [ScriptStep] {
    let views = scene.allViews.map(\.id)
    let recognizers = scene.allRecognizers.map(\.id)
    let viewChanges: [(String, [PropertyValue])] = [
      ("hidden", [.bool(true), .bool(false)]), ("alpha", [.number(0), .number(0.005), .number(0.5), .number(1)]),
      ("userInteractionEnabled", [.bool(false), .bool(true)]), ("enabled", [.bool(false), .bool(true)]),
      ("hitOutset", [.number(0), .number(25)]), ("passThrough", [.bool(true), .bool(false)]),
      ("multipleTouchEnabled", [.bool(true)]), ("exclusiveTouch", [.bool(true), .bool(false)]),
      ("contentOffset", [.list([.number(0), .number(120)]), .list([.number(0), .number(0)])]),
    ]
    let recognizerChanges: [(String, [PropertyValue])] = [
      ("isEnabled", [.bool(false), .bool(true)]), ("numberOfTapsRequired", [.number(1), .number(2)]),
      ("delaysTouchesBegan", [.bool(true), .bool(false)]), ("cancelsTouchesInView", [.bool(false), .bool(true)]),
    ]
    var out: [ScriptStep] = []
    for step in script {
      if rng.next(4) == 0 {
        switch rng.next(6) {
        case 0: out.append(ScriptStep(t: step.t, .bringToFront(views[rng.next(views.count)])))
        case 1: out.append(ScriptStep(t: step.t, .sendToBack(views[rng.next(views.count)])))
        case 2 where !recognizers.isEmpty:
          let (key, values) = recognizerChanges[rng.next(recognizerChanges.count)]
          let change = PropertyChange(
            target: recognizers[rng.next(recognizers.count)], key: key, value: values[rng.next(values.count)])
          out.append(ScriptStep(t: step.t, .set([change])))
        default:
          let (key, values) = viewChanges[rng.next(viewChanges.count)]
          let change = PropertyChange(
            target: views[rng.next(views.count)], key: key, value: values[rng.next(values.count)])
          out.append(ScriptStep(t: step.t, .set([change])))
        }
      }
      out.append(step)
    }
    return out
  }

  /// What `Engine.run(script:)` does, one time group at a time, calling `between` after each group.
  static func runInGroups(_ engine: Engine, _ script: [ScriptStep], between: () -> Void) {
    var i = 0
    var endTime: Double?
    while i < script.count {
      var j = i
      while j < script.count && script[j].t == script[i].t { j += 1 }
      let group = Array(script[i..<j])
      if group.contains(where: { $0.action == .end }) { endTime = max(endTime ?? 0, script[i].t) }
      engine.perform(group)
      between()
      i = j
    }
    if let endTime { engine.advance(to: endTime) } else { engine.runUntilIdle() }
    between()
  }

  /// Everything public the engine tells about its state, to compare two engines.
  static func state(_ e: Engine, _ scene: Scene) -> String {
    let states = (scene.allRecognizers.map(\.id) + scene.allViews.filter { $0.kind == .scroll }.map { $0.id + ".pan" })
      .map { "\($0)=\(e.state(of: $0).map(\.rawValue) ?? "-")" }
    return "\(e.now) \(e.liveTouches) \(String(describing: e.nextTimerTime)) \(e.waiting) \(states) \(e.scene == scene)"
  }

  /// discardTrace(upTo:) only forgets: with the trace cut after every event (all of it, half, nothing, more
  /// than there is), the entries seen along the way are the whole trace of an uncut run, and the engine
  /// ends in the same state.
  @Test func discardingTheTraceChangesNothingElse() {
    var rng = LCG(state: 5)
    for scene in PropertyScenes.all {
      for _ in 0..<12 {
        let script = Self.withChanges(randomScript(rng.ops(60)), scene: scene, rng: &rng)
        let whole = Engine(scene: scene)
        whole.run(script: script)

        let cut = Engine(scene: scene)
        var seen: [TraceEntry] = []
        var round = 0
        Self.runInGroups(cut, script) {
          let n = cut.trace.count
          let count = [n, n / 2, 0, n + 7, -3][round % 5]
          seen += cut.trace.prefix(max(0, min(count, n)))
          cut.discardTrace(upTo: count)
          #expect(cut.trace.count == n - max(0, min(count, n)))
          round += 1
        }
        seen += cut.trace
        #expect(seen == whole.trace)
        #expect(cut.trace == Array(whole.trace.suffix(cut.trace.count)))
        let finalScene = whole.scene
        #expect(Self.state(cut, finalScene) == Self.state(whole, finalScene))
      }
    }
  }

  /// A long session that keeps discarding what it has shown stays small, and keeps working.
  @Test func endlessInputWithDiscardsStaysBounded() {
    var rng = LCG(state: 11)
    let scene = PropertyScenes.everything
    let engine = Engine(scene: scene)
    var t = 0.0
    var largest = 0
    for _ in 0..<40 {
      let script = randomScript(rng.ops(50)).map { ScriptStep(t: $0.t + t, $0.action) }
      Self.runInGroups(engine, script) {
        largest = max(largest, engine.trace.count)
        engine.discardTrace(upTo: engine.trace.count)
      }
      t = engine.now + 1000
      #expect(engine.liveTouches.isEmpty)
      #expect(engine.nextTimerTime == nil)
      #expect(engine.waiting.isEmpty)
    }
    #expect(engine.trace.isEmpty)
    #expect(largest < 2_000)
  }

  /// The public hit test is the walk a touch-down makes: the same visits, the same entries, the same view,
  /// and it leaves the engine's trace alone.
  @Test func publicHitTestRecordsWhatATouchDownRecords() {
    var rng = LCG(state: 3)
    for scene in PropertyScenes.all {
      for _ in 0..<40 {
        let p = Point(Double(rng.next(3_900)) / 10 - 5, Double(rng.next(8_440)) / 10 - 5)
        let engine = Engine(scene: scene)
        var visits: [TraceEntry] = []
        let hit = engine.hitTest(at: p, visits: &visits)
        #expect(engine.trace.isEmpty)

        let touched = Run(scene, [down(1, p.x, p.y, t: 0)])
        let recorded = touched.trace.filter {
          if case .hitTest = $0.event { return true }
          return false
        }
        #expect(visits == recorded, "\(p)")
        #expect(touched.hit() == .some(hit), "\(p)")
      }
    }
  }

  /// The hit test caches each view's geometry and the answers that skip it; every property change the
  /// engine accepts (set, bringToFront, sendToBack, a scroll view's pan moving its content) must reach it:
  /// after each event, hit tests give what a fresh engine of the scene as it is now gives.
  @Test func propertyChangesMidRunReachTheHitTest() {
    var rng = LCG(state: 17)
    var scenes = PropertyScenes.all
    // Scroll views and rotated, scaled, shifted views, whose geometry the cache holds.
    scenes.append(
      scene([
        v(
          "list", [0, 100, 390, 500], kind: .scroll,
          subviews: (0..<8).map { i in
            v("row\(i)", [0, Double(i) * 120, 390, 110], subviews: [v("b\(i)", [250, 30, 100, 50], kind: .button)])
          }
        ) { $0.scroll = ScrollSpec(contentSize: Size(390, 960)) },
        v("badge", [150, 620, 120, 120], subviews: [v("dot", [10, 10, 40, 40]) { $0.hitOutset = 8 }]) {
          $0.transform = TransformSpec(scale: Point(1.5, 0.8), rotation: 30, translation: Point(10, -20))
          $0.bounds.origin = Point(5, 5)
        },
      ]))
    for scene in scenes {
      for _ in 0..<10 {
        let script = Self.withChanges(randomScript(rng.ops(40)), scene: scene, rng: &rng)
        let engine = Engine(scene: scene)
        Self.runInGroups(engine, script) {
          let now = Engine(scene: engine.scene)
          for _ in 0..<4 {
            let p = Point(Double(rng.next(390)), Double(rng.next(844)))
            var cached: [TraceEntry] = []
            var fresh: [TraceEntry] = []
            let a = engine.hitTest(at: p, visits: &cached)
            let b = now.hitTest(at: p, visits: &fresh)
            #expect(a == b, "\(p)")
            #expect(cached.map(\.event) == fresh.map(\.event), "\(p)")
          }
        }
      }
    }
  }

  /// Scrolling by a pan moves the content under the next touch (the scroll view's cached geometry follows).
  @Test func scrolledContentIsHitWhereItIsNow() {
    let s = scene([
      v(
        "list", [0, 100, 390, 600], kind: .scroll,
        subviews: (0..<10).map { i in v("row\(i)", [0, Double(i) * 100, 390, 100]) }
      ) { $0.scroll = ScrollSpec(contentSize: Size(390, 1000)) }
    ])
    let script = drag(from: (200, 600), to: (200, 350), steps: 10) + tap(200, 150, t: 1000, touch: 2)
    let run = Run(s, script)
    let offset = run.trace.compactMap { e -> Point? in
      if case .scroll(_, let o, _) = e.event { return o }
      return nil
    }.last
    #expect(offset != nil)
    // The tap at window y 150 is 50 pt into the list: content y 50 + the offset.
    let contentY = 50 + (offset?.y ?? 0)
    #expect(run.hit(2) == .some("row\(Int(contentY / 100))"))
  }

  /// The transition check is a switch; it must say exactly what the documented table says.
  @Test func legalTransitionCheckMatchesTheTable() {
    for discrete in [true, false] {
      let table = GestureStateMachine.legalTransitions(isDiscrete: discrete)
      for from in GestureState.allCases {
        for to in GestureState.allCases {
          #expect(
            GestureStateMachine.isLegal(from: from, to: to, isDiscrete: discrete)
              == table.contains(GestureStateMachine.Pair(from, to)), "\(from) → \(to), discrete \(discrete)")
        }
      }
    }
  }

  /// Numbers too large for Int64 (a hostile device log's `"t":1e19`) are written as the Double, never trapping.
  @Test func numbersBeyondInt64AreWrittenAsDoubles() {
    #expect(JSONNumber.format(1e19) == "1e+19")
    #expect(JSONNumber.format(-1e19) == "-1e+19")
    #expect(JSONNumber.format(1e300) == "1e+300")
    #expect(JSONNumber.format(-.greatestFiniteMagnitude) == "-1.7976931348623157e+308")
    #expect(JSONNumber.format(9.1e18) == "9100000000000000000")
    #expect(JSONNumber.format(-9e15) == "-9000000000000000")
  }

  /// The number format of the trace, written without intermediate strings, is the one it always was.
  @Test func numbersAreWrittenAsBefore() {
    /// The former implementation, kept as the reference.
    func reference(_ v: Double) -> String {
      guard v.isFinite else { return "0" }
      let scaled = (v * 1000).rounded()
      if scaled == 0 { return "0" }
      if abs(scaled) >= 9e15 { return String(Int64(v.rounded())) }
      let negative = scaled < 0
      let n = Int64(abs(scaled))
      var s = negative ? "-" : ""
      s += String(n / 1000)
      if n % 1000 != 0 {
        var f = String(n % 1000)
        while f.count < 3 { f = "0" + f }
        while f.hasSuffix("0") { f.removeLast() }
        s += "." + f
      }
      return s
    }
    var values: [Double] = [
      0, -0.0, 0.0004, 0.0005, -0.0005, 0.001, 0.01, 0.1, 0.5, 1, 9.9995, 10, 12.34, -12.3456, 100.05, 999.999,
      1e6, 123_456_789.125, 8.9e12, 9e12, 9.1e12, 1e15, -1e16, .infinity, -.infinity, .nan, .pi, -.pi,
    ]
    var rng = LCG(state: 23)
    for _ in 0..<5_000 {
      let magnitude = [1.0, 10, 1_000, 1e6, 1e9, 1e13][rng.next(6)]
      let v = (Double(rng.next(2_000_000)) / 1_000_000 - 1) * magnitude
      values.append(v)
      values.append((v * 1000).rounded() / 1000)
    }
    for v in values { #expect(JSONNumber.format(v) == reference(v), "\(v)") }
  }
}
