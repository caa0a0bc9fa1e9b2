import Testing
import TouchSim

@testable import DeviceBridge
@testable import SceneFile

/// Rules H-12 to H-16 in scene files: the scroll view keys, their `set` steps, the `restsAt` question, the
/// YAML writer and `export swift`.
@Suite struct ScrollPropertyFileTests {
  static let pagerYAML = sceneText(
    """
    root:
      id: root
      frame: [0, 0, 390, 844]
      subviews:
        - id: pager
          kind: scroll
          frame: [0, 100, 390, 300]
          contentSize: [1170, 300]
          bounces: false
          alwaysBounceVertical: true
          alwaysBounceHorizontal: true
          isPagingEnabled: true
          contentInset: [10, 20, 30, 40]
          isDirectionalLockEnabled: true
        - { id: caption, kind: label, frame: [0, 500, 390, 40], text: Pages }
    """)

  @Test func theKeysAreRead() throws {
    let s = try load(Self.pagerYAML).root.subviews[0].scroll!
    #expect(!s.bounces)
    #expect(s.alwaysBounceVertical && s.alwaysBounceHorizontal && s.isPagingEnabled && s.isDirectionalLockEnabled)
    #expect(s.contentInset == EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
    // Defaults: UIKit's.
    let plain = try load(sceneText("root: { id: root, frame: [0, 0, 10, 10], kind: scroll }")).root.scroll!
    #expect(plain.bounces && !plain.isPagingEnabled && !plain.alwaysBounceVertical && plain.contentInset == .zero)
  }

  @Test func badValuesArePositioned() {
    expectProblem(
      sceneText("root: { id: root, frame: [0, 0, 10, 10], kind: scroll, contentInset: [1, 2, 3] }"), at: 2, 70,
      "'contentInset' takes [top, left, bottom, right]")
    expectProblem(
      sceneText("root: { id: root, frame: [0, 0, 10, 10], isPagingEnabled: true }"), at: 2, 42,
      "'isPagingEnabled' applies to scroll views only")
    expectProblem(
      sceneText("root: { id: root, frame: [0, 0, 10, 10], kind: scroll, bounces: 3 }"), at: 2, 65,
      "'bounces' takes true or false")
  }

  /// `set` steps change the five bools on a scroll view, and refuse them elsewhere.
  @Test func setStepsChangeThemMidScript() throws {
    let yaml =
      Self.pagerYAML + """

        script:
          - { t: 0, set: { pager.isPagingEnabled: false, pager.bounces: true } }
          - { t: 10, set: { pager.alwaysBounceVertical: false, pager.isDirectionalLockEnabled: false } }
        """
    let scene = try load(yaml)
    let engine = Engine(scene: scene)
    engine.run(script: scene.script)
    let after = engine.scene.root.subviews[0].scroll!
    #expect(!after.isPagingEnabled && after.bounces && !after.alwaysBounceVertical && !after.isDirectionalLockEnabled)
    expectProblem(
      Self.pagerYAML + "\nscript:\n  - { t: 0, set: { caption.bounces: false } }", at: 18, 37,
      "'bounces' applies to scroll views only")
  }

  /// A drag after a `set` that turns paging on settles on a page (the engine reads the new value): 90 pt
  /// at 500 pt/s is a flick, so the next page.
  @Test func aSetTakesEffectOnTheNextDrag() throws {
    let yaml = sceneText(
      """
      root:
        id: root
        frame: [0, 0, 390, 844]
        subviews:
          - { id: pager, kind: scroll, frame: [0, 100, 390, 300], contentSize: [1170, 300] }
      script:
        - { t: 0, set: { pager.isPagingEnabled: true } }
        - { t: 100, touch: 1, down: [300, 200] }
        - { t: 200, touch: 1, move: [250, 200] }
        - { t: 300, touch: 1, move: [200, 200] }
        - { t: 400, touch: 1, up: true }
      """)
    let trace = Engine.replay(try load(yaml))
    let last = trace.last { $0.event.kind == "scroll" }!
    #expect(last.json == #"{"t":400,"ev":"scroll","view":"pager","contentOffset":[390,0],"settle":"page"}"#)
  }

  static func question(_ body: String) -> String {
    Self.pagerYAML + "\nscript:\n  - { t: 0, touch: 1, down: [300, 200] }\n  - { t: 80, touch: 1, up: true }\n"
      + "questions:\n  - { t: 0, ask: Where?, " + body + " }\n"
  }

