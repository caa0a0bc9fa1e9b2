import Foundation
import Localization
import Narration
import SceneFile
import TestSupport
import Testing
import TouchSim

/// The scene library in `Scenes/`, found from this file's path (`Tests/NarrationTests/` → the package root).
enum LibraryScenes {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // NarrationTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// Every `.yaml` scene of the library, sorted.
  static var files: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Scenes").path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted()
  }

  /// A library scene played with its own script, and that run's trace.
  static func played(_ file: String) throws -> (scene: Scene, trace: [TraceEntry]) {
    let scene = try SceneLoader.load(path: root.appendingPathComponent("Scenes/\(file)").path)
    return (scene, Engine.replay(scene))
  }
}

/// The narration in Simplified Chinese: written from its own templates, line for line what English says,
/// with no English words left but UIKit's names.
@Suite struct ChineseNarrationTests {
  // MARK: Every scene of the library

  @Test func theLibraryHasScenes() {
    #expect(LibraryScenes.files.count >= 20)
  }

  @Test(arguments: LibraryScenes.files)
  func librarySceneIsToldInChinese(file: String) throws {
    let (scene, trace) = try LibraryScenes.played(file)
    let english = Narrator.narrate(trace, scene: scene)
    let chinese = Narrator.narrate(trace, scene: scene, language: .simplifiedChinese)
    #expect(!chinese.isEmpty)
    ChineseCheck.expectSameLines(english, chinese, in: "Scenes/\(file)")
    ChineseCheck.expectTranslated(chinese, in: "Scenes/\(file)")
    // Cut at any playhead, as the window narrates, the Chinese is still translated.
    for end in stride(from: 1, to: trace.count, by: max(1, trace.count / 7)) {
      let part = Array(trace.prefix(end))
      ChineseCheck.expectTranslated(
        Narrator.narrate(part, scene: scene, complete: false, language: .simplifiedChinese),
        in: "Scenes/\(file) up to entry \(end)")
    }
    for line in chinese {
      // Points "(195, 330)", calls "touchesShouldCancel(in: `row`)", quoted user text and list values
      // "[1, 1]" keep their ASCII punctuation; the sentence around them uses Chinese punctuation.
      let prose = line.text.replacing(#/\(-?[0-9.]+, -?[0-9.]+\)/#, with: "").replacing(#/[A-Za-z]\([^)]*\)/#, with: "")
        .replacing(#/“[^”]*”/#, with: "").replacing(#/\[[^\]]*\]/#, with: "")
      #expect(!prose.contains(", ") && !prose.contains("; ") && !prose.contains(" ("), "\(file): \(line.text)")
    }
  }

  // MARK: Sentences pinned word for word

  /// Rule 8.3: a button inside a view with a single-tap recognizer.
  @Test func aTapOnAButton() {
    let s = scene([v("buy", [100, 300, 190, 60], kind: .button)], rootRecognizers: [g("parentTap", .tap)])
    let n = Narrated(s, tap(195, 330))
    #expect(
      n.chineseSteps == [
        "手指 1 在 (195, 330) 按下。",
        "手指 1 的命中测试经过 `root` → `buy`：`buy` 是包含该点的最深层视图，所以它成为 touch.view（规则 A-1）。",
        "手指 1 交给 `buy` 及其父视图上的手势识别器：`parentTap`，它接收了这个触摸（shouldReceive YES）（规则 C-7、E-6.4）。",
        "`buy` 收到 touchesBegan，晚于手势识别器收到该触摸，并发送了 touchDown（规则 F-1、8.1）。",
        "手指 1 在 (195, 330) 抬起。",
        "`parentTap` 询问 `buy` 它是否可以开始；UIButton 不允许父视图上的单击，所以 `parentTap` 失败了（规则 8.3）。",
        "`buy` 收到 touchesEnded，并发送了 touchUpInside，然后 primaryActionTriggered（规则 8.1、G-8.1b）。",
      ], "\(n.chineseSteps)")
    #expect(
      n.chineseSummaries == [
        "`parentTap` 没有触发：它在 80 ms 失败，因为 `buy` 是 UIButton，而 UIButton 不允许父视图上的单击（规则 8.3）。",
        "`buy` 在 80 ms 触发了 touchUpInside；`parentTap` 无法夺走这个触摸，因为 UIButton 不允许父视图上的单击（规则 8.1、8.3）。",
      ], "\(n.chineseSummaries)")
  }

