import Foundation
import Geometry
import Localization
import SceneFile
import StudioUI
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// The window in Simplified Chinese: every text the panels, overlays and tooltips write is Chinese, apart
/// from what is the same in every language (UIKit's names, the scene's ids, state names, numbers, units,
/// key names). The canvas, drawn from the scene's own texts, is checked by DeviceTextsInChineseTests.
@Suite struct ChineseUITests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let scenes = [
    "02-skipped-views", "07-controls-vs-tap-recognizers", "08-cancels-touches-in-view", "09-delays-touches-began",
    "11-single-vs-double-tap", "15-simultaneous-recognition", "16-should-receive-filter", "18-scroll-view-buttons",
    "20-buttons-that-block-scrolling", "22-multi-touch", "24-exclusive-touch", "26-value-controls-in-tapped-card",
    "tour",
  ]

  /// Words that are the same in every language: key names, UIKit's BOOL answers, file formats, units.
  static let sameEverywhere: Set<String> = [
    "Ctrl", "Shift", "Alt", "Space", "Esc", "Enter", "Tab", "Backspace", "YES", "NO", "PNG", "NAME", "ms", "s", "pt",
    "rad",
    "possible", "began", "changed", "ended", "cancelled", "failed", "recognized", "alpha",
    // UIGestureRecognizer's values as the action handler reads them, and their direction names.
    "translation", "scale", "rotation", "velocity", "direction", "right", "left", "up", "down", "top", "bottom",
    // Swift's and UIKit's values as the scene file and the trace write them.
    "true", "false", "nil", "super",
  ]

  /// The English words of `text` that are not ids, API names, state names, numbers, units or key names.
  /// A word cut short ("transl…") counts when no whole word allowed starts like it (`allowed`).
  static func englishWords(in text: String, ids: Set<String>, allowed: Set<String> = []) -> [String] {
    englishWords(in: text, ids: ids, allowed: allowed, collect: nil)
  }

  static func englishWords(
    in text: String, ids: Set<String>, allowed: Set<String>, collect: ((String) -> Void)?
  ) -> [String] {
    let plain = text.filter { $0 != "`" }
    var words: [String] = []
    var current = ""
    func flush() {
      defer { current = "" }
      var w = Substring(current)
      while let f = w.first, ",;!?\"'“”‘’[]{}…·+".contains(f) { w = w.dropFirst() }
      while let l = w.last, ",;!?\"'“”‘’[]{}…·+".contains(l) { w = w.dropLast() }
      var word = String(w)
      guard word.contains(where: { $0.isASCII && $0.isLetter }) else { return }
      if current.hasSuffix("…") || current.hasSuffix("...") {
        let stem = word
        if allowed.contains(where: { $0.hasPrefix(stem) }) { return }
        word = stem + "…"
      }
      if allows(word, ids: ids) {
        collect?(word)
        return
      }
      // Part of an allowed name broken over two lines (`shouldRecognize` / `Simultaneously`).
      if collect == nil, word.count >= 3,
        allowed.contains(where: { $0 != word && ($0.hasPrefix(word) || $0.hasSuffix(word)) })
      {
        return
      }
      words.append(word)
    }
    for c in plain {
      if c.isASCII && !c.isWhitespace && c != "+" {
        current.append(c)
      } else if c == "…" {
        current.append(c)
        flush()
      } else {
        flush()
      }
    }
    flush()
    return words
  }

  /// Whether `word` is the same in every language.
  static func allows(_ word: String, ids: Set<String>) -> Bool {
    if ids.contains(word) || sameEverywhere.contains(word) { return true }
    // API names: camelCase, calls and selectors, UIKit classes, key paths, files, flags.
    if word.contains(where: { "():._=/<>≤≥".contains($0) }) || word.hasPrefix("UI") || word.hasPrefix("--") {
      return true
    }
    if word.dropFirst().contains(where: { $0.isUppercase }) && word.first?.isLowercase == true { return true }
    // Key names: a letter, a function key.
    if word.count == 1 && word.first!.isUppercase { return true }
    if word.first == "F", Int(word.dropFirst()) != nil { return true }
    // Numbers with a unit or a multiplier: "12pt", "×2", "2x".
    if word.first?.isNumber == true { return true }
    // Rule ids: "C-4", "H-2", "L20".
    if word.range(of: #"^[A-Z]{1,2}-?\d+[a-z]?$"#, options: .regularExpression) != nil { return true }
    return false
  }

  /// Every id the scene names (views, recognizers, a scroll view's own pan, controllers, timers).
  static func ids(_ scene: Scene) -> Set<String> {
    var out: Set<String> = []
    for v in scene.allViews {
      out.insert(v.id)
      if let c = v.controller { out.insert(c) }
      if v.kind == .scroll { out.insert(v.id + ".pan") }
      for r in v.recognizers { out.insert(r.id) }
    }
    // The responder chain past the views, as the trace names it.
    out.formUnion(["window", "application", "appDelegate"])
    // Words the scene's script sets (a label's text) are the scene's.
    for step in scene.script {
      guard case .set(let changes) = step.action else { continue }
      for c in changes {
        for word in c.value.description.split(whereSeparator: { !$0.isLetter }) { out.insert(String(word)) }
      }
    }
    return out
  }

  /// The texts and tooltips of every panel but the canvas (the scene's own words), as drawn now.
  static func texts(_ m: StudioModel, size: Size) -> [String] {
    let full = m.frame(size: size, pixelScale: 1)
    let layout = m.lastLayout!
    let ctx = PanelContext(model: m, layout: layout)
    var lists = [
      HeaderBar.draw(in: layout.header, ctx), NarrationStrip.draw(in: layout.narration, ctx),
      Overlays.draw(in: Rect(0, 0, size.width, size.height), ctx),
    ]
    if !m.view.stage {
      lists += [InspectorPanel.draw(in: layout.inspector, ctx), BottomPanel.draw(in: layout.bottom, ctx)]
    }
    var out: [String] = []
    for list in lists {
      for c in list.commands { if case .text(let s, _, _) = c { out.append(s) } }
      out += list.regions.compactMap(\.tip)
    }
    _ = full
    return out
  }

  /// The words of the scene's own title and about (shown as written when it has no Chinese ones).
  static func sceneText(_ scene: Scene) -> String {
    [scene.title(in: "zh-Hans"), scene.about(in: "zh-Hans")].compactMap { $0 }.joined(separator: " ")
  }

  static func untranslated(_ texts: [String], scene: Scene) -> [String] {
    let ids = ids(scene)
    let own = sceneText(scene).filter { $0 != "`" }
    var allowed: Set<String> = []
    for text in texts { _ = englishWords(in: text, ids: ids, allowed: [], collect: { allowed.insert($0) }) }
    var found: [String] = []
    for text in texts {
      let trimmed = text.filter { $0 != "`" }.trimmingCharacters(in: .whitespaces)
      if trimmed.count > 3 && own.contains(trimmed.replacingOccurrences(of: "…", with: "")) { continue }
      if trimmed.hasPrefix(own.prefix(20)) && !own.isEmpty { continue }
      let words = englishWords(in: text, ids: ids, allowed: allowed)
      if !words.isEmpty { found.append("\"\(text)\" — \(words.joined(separator: " "))") }
    }
    return found
  }

  static func chineseModel(_ scene: Scene) -> StudioModel {
    let m = StudioModel(scene: scene, path: nil)
    m.language = .simplifiedChinese
    return m
  }

  @Test(arguments: scenes)
  func everyTextOfTheWindowIsChinese(_ name: String) throws {
    let scene = try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/\(name).yaml").path)
    let m = Self.chineseModel(scene)
    let size = Size(1280, 800)
    var texts: [String] = []
    let end = scene.script.map(\.t).max() ?? 0
    for at in [0, end / 3, end / 2, 2 * end / 3, end + 400] {
      m.show(script: scene.script, at: at)
      for tab in InspectorTab.allCases {
        m.view.inspectorTab = tab
        for bottom in BottomTab.allCases {
          m.view.bottomTab = bottom
          texts += Self.texts(m, size: size)
        }
      }
      // Stepping back and forth leaves the playhead in the past: paused, step.
      m.perform(.stepBack)
      texts += Self.texts(m, size: size)
      m.perform(.step)
      texts += Self.texts(m, size: size)
    }
    // Each recognizer selected (its card and its pairs), with a pending change.
    m.view.inspectorTab = .pairs
    for r in InspectorRecognizer.all(in: scene) {
      m.perform(.select(r.id))
      texts += Self.texts(m, size: size)
    }
    if let r = scene.allRecognizers.first {
      m.perform(.change(KeyTable.RecognizerToggle.isEnabled.change(for: r)))
      m.view.inspectorTab = .recognizers
      texts += Self.texts(m, size: size)
      m.perform(.undo)
      texts += Self.texts(m, size: size)
      m.perform(.redo)
      texts += Self.texts(m, size: size)
    }
    // The help, the scene list, presenter mode, a narrow window.
    m.perform(.toggleHelp)
    texts += Self.texts(m, size: size)
    m.perform(.toggleHelp)
    m.library = [SceneListItem(path: "Scenes/\(name).yaml", title: scene.title(in: "zh-Hans") ?? name)]
    m.perform(.openSceneList)
    texts += Self.texts(m, size: size)
    m.perform(.closeOverlay)
    m.perform(.togglePresenter)
    texts += Self.texts(m, size: Size(1024, 768))
    texts += Self.texts(m, size: Size(800, 600))
    let found = Array(Set(Self.untranslated(texts, scene: scene))).sorted()
    #expect(found.isEmpty, "\(found.count) texts with English words:\n\(found.joined(separator: "\n"))")
  }

  /// Chinese is never cut where English fits: no more texts end in "…" than in the English window, for the
  /// same scene, time, tabs and window size.
  @Test(arguments: scenes)
  func chineseIsCutNoMoreThanEnglish(_ name: String) throws {
    let scene = try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/\(name).yaml").path)
    let end = scene.script.map(\.t).max() ?? 0
    func cut(_ language: Language) -> [String] {
      let m = StudioModel(scene: scene, path: nil)
      m.language = language
      var out: [String] = []
      for (size, presenter) in [(Size(1280, 800), false), (Size(1024, 768), true)] {
        if presenter { m.perform(.togglePresenter) }
        for at in [end / 2, end + 400] {
          m.show(script: scene.script, at: at)
          for tab in InspectorTab.allCases {
            m.view.inspectorTab = tab
            for bottom in BottomTab.allCases {
              m.view.bottomTab = bottom
              out += Self.texts(m, size: size).filter { $0.hasSuffix("…") }
            }
          }
        }
        m.perform(.toggleHelp)
        out += Self.texts(m, size: size).filter { $0.hasSuffix("…") }
        m.perform(.toggleHelp)
      }
      return out
    }
    let english = cut(.english)
    let chinese = cut(.simplifiedChinese)
    #expect(
      chinese.count <= english.count,
      "\(chinese.count) Chinese texts cut, \(english.count) English:\n\(Set(chinese).sorted().joined(separator: "\n"))")
  }

  /// The header's messages and the save banner, for every way a save ends, and the busy card.
  @Test func messagesAndBannersAreChinese() {
    let scene = TestSupport.scene([v("tile", [0, 100, 390, 500], recognizers: [g("tap", .tap)])])
    var texts: [String] = []
    let outcomes: [SaveOutcome] = [
      .saved(path: "Scenes/lesson.yaml"), .savedNewFile(path: "Scenes/lesson.touchscope-1.yaml"),
      .changedOnDisk(path: "Scenes/lesson.yaml", removed: false, newFile: "Scenes/lesson.touchscope-1.yaml"),
      .changedOnDisk(path: "Scenes/lesson.yaml", removed: true, newFile: "Scenes/lesson.touchscope-1.yaml"),
      .failed(path: "Scenes/lesson.yaml", reason: "磁盘已满"),
    ]
    for outcome in outcomes {
      let m = StudioModel(scene: scene, path: "Scenes/lesson.yaml")
      m.language = .simplifiedChinese
      m.saveFinished(outcome, wall: 0)
      texts += Self.texts(m, size: Size(1280, 800))
      if let message = m.saveMessage { texts += [message.title] + message.lines }
      texts += m.toast.map { [$0.text] } ?? []
    }
    let m = Self.chineseModel(scene)
    for action in [StudioAction.undo, .redo, .saveWithRecording] {
      m.perform(action)
      texts += m.toast.map { [$0.text] } ?? []
    }
    #expect(texts.contains("✓ 没有可撤销的操作") || texts.contains("没有可撤销的操作"), "\(texts)")
    for c in BusyOverlay.commands(size: Size(1280, 800), theme: m.theme, elapsed: 1500) {
      if case .text(let s, _, _) = c { texts.append(s) }
    }
    let found = Self.untranslated(texts, scene: scene)
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  /// The scene's own Chinese title and about, where it has them: in the header and the narration strip.
  @Test func theScenesChineseTitleAndAboutAreShown() {
    var scene = TestSupport.scene([v("tile", [0, 100, 390, 500])])
    scene.title = "Single tap"
    scene.about = "One tap."
    scene.translations["zh-Hans"] = SceneTranslation(title: "单击", about: "轻点一次。")
    let m = Self.chineseModel(scene)
    let shown = Self.texts(m, size: Size(1280, 800))
    #expect(shown.contains("单击"), "\(shown)")
    #expect(shown.contains { $0.contains("轻点一次。") }, "\(shown)")
    #expect(!shown.contains { $0.contains("Single tap") || $0.contains("One tap.") }, "\(shown)")
    let english = StudioModel(scene: scene, path: nil)
    #expect(Self.texts(english, size: Size(1280, 800)).contains("Single tap"))
  }

  /// Before anything happens, and the messages of an empty scene.
  @Test func anEmptySceneAndTheStartAreChinese() {
    let m = Self.chineseModel(TestSupport.scene([]))
    let found = Self.untranslated(Self.texts(m, size: Size(1280, 800)), scene: m.config)
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test func theTabsAndButtonsHaveTheirChineseNames() {
    let scene = TestSupport.scene([v("tile", [0, 100, 390, 500], recognizers: [g("tap", .tap)])])
    let m = Self.chineseModel(scene)
    let shown = Self.texts(m, size: Size(1440, 900))
    for label in ["手势识别器 1", "配对", "时间线", "日志", "重放", "脚本", "重置", "速度"] {
      #expect(shown.contains(label), "\(label) in \(shown)")
    }
    #expect(InspectorTab.views.title(.simplifiedChinese) == "视图")
    #expect(KeyTable.help(.simplifiedChinese).last?.what == "退出")
    m.perform(.toggleHelp)
    #expect(Self.texts(m, size: Size(1440, 900)).contains("键盘与鼠标"))
  }

  @Test func theEnglishWindowIsUnchanged() {
    let scene = TestSupport.scene([v("tile", [0, 100, 390, 500], recognizers: [g("tap", .tap)])])
    let m = StudioModel(scene: scene, path: nil)
    let shown = Self.texts(m, size: Size(1440, 900))
    for label in ["Recognizers 1", "Pairs", "Timeline", "Log", "Replay", "Script", "Reset", "speed"] {
      #expect(shown.contains(label), "\(label) in \(shown)")
    }
    #expect(KeyTable.help(.english).map(\.what) == KeyTable.help.map(\.what))
  }

  /// Chinese breaks between characters, never after an opening bracket nor before a closing one.
  @Test func chineseWrapsBetweenCharacters() {
    let text = "每个视图及命中测试读取的属性（隐藏、alpha、交互）；一次触摸的命中测试过程在这里显示"
    Self.eachWrap(of: text, by: 7) { width, line, lines in
      #expect(TextMetrics.width(line, size: 13) <= width, "\(width): \(line)")
      #expect(!line.hasSuffix("（") && !line.hasPrefix("）") && !line.hasPrefix("、"), "\(width): \(lines)")
    }
    for width in stride(from: 60.0, through: 300, by: 7) {
      let style = TextStyle(size: 13, color: .white)
      let inspector = InspectorText.wrap(text, width, style, maxLines: 20)
      #expect(inspector.joined() == text, "\(width): \(inspector)")
      for line in inspector { #expect(!line.hasSuffix("（") && !line.hasPrefix("）"), "\(width): \(inspector)") }
    }
  }

  /// Chinese quotation marks hold to the text they quote, as brackets do: a line never starts with a
  /// closing mark (”’) and never ends with an opening one (“‘) (the narration of lesson 7 began a line
  /// with ”：).
  @Test func chineseQuotesStayWithWhatTheyQuote() {
    let text = "三张卡片，三种结果。点击“购买”：它所在的卡片有一个单击手势识别器，但‘分享’按钮上的点击手势识别器就加在按钮自身上"
    Self.eachWrap(of: text, by: 3) { width, line, lines in
      #expect(!line.hasPrefix("”") && !line.hasPrefix("’") && !line.hasPrefix("："), "\(width): \(lines)")
      #expect(!line.hasSuffix("“") && !line.hasSuffix("‘"), "\(width): \(lines)")
    }
  }

  /// `text` wrapped at 13 px to widths from 60 to 300 in steps of `step`: nothing lost or added, and
  /// `check` asked of each line (with the width and all the lines, for the message).
  static func eachWrap(of text: String, by step: Double, _ check: (Double, String, [String]) -> Void) {
    for width in stride(from: 60.0, through: 300, by: step) {
      let lines = TextMetrics.wrap(text, toWidth: width, size: 13)
      #expect(lines.joined() == text, "\(width): \(lines)")
      for line in lines { check(width, line, lines) }
    }
  }

  /// The words the check counts as English, and those it lets through.
  @Test func theCheckFindsEnglishWordsOnly() {
    let ids: Set<String> = ["buy", "doubleTap"]
    #expect(Self.englishWords(in: "touch 1 down at (12, 40)", ids: ids) == ["touch", "at"])
    #expect(Self.englishWords(in: "`buy` ← touchesBegan [1]", ids: ids).isEmpty)
    #expect(Self.englishWords(in: "等待 doubleTap 失败（require(toFail:)）", ids: ids).isEmpty)
    #expect(Self.englishWords(in: "UITapGestureRecognizer 在 buy 上 · 12 ms · Ctrl+S", ids: ids).isEmpty)
    #expect(Self.englishWords(in: "✓ ended（C-4）", ids: ids).isEmpty)
    #expect(Self.englishWords(in: "位置 transl…", ids: ids, allowed: ["translation"]).isEmpty)
    #expect(Self.englishWords(in: "位置 nothi…", ids: ids, allowed: ["translation"]) == ["nothi…"])
  }
}
