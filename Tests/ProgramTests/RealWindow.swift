import Foundation
import Geometry
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// A running `touchscope open` window under X, driven with xdotool.
///
/// Input goes through XTEST, the X server's own input-faking extension, as a real keyboard and mouse
/// would: a key is sent after the window was focused (`windowfocus --sync`), never with
/// `xdotool key --window`. That option fakes each event with XTEST while the window has the focus, and
/// sends it with XSendEvent once it has not; when the program quits on Ctrl+Q's press, the release goes
/// to a window that no longer exists, xdotool stops at the X error (BadWindow), and Q stays held in the
/// server, auto-repeating into the next test's window, whose own Ctrl+Q then never arrives whole (the
/// stuck key that failed one fresh-clone run in three).
///
/// Every window checks when it opens that the X server holds no key or button (and releases what an
/// earlier program or test left held), and releases whatever it may have pressed when it closes, so a
/// test that fails half-way leaves nothing behind for the next. Every wait that times out says what the
/// program was doing: running or how it ended, its output, the last lines of its trace, and what input
/// was held.
final class RealWindow {
  /// Runs wherever there is a display (`make test` provides one with Xvfb). There, a missing xdotool,
  /// xinput or executable is a failure, not a reason to skip.
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
  var outputPath: String { directory + "/output.txt" }

