import Geometry
import TouchSim

/// The engine's performance figures (performance): touch events per second through the whole engine, and hit
/// tests per second on a large tree. Standard library only; every scene, script and point comes from a
/// seeded generator, so the work measured is the same on every run.
enum EngineBench {
  // MARK: - Throughput

  /// An app screen of exactly 1,000 views and 50 recognizers (plus the two scroll views' built-in pans):
  /// a navigation bar, a feed (scroll view) of 61 rows with avatars, labels, buttons, switches, sliders,
  /// steppers and clipped tag strips, a transformed photo with pinch, rotation and pan, a horizontal
  /// carousel (scroll view), a tab bar and a pass-through overlay. Taps, double taps with a tap that
  /// requires them to fail, long presses, swipes, a screen-edge pan; the seed varies the details.
  static func throughputScene(seed: UInt64 = 1) -> Scene {
    var rng = SplitMix(seed: seed)
    func view(_ id: String, _ kind: ViewKind = .view, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> ViewSpec {
      ViewSpec(id: id, kind: kind, frame: Rect(x, y, w, h))
    }
    func button(_ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> ViewSpec {
      var b = view(id, .button, x, y, w, h)
      b.subviews = [view(id + "i", .imageView, 4, 4, w - 8, h - 8)]
      return b
    }
    var root = view("root", .view, 0, 0, 390, 844)
    root.recognizers = [RecognizerSpec(id: "edge", kind: .screenEdgePan)]

    var nav = view("nav", .view, 0, 0, 390, 88)
    var navTap = RecognizerSpec(id: "navTap", kind: .tap)
    navTap.cancelsTouchesInView = false
    nav.recognizers = [navTap]
    nav.subviews = [
      button("navBack", 8, 44, 44, 40), view("navTitle", .label, 100, 50, 190, 30),
      button("navSearch", 290, 44, 44, 40), button("navMore", 340, 44, 44, 40),
    ]

    let rowCount = 61
    var feed = view("feed", .scroll, 0, 88, 390, 500)
    feed.scroll = ScrollSpec(contentSize: Size(390, Double(rowCount) * 84))
    feed.bounds.origin = Point(0, Double(rng.int(0...(rowCount * 84 - 500))))
    for r in 0..<rowCount {
      var row = view("row\(r)", .view, 0, Double(r) * 84, 390, 84)
      var avatar = view("av\(r)", .imageView, 12, 12, 60, 60)
      if r % 12 == 0 {
        avatar.userInteractionEnabled = true
        var double = RecognizerSpec(id: "avd\(r)", kind: .tap)
        double.numberOfTapsRequired = 2
        avatar.recognizers = [double]
      }
      row.subviews.append(avatar)
      row.subviews.append(view("ti\(r)", .label, 84, 10, 200, 22))
      row.subviews.append(view("su\(r)", .label, 84, 34, 200, 18))
      row.subviews.append(button("lk\(r)", 330, 20, 44, 44))
      switch r % 3 {
      case 0: row.subviews.append(view("sw\(r)", .switch, 84, 56, 51, 24))
      case 1: row.subviews.append(view("sl\(r)", .slider, 84, 56, 110, 24))
      default: row.subviews.append(view("st\(r)", .stepper, 84, 56, 94, 24))
      }
      var tags = view("tg\(r)", .view, 200, 56, 110, 24)
      tags.clipsToBounds = true
      for k in 0..<3 {
        var tag = view("tg\(r)_\(k)", .control, Double(k) * 44, 0, 40, 24)
        tag.enabled = rng.chance(0.9)
        tag.subviews = [view("tg\(r)_\(k)l", .label, 2, 2, 36, 20)]
        tags.subviews.append(tag)
      }
      row.subviews.append(tags)
      if r % 4 == 0 {
        var select = RecognizerSpec(id: "sel\(r)", kind: .tap)
        select.cancelsTouchesInView = false
        if r % 12 == 0 { select.requireToFail = ["avd\(r)"] }
        if r % 8 == 0 {
          select.delegate = DelegateSpec()
          select.delegate!.shouldReceive = .unlessTouchIn(["lk\(r)"])
        }
        row.recognizers.append(select)
      }
      if r % 5 == 2 {
        var press = RecognizerSpec(id: "lp\(r)", kind: .longPress)
        press.delaysTouchesBegan = r % 10 == 2
        row.recognizers.append(press)
      }
      if r % 10 == 7 {
        var swipe = RecognizerSpec(id: "sw\(r)L", kind: .swipe)
        swipe.direction = [.left]
        row.recognizers.append(swipe)
      }
      row.hidden = rng.chance(0.03)
      feed.subviews.append(row)
    }

    var photo = view("photo", .imageView, 10, 592, 370, 100)
    photo.userInteractionEnabled = true
    photo.transform = TransformSpec(rotation: 2)
    var pinch = RecognizerSpec(id: "pinch", kind: .pinch)
    pinch.delegate = DelegateSpec()
    pinch.delegate!.shouldRecognizeSimultaneouslyWith = .ids(["rotate"])
    var pan = RecognizerSpec(id: "photoPan", kind: .pan)
    pan.maximumNumberOfTouches = 2
    photo.recognizers = [pinch, RecognizerSpec(id: "rotate", kind: .rotation), pan]
    for k in 0..<12 {
      var sticker = view("stk\(k)", .view, Double(k) * 30, rng.double(0, 60), 28, 28)
      sticker.transform = TransformSpec(scale: Point(1.2, 1.2), rotation: rng.double(-40, 40))
      sticker.hidden = k % 5 == 4
      if k % 6 == 1 { sticker.alpha = 0.005 }
      photo.subviews.append(sticker)
    }

    let cardCount = 20
    var carousel = view("carousel", .scroll, 0, 700, 390, 100)
    carousel.scroll = ScrollSpec(contentSize: Size(Double(cardCount) * 130, 100))
    carousel.scroll!.delaysContentTouches = false
    for k in 0..<cardCount {
      var card = view("cd\(k)", .view, Double(k) * 130 + 5, 5, 120, 90)
      card.subviews = [
        view("cdi\(k)", .imageView, 0, 0, 120, 50), view("cdt\(k)", .label, 4, 52, 112, 16),
        button("cdb\(k)", 60, 66, 56, 22),
      ]
      if k % 5 == 0 { card.recognizers = [RecognizerSpec(id: "cardTap\(k)", kind: .tap)] }
      carousel.subviews.append(card)
    }

    var tabs = view("tabs", .view, 0, 800, 390, 44)
    for k in 0..<5 {
      var tab = button("tab\(k)", Double(k) * 78, 0, 78, 44)
      tab.subviews.append(view("tab\(k)l", .label, 10, 30, 58, 12))
      if k == 0 { tab.recognizers = [RecognizerSpec(id: "tabPress", kind: .longPress)] }
      tabs.subviews.append(tab)
    }

    var overlay = view("overlay", .view, 0, 0, 390, 844)
    overlay.passThrough = true
    var toast = view("toast", .label, 40, 500, 310, 40)
    toast.hidden = true
    toast.subviews = [view("toastText", .label, 8, 8, 294, 24)]
    var fab = button("fab", 320, 520, 56, 56)
    fab.exclusiveTouch = true
    var hint = view("hint", .label, 0, 400, 390, 30)
    hint.alpha = 0.005
    overlay.subviews = [toast, fab, hint]

    root.subviews = [nav, feed, photo, carousel, tabs, overlay]
    var scene = Scene(root: root)
    scene.title = "Engine throughput (1,000 views, 50 recognizers)"
    return scene
  }

  /// A random multi-touch script of `steps` touch steps (down / move / up) after which every finger is
  /// lifted: taps, double taps, drags, swipes, long presses, and two- and three-finger gestures, one after
  /// another with pauses that let timers fire. Several fingers moving in the same frame share a time
  /// (one UIEvent). Touch numbers are not reused.
  static func randomScript(for scene: Scene, steps: Int, seed: UInt64 = 7) -> [ScriptStep] {
    var rng = SplitMix(seed: seed)
    let w = scene.window
    var out: [ScriptStep] = []
    out.reserveCapacity(steps + 8)
    var t = 0.0
    var number = 0
    func point() -> Point { Point(rng.double(0, w.width), rng.double(0, w.height)) }
    while out.count < steps {
      t += rng.chance(0.3) ? rng.double(200, 700) : rng.double(16, 120)
      let kind = rng.int(100)
      let fingers = kind < 80 ? 1 : (kind < 95 ? 2 : 3)
      var at: [Point] = []
      var ids: [Int] = []
      let start = point()
      for f in 0..<fingers {
        number += 1
        ids.append(number)
        at.append(f == 0 ? start : start + Point(rng.double(-80, 80), rng.double(-80, 80)))
      }
      // Fingers go down together, or one frame apart.
      let together = rng.chance(0.6)
      for f in 0..<fingers {
        if f > 0 && !together { t += 16 }
        out.append(ScriptStep(t: t, .down(touch: ids[f], at: at[f])))
      }
      // Then: a quick tap (maybe doubled), a hold, or frames of movement (a drag, a swipe, a pinch).
      let style = rng.int(100)
      var moves = 0
      var step = Point(0, 0)
      var spread = 0.0
      switch style {
      case 0..<30: moves = rng.int(0...1)
      case 30..<40: moves = 0
      case 40..<75:
        moves = rng.int(4...40)
        step = Point(rng.double(-9, 9), rng.double(-9, 9))
      case 75..<88:
        moves = rng.int(3...6)
        step = Point(rng.chance(0.5) ? 30 : -30, rng.double(-4, 4))
      default:
        moves = rng.int(5...25)
        spread = rng.double(-6, 6)
      }
      for _ in 0..<moves {
        t += 16
        for f in 0..<fingers {
          let jitter = Point(rng.double(-2, 2), rng.double(-2, 2))
          let outward = f == 0 ? Point(-spread, 0) : Point(spread, spread / 2)
          at[f] = at[f] + step + jitter + outward
          out.append(ScriptStep(t: t, .move(touch: ids[f], to: at[f])))
        }
      }
      t += style < 40 ? (style < 30 ? rng.double(40, 140) : rng.double(550, 900)) : 16
      for f in 0..<fingers {
        if f > 0 && rng.chance(0.3) { t += 16 }
        out.append(ScriptStep(t: t, .up(touch: ids[f], at: nil)))
      }
      // A quick tap is followed by a second one at the same place half of the time (double tap).
      if style < 30 && fingers == 1 && rng.chance(0.5) {
        t += rng.double(60, 250)
        number += 1
        let p = at[0] + Point(rng.double(-5, 5), rng.double(-5, 5))
        out.append(ScriptStep(t: t, .down(touch: number, at: p)))
        t += rng.double(40, 120)
        out.append(ScriptStep(t: t, .up(touch: number, at: nil)))
      }
    }
    return out
  }

  /// Median over `runs` of the touch steps (down / move / up) per second through a fresh engine's
  /// `run(script:)` (which fires the remaining timers), with the whole trace kept in memory. The engine is
  /// built outside the timed part; `events` is the number of touch steps, `traceEntries` the trace length.
  /// The default script (20,000 steps) records about 175,000 entries (11 MB); much longer ones make each
  /// run also pay for page faults on fresh memory (glibc maps blocks over 32 MB straight from the system).
  static func measureThroughput(
    runs: Int, steps: Int = 20_000, seed: UInt64 = 1
  ) -> (eventsPerSecond: Double, events: Int, traceEntries: Int, baselineMs: Double) {
    let scene = throughputScene(seed: seed)
    let script = randomScript(for: scene, steps: steps, seed: seed &+ 6)
    var entries = 0
    var times: [Double] = []
    var baseline: [Double] = []
    var empty = Scene(root: ViewSpec(id: "root", frame: Rect(origin: .zero, size: scene.window)))
    empty.window = scene.window
    for _ in 0..<max(1, runs) {
      let engine = Engine(scene: scene)
      times.append(seconds { engine.run(script: script) })
      entries = engine.trace.count
      // The baseline, in turn with the engine so both see the same machine: the same events replayed
      // on a window with nothing in it (one view, no recognizers): the engine's own bookkeeping and trace
      // for each event, with no scene to decide anything.
      let bare = Engine(scene: empty)
      baseline.append(seconds { bare.run(script: script) })
    }
    return (Double(script.count) / median(times), script.count, entries, median(baseline) * 1000)
  }

  // MARK: - Hit-testing

  /// A tree of exactly 10,000 views in the default window: each view splits its budget among 2 to 9
  /// subviews laid out in a jittered grid over it (some hanging outside it), so depths vary from 2 to
  /// about 9. Some views are transformed (rotation, scale), hidden, transparent (alpha 0 or 0.005), not
  /// interactive (labels and image views by default), clipping, with an enlarged touch area, disabled
  /// controls or pass-through containers.
  static func hitTestScene(seed: UInt64 = 3) -> Scene {
    var rng = SplitMix(seed: seed)
    var counter = 0
    let kinds: [ViewKind] = [.view, .view, .view, .view, .button, .label, .imageView, .control, .switch]
    func build(_ spec: inout ViewSpec, budget: Int) {
      // `budget` views in this subtree, `spec` included.
      var rest = budget - 1
      guard rest > 0 else { return }
      let n = min(rest, rng.int(2...9))
      var shares = [Int](repeating: 1, count: n)
      rest -= n
      let weights = (0..<n).map { _ in rng.double(0.2, 1) }
      let total = weights.reduce(0, +)
      for i in 0..<n {
        let s = Int(Double(rest) * weights[i] / total)
        shares[i] += s
      }
      shares[n - 1] += rest - shares.reduce(0, +) + n
      let cols = Int(Double(n).squareRoot().rounded(.up))
      let rows = (n + cols - 1) / cols
      let b = spec.bounds
      let cw = b.width / Double(cols)
      let ch = b.height / Double(rows)
      for i in 0..<n {
        counter += 1
        let subtree = shares[i]
        let kind: ViewKind = subtree > 1 ? (rng.chance(0.9) ? .view : kinds[rng.int(kinds.count)]) : kinds[rng.int(9)]
        let x = b.minX + Double(i % cols) * cw + rng.double(-0.1, 0.1) * cw
        let y = b.minY + Double(i / cols) * ch + rng.double(-0.1, 0.1) * ch
        let grow = rng.chance(0.1) ? rng.double(1, 1.5) : rng.double(0.85, 1)
        var v = ViewSpec(id: "h\(counter)", kind: kind, frame: Rect(x, y, cw * grow, ch * grow))
        let roll = rng.int(100)
        switch roll {
        case 0..<4: v.transform = TransformSpec(rotation: rng.double(-30, 30))
        case 4..<7: v.transform = TransformSpec(scale: Point(rng.double(0.7, 1.3), rng.double(0.7, 1.3)))
        case 7..<9: v.hidden = true
        case 9..<10: v.alpha = rng.chance(0.5) ? 0 : 0.005
        case 10..<12: v.userInteractionEnabled.toggle()
        case 12..<20: v.clipsToBounds = true
        case 20..<24: v.hitOutset = rng.double(4, 12)
        case 24..<26: v.enabled = false
        case 26..<27: v.passThrough = true
        case 27..<30: v.bounds.origin = Point(rng.double(-10, 10), rng.double(-10, 10))
        default: break
        }
        build(&v, budget: subtree)
        spec.subviews.append(v)
      }
    }
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
    build(&root, budget: 10_000)
    var scene = Scene(root: root)
    scene.title = "Hit-testing (10,000 views)"
    return scene
  }

  /// Median over `runs` of hit tests per second on `hitTestScene`, each at a random point of the window,
  /// through `Engine.hitTest(at:visits:)`, the walk a touch-down makes, recording every visit as the
  /// trace entry a touch-down records. `meanVisits`: visits per hit test.
  static func measureHitTests(
    runs: Int, points count: Int = 200_000, seed: UInt64 = 3
  ) -> (perSecond: Double, meanVisits: Double, calibration: [Double]) {
    let engine = Engine(scene: hitTestScene(seed: seed))
    var rng = SplitMix(seed: seed &+ 11)
    let window = engine.scene.window
    let points = (0..<count).map { _ in Point(rng.double(0, window.width), rng.double(0, window.height)) }
    // The visits pile up as they would in a trace; the buffer is emptied now and then to bound memory.
    var visits: [TraceEntry] = []
    visits.reserveCapacity(8_192)
    var visitCount = 0
    var times: [Double] = []
    var calibration: [Double] = []
    for _ in 0..<max(1, runs) {
      calibration += CalibrationWork.sample()
      visitCount = 0
      times.append(
        seconds {
          for p in points {
            if visits.count > 4_096 { visits.removeAll(keepingCapacity: true) }
            let before = visits.count
            _ = engine.hitTest(at: p, visits: &visits)
            visitCount += visits.count - before
          }
        })
    }
    return (Double(count) / median(times), Double(visitCount) / Double(count), calibration)
  }

  // MARK: - Timing

  static func seconds(_ body: () -> Void) -> Double {
    let d = ContinuousClock().measure(body)
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
  }

  static func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s[s.count / 2]
  }
}
