import Foundation
import SceneFile
import Testing
import TouchSim

@testable import Studio

/// The real window under X (Xvfb in `make test`): real mouse and keys through xdotool, real touchscreen
/// events pushed into SDL's queue, and the trace the program writes (`--trace-out`) checked afterwards.
@Suite(.serialized, .enabled(if: RealWindow.available, "needs an X display and xdotool (make test provides them)"))
struct RealWindowTests {
  static let buttonScene = """
    format: touchscope/1
    title: Real window test
    root:
      id: root
      frame: [0, 0, 390, 844]
      subviews:
        - id: card
          frame: [0, 100, 390, 500]
          color: "#DDE6F5"
          recognizers:
            - { id: cardTap, kind: tap }
          subviews:
            - { id: buy, kind: button, frame: [100, 100, 190, 60], color: "#4C8BF5", text: Buy }
        - id: pad
          frame: [0, 620, 390, 224]
          color: "#F5E6DD"
          multipleTouchEnabled: true
          recognizers:
            - { id: padPan, kind: pan }
    """

  /// A click on the button: hit view, the parent tap's veto, touchUpInside, all from the real mouse.
  @Test func clickOnAButtonInsideATappedCard() throws {
    let w = try RealWindow(scene: Self.buttonScene)
    defer { w.close() }
    try w.tap(195, 230)
    let trace = try w.waitForTrace { $0.contains(#""event":"touchUpInside""#) }
    #expect(trace.contains(#""ev":"hit","touch":1,"view":"buy"}"#))
    #expect(trace.contains(#""recognizer":"cardTap","from":"possible","to":"failed""#))
    #expect(trace.contains(#""control":"buy","event":"touchDown""#))
  }

  /// A drag makes the pan begin, change and end; a tap on the card fires the card's tap.
  @Test func dragAndTapFromTheRealMouse() throws {
    let w = try RealWindow(scene: Self.buttonScene)
    defer { w.close() }
    try w.drag(from: (100, 700), to: (300, 720))
    _ = try w.waitForTrace { $0.contains(#""recognizer":"padPan","state":"ended""#) }
    try w.tap(30, 130)
    let trace = try w.waitForTrace { $0.contains(#""recognizer":"cardTap","state":"ended""#) }
    #expect(trace.contains(#""recognizer":"padPan","state":"began""#))
    #expect(trace.contains(#""view":"card","method":"touchesCancelled""#))
  }

  /// A key toggles a recognizer property (Tab selects cardTap, C flips cancelsTouchesInView): the next
  /// tap is not cancelled in the card any more.
  @Test func keyToggleChangesTheNextTouch() throws {
    let w = try RealWindow(scene: Self.buttonScene)
    defer { w.close() }
    try w.tap(30, 130)
    _ = try w.waitForTrace { $0.contains(#""view":"card","method":"touchesCancelled""#) }
    try w.key("Tab")
    try w.key("c")
    _ = try w.waitForTrace { $0.contains(#""ev":"set","target":"cardTap","key":"cancelsTouchesInView","value":false"#) }
    try w.tap(30, 130)
    let trace = try w.waitForTrace { $0.components(separatedBy: #""recognizer":"cardTap","state":"ended""#).count == 3 }
    let afterSet = trace.components(separatedBy: #""ev":"set""#).last ?? ""
    #expect(afterSet.contains(#""view":"card","method":"touchesEnded""#))
    #expect(!afterSet.contains(#""view":"card","method":"touchesCancelled""#))
  }

  /// A screenshot of the screen shows the window (not blank), and F12 writes the window's own PNG.
  @MainActor @Test func screenshotsAreNotBlank() throws {
    let w = try RealWindow(scene: Self.buttonScene)
    defer { w.close() }
    try w.tap(195, 230)
    _ = try w.waitForTrace { $0.contains("touchUpInside") }
    let shot = w.directory + "/screen.png"
    try RealWindow.run("import", ["-window", "root", shot])
    let screen = try loadPNG(path: shot)
    #expect(screen.distinctColors(limit: 200) >= 20)
    let bitmap = try w.ownScreenshot()
    #expect(bitmap.width == 1280 && bitmap.height == 800)
    #expect(bitmap.distinctColors(limit: 200) >= 20)
  }

  /// Real SDL finger events, two then three fingers, each with the mouse event SDL would synthesize
  /// from it: the fingers are touches 1, 2 (and 3), and no synthesized mouse event adds a touch.
  @Test func touchscreenFingersAreTouchesAndSynthesizedMouseEventsAreIgnored() throws {
    // Pad: y 620...844 of 844 → normalised device y; the window maps its drawable, so compute from the layout.
    let layout = RealWindow.layoutPoints
    func n(_ x: Double, _ y: Double) -> String {
      let p = layout.viewport.toPixels(Point(x, y))
      return "\(p.x / layout.size.width) \(p.y / layout.size.height)"
    }
    let events = """
      1500 down 11 \(n(100, 700)) mouse
      1520 down 12 \(n(250, 700)) mouse
      1560 motion 11 \(n(110, 730)) mouse
      1560 motion 12 \(n(260, 730))
      1600 motion 11 \(n(120, 760)) mouse
      1600 motion 12 \(n(270, 760))
      1640 up 11 \(n(120, 760)) mouse
      1650 up 12 \(n(270, 760)) mouse
      2500 down 21 \(n(60, 680)) mouse
      2500 down 22 \(n(180, 680))
      2510 down 23 \(n(300, 680)) mouse
      2600 up 21 \(n(60, 680)) mouse
      2600 up 22 \(n(180, 680))
      2610 up 23 \(n(300, 680)) mouse
      """
    let w = try RealWindow(scene: Self.buttonScene, inject: events)
    defer { w.close() }
    let trace = try w.waitForTrace { $0.components(separatedBy: #""phase":"ended""#).count == 6 }
    let lines = trace.split(separator: "\n")
    let began = lines.filter { $0.contains(#""phase":"began""#) }
    #expect(began.count == 5)
    // Two fingers at once, then three: numbers 1, 2 and 1, 2, 3; never a 4th (a doubled finger).
    #expect(!trace.contains(#""touch":4"#))
    #expect(lines.contains { $0.contains(#""ev":"hit","touch":2,"view":"pad""#) })
    #expect(lines.contains { $0.contains(#""ev":"hit","touch":3,"view":"pad""#) })
    // Both fingers of the first gesture moved the pad's pan (a two-finger drag).
    #expect(trace.contains(#""recognizer":"padPan","state":"began""#))
    let firstPad = lines.first { $0.contains(#""view":"pad","method":"touchesBegan""#) }
    #expect(firstPad?.contains(#""touches":[1]"#) == true)
  }
}

/// A running `touchscope open` window under X, driven with xdotool.
final class RealWindow {
  /// Runs wherever there is a display (`make test` provides one with Xvfb). There, a missing xdotool
  /// or executable is a failure, not a reason to skip.
  static var available: Bool { ProcessInfo.processInfo.environment["DISPLAY"] != nil }

  struct Missing: Error, CustomStringConvertible {
    var description: String
  }
  static let size = Size(1280, 800)
  /// The program under test: `.build/debug/touchscope`, or TOUCHSCOPE_EXECUTABLE (`make test-asan` points
  /// it at the address-sanitized build).
  static var executable: String {
    if let path = ProcessInfo.processInfo.environment["TOUCHSCOPE_EXECUTABLE"], !path.isEmpty { return path }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/touchscope").path
  }
  /// The window's layout at 1280 × 800 (pixel scale 1 under Xvfb) for a 390 × 844 scene.
  static var layoutPoints: (viewport: Viewport, size: Size) {
    let layout = StudioLayout(size: size, theme: Theme())
    return (CanvasPanel.viewport(in: layout.canvas, window: Size(390, 844), zoom: 1, theme: Theme()), size)
  }

  let directory: String
  let tracePath: String
  let process: Process
  let windowID: String
  let origin: Point

  init(scene: String, inject: String? = nil) throws {
    guard (try? Self.run("which", ["xdotool"])) != nil else { throw Missing(description: "xdotool is not installed") }
    guard FileManager.default.fileExists(atPath: Self.executable) else {
      throw Missing(description: "\(Self.executable) is not built")
    }
    directory = NSTemporaryDirectory() + "touchscope-window-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let scenePath = directory + "/scene.yaml"
    try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
    tracePath = directory + "/trace.jsonl"
    var args = [
      "open", scenePath, "--trace-out", tracePath, "--size", "1280x800", "--screenshots", directory,
    ]
    if let inject {
      let path = directory + "/inject.txt"
      try inject.write(toFile: path, atomically: true, encoding: .utf8)
      args += ["--inject", path]
    }
    let outputPath = directory + "/output.txt"
    var launched = try Self.launch(args, in: directory, output: outputPath)
    var found = try Self.waitForWindow(of: launched)
    if found == nil && Self.tail(outputPath).contains("no display to open a window on") {
      // The X server turned the connection away (Xvfb between clients): start once more.
      print("note: the X server turned the window away (\(Self.tail(outputPath))); starting it again")
      launched = try Self.launch(args, in: directory, output: outputPath)
      found = try Self.waitForWindow(of: launched)
    }
    process = launched
    guard let (id, geometry) = found else {
      throw Timeout(
        what: "the window: the program ended (\(launched.terminationStatus)); its output: \(Self.tail(outputPath))")
    }
    windowID = id
    func value(_ key: String) -> Double {
      geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Double($0.dropFirst(key.count + 1)) }
        ?? 0
    }
    origin = Point(value("X"), value("Y"))
    _ = try? Self.run("xdotool", ["windowfocus", "--sync", id])
    Thread.sleep(forTimeInterval: 0.5)
  }

  /// The program's own screenshot of its first frame after now (F12 writes `touchscope-1.png`).
  @MainActor func ownScreenshot() throws -> Bitmap {
    try key("F12")
    let path = directory + "/touchscope-1.png"
    try Self.waitFor { FileManager.default.fileExists(atPath: path) }
    return try loadPNG(path: path)
  }

  /// Screen coordinates of a scene point.
  func screen(_ x: Double, _ y: Double) -> (String, String) {
    let p = Self.layoutPoints.viewport.toPixels(Point(x, y))
    return (String(Int((origin.x + p.x).rounded())), String(Int((origin.y + p.y).rounded())))
  }

  func tap(_ x: Double, _ y: Double) throws {
    let (sx, sy) = screen(x, y)
    // No --sync: it waits for a motion event, which never comes when the pointer is already there.
    try Self.run("xdotool", ["mousemove", sx, sy, "sleep", "0.05", "mousedown", "1", "sleep", "0.08", "mouseup", "1"])
    Thread.sleep(forTimeInterval: 0.6)
  }

  func drag(from a: (Double, Double), to b: (Double, Double), steps: Int = 12) throws {
    let (sx, sy) = screen(a.0, a.1)
    var args = ["mousemove", sx, sy, "sleep", "0.05", "mousedown", "1"]
    for i in 1...steps {
      let f = Double(i) / Double(steps)
      let (mx, my) = screen(a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
      args += ["sleep", "0.02", "mousemove", mx, my]
    }
    args += ["sleep", "0.05", "mouseup", "1"]
    try Self.run("xdotool", args)
    Thread.sleep(forTimeInterval: 0.6)
  }

  func key(_ name: String) throws {
    let start = Date()
    try Self.run("xdotool", ["key", "--window", windowID, name])
    if Date().timeIntervalSince(start) > 2 { print("xdotool key \(name) took \(Date().timeIntervalSince(start)) s") }
    Thread.sleep(forTimeInterval: 0.3)
  }

  /// Waits until the trace file satisfies `ready` (the program writes it as it grows).
  func waitForTrace(_ ready: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    var text = ""
    do {
      try Self.waitFor(seconds: 15) {
        text = (try? String(contentsOfFile: tracePath, encoding: .utf8)) ?? ""
        return ready(text)
      }
    } catch {
      let tail = text.split(separator: "\n").suffix(4).joined(separator: "\n")
      throw Timeout(
        what: "the trace (waited at line \(sourceLocation.line); running: \(process.isRunning)); it ends:\n\(tail)"
          + "\nthe program's output: \(Self.tail(directory + "/output.txt"))")
    }
    return text
  }

  func close() {
    _ = try? Self.run("xdotool", ["key", "--window", windowID, "ctrl+q"])
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning { process.terminate() }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Starts the program with its output going to `output` (shown when something goes wrong).
  static func launch(_ args: [String], in directory: String, output outputPath: String) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = args
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    FileManager.default.createFile(atPath: outputPath, contents: nil)
    let output = FileHandle(forWritingAtPath: outputPath)
    process.standardOutput = output
    process.standardError = output
    try process.run()
    try? output?.close()
    return process
  }

  /// The id and geometry (`xdotool getwindowgeometry --shell`) of the program's window once it shows;
  /// nil when the program ended first. The window found may still be settling (mapped, then re-created
  /// by SDL): its geometry must be readable too.
  static func waitForWindow(of process: Process) throws -> (id: String, geometry: String)? {
    let pid = String(process.processIdentifier)
    var found: (String, String)?
    do {
      try waitFor(seconds: 20) {
        let id =
          (try? run("xdotool", ["search", "--onlyvisible", "--pid", pid]))?.split(separator: "\n").first.map(
            String.init)
          ?? ""
        guard !id.isEmpty, let g = try? run("xdotool", ["getwindowgeometry", "--shell", id]) else {
          return !process.isRunning
        }
        found = (id, g)
        return true
      }
    } catch {
      throw Timeout(what: "the window (running: \(process.isRunning))")
    }
    return process.isRunning ? found : nil
  }

  /// The last lines of a file.
  static func tail(_ path: String) -> String {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").suffix(8).joined(separator: "\n")
  }

  struct Timeout: Error {
    var what = ""
  }

  /// Waits are this many times longer under TOUCHSCOPE_TEST_SLOWDOWN (`make test-asan`: the sanitized
  /// program draws several times slower).
  static let slowdown = ProcessInfo.processInfo.environment["TOUCHSCOPE_TEST_SLOWDOWN"].flatMap(Double.init) ?? 1

  static func waitFor(
    seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation, _ ready: () -> Bool
  ) throws {
    let deadline = Date().addingTimeInterval(seconds * slowdown)
    while !ready() {
      if Date() > deadline {
        throw Timeout(what: "a wait at line \(sourceLocation.line) of \(sourceLocation.fileName)")
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  @discardableResult
  static func run(_ tool: String, _ args: [String]) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = [tool] + args
    let out = Pipe()
    p.standardOutput = out
    let err = Pipe()
    p.standardError = err
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let message = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else {
      throw CommandFailed(
        tool: tool, arguments: args, status: p.terminationStatus, message: String(decoding: message, as: UTF8.self))
    }
    return String(decoding: data, as: UTF8.self)
  }

  struct CommandFailed: Error {
    var tool: String
    var arguments: [String]
    var status: Int32
    var message: String
  }
}

extension Bitmap {
  /// How many different colours the image has (counting stops at `limit`).
  func distinctColors(limit: Int) -> Int {
    var seen = Set<RGBA>()
    for p in pixels {
      seen.insert(p)
      if seen.count >= limit { break }
    }
    return seen.count
  }
}
