import Foundation
import Testing
import TouchSim

@testable import SceneFile

/// `translations: { LANG: { texts: ... } }`: the texts the device draws (labels, buttons' titles, segments)
/// in another language, by view id.
@Suite struct DeviceTextTranslationTests {
  static let text = """
    format: touchscope/1
    title: A card
    translations:
      zh-Hans:
        title: 卡片
        texts:
          card: 点我
          pay: [支付（已禁用）, 支付]
          theme: 浅色|深色
    root:
      id: root
      subviews:
        - { id: card, frame: [0, 0, 200, 200], text: Tap me }
        - { id: pay, kind: button, frame: [0, 200, 200, 60], text: Pay (disabled), enabled: false }
        - { id: theme, kind: segmentedControl, frame: [0, 300, 200, 40], text: Light|Dark }
        - { id: plain, frame: [0, 400, 200, 40], text: Left as it is }
        - { id: blank, frame: [0, 500, 200, 40] }
    script:
      - { t: 0, set: { pay.enabled: true, pay.text: Pay } }
    """

  @Test func eachViewsTextsAreReadInOrderAndWrittenBack() throws {
    let s = try load(Self.text)
    let zh = try #require(s.translations["zh-Hans"])
    #expect(zh.title == "卡片")
    #expect(zh.texts == ["card": ["点我"], "pay": ["支付（已禁用）", "支付"], "theme": ["浅色|深色"]])
    #expect(s.deviceTexts["pay"] == ["Pay (disabled)", "Pay"])
    #expect(s.deviceTexts["blank"] == nil)
    // The whole-scene writer keeps them, one line a view in the tree's order, and they read back the same.
    let written = SceneWriter.yaml(s)
    #expect(written.contains("    texts:\n      card: 点我\n      pay: ["), "\(written)")
    #expect(try load(written).comparable == s.comparable)
  }

  @Test func theTableMapsEachTextTheFileWritesToItsTranslation() throws {
    let s = try load(Self.text)
    let table = s.deviceTextTable(in: "zh-Hans")
    #expect(table["pay"] == ["Pay (disabled)": "支付（已禁用）", "Pay": "支付"])
    #expect(s.deviceTextTable(in: "ja").isEmpty)
    #expect(s.deviceTextTable(in: "en").isEmpty)
    // The start of a run, then after the script's set: the text shown now is the one translated.
    var shown = s.showingTexts(table)
    func text(_ id: String, _ scene: Scene) -> String? { scene.allViews.first { $0.id == id }?.text }
    #expect(text("card", shown) == "点我")
    #expect(text("pay", shown) == "支付（已禁用）")
    #expect(text("theme", shown) == "浅色|深色")
    #expect(text("plain", shown) == "Left as it is")
    var later = s
    #expect(later.apply(PropertyChange(target: "pay", key: "text", value: .string("Pay"))) == nil)
    #expect(text("pay", later.showingTexts(table)) == "支付")
    // A text the file never wrote for that view is drawn as it is.
    #expect(later.apply(PropertyChange(target: "card", key: "text", value: .string("Typed"))) == nil)
    shown = later.showingTexts(table)
    #expect(text("card", shown) == "Typed")
    // Nothing else changes: the engine's scene is the same but for the texts.
    var back = shown
    for v in s.allViews { _ = back.apply(PropertyChange(target: v.id, key: "text", value: .string(v.text ?? ""))) }
    var original = s
    for v in s.allViews { _ = original.apply(PropertyChange(target: v.id, key: "text", value: .string(v.text ?? ""))) }
    #expect(back == original)
  }

  @Test func anUnknownIdIsAnErrorWithADidYouMeanAtItsKey() {
    let yaml = sceneText(
      """
      translations:
        zh-Hans:
          texts:
            crad: 点我
      root:
        id: root
        subviews:
          - { id: card, frame: [0, 0, 10, 10], text: Tap me }
      """)
    expectProblem(yaml, at: 5, 7, "'texts' names 'crad', but no view has that id (did you mean 'card'?)")
  }

