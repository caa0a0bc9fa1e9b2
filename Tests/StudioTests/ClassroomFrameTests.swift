import Foundation
import Geometry
import Localization
import Raster
import SceneFile
import StudioTestSupport
import Testing
import TouchSim
import TraceKit

@testable import StudioCore

/// The classroom path, checked over every question of the library: while a question is on screen nothing
/// that happens after its time is drawn anywhere (no spoilers); its card never covers the device or the
/// rings of where the fingers land; and no line of text in any frame is cut by the window or its panel.
@Suite struct ClassroomFrameTests {
  static var library: URL { QuestionStudioTests.library }

  /// Every library scene, by file name.
  static func scenes() throws -> [(name: String, scene: Scene)] {
    let files = try FileManager.default.contentsOfDirectory(atPath: library.path).filter { $0.hasSuffix(".yaml") }
      .sorted()
    return try files.map { ($0, try SceneLoader.load(path: library.appendingPathComponent($0).path)) }
  }

  /// Plays the script (P) and stops at question `k`, answering none on the way (Space plays on past each).
  static func play(_ m: StudioModel, toQuestion k: Int) -> QuestionOnScreen? {
    var found: QuestionOnScreen?
    play(m) { q in
      if q.index == k { found = q }
      return q.index < k
    }
    return found
  }

  /// Plays the script (P) to its end, calling `asked` at each question (Space plays on while it returns
  /// true). Ticks of 100 ms without drawing: the playhead stops at each question's time whatever the step.
  static func play(_ m: StudioModel, asked: (QuestionOnScreen) -> Bool) {
    m.perform(.playScript)
    var wall = 0.0
    for _ in 0..<20_000 {
      wall += 100
      m.tick(wall: wall)
      if let q = m.question {
        guard asked(q) else { return }
        m.handle(.key(.space, Modifiers()), wall: wall)
      }
      if !m.isReplaying && m.question == nil { return }
    }
  }

  static func model(_ scene: Scene, presenter: Bool, stage: Bool, language: Language, size: Size) -> StudioModel {
    let m = StudioModel.drawn(scene, size: size, narrated: true)
    m.language = language
    if presenter { m.perform(.togglePresenter) }
    if stage { m.perform(.toggleStage) }
    return m
  }

  /// The same scene whose script steps from `t` on happen ten minutes later: the same past, another
  /// future.
  static func otherFuture(_ scene: Scene, from t: Double) -> Scene {
    var s = scene
    s.script = s.script.map { step in
      var step = step
      if step.t >= t { step.t += 600_000 }
      return step
    }
    return s
  }

  static let configurations: [(presenter: Bool, stage: Bool, language: Language)] = [
    (true, false, .english), (true, true, .english), (true, false, .simplifiedChinese),
    (true, true, .simplifiedChinese),
  ]

  /// No spoilers: the frame at each question is the same whatever happens after the question's time: the
  /// scene played again with every later step moved ten minutes on draws the very same commands (the
  /// rings of where the fingers land, read from the script, left aside). A timeline drawing later marks
  /// (dimmed or not), a log listing later lines, a gesture's end time or narration written from later
  /// lines would differ.
  @Test(arguments: 0..<4)
  func noQuestionShowsAnythingOfWhatHappensAfterIt(configuration: Int) throws {
    let c = Self.configurations[configuration]
    let size = Size(1024, 768)
    var asked = 0
    for (name, scene) in try Self.scenes() {
      for (k, question) in scene.questions.enumerated() {
        let a = Self.model(scene, presenter: c.presenter, stage: c.stage, language: c.language, size: size)
        let b = Self.model(
          Self.otherFuture(scene, from: question.t), presenter: c.presenter, stage: c.stage, language: c.language,
          size: size)
        let qa = try #require(Self.play(a, toQuestion: k), "\(name) question \(k + 1) is never asked")
        let qb = try #require(Self.play(b, toQuestion: k), "\(name) question \(k + 1) is never asked")
        #expect(qa.question == qb.question)
        a.quiz.current?.upcoming = []
        b.quiz.current?.upcoming = []
        let fa = a.frame(size: size, pixelScale: 1).commands
        let fb = b.frame(size: size, pixelScale: 1).commands
        if fa != fb {
          let ta = Set(fa.compactMap { if case .text(let s, _, _) = $0 { s } else { nil } })
          let tb = Set(fb.compactMap { if case .text(let s, _, _) = $0 { s } else { nil } })
          Issue.record(
            "\(name) question \(k + 1): the frame depends on what happens after \(question.t) ms: \(Array(ta.symmetricDifference(tb).sorted().prefix(6)))"
          )
        }
        asked += 1
      }
    }
    #expect(asked >= 77)  // every question of the library
  }

