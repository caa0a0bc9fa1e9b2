import Testing
import TouchSim

@testable import DeviceBridge
@testable import SceneFile

/// Rule H-18 in scene files: the zoom keys, their checks, `ID.pinch` as an id, the YAML writer and
/// `export swift`.
@Suite struct ZoomFileTests {
  static let photoYAML = sceneText(
    """
    root:
      id: root
      frame: [0, 0, 390, 844]
      subviews:
        - id: scroller
          kind: scroll
          frame: [0, 0, 390, 844]
          contentSize: [390, 844]
          minimumZoomScale: 0.5
          maximumZoomScale: 4
          zoomView: photo
          bouncesZoom: false
          subviews:
            - { id: photo, frame: [0, 0, 390, 844], recognizers: [{ id: doubleTap, kind: tap, numberOfTapsRequired: 2 }] }
    """)

  @Test func theKeysAreRead() throws {
    let s = try load(Self.photoYAML).root.subviews[0].scroll!
    #expect(s.minimumZoomScale == 0.5 && s.maximumZoomScale == 4 && s.zoomView == "photo" && !s.bouncesZoom)
    #expect(s.hasPinch)
    // Defaults: UIKit's (no zoom, so no pinch).
    let plain = try load(sceneText("root: { id: root, frame: [0, 0, 10, 10], kind: scroll }")).root.scroll!
    #expect(plain.minimumZoomScale == 1 && plain.maximumZoomScale == 1 && plain.zoomView == nil && plain.bouncesZoom)
    #expect(!plain.hasPinch)
  }

  @Test func badValuesArePositioned() {
    expectProblem(
      sceneText("root: { id: root, frame: [0, 0, 10, 10], kind: scroll, minimumZoomScale: 2, maximumZoomScale: 1 }"),
      at: 2, 95, "'maximumZoomScale' (1) is below 'minimumZoomScale' (2)")
    expectProblem(
      sceneText("root: { id: root, frame: [0, 0, 10, 10], kind: scroll, maximumZoomScale: 0 }"), at: 2, 74,
      "'maximumZoomScale' must be within 0.001...1000")
    expectProblem(
      sceneText("root: { id: root, frame: [0, 0, 10, 10], zoomView: x }"), at: 2, 42,
      "'zoomView' applies to scroll views only")
    // The zoom view is one of the scroll view's own subviews, not a deeper view.
    expectProblem(
      sceneText(
        """
        root:
          id: root
          frame: [0, 0, 390, 844]
          kind: scroll
          maximumZoomScale: 2
          zoomView: deep
          subviews:
            - id: box
              frame: [0, 0, 10, 10]
              subviews: [{ id: deep, frame: [0, 0, 5, 5] }]
        """), at: 7, 13, "'zoomView' must name one of this scroll view's subviews, and 'deep' is not one")
  }

  /// `ID.pinch` is an id while the scales differ: a requirement may name it, a script may not remove it.
  @Test func thePinchIsAnId() throws {
    let named = Self.photoYAML.replacingOccurrences(
      of: "numberOfTapsRequired: 2 }", with: "numberOfTapsRequired: 2, requireToFail: [scroller.pinch] }")
    #expect(try load(named).root.subviews[0].subviews[0].recognizers[0].requireToFail == ["scroller.pinch"])
    let removed = Self.photoYAML + "\nscript:\n  - { t: 0, removeGestureRecognizer: scroller.pinch }\n"
    expectProblem(removed, at: 17, 13, "'scroller.pinch' is a scroll view's own pinch: it cannot be removed or moved")
    // Without different scales there is no pinch to name.
    let none = named.replacingOccurrences(of: "maximumZoomScale: 4", with: "maximumZoomScale: 0.5")
    #expect(throws: SceneFileError.self) { try load(none) }
  }

  @Test func theWriterKeepsThem() throws {
    let scene = try load(Self.photoYAML)
    let text = SceneWriter.yaml(scene)
    for key in ["minimumZoomScale: 0.5", "maximumZoomScale: 4", "zoomView: photo", "bouncesZoom: false"] {
      #expect(text.contains(key), "no '\(key)' in\n\(text)")
    }
    #expect(try load(text).root.subviews[0].scroll == scene.root.subviews[0].scroll)
  }

  @Test func exportSwiftSetsThemAndTheDelegate() throws {
    let swift = SwiftExporter.export(try load(Self.photoYAML))
    for line in [
      "scroller.minimumZoomScale = 0.5", "scroller.maximumZoomScale = 4", "scroller.bouncesZoom = false",
      "scroller.zooming.view = photo", "scroller.delegate = scroller.zooming",
      "func viewForZooming(in scrollView: UIScrollView) -> UIView? { view }",
    ] {
      #expect(swift.contains(line), "no '\(line)'")
    }
    let plain = SwiftExporter.export(
      try load(sceneText("root: { id: root, frame: [0, 0, 10, 10], kind: scroll, contentSize: [10, 20] }")))
    #expect(!plain.contains("ZoomScale") && !plain.contains("delegate = "))
  }

  /// `bouncesZoom` may be set by a script (the next pinch uses it).
  @Test func aSetStepChangesBouncesZoom() throws {
    let scene = try load(Self.photoYAML + "\nscript:\n  - { t: 0, set: { scroller.bouncesZoom: true } }\n")
    let engine = Engine(scene: scene)
    engine.run(script: scene.script)
    #expect(engine.scene.root.subviews[0].scroll?.bouncesZoom == true)
  }
}

/// `zoomsTo` questions in files (rule H-18).
@Suite struct ZoomQuestionFileTests {
  static func withQuestion(_ body: String) -> String {
    ZoomFileTests.photoYAML + "\nquestions:\n  - t: 0\n    ask: Where?\n" + body
  }

  @Test func aZoomsToQuestionIsRead() throws {
    let scene = try load(Self.withQuestion("    zoomsTo: scroller\n    choices: [\"1\", \"2.5\"]\n"))
    #expect(scene.questions[0].asks == .zoomsTo(view: "scroller"))
    #expect(scene.questions[0].choices == ["1", "2.5"])
  }

  @Test func itsChoicesAndViewAreChecked() {
    expectProblem(
      Self.withQuestion("    zoomsTo: scroller\n    choices: [\"3.0\", \"1\"]\n"), at: 20, 15,
      "write the scale '3.0' as '3'")
    expectProblem(
      Self.withQuestion("    zoomsTo: photo\n    choices: [\"1\"]\n"), at: 19, 14,
      "'photo' is a view, not a scroll view: only scroll views zoom")
    expectProblem(Self.withQuestion("    zoomsTo: scroller\n"), at: 17, 5, "a zoomsTo question needs 'choices'")
  }

  @Test func theWriterKeepsIt() throws {
    let scene = try load(Self.withQuestion("    zoomsTo: scroller\n    choices: [\"1\", \"2.5\"]\n"))
    let text = SceneWriter.yaml(scene)
    #expect(text.contains("zoomsTo: scroller"), "\(text)")
    #expect(try load(text).questions == scene.questions)
  }
}
