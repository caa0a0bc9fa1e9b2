import Foundation
import Geometry
import SceneFile
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL

/// The real window under X: a screenshot folder that cannot be written, a read-only
/// or symlinked scene, a full disk under `--trace-out`: each error is shown (in red, on standard error)
/// and the window goes on; holding F12 writes one screenshot; Ctrl+Shift+S saves a take `touchscope
/// check` accepts, beside the lesson. Nested in RealWindowTests: one window at a time.
extension RealWindowTests {
  @Suite struct Writes {
    static let scene = RealWindowTests.buttonScene
    /// Fingers down at once in the take test (1,100, more than a script can number, are tested on the
    /// recording itself in RecordedScriptTests: the window handles them too slowly for a test here).
    static let fingers = 12

    /// Pixels of the failure colour (`Theme.badText`, red) below the header of a picture of the window,
    /// where the toast shows a failure (the header keeps the scene's title).
    @MainActor static func redInToast(_ w: RealWindow) throws -> Int {
      let shot = w.directory + "/window-\(UUID().uuidString).png"
      try RealWindow.run("import", ["-window", w.windowID, shot])
      let b = try loadPNG(path: shot)
      let bad = Theme().badText
      var n = 0
      for y in min(46, b.height)..<b.height {
        for x in 0..<b.width {
          guard let p = b.pixel(x, y) else { continue }
          if abs(Int(p.r) - Int(bad.r)) < 24 && abs(Int(p.g) - Int(bad.g)) < 24 && abs(Int(p.b) - Int(bad.b)) < 24 {
            n += 1
          }
        }
      }
      return n
    }

    static func output(_ w: RealWindow) -> String { (try? String(contentsOfFile: w.outputPath, encoding: .utf8)) ?? "" }