  /// The sizes a class meets: a small projector, the window the program opens on a 1024 × 768 screen
  /// without a window manager, the projector, a laptop, and 4K at scale 2.
  static let sizes: [(size: Size, scale: Double)] = [
    (Size(800, 600), 1), (Size(972, 729), 1), (Size(1024, 768), 1), (Size(1280, 800), 1), (Size(3840, 2160), 2),
  ]

  /// The card and its answer never cover the device's views nor the rings where the fingers land, at
  /// every size, presenter or not, on the stage or not; the answer and its why are at presenter size
  /// (at least 18 px at scale 1).
  @Test(arguments: [
    "08-cancels-touches-in-view.yaml", "11-single-vs-double-tap.yaml", "13-pan-vs-swipe.yaml",
    "18-scroll-view-buttons.yaml",
  ])
  func theCardNeverCoversTheDeviceOrTheRings(file: String) throws {
    let scene = try SceneLoader.load(path: Self.library.appendingPathComponent(file).path)
    for (size, scale) in Self.sizes {
      for presenter in [false, true] {
        for stage in [false, true] {
          let m = StudioModel.drawn(scene, size: size)
          if scale != 1 { m.perform(.scaleUI(scale)) }
          if presenter { m.perform(.togglePresenter) }
          if stage { m.perform(.toggleStage) }
          let place = "\(file) \(size) scale \(scale) presenter \(presenter) stage \(stage)"
          for k in scene.questions.indices {
            if k == 0 {
              _ = try #require(Self.play(m, toQuestion: 0), "\(place)")
            } else {
              m.handle(.key(.space, Modifiers()), wall: 0)
              var wall = 0.0
              while m.question?.index != k && wall < 2_000_000 {
                wall += 100
                m.tick(wall: wall)
              }
            }
            let q = try #require(m.question, "\(place) question \(k + 1)")
            for reveal in [false, true] {
              if reveal { m.handle(.key(.enter, Modifiers()), wall: 0) }
              let list = m.frame(size: size, pixelScale: 1)
              let layout = try #require(m.lastLayout)
              let column = try #require(layout.card, "\(place): no card")
              let vp = m.viewport(for: layout)
              let device = CanvasGeometry.intersect(vp.toPixels(Rect(origin: .zero, size: scene.window)), layout.canvas)
              #expect(column.maxX <= size.width + 0.5 && column.maxY <= size.height + 0.5, "\(place)")
              #expect(CanvasGeometry.intersect(column, device).width <= 0, "\(place): the card covers the device")
              let r = 22 * OverlayQuestion.unit(m.theme)
              for ring in q.upcoming {
                let p = vp.toPixels(ring.at)
                #expect(
                  CanvasGeometry.intersect(column, Rect(p.x - r, p.y - r, 2 * r, 2 * r)).width <= 0,
                  "\(place): the card covers ring \(ring.touch)")
              }
              // Every text of the card inside it, at presenter size when the window gave it room.
              let card = list.commands.compactMap { c -> Rect? in
                if case .roundedRect(let r, _, _, let s?) = c, s.color == m.theme.accent, column.contains(r.origin) {
                  return r
                }
                return nil
              }.last
              let box = try #require(card, "\(place): no card drawn")
              let floor = 18 * m.theme.pixelScale * layout.cardScale - 0.01
              for case .text(let s, let at, let style) in list.commands where box.contains(at) {
                let b = CanvasLabelTests.box(s, at: at, style)
                #expect(b.maxX <= box.maxX + 1 && b.maxY <= box.maxY + 1, "\(place): '\(s)' runs out of the card")
                #expect(style.size >= floor, "\(place): '\(s)' at \(style.size) px in the card at \(layout.cardScale)")
              }
              // Never below presenter size: a small window sets the card tighter instead.
              #expect(layout.cardScale == 1, "\(place): the card's text made smaller")
            }
          }
        }
      }
    }
  }

  /// A message raised while a question is up (a speed key, a reload) never covers the card, the device
  /// or the narration's lines: it goes under the card, in the card's column.
  @Test(arguments: [(Size(1024, 768), true), (Size(1280, 800), false), (Size(972, 729), true)])
  func aToastDuringAQuestionCoversNeitherCardNorDeviceNorNarration(size: Size, presenter: Bool) throws {
    let file = "11-single-vs-double-tap.yaml"
    let scene = try SceneLoader.load(path: Self.library.appendingPathComponent(file).path)
    for stage in [false, true] {
      let m = Self.model(scene, presenter: presenter, stage: stage, language: .english, size: size)
      _ = try #require(Self.play(m, toQuestion: 0))
      m.notify("Speed is already 1× (press ] for faster)", kind: .hint, wall: 0)
      let list = m.frame(size: size, pixelScale: 1)
      let layout = try #require(m.lastLayout)
      let column = try #require(layout.card)
      let toast = try #require(ClassroomKeysTests.toastBox(m), "\(size) stage \(stage): no toast")
      let vp = m.viewport(for: layout)
      let device = CanvasGeometry.intersect(vp.toPixels(Rect(origin: .zero, size: scene.window)), layout.canvas)
      let place = "\(size) presenter \(presenter) stage \(stage): toast \(toast)"
      #expect(CanvasGeometry.intersect(toast, device).width <= 0, "\(place) over the device")
      let card = list.commands.compactMap { c -> Rect? in
        if case .roundedRect(let r, _, _, let s?) = c, s.color == m.theme.accent, column.contains(r.origin) { return r }
        return nil
      }.first
      let box = try #require(card)
      #expect(!ClassroomKeysTests.overlap(toast, box), "\(place) over the card \(box)")
      for case .text(let s, let at, let style) in list.commands where layout.narration.contains(at) {
        let b = CanvasLabelTests.box(s, at: at, style)
        #expect(!ClassroomKeysTests.overlap(toast, b), "\(place) over the narration's '\(s)'")
      }
    }
  }

  /// Every text in `list` that is not wholly inside the window, or inside the panel (clip) it is drawn
  /// in. The device's own clips (the device's edge, a view that clips its subviews, a scroll view's
  /// content) cut its views' text as UIKit does: they are not panels, and text under them is checked
  /// against the panel around the device.
  static func cut(_ list: DrawList, window: Size, device: Rect) -> [String] {
    var clips: [Rect] = [Rect(0, 0, window.width, window.height)]
    // The device's own clips, from its edge in: what of a view's text they let show must lie in the panel.
    var deviceClips: [Rect] = []
    var out: [String] = []
    for c in list.commands {
      switch c {
      case .clip(let r):
        if !deviceClips.isEmpty || r == device {
          deviceClips.append(deviceClips.last.map { CanvasGeometry.intersect($0, r) } ?? r)
        } else {
          clips.append(CanvasGeometry.intersect(clips.last!, r))
        }
      case .unclip:
        if !deviceClips.isEmpty {
          deviceClips.removeLast()
        } else if clips.count > 1 {
          clips.removeLast()
        }
      case .text(let s, let at, let style):
        guard !s.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
        var b = CanvasLabelTests.box(s, at: at, style)
        if let d = deviceClips.last {
          b = CanvasGeometry.intersect(b, d)
          if b.width <= 0 || b.height <= 0 { continue }
        }
        let clip = clips.last!
        // Half a pixel of slack for rounding.
        let inside =
          b.minX >= clip.minX - 0.5 && b.maxX <= clip.maxX + 0.5 && b.minY >= clip.minY - 0.5
          && b.maxY <= clip.maxY + 0.5
        // Wholly clipped away (a label scrolled out of its panel) is not cut, only hidden.
        let hidden = b.maxX <= clip.minX || b.minX >= clip.maxX || b.maxY <= clip.minY || b.minY >= clip.maxY
        if !inside && !hidden {
          out.append("'\(s)' at \(Int(b.minX)),\(Int(b.minY)) \(Int(b.width))×\(Int(b.height)) in \(clip)")
        }
      default: break
      }
    }
    return out
  }

  /// Nothing cut: in every library scene's frames (the introduction, each question answered, the end of
  /// the script), at 1024 × 768 and 800 × 600 in presenter mode, on the stage and off, in English and
  /// Chinese, every line of text lies wholly inside the window and inside the panel (clip) it is drawn in.
  @Test(arguments: 0..<4)
  func noTextIsCutInAnyLibraryFrame(configuration: Int) throws {
    let c = Self.configurations[configuration]
    var problems: [String] = []
    for (name, scene) in try Self.scenes() {
      for size in [Size(1024, 768), Size(800, 600)] {
        let m = Self.model(scene, presenter: c.presenter, stage: c.stage, language: c.language, size: size)
        func check(_ when: String) {
          let list = m.frame(size: size, pixelScale: 1)
          let device = m.viewport(for: m.lastLayout!).toPixels(Rect(origin: .zero, size: scene.window))
          for cut in Self.cut(list, window: size, device: device) {
            problems.append("\(name) \(size) \(when): \(cut)")
          }
        }
        check("introduction")
        Self.play(m) { q in
          check("question \(q.index + 1)")
          m.handle(.key(.enter, Modifiers()), wall: 0)
          check("question \(q.index + 1) answered")
          return true
        }
        check("end")
      }
    }
    #expect(problems.isEmpty, "\(problems.count) cut: \(problems.prefix(12).joined(separator: "\n"))")
  }
}
