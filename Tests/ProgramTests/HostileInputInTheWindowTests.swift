import Foundation
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// In the real window under X (Xvfb in `make test`): text SDL_ttf cannot draw, a scene folder
/// deleted and made again, and scenes whose one click is a lot of engine work. Nested in RealWindowTests so
/// that it never runs at the same time as the other real-window suites (one mouse pointer, one screen).
extension RealWindowTests {
  @Suite struct HostileInputInTheWindow {
    /// Texts and ids made only of zero-width characters (SDL_ttf: "Text has zero width"), NULs (a C string
    /// ends at the first), and a letter under eight combining accents.
    static let zeroWidthScene = #"""
      format: touchscope/1
      root:
        id: root
        frame: [0, 0, 390, 844]
        subviews:
          - { id: zwsp, frame: [20, 60, 350, 60], color: "#DDE6F5", text: "\u200B" }
          - { id: zwj, kind: label, frame: [20, 140, 350, 60], text: "\u200D" }
          - { id: shy, frame: [20, 220, 350, 60], color: "#DDE6F5", text: "\u00AD" }
          - { id: vs16, kind: button, frame: [20, 300, 350, 60], text: "\uFE0F" }
          - { id: nul, frame: [20, 380, 350, 60], color: "#DDE6F5", text: "\0" }
          - { id: nulInside, frame: [20, 460, 350, 60], text: "before\0after" }
          - { id: accents, frame: [20, 540, 350, 60], text: "a\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u030A" }
          - id: "\u200B\u200D"
            frame: [20, 620, 350, 60]
            color: "#F5E6DD"
            recognizers: [{ id: "\uFE0F\u00AD", kind: tap }]
      """#

    /// Every such text is drawn as nothing: the window runs on, through taps and a reload, and draws.
    @MainActor @Test func textOfZeroWidthNeverEndsTheWindow() throws {
      let w = try RealWindow(scene: Self.zeroWidthScene)
      defer { w.close() }
      for y in [90.0, 170, 250, 330, 410, 490, 570, 650] { try w.tap(195, y) }
      let trace = try w.waitForTrace { Robustness.count($0, #""phase":"ended""#) == 8 }
      #expect(trace.contains(#""recognizer":"\#u{FE0F}\#u{AD}","state":"ended""#))
      #expect(w.process.isRunning, "\(w.state)")
      // A reload draws the same texts again, with the window's state carried over.
      try (Self.zeroWidthScene + "\ntitle: \"\\u200B\"\n").write(toFile: w.scenePath, atomically: true, encoding: .utf8)
      try w.wait(for: "the reload") { FileManager.default.fileExists(atPath: w.tracePath + ".1") }
      try w.tap(195, 650)
      _ = try w.waitForTrace { $0.contains(#""phase":"ended""#) }
      #expect(w.process.isRunning, "\(w.state)")
      let shot = try w.ownScreenshot()
      #expect(shot.distinctColors(limit: 200) >= 20)
    }

    /// The window was started in the scene's folder with a relative path; the folder is deleted and made
    /// again with a new scene in it (a lesson replaced): the window finds the file and reloads it.
    @Test func aSceneFolderDeletedAndMadeAgainIsReloaded() throws {
      let w = try RealWindow(scene: RealWindowTests.buttonScene, sceneFolder: "lesson")
      defer { w.close() }
      let folder = w.directory + "/lesson"
      try FileManager.default.removeItem(atPath: folder)
      Thread.sleep(forTimeInterval: 0.5)  // the window notices that the file is gone (and keeps its scene)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      let replaced = RealWindowTests.buttonScene.replacingOccurrences(of: "id: pad\n", with: "id: newPad\n")
      try replaced.write(toFile: folder + "/scene.yaml", atomically: true, encoding: .utf8)
      // The new scene loaded: the engine restarted (the old one's trace went to PATH.1).
      try w.wait(for: "the reload") { FileManager.default.fileExists(atPath: w.tracePath + ".1") }
      try w.tap(195, 700)
      let trace = try w.waitForTrace { $0.contains(#""ev":"hit""#) }
      #expect(trace.contains(#""ev":"hit","touch":1,"view":"newPad"}"#), "\(trace)")
    }

    /// One click that is seconds of engine work (4,000 taps, each requiring the one before to fail) never
    /// stops the window presenting frames: the engine works on the model's thread while the frame loop
    /// presents the last frame under the working card (`"working":true` in the frame log), from a fifth of
    /// a second after the input, and then the whole gesture. Judged by how long the loop waited for the
    /// engine (`waited`), which a busy machine does not change (`make test-under-load`).
    @Test func longEngineWorkNeverStopsTheFrames() throws {
      var scene = "format: touchscope/1\nroot:\n  id: root\n  frame: [0, 0, 390, 844]\n  recognizers:\n"
      scene += "    - { id: r0, kind: tap }\n"
      for i in 1..<4000 { scene += "    - { id: r\(i), kind: tap, requireToFail: [r\(i - 1)] }\n" }
      let logPath = NSTemporaryDirectory() + "touchscope-frames-" + UUID().uuidString + ".jsonl"
      defer { try? FileManager.default.removeItem(atPath: logPath) }
      let w = try RealWindow(scene: scene, arguments: ["--frame-log", logPath])
      defer { w.close() }
      Thread.sleep(forTimeInterval: 1)
      try w.tap(195, 400)
      let trace = try w.waitForTrace { $0.contains(#""recognizer":"r3999","from":"possible","to":"failed""#) }
      #expect(trace.contains(#""recognizer":"r0","from":"possible","to":"ended""#))
      #expect(w.process.isRunning, "\(w.state)")
      let walls = try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n").map {
        (
          wall: Double($0.firstMatch(of: /"wall":([0-9.]+)/)?.1 ?? "") ?? -1,
          working: $0.contains(#""working":true"#),
          cost: Double($0.firstMatch(of: /"cost":([0-9.]+)/)?.1 ?? "") ?? 0,
          waited: Double($0.firstMatch(of: /"waited":([0-9.]+)/)?.1 ?? "")
        )
      }
      let working = walls.indices.filter { walls[$0].working }
      _ = try #require(working.first, "no frame was presented while the engine worked: \(walls.count) frames")
      #expect(working.count >= 3)
      // The program's own account, not the wall clock's gaps (which a busy machine stretches whatever the
      // program does): before each frame, the loop waited for the engine's worker at most about a frame's
      // time (16.7 ms, then it shows the card). A loop that waited on the engine, as before, logged seconds.
      let waited = walls.compactMap(\.waited)
      #expect(waited.count == walls.count, "every frame says how long it waited for the engine")
      #expect((waited.max() ?? 0) <= 250 * RealWindow.slowdown, "the frame loop waited for the engine: \(waited)")
    }
  }
}
