import Geometry
import Localization
import Testing
import TouchSim

@testable import StudioCore

/// The window plays a script that passes the trace limit as far as it ran, and says where it stopped, in
/// the window's language.
@MainActor @Suite struct ScriptLimitWindowTests {
  static func scene() -> Scene {
    var s = Scene(root: ViewSpec(id: "root", frame: Rect(0, 0, 390, 844)))
    var card = ViewSpec(id: "card", frame: Rect(0, 0, 390, 844))
    card.recognizers = [RecognizerSpec(id: "tap", kind: .tap)]
    s.root.subviews = [card]
    for i in 0..<30 {
      var downStep = ScriptStep(t: Double(i * 200), .down(touch: 1, at: Point(100, 100)))
      downStep.line = 20 + 2 * i
      var upStep = ScriptStep(t: Double(i * 200 + 40), .up(touch: 1, at: nil))
      upStep.line = 21 + 2 * i
      s.script += [downStep, upStep]
    }
    return s
  }

  @Test(arguments: [Language.english, .simplifiedChinese])
  func aTooLongScriptPlaysWhatRanAndSaysWhere(_ language: Language) throws {
    let s = Self.scene()
    let whole = Engine.replay(s)
    let m = StudioModel(scene: s, path: nil)
    m.language = language
    m.scriptTraceLimit = whole.count / 3
    m.perform(.playScript)
    // The engine ran up to the stop, and no further; the playback plays that.
    #expect(m.engine.trace.count > whole.count / 3 && m.engine.trace.count < whole.count / 2)
    #expect(Array(whole.prefix(m.engine.trace.count)) == m.engine.trace)
    #expect(m.isReplaying)
    let toast = try #require(m.toast?.text)
    #expect(m.toastKind == .warning)
    var stop: ScriptTooLong?
    do { _ = try Engine.replay(s, limit: whole.count / 3) } catch { stop = error }
    let line = try #require(stop?.line)
    if language == .english {
      #expect(toast.hasPrefix("The script stops at line \(line): its trace passed"), "\(toast)")
    } else {
      #expect(toast.hasPrefix("脚本在第 \(line) 行停止"), "\(toast)")
    }
  }

  @Test func aScriptWithinTheLimitSaysNothing() {
    let m = StudioModel(scene: Self.scene(), path: nil)
    m.perform(.playScript)
    #expect(m.engine.trace == Engine.replay(Self.scene()))
    #expect(m.toastKind != .warning)
  }
}