  @Test func aRecognizerAViewWithoutTextAndAWrongShapeAreErrorsWhereTheyAre() {
    func scene(_ texts: String) -> String {
      sceneText(
        """
        translations:
          zh-Hans:
            texts: \(texts)
        root:
          id: root
          recognizers: [{ id: tap, kind: tap }]
          subviews:
            - { id: card, frame: [0, 0, 10, 10], text: Tap me }
            - { id: seg, kind: segmentedControl, frame: [0, 0, 10, 10], text: A|B|C }
            - { id: blank, frame: [0, 0, 10, 10] }
        script:
          - { t: 0, set: { card.text: Tapped } }
        """)
    }
    expectProblem(scene("{ tap: x }"), at: 4, 14, "'texts' names 'tap', which is a tap recognizer, not a view")
    expectProblem(scene("{ blank: x }"), at: 4, 14, "'blank' has no text to translate")
    expectProblem(scene("{ card: 点我 }"), at: 4, 20, "'card' has 2 texts (its own, then 1 the script sets)")
    expectProblem(
      scene("{ card: [a, b, c] }"), at: 4, 20, "translate them as a list of 2 in that order, not a list of 3")
    expectProblem(scene("{ seg: 甲|乙 }"), at: 4, 19, "'texts.seg' has 2 segments, but 'A|B|C' has 3")
    expectProblem(scene("{ card: ['', b] }"), at: 4, 21, "'texts.card' is empty")
    expectProblem(scene("[card]"), at: 4, 12, "'texts' must be a mapping from a view id")
    expectProblem(scene("{ card: [{ a: 1 }, b] }"), at: 4, 21, "'texts.card' takes a string")
    // Each language on its own.
    #expect(problems(scene("{ card: [点我, 点过了], seg: 甲|乙|丙 }")).isEmpty)
  }

  @Test func theInPlaceSaverKeepsTheTextsAsWritten() throws {
    let saved = try SceneEditor.apply(
      [PropertyChange(target: "card", key: "hidden", value: .bool(true))], to: Self.text, file: "t.yaml")
    #expect(saved.contains("    texts:\n      card: 点我\n      pay: [支付（已禁用）, 支付]\n      theme: 浅色|深色\n"))
    #expect(try load(saved).translations == load(Self.text).translations)
    // A text changed by a save: the translation, keyed by the view, stands for the new text.
    let retitled = try SceneEditor.apply(
      [PropertyChange(target: "card", key: "text", value: .string("Press"))], to: Self.text, file: "t.yaml")
    let s = try load(retitled)
    #expect(s.translations["zh-Hans"]?.texts["card"] == ["点我"])
    #expect(s.deviceTextTable(in: "zh-Hans")["card"] == ["Press": "点我"])
  }

  // MARK: The library

  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Library scenes, and examples with a Chinese title translation.
  static func translatedScenes() throws -> [(name: String, scene: Scene)] {
    var out: [(String, Scene)] = []
    for folder in ["Scenes", "docs/examples"] {
      let dir = packageRoot.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".yaml") {
        let scene = try SceneLoader.load(path: dir.appendingPathComponent(name).path)
        if folder == "Scenes" || scene.translations["zh-Hans"]?.title != nil {
          out.append((folder + "/" + name, scene))
        }
      }
    }
    return out
  }

  /// Whether `text` reads the same in Chinese: UIKit names, code (`hidden = true`), numbers and symbols,
  /// with no ordinary English word in it.
  static func isSameInChinese(_ text: String) -> Bool {
    let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    return words.allSatisfy { w in
      w.first?.isNumber == true || w.count == 1 || ["YES", "NO", "true", "false", "pt"].contains(w)
        || w.dropFirst().contains(where: \.isUppercase) || w.hasPrefix("UI")
        // Code: an assignment (`hidden = true`) or a selector (`require(toFail:)`).
        || text.contains(" = ") || text.contains(":)")
    }
  }

  @Test func everyLibrarySceneTranslatesEveryDeviceTextIntoChinese() throws {
    let scenes = try Self.translatedScenes()
    #expect(scenes.count >= 33)
    for (name, scene) in scenes {
      let texts = scene.translations["zh-Hans"]?.texts ?? [:]
      let sources = scene.deviceTexts
      let missing = Set(sources.keys).subtracting(texts.keys).sorted()
      #expect(missing.isEmpty, "\(name): no Chinese for \(missing)")
      for (id, own) in sources {
        guard let zh = texts[id] else { continue }
        #expect(zh.count == own.count, "\(name): \(id)")
        for (english, chinese) in zip(own, zh) where chinese == english || !chinese.contains(where: \.isCJK) {
          // Left in English only when English is what a Chinese reader sees too (API names, code, numbers).
          #expect(Self.isSameInChinese(chinese), "\(name): \(id) '\(chinese)' is not translated")
        }
      }
    }
  }

  @Test func theSameInChineseCheckRefusesOrdinaryWords() {
    for s in [
      "cancelsTouchesInView", "hidden = true", "YES", "3", "x", ">", "require(toFail:)", "delaysTouchesEnded: NO",
    ] {
      #expect(Self.isSameInChinese(s), "\(s)")
    }
    for s in ["Tap me", "Button", "Post 1", "Follow", "Left as it is"] { #expect(!Self.isSameInChinese(s), "\(s)") }
  }
}

extension Character {
  /// A CJK ideograph or Chinese punctuation.
  fileprivate var isCJK: Bool {
    unicodeScalars.contains {
      (0x3000...0x303F).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
        || (0xFF00...0xFFEF).contains($0.value)
    }
  }
}