  /// `sceneFolder`: the scene goes in this subfolder of the window's folder, and the program runs there,
  /// given the scene by its relative path (`scene.yaml`).
  init(scene: String, inject: String? = nil, arguments: [String] = [], sceneFolder: String? = nil) throws {
    for tool in ["xdotool", "xinput"] where (try? Self.run("which", [tool])) == nil {
      throw Missing(description: "\(tool) is not installed (make test-deps installs it)")
    }
    guard FileManager.default.fileExists(atPath: Self.executable) else {
      throw Missing(description: "\(Self.executable) is not built")
    }
    let left = Self.releaseHeldInput()
    if !left.isEmpty {
      print("note: the X server held \(left) when the window test began (left by an earlier one); released")
    }
    let still = Self.heldInput()
    guard still.isEmpty else { throw Missing(description: "the X server still holds \(still) after releasing it") }

    let directory = NSTemporaryDirectory() + "touchscope-window-" + UUID().uuidString
    self.directory = directory
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let workingDirectory = sceneFolder.map { directory + "/" + $0 } ?? directory
    try FileManager.default.createDirectory(atPath: workingDirectory, withIntermediateDirectories: true)
    let scenePath = workingDirectory + "/scene.yaml"
    try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
    tracePath = directory + "/trace.jsonl"
    var args = [
      "open", sceneFolder == nil ? scenePath : "scene.yaml", "--trace-out", tracePath, "--size", "1280x800",
      "--screenshots", directory,
    ]
    if let inject {
      let path = directory + "/inject.txt"
      try inject.write(toFile: path, atomically: true, encoding: .utf8)
      args += ["--inject", path]
    }
    args += arguments
    let outputPath = directory + "/output.txt"
    var launched = try Self.launch(args, in: workingDirectory, output: outputPath)
    var found: (id: String, geometry: String)?
    do {
      found = try Self.waitForWindow(of: launched)
      if found == nil && Self.tail(outputPath).contains("no display to open a window on") {
        // The X server turned the connection away (Xvfb between clients): start once more.
        print("note: the X server turned the window away (\(Self.tail(outputPath))); starting it again")
        launched = try Self.launch(args, in: workingDirectory, output: outputPath)
        found = try Self.waitForWindow(of: launched)
      }
    } catch {
      Self.stop(launched)
      throw Timeout(what: "\(error); its output: \(Self.tail(outputPath))")
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
    _ = try? focus()
    Thread.sleep(forTimeInterval: 0.5)
  }

  /// Ends the program (SIGTERM, which SDL turns into the same quit event as the close button; SIGKILL
  /// when that is not enough within five seconds), releases whatever input the test may still hold,
  /// and removes the window's folder. Every test calls it in a `defer`.
  func close() {
    Self.stop(process)
    Self.releaseHeldInput()
    try? FileManager.default.removeItem(atPath: directory)
  }

  private static func stop(_ process: Process) {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(5 * slowdown)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  // MARK: - Input

  /// Gives the window the keyboard focus, and waits until the X server says it has it.
  func focus() throws {
    try Self.run("xdotool", ["windowfocus", "--sync", windowID])
  }

  /// Presses and releases a key or chord in xdotool's names (`Tab`, `c`, `F12`, `ctrl+q`): the window is
  /// focused first and the key goes through XTEST, so its release reaches the X server even when the key
  /// makes the program quit. Afterwards no key may be held.
  func key(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try focus()
    try Self.run("xdotool", ["key", name])
    let held = Self.heldInput()
    if !held.keys.isEmpty {
      Self.releaseHeldInput()
      throw Timeout(what: "the key \(name) to be released (line \(sourceLocation.line)): the X server held \(held)")
    }
    Thread.sleep(forTimeInterval: 0.3)
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

  /// Keys (X keycodes) and mouse buttons held down in the X server by the devices tests drive (xdotool's
  /// XTEST keyboard and pointer), as `xinput query-state` reports them.
  struct HeldInput: Equatable, CustomStringConvertible {
    var keys: [Int] = []
    var buttons: [Int] = []
    var isEmpty: Bool { keys.isEmpty && buttons.isEmpty }
    var description: String {
      isEmpty
        ? "nothing"
        : (keys.map { "key \($0)" } + buttons.map { "button \($0)" }).joined(separator: ", ")
    }
  }

  static func heldInput() -> HeldInput {
    func down(_ device: String, _ pattern: Regex<(Substring, Substring)>) -> [Int] {
      let text = (try? run("xinput", ["query-state", device])) ?? ""
      return text.matches(of: pattern).compactMap { Int($0.1) }
    }
    return HeldInput(
      keys: down("Virtual core XTEST keyboard", /key\[(\d+)\]=down/),
      buttons: down("Virtual core XTEST pointer", /button\[(\d+)\]=down/))
  }

  /// Releases every key and button the XTEST devices hold; returns what was held.
  @discardableResult
  static func releaseHeldInput() -> HeldInput {
    let held = heldInput()
    for button in held.buttons { _ = try? run("xdotool", ["mouseup", String(button)]) }
    // xdotool reads a number of two or more digits as a keycode; keycode 9 is Escape on every X keymap
    // Xvfb uses (8 is never assigned).
    let keys = held.keys.map { $0 == 9 ? "Escape" : String($0) }
    if !keys.isEmpty { _ = try? run("xdotool", ["keyup"] + keys) }
    return held
  }

  // MARK: - Waiting

  /// The program's own screenshot of its first frame after now (F12 writes `touchscope-1.png`).
  @MainActor func ownScreenshot() throws -> Bitmap {
    try key("F12")
    let path = directory + "/touchscope-1.png"
    try wait(for: "the screenshot \(path)") { FileManager.default.fileExists(atPath: path) }
    return try loadPNG(path: path)
  }

  /// Waits until the trace file satisfies `ready` (the program writes it as it grows).
  func waitForTrace(_ ready: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    var text = ""
    try wait(for: "the trace", seconds: 15, sourceLocation: sourceLocation) {
      text = (try? String(contentsOfFile: tracePath, encoding: .utf8)) ?? ""
      return ready(text)
    }
    return text
  }

  /// Waits until `ready`; on a timeout the error says what the program was doing.
  func wait(
    for what: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
    _ ready: () -> Bool
  ) throws {
    do {
      try Self.waitFor(seconds: seconds, sourceLocation: sourceLocation, ready)
    } catch {
      throw Timeout(what: "\(what) (waited at line \(sourceLocation.line) of \(sourceLocation.fileName)); \(state)")
    }
  }

  /// What the program is doing, for a failure message.
  var state: String {
    let status =
      process.isRunning
      ? "the program is running"
      : "the program ended (\(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus))"
    let trace = (try? String(contentsOfFile: tracePath, encoding: .utf8)) ?? ""
    let lines = trace.split(separator: "\n")
    return """
      \(status); input held in the X server: \(Self.heldInput()); its trace (\(lines.count) lines) ends:
      \(lines.suffix(4).joined(separator: "\n"))
      its output ends:
      \(Self.tail(outputPath))
      """
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

  struct Timeout: Error, CustomStringConvertible {
    var what = ""
    var description: String { "Timeout: \(what)" }
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