    /// F12 with a screenshot folder that does not exist, or is a file: the error is shown in red in the
    /// toast and on standard error, and the window goes on (it exited, losing unsaved toggles).
    @MainActor @Test func f12WithAnUnwritableFolderKeepsTheWindow() throws {
      for folder in ["/nonexistent-touchscope-folder", "/dev/null"] {
        let w = try RealWindow(scene: Self.scene, arguments: ["--screenshots", folder])
        defer { w.close() }
        let redBefore = try Self.redInToast(w)
        try w.key("F12")
        try w.wait(for: "the screenshot error") { Self.output(w).contains("Could not save a screenshot") }
        #expect(w.process.isRunning, "\(folder): \(w.state)")
        let reason = folder == "/dev/null" ? "Not a directory (ENOTDIR)" : "No such file or directory (ENOENT)"
        #expect(Self.output(w).contains(reason), "\(Self.output(w))")
        #expect(try Self.redInToast(w) > redBefore + 20, "no error shown in red in the toast")
        try w.tap(195, 230)
        _ = try w.waitForTrace { $0.contains(#""event":"touchUpInside""#) }
        try w.key("ctrl+q")
        try w.wait(for: "the program to quit") { !w.process.isRunning }
        #expect(w.process.terminationReason == .exit && w.process.terminationStatus == 0)
      }
    }

    /// F12 held for a second and a half (the X server repeats the key): one screenshot, not one per repeat.
    @Test func holdingF12WritesOneScreenshot() throws {
      let w = try RealWindow(scene: Self.scene)
      defer { w.close() }
      try w.focus()
      try RealWindow.run("xdotool", ["keydown", "F12", "sleep", "1.5", "keyup", "F12"])
      Thread.sleep(forTimeInterval: 1)
      let shots = try FileManager.default.contentsOfDirectory(atPath: w.directory).filter {
        $0.hasPrefix("touchscope-") && $0.hasSuffix(".png")
      }
      #expect(shots == ["touchscope-1.png"], "\(shots.count) screenshots: \(shots.sorted().prefix(5))")
      try w.key("F12")
      try w.wait(for: "the second screenshot") {
        FileManager.default.fileExists(atPath: w.directory + "/touchscope-2.png")
      }
    }

    /// A scene reached through a symlink (mode 0600): Ctrl+S updates the target, keeps the link and the
    /// mode. Made read-only: Ctrl+S is refused with the reason in red, the file untouched, the window on.
    @MainActor @Test func savingThroughASymlinkAndToAReadOnlyFile() throws {
      let w = try RealWindow(scene: Self.scene)
      defer { w.close() }
      let real = w.directory + "/lessons/real.yaml"
      try FileManager.default.createDirectory(atPath: w.directory + "/lessons", withIntermediateDirectories: true)
      try Self.scene.write(toFile: real, atomically: false, encoding: .utf8)
      chmod(real, 0o600)
      try FileManager.default.removeItem(atPath: w.scenePath)
      try FileManager.default.createSymbolicLink(atPath: w.scenePath, withDestinationPath: "lessons/real.yaml")
      Thread.sleep(forTimeInterval: 0.6)  // the window notices the change and reloads (the same scene)
      try w.key("Tab")  // selects cardTap
      try w.key("c")  // cancelsTouchesInView off
      try w.key("ctrl+s")
      try w.wait(for: "the save through the link") {
        ((try? String(contentsOfFile: real, encoding: .utf8)) ?? "").contains("cancelsTouchesInView: false")
      }
      #expect(CommandLineWriteTests.mode(w.scenePath) & S_IFMT == S_IFLNK)
      #expect(CommandLineWriteTests.mode(real) & 0o7777 == 0o600)

      Thread.sleep(forTimeInterval: 0.3)  // the success's toast is up
      let redBefore = try Self.redInToast(w)
      chmod(real, 0o444)
      let before = try String(contentsOfFile: real, encoding: .utf8)
      try w.key("c")  // cancelsTouchesInView back on
      try w.key("ctrl+s")
      try w.wait(for: "the refusal") { Self.output(w).contains("Could not save") }
      #expect(Self.output(w).contains("the file is read-only (mode 0444)"), "\(Self.output(w))")
      #expect(try String(contentsOfFile: real, encoding: .utf8) == before)
      #expect(try Self.redInToast(w) > redBefore + 20, "the failure is not shown in red")
      #expect(w.process.isRunning)
      let names = try FileManager.default.contentsOfDirectory(atPath: w.directory + "/lessons")
      #expect(names == ["real.yaml"], "\(names)")
    }

    /// A quick click and a quick drag (each in one millisecond, injected) and twelve fingers at once,
    /// then Ctrl+Shift+S twice: two takes beside the lesson that `touchscope check` accepts, the lesson
    /// untouched.
    @Test func ctrlShiftSSavesTakesThatCheckAccepts() throws {
      let layout = RealWindow.layoutPoints
      func n(_ x: Double, _ y: Double) -> String {
        let p = layout.viewport.toPixels(Point(x, y))
        return "\(p.x / layout.size.width) \(p.y / layout.size.height)"
      }
      var events = ["1500 down 7 \(n(195, 230))", "1500 up 7 \(n(195, 230))"]
      events += ["1700 down 8 \(n(100, 700))"]
      events += (1...3).map { "1700 motion 8 \(n(100 + Double($0) * 30, 700))" }
      events += ["1700 up 8 \(n(190, 700))"]
      events += (0..<Self.fingers).map { "1900 down \(100 + $0) \(n(Double($0 % 390), 640 + Double($0 / 390) * 30))" }
      events += (0..<Self.fingers).map { "2100 up \(100 + $0) \(n(Double($0 % 390), 640 + Double($0 / 390) * 30))" }
      let w = try RealWindow(scene: Self.scene, inject: events.joined(separator: "\n"))
      defer { w.close() }
      _ = try w.waitForTrace { Robustness.count($0, #""phase":"ended""#) >= Self.fingers + 2 }
      for take in 1...2 {
        try w.key("ctrl+shift+s")
        let path = w.directory + "/scene.take-\(take).yaml"
        try w.wait(for: "the take \(path)") { FileManager.default.fileExists(atPath: path) }
        let check = try CommandLineWriteTests.run(["check", path])
        #expect(check.status == 0, "take \(take): \(check.stderr.prefix(600))")
      }
      #expect(try String(contentsOfFile: w.scenePath, encoding: .utf8) == Self.scene)
    }

    /// `--trace-out /dev/full`: the full disk is reported once (standard error and the header) and the
    /// window goes on; `--trace-out /dev/null` stays the device it is; a FIFO gets the trace streamed.
    @Test func traceOutOnDevicesAndFIFOs() throws {
      do {
        let w = try RealWindow(scene: Self.scene, arguments: ["--trace-out", "/dev/full"])
        defer { w.close() }
        try w.tap(195, 230)
        try w.tap(30, 130)
        try w.wait(for: "the trace error") { Self.output(w).contains("--trace-out") }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(Robustness.count(Self.output(w), "No space left on device (ENOSPC)") == 1, "\(Self.output(w))")
        #expect(w.process.isRunning)
      }
      do {
        let w = try RealWindow(scene: Self.scene, arguments: ["--trace-out", "/dev/null"])
        defer { w.close() }
        try w.tap(195, 230)
        try w.key("ctrl+q")
        try w.wait(for: "the program to quit") { !w.process.isRunning }
        #expect(w.process.terminationStatus == 0, "\(Self.output(w))")
        #expect(CommandLineWriteTests.mode("/dev/null") & S_IFMT == S_IFCHR)
      }
      let dir = try HostileFiles.scratch()
      defer { try? FileManager.default.removeItem(at: dir) }
      let fifo = dir.appendingPathComponent("trace.fifo").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let received = dir.appendingPathComponent("received.jsonl").path
      let reader = Thread {
        if let h = FileHandle(forReadingAtPath: fifo) {
          try? h.readDataToEndOfFile().write(to: URL(fileURLWithPath: received))
        }
      }
      reader.start()
      let w = try RealWindow(scene: Self.scene, arguments: ["--trace-out", fifo])
      defer { w.close() }
      try w.tap(195, 230)
      try w.tap(195, 230)
      try w.key("ctrl+q")
      try w.wait(for: "the program to quit") { !w.process.isRunning }
      try w.wait(for: "the trace through the FIFO") { FileManager.default.fileExists(atPath: received) }
      let trace = try String(contentsOfFile: received, encoding: .utf8)
      #expect(Robustness.count(trace, #""event":"touchUpInside""#) == 2, "\(trace.suffix(300))")
      #expect(Robustness.count(trace, #""phase":"began""#) == 2)
      #expect(CommandLineWriteTests.mode(fifo) & S_IFMT == S_IFIFO)
    }

    /// `--trace-out` a FIFO nobody reads: the window does not wait for a reader; it says why the trace
    /// cannot be written (standard error and the toast) and Ctrl+Q still quits.
    @Test func traceOutToAFIFONobodyReadsNeverHoldsTheWindow() throws {
      let dir = try HostileFiles.scratch()
      defer { try? FileManager.default.removeItem(at: dir) }
      let fifo = dir.appendingPathComponent("trace.fifo").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let w = try RealWindow(scene: Self.scene, arguments: ["--trace-out", fifo])
      defer { w.close() }
      try w.wait(for: "the FIFO refused", seconds: 60) { Self.output(w).contains("nothing reads") }
      #expect(Self.output(w).contains("--trace-out"), "\(Self.output(w))")
      try w.tap(195, 230)
      try w.key("ctrl+q")
      try w.wait(for: "the program to quit", seconds: 60) { !w.process.isRunning }
      #expect(w.process.terminationReason == .exit, "\(Self.output(w))")
      #expect(CommandLineWriteTests.mode(fifo) & S_IFMT == S_IFIFO)
    }
  }
}
