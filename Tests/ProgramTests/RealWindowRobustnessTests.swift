import Foundation
import Geometry
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The real window under X (Xvfb in `make test`), driven with xdotool: losing focus,
/// closing the window, reloading the scene or flipping a toggle in the middle of a gesture leaves no stuck
/// touch; ten fingers at once; input outside the window; a resize storm; an invalid reload keeps the last
/// good scene. "No stuck touch" is read from the trace the program writes (`--trace-out`): every touch
/// that went down ended or was cancelled.
/// Nested in RealWindowTests so that the two suites never run at once (one mouse pointer, one screen): the
/// parent's `.serialized` and its display check apply here too.
extension RealWindowTests {
  @Suite struct Robustness {
    static let scene = RealWindowTests.buttonScene

    /// Touches that went down and never ended nor were cancelled, in one trace file's text.
    static func stuckTouches(_ trace: String) -> [Int] {
      var down: [Int: Bool] = [:]
      for line in trace.split(separator: "\n") where line.contains(#""ev":"input""#) {
        guard let n = Int(line.firstMatch(of: /"touch":(\d+)/)?.1 ?? "") else { continue }
        if line.contains(#""phase":"began""#) { down[n] = true }
        if line.contains(#""phase":"ended""#) || line.contains(#""phase":"cancelled""#) { down[n] = false }
      }
      return down.filter(\.value).map(\.key).sorted()
    }

    static func count(_ text: String, _ piece: String) -> Int { text.components(separatedBy: piece).count - 1 }

    /// Focus moves to the root window mid-drag: the touch is cancelled at once; the release that follows
    /// (elsewhere) adds nothing, and the next tap works.
    @Test func focusLossMidGestureCancels() throws {
      let w = try RealWindow(scene: Self.scene)
      defer { w.close() }
      try w.startDrag()
      let root =
        try RealWindow.run("xdotool", ["search", "--maxdepth", "0", "--name", ""])
        .split(separator: "\n").first.map(String.init) ?? ""
      try RealWindow.run("xdotool", ["windowfocus", root])
      let trace = try w.waitForTrace { $0.contains(#""touch":1,"phase":"cancelled""#) }
      #expect(Self.stuckTouches(trace).isEmpty)
      try w.release()
      try w.focus()
      Thread.sleep(forTimeInterval: 0.3)
      try w.tap(195, 230)
      let after = try w.waitForTrace { $0.contains(#""event":"touchUpInside""#) }
      #expect(Self.stuckTouches(after).isEmpty)
      #expect(Self.count(after, #""phase":"began""#) == 2)
    }

    /// The window is closed mid-gesture (SIGTERM, which SDL turns into the same quit event as the close
    /// button; and Ctrl+Q): the touch is cancelled through the engine before the program exits cleanly.
    @Test func closingMidGestureCancels() throws {
      for close in ["term", "ctrl+q"] {
        let w = try RealWindow(scene: Self.scene)
        defer { w.close() }
        try w.startDrag()
        if close == "term" {
          w.process.terminate()
        } else {
          // The program quits on the key's press; the release still reaches the X server (XTEST).
          try w.key(close)
        }
        try w.wait(for: "the program to quit on \(close)") { !w.process.isRunning }
        #expect(w.process.terminationReason == .exit && w.process.terminationStatus == 0, "\(close)")
        let trace = try String(contentsOfFile: w.tracePath, encoding: .utf8)
        #expect(trace.contains(#""touch":1,"phase":"cancelled""#), "\(close)")
        #expect(trace.contains(#""view":"card","method":"touchesCancelled""#), "\(close)")
        #expect(Self.stuckTouches(trace).isEmpty)
      }
    }

    /// The stuck-keys cascade: a key and the button left held in the X server (as by a window that quit
    /// between a key's press and release, or a test that failed mid-drag) are released before the next
    /// window opens, so its Ctrl+Q arrives whole and its first press is a press.
    @Test func inputLeftHeldIsReleasedBeforeTheNextWindow() throws {
      // Held by a client that stays connected (an X server may release what a client held when it
      // disconnects, so a finished xdotool would leave nothing held).
      let holder = Process()
      holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      holder.arguments = ["xdotool", "keydown", "q", "mousedown", "1", "sleep", "30"]
      try holder.run()
      defer { if holder.isRunning { holder.terminate() } }
      var held = RealWindow.heldInput()
      for _ in 0..<20 where held.keys.isEmpty || held.buttons.isEmpty {
        Thread.sleep(forTimeInterval: 0.05)
        held = RealWindow.heldInput()
      }
      #expect(held.keys.count == 1 && held.buttons == [1], "\(held)")
      let w = try RealWindow(scene: Self.scene)
      defer { w.close() }
      #expect(RealWindow.heldInput().isEmpty)
      try w.startDrag()
      try w.key("ctrl+q")
      try w.wait(for: "the program to quit on Ctrl+Q") { !w.process.isRunning }
      #expect(w.process.terminationReason == .exit && w.process.terminationStatus == 0)
      #expect(Self.stuckTouches(try String(contentsOfFile: w.tracePath, encoding: .utf8)).isEmpty)
    }

    /// The scene file changes mid-drag: the old engine cancels the touch (its whole trace is kept as
    /// trace.jsonl.1), the new scene is live, the rest of the drag does nothing, and the next tap works on
    /// the new scene.
    @Test func reloadMidGestureCancelsThroughTheOldEngine() throws {
      let w = try RealWindow(scene: Self.scene)
      defer { w.close() }
      try w.startDrag()
      let changed = Self.scene.replacingOccurrences(of: "text: Buy", with: "text: Order")
      try changed.write(toFile: w.scenePath, atomically: true, encoding: .utf8)
      let finished = w.tracePath + ".1"
      try w.wait(for: "the old engine's trace \(finished)") { FileManager.default.fileExists(atPath: finished) }
      let old = try String(contentsOfFile: finished, encoding: .utf8)
      #expect(old.contains(#""touch":1,"phase":"cancelled""#))
      #expect(Self.stuckTouches(old).isEmpty)
      try w.move(to: (90, 220))
      try w.release()
      Thread.sleep(forTimeInterval: 0.3)
      #expect(Self.count(try String(contentsOfFile: w.tracePath, encoding: .utf8), #""ev":"input""#) == 0)
      try w.tap(195, 230)
      let trace = try w.waitForTrace { $0.contains(#""event":"touchUpInside""#) }
      #expect(Self.stuckTouches(trace).isEmpty)
    }

    /// A file saved broken keeps the last good scene: its engine and trace go on (no restart), and taps
    /// still hit its views.
    @MainActor @Test func anInvalidReloadKeepsTheLastGoodScene() throws {
      let w = try RealWindow(scene: Self.scene)
      defer { w.close() }
      try w.tap(195, 230)
      _ = try w.waitForTrace { $0.contains(#""event":"touchUpInside""#) }
      try "format: touchscope/1\nroot: { id: root, frame: [0, 0\n".write(
        toFile: w.scenePath, atomically: true, encoding: .utf8)
      Thread.sleep(forTimeInterval: 0.6)
      try w.tap(195, 230)
      let trace = try w.waitForTrace { Self.count($0, #""event":"touchUpInside""#) == 2 }
      #expect(!FileManager.default.fileExists(atPath: w.tracePath + ".1"), "the engine restarted")
      #expect(trace.contains(#""ev":"hit","touch":1,"view":"buy"}"#))
      #expect(Self.stuckTouches(trace).isEmpty)
      // The window still draws (the error banner over the last good scene).
      try w.key("F12")
      let shot = w.directory + "/touchscope-1.png"
      try w.wait(for: "the screenshot") { FileManager.default.fileExists(atPath: shot) }
      #expect(try loadPNG(path: shot).distinctColors(limit: 200) >= 20)
    }

    /// A toggle flipped mid-gesture (Tab selects cardTap, C flips cancelsTouchesInView) waits for the lift:
    /// the touch ends normally, then the change applies.
    @Test func aToggleMidGestureWaitsForTheLift() throws {
      let w = try RealWindow(scene: Self.scene)
      defer { w.close() }
      try w.press(30, 130)
      _ = try w.waitForTrace { $0.contains(#""touch":1,"phase":"began""#) }
      try w.key("Tab")
      try w.key("c")
      try w.release()
      let trace = try w.waitForTrace { $0.contains(#""ev":"set","target":"cardTap""#) }
      let lines = trace.split(separator: "\n")
      let ended = lines.firstIndex { $0.contains(#""touch":1,"phase":"ended""#) }
      let set = lines.firstIndex { $0.contains(#""ev":"set","target":"cardTap""#) }
      #expect(ended != nil && set != nil && ended! < set!)
      #expect(Self.stuckTouches(trace).isEmpty)
    }

    /// Ten fingers on the touchscreen at once (pushed into SDL's queue): ten touches, numbered 1 to 10, all
    /// delivered to the pad together, all ended.
    @Test func tenFingersAtOnce() throws {
      let layout = RealWindow.layoutPoints
      func n(_ x: Double, _ y: Double) -> String {
        let p = layout.viewport.toPixels(Point(x, y))
        return "\(p.x / layout.size.width) \(p.y / layout.size.height)"
      }
      var events: [String] = []
      for i in 0..<10 { events.append("1500 down \(30 + i) \(n(20 + Double(i) * 36, 680))") }
      for step in 1...4 {
        for i in 0..<10 {
          events.append("\(1500 + step * 40) motion \(30 + i) \(n(20 + Double(i) * 36, 680 + Double(step) * 25))")
        }
      }
      for i in 0..<10 { events.append("1800 up \(30 + i) \(n(20 + Double(i) * 36, 780))") }
      let w = try RealWindow(scene: Self.scene, inject: events.joined(separator: "\n"))
      defer { w.close() }
      let trace = try w.waitForTrace { Self.count($0, #""phase":"ended""#) == 10 }
      #expect(Self.count(trace, #""phase":"began""#) == 10)
      for touch in 1...10 { #expect(trace.contains(#""ev":"hit","touch":\#(touch),"view":"pad""#)) }
      #expect(trace.contains(#""touches":[1,2,3,4,5,6,7,8,9,10]"#))
      #expect(Self.stuckTouches(trace).isEmpty)
    }

    /// A drag that leaves the window and is released outside it ends (X keeps sending the pointer to the
    /// window that got the press); a press outside dragged into the window is no touch.
    @Test func inputOutsideTheWindow() throws {
      let w = try RealWindow(scene: Self.scene)
      defer { w.close() }
      try w.press(30, 130)
      try RealWindow.run(
        "xdotool", ["mousemove", "5", "5", "sleep", "0.1", "mousemove", "1590", "990", "sleep", "0.1"])
      try w.release()
      let trace = try w.waitForTrace { $0.contains(#""touch":1,"phase":"ended""#) }
      #expect(Self.stuckTouches(trace).isEmpty)
      let inputs = Self.count(trace, #""ev":"input""#)
      try RealWindow.run("xdotool", ["mousemove", "5", "5", "sleep", "0.05", "mousedown", "1"])
      let (sx, sy) = w.screen(195, 230)
      try RealWindow.run("xdotool", ["mousemove", sx, sy, "sleep", "0.1", "mouseup", "1"])
      Thread.sleep(forTimeInterval: 0.5)
      let after = try String(contentsOfFile: w.tracePath, encoding: .utf8)
      #expect(Self.count(after, #""ev":"input""#) == inputs)
    }

    /// Forty resizes in quick succession while a finger is down: the program keeps running, the touch
    /// ends when released, and back at 1280 × 800 a tap on the button works and the window draws.
    @MainActor @Test func aResizeStormMidGesture() throws {
      let w = try RealWindow(scene: Self.scene)
      defer { w.close() }
      try w.press(30, 130)
      _ = try w.waitForTrace { $0.contains(#""touch":1,"phase":"began""#) }
      for i in 0..<40 {
        try RealWindow.run(
          "xdotool", ["windowsize", w.windowID, String(320 + (i * 137) % 1200), String(240 + (i * 89) % 700)])
      }
      try RealWindow.run("xdotool", ["windowsize", "--sync", w.windowID, "1280", "800"])
      try w.release()
      Thread.sleep(forTimeInterval: 0.5)
      #expect(w.process.isRunning)
      try w.tap(195, 230)
      let trace = try w.waitForTrace { $0.contains(#""event":"touchUpInside""#) }
      #expect(Self.stuckTouches(trace).isEmpty)
      let bitmap = try w.ownScreenshot()
      #expect(bitmap.width == 1280 && bitmap.height == 800)
      #expect(bitmap.distinctColors(limit: 200) >= 20)
    }
  }

}

extension RealWindow {
  var scenePath: String { directory + "/scene.yaml" }

  /// Presses the mouse on the card and drags it a little, holding it: touch 1 has moved.
  func startDrag() throws {
    try press(30, 130)
    try move(to: (60, 180))
    _ = try waitForTrace { $0.contains(#""touch":1,"phase":"moved""#) }
  }

  /// Presses the mouse at a scene point (and holds it).
  func press(_ x: Double, _ y: Double) throws {
    let (sx, sy) = screen(x, y)
    try Self.run("xdotool", ["mousemove", sx, sy, "sleep", "0.05", "mousedown", "1"])
    Thread.sleep(forTimeInterval: 0.2)
  }

  /// Moves the held mouse to a scene point in a few steps.
  func move(to p: (Double, Double)) throws {
    let (sx, sy) = screen(p.0, p.1)
    try Self.run("xdotool", ["mousemove", sx, sy, "sleep", "0.05"])
    Thread.sleep(forTimeInterval: 0.2)
  }

  func release() throws {
    try Self.run("xdotool", ["mouseup", "1"])
    Thread.sleep(forTimeInterval: 0.3)
  }
}