  /// Rule I: a double tap fails when no second tap comes; the single tap waiting for it then fires.
  @Test func aRecognizerFailsWithItsReason() {
    let s = scene([
      v(
        "photo", [0, 100, 390, 400],
        recognizers: [
          g("singleTap", .tap) { $0.requireToFail = ["doubleTap"] },
          g("doubleTap", .tap) { $0.numberOfTapsRequired = 2 },
        ])
    ])
    let n = Narrated(s, tap(195, 300))
    #expect(n.chineseSteps.contains("350 ms 内没有出现第 2 次点击，所以 `doubleTap` 失败了（规则 I）。"), "\(n.chineseSteps)")
    #expect(
      n.chineseSteps.contains(
        "`singleTap` 正在等待 `doubleTap` 失败，这是 require(toFail:) 的要求；在此期间它保持 possible（规则 E-6.3、L12）。"),
      "\(n.chineseSteps)")
    #expect(
      n.chineseSummaries.contains(
        "`doubleTap` 没有触发：它在 430 ms 失败，因为 350 ms 内没有出现第 2 次点击（规则 I）。"),
      "\(n.chineseSummaries)")
  }

  /// The "为什么？" block, and the English "Why?" block unchanged.
  @Test func theWhyBlockInChinese() {
    let s = scene([v("buy", [100, 300, 190, 60], kind: .button)])
    let n = Narrated(s, tap(195, 330))
    let text = NarrationText.render(n.chinese, language: .simplifiedChinese)
    let expected = [
      "   0 ms  手指 1 在 (195, 330) 按下。",
      "   0 ms  手指 1 的命中测试经过 `root` → `buy`：`buy` 是包含该点的最深层视图，所以它成为 touch.view（规则 A-1）。",
      "   0 ms  手指 1 没有手势识别器：`buy` 及其父视图上都没有（规则 C-7）。",
      "   0 ms  `buy` 收到 touchesBegan，并发送了 touchDown（规则 8.1）。",
      "  80 ms  手指 1 在 (195, 330) 抬起。",
      "  80 ms  `buy` 收到 touchesEnded，并发送了 touchUpInside，然后 primaryActionTriggered（规则 8.1、G-8.1b）。",
      "",
      "         为什么？",
      "         - `buy` 在 80 ms 触发了 touchUpInside（规则 8.1）。",
    ]
    #expect(text == expected.joined(separator: "\n") + "\n", "\(text)")
    #expect(NarrationText.render(n.lines).contains("Why?\n"))
    #expect(!NarrationText.render(n.lines).contains("为什么"))
  }

  // MARK: Wrapping

  /// Chinese wraps between Chinese characters, two columns each; no line starts with "，" or "。".
  @Test func chineseWrapsByDisplayWidth() {
    let s = scene([v("buy", [100, 300, 190, 60], kind: .button)], rootRecognizers: [g("parentTap", .tap)])
    let n = Narrated(s, tap(195, 330))
    for width in [30, 40, 56, 80] {
      let text = NarrationText.render(n.chinese, width: width, language: .simplifiedChinese)
      for row in text.split(separator: "\n" as Character) {
        let columns = row.reduce(0) { $0 + ($1.unicodeScalars.first!.value >= 0x2E80 ? 2 : 1) }
        // A backticked id or an API name longer than the room left may overrun; nothing else does.
        let words: [Substring] = row.split(whereSeparator: { $0 == " " })
        let longest = words.map(\.count).max() ?? 0
        #expect(columns <= width || longest > width / 3, "width \(width): \(row)")
        let trimmed = row.drop { $0 == " " || $0 == "-" }
        #expect(!(trimmed.first.map { "，。；：、）".contains($0) } ?? false), "width \(width): \(row)")
      }
      // Nothing lost: joined again, the rows give the sentences back.
      let unwrapped = NarrationText.render(n.chinese, language: .simplifiedChinese)
      #expect(squeeze(text) == squeeze(unwrapped))
    }
  }

  /// English wrapping is unchanged by the language parameter.
  @Test func englishWrappingIsUnchanged() {
    let s = scene([v("buy", [100, 300, 190, 60], kind: .button)], rootRecognizers: [g("parentTap", .tap)])
    let n = Narrated(s, tap(195, 330))
    #expect(NarrationText.render(n.lines, width: 60) == NarrationText.render(n.lines, width: 60, language: .english))
  }

  private func squeeze(_ s: String) -> String { String(s.filter { !$0.isWhitespace }) }

  // MARK: The check itself

  @Test func theCheckFindsEnglishWords() {
    #expect(ChineseCheck.untranslated("`buy` 收到 touchesEnded，并发送了 touchUpInside（规则 8.1）。").isEmpty)
    #expect(ChineseCheck.untranslated("`card`.hidden 为 true；gestureRecognizer(_:shouldReceive:) 回答 NO。").isEmpty)
    #expect(ChineseCheck.untranslated("`pan` 失败了，因为 the finger lifted（规则 5.4）。") == ["the", "finger", "lifted"])
    #expect(ChineseCheck.untranslated("手指在 (195, 330) held 0.5 s。") == ["held"])
    #expect(ChineseCheck.untranslated("UIButton 在 80 ms 从 possible 变为 failed（rule 8.3）。") == ["rule"])
  }
}
