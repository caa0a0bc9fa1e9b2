import Foundation
import Geometry
import SceneFile
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

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

  /// "live means live", measured from outside through `--frame-log`: during a live drag and a
  /// live long press at speed 1, every frame presented after an input shows the engine's present
  /// (`engine − playhead` at most one frame, 17 ms).
  @Test func liveFramesShowTheEnginesPresent() throws {
    let tapLine = try #require(Self.buttonScene.split(separator: "\n").first { $0.contains("id: cardTap") })
    let indent = tapLine.prefix { $0 == " " }
    let scene = Self.buttonScene.replacingOccurrences(
      of: tapLine, with: tapLine + "\n" + indent + "- { id: cardPress, kind: longPress }")
    let logPath = NSTemporaryDirectory() + "touchscope-frames-" + UUID().uuidString + ".jsonl"
    defer { try? FileManager.default.removeItem(atPath: logPath) }
    let w = try RealWindow(scene: scene, arguments: ["--frame-log", logPath])
    defer { w.close() }
    try w.drag(from: (100, 700), to: (300, 760), steps: 40)
    try w.press(30, 130)
    Thread.sleep(forTimeInterval: 0.8)
    try w.release()
    let trace = try w.waitForTrace { $0.contains(#""recognizer":"cardPress","from":"possible","to":"began""#) }
    #expect(trace.contains(#""recognizer":"padPan","state":"ended""#))
    let lines = try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n")
    var checked = 0
    for line in lines {
      guard let engine = Double(line.firstMatch(of: /"engine":(-?[0-9.]+)/)?.1 ?? ""),
        let playhead = Double(line.firstMatch(of: /"playhead":(-?[0-9.]+)/)?.1 ?? "")
      else { continue }
      guard line.contains(#""mode":"live""#), line.contains(#""speed":1,"#) else { continue }
      checked += 1
      #expect(engine - playhead <= 17, "a frame behind the engine: \(line)")
    }
    #expect(checked >= 20, "only \(checked) live frames after input among \(lines.count)")
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

  /// F9 records the window : F9 again writes `touchscope-1.mp4`, the window's size, with
  /// frames at 30 a second for the time it recorded, and the frames show the tap made meanwhile.
  @MainActor @Test func f9RecordsTheWindowToAVideo() throws {
    let w = try RealWindow(scene: Self.buttonScene)
    defer { w.close() }
    try w.key("F9")
    Thread.sleep(forTimeInterval: 0.5)
    try w.tap(195, 230)
    _ = try w.waitForTrace { $0.contains("touchUpInside") }
    Thread.sleep(forTimeInterval: 1)
    try w.key("F9")
    let path = w.directory + "/touchscope-1.mp4"
    let ffprobe = try RecordCommandTests.tool("ffprobe")
    var info = ""
    try w.wait(for: "the recording \(path)", seconds: 15) {
      info =
        (try? RecordCommandTests.output(
          ffprobe,
          [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
            "stream=nb_read_frames,width,height", "-of", "default=nw=1", path,
          ])) ?? ""
      return info.contains("nb_read_frames=")
    }
    #expect(info.contains("width=1280") && info.contains("height=800"), "\(info)")
    let frames =
      info.split(separator: "\n").first { $0.hasPrefix("nb_read_frames=") }
      .flatMap { Int($0.dropFirst("nb_read_frames=".count)) } ?? 0
    #expect(frames >= 40 && frames <= 30 * 20, "\(frames) frames for about 1.5 s")
    let ffmpeg = try RecordCommandTests.tool("ffmpeg")
    let hashes = try RecordCommandTests.output(ffmpeg, ["-v", "error", "-i", path, "-f", "framemd5", "-"])
      .split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: ",").last }
    #expect(Set(hashes).count >= 2, "the tap changes the picture")
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