  @Test func restsAtQuestions() throws {
    let q = try load(Self.question(#"restsAt: pager, choices: ["(0, 0)", "(390, 0)"]"#)).questions[0]
    #expect(q.asks == .restsAt(view: "pager"))
    #expect(q.choices == ["(0, 0)", "(390, 0)"])
    expectProblem(
      Self.question(#"restsAt: caption, choices: ["(0, 0)", "(1, 0)"]"#), at: 21, 35,
      "'caption' is a label, not a scroll view")
    expectProblem(
      Self.question(#"restsAt: pager, choices: ["(0,0)", "(1, 0)"]"#), at: 21, 52,
      "write the offset '(0,0)' as '(0, 0)'")
    expectProblem(
      Self.question(#"restsAt: pager, choices: ["0, 0", "(1, 0)"]"#), at: 21, 52,
      "a choice here is a content offset '(x, y)'")
    expectProblem(Self.question("restsAt: pager"), at: 21, 5, "a restsAt question needs 'choices'")
    // Written back as it was read.
    let scene = try load(Self.question(#"restsAt: pager, choices: ["(0, 0)", "(390, 0)"]"#))
    #expect(try load(SceneWriter.yaml(scene)).questions == scene.questions)
  }

  /// The YAML writer writes the keys that differ from UIKit's defaults, and reads back the same scene.
  @Test func theWriterKeepsThem() throws {
    let scene = try load(Self.pagerYAML)
    let text = SceneWriter.yaml(scene)
    for key in [
      "bounces: false", "alwaysBounceVertical: true", "alwaysBounceHorizontal: true", "isPagingEnabled: true",
      "contentInset: [10, 20, 30, 40]", "isDirectionalLockEnabled: true",
    ] {
      #expect(text.contains(key), "no '\(key)' in\n\(text)")
    }
    #expect(try load(text).root.subviews[0].scroll == scene.root.subviews[0].scroll)
  }

  @Test func exportSwiftSetsThem() throws {
    let swift = SwiftExporter.export(try load(Self.pagerYAML))
    for line in [
      "pager.contentInset = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)", "pager.bounces = false",
      "pager.alwaysBounceVertical = true", "pager.alwaysBounceHorizontal = true", "pager.isPagingEnabled = true",
      "pager.isDirectionalLockEnabled = true",
    ] {
      #expect(swift.contains(line), "no '\(line)'")
    }
    // UIKit's defaults are not written.
    let plain = SwiftExporter.export(
      try load(sceneText("root: { id: root, frame: [0, 0, 10, 10], kind: scroll, contentSize: [10, 20] }")))
    #expect(!plain.contains("bounces") && !plain.contains("isPagingEnabled") && !plain.contains("contentInset"))
  }

  /// H-17's two switches: read (UIKit's default is on), set by a script, written back only when off, and
  /// exported behind the iOS version that has them.
  @Test func theHandOffSwitchesGoEveryWay() throws {
    let yaml = sceneText(
      """
      root:
        id: root
        frame: [0, 0, 390, 844]
        subviews:
          - id: list
            kind: scroll
            frame: [0, 100, 390, 300]
            contentSize: [390, 900]
            transfersVerticalScrollingToParent: false
      script:
        - { t: 0, set: { list.transfersHorizontalScrollingToParent: false, list.transfersVerticalScrollingToParent: true } }
      """)
    let scene = try load(yaml)
    let s = scene.root.subviews[0].scroll!
    #expect(!s.transfersVerticalScrollingToParent && s.transfersHorizontalScrollingToParent)
    let engine = Engine(scene: scene)
    engine.run(script: scene.script)
    let after = engine.scene.root.subviews[0].scroll!
    #expect(after.transfersVerticalScrollingToParent && !after.transfersHorizontalScrollingToParent)
    var unscripted = scene
    unscripted.script = []
    let text = SceneWriter.yaml(unscripted)
    #expect(text.contains("transfersVerticalScrollingToParent: false"))
    #expect(!text.contains("transfersHorizontalScrollingToParent"))
    #expect(try load(text).root.subviews[0].scroll == s)
    let swift = SwiftExporter.export(unscripted)
    #expect(swift.contains("if #available(iOS 17.4, *) { list.transfersVerticalScrollingToParent = false }"))
    #expect(!swift.contains("transfersHorizontalScrollingToParent"))
    expectProblem(
      sceneText("root: { id: root, frame: [0, 0, 10, 10], transfersVerticalScrollingToParent: false }"), at: 2, 42,
      "'transfersVerticalScrollingToParent' applies to scroll views only")
  }
}
