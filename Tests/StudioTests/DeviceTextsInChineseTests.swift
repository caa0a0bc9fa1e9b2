import Foundation
import Geometry
import Localization
import SceneFile
import StudioTestSupport
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// The device in Chinese: labels, buttons' titles and segments drawn from the scene's `texts` translation,
/// the one a script sets included; the engine's trace the same in every language.
@Suite struct DeviceTextsInChineseTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  let size = Size(1280, 800)

  func library(_ name: String) throws -> Scene {
    try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/\(name).yaml").path)
  }

  func model(_ scene: Scene, _ language: Language, presenter: Bool = false) -> StudioModel {
    let m = StudioModel(scene: scene, path: nil)
    m.language = language
    if presenter { m.perform(.togglePresenter) }
    return m
  }

  /// The texts the canvas draws now (the device, its labels and what lies beside it).
  func canvasTexts(_ m: StudioModel, size: Size) -> [String] {
    _ = m.frame(size: size, pixelScale: 1)
    let layout = m.lastLayout!
    return CanvasPanel.draw(in: layout.canvas, PanelContext(model: m, layout: layout)).commands.compactMap {
      if case .text(let s, _, _) = $0 { return s } else { return nil }
    }
  }

  @Test func theChineseWindowDrawsTheTranslatedTexts() throws {
    let scene = try library("08-cancels-touches-in-view")
    for presenter in [false, true] {
      let zh = canvasTexts(model(scene, .simplifiedChinese, presenter: presenter), size: size)
      for text in ["点我", "按钮"] { #expect(zh.contains(text), "\(text) in \(zh)") }
      // Whole, or in presenter mode shortened to fit its label (its whole text the tooltip).
      #expect(zh.contains { $0 == "YES（默认）" || (presenter && $0.hasPrefix("YES（")) }, "\(zh)")
      #expect(!zh.contains { $0.hasPrefix("Tap") || $0.hasPrefix("Butt") || $0.contains("default") }, "\(zh)")
      let en = canvasTexts(model(scene, .english, presenter: presenter), size: size)
      #expect(en.contains { $0.hasPrefix("YES (") } && en.contains { $0.hasPrefix("Tap") }, "\(en)")
      #expect(!en.contains { $0.contains("点我") || $0.contains("按钮") }, "\(en)")
    }
  }

  @Test func aTextTheScriptSetsIsDrawnInChineseFromThen() throws {
    let scene = try library("02-skipped-views")
    let m = model(scene, .simplifiedChinese)
    let end = scene.script.map(\.t).max() ?? 0
    m.show(script: scene.script, at: 0)
    let before = canvasTexts(m, size: size)
    #expect(before.contains("支付（已禁用）") && before.contains("照片"), "\(before)")
    m.show(script: scene.script, at: end + 400)
    let after = canvasTexts(m, size: size)
    #expect(after.contains("支付") && after.contains("照片（交互已开启）"), "\(after)")
    #expect(!after.contains { $0.contains("Pay") || $0.contains("Photo") }, "\(after)")
  }

  @Test func aSegmentedControlsSegmentsAreDrawnInChinese() throws {
    let scene = try library("26-value-controls-in-tapped-card")
    let zh = canvasTexts(model(scene, .simplifiedChinese), size: size)
    for segment in ["浅色", "深色", "自动"] { #expect(zh.contains(segment), "\(segment) in \(zh)") }
    #expect(!zh.contains("Light"), "\(zh)")
  }

  @Test func compareModeDrawsBothDevicesInChinese() throws {
    let scene = try library("08-cancels-touches-in-view")
    let m = StudioModel.drawn(scene, size: size)
    m.language = .simplifiedChinese
    m.perform(.select("tapCancels"))
    m.handle(.key(.character("c"), .none), wall: 10)
    m.handle(.key(.character("x"), .none), wall: 20)
    #expect(m.isComparing)
    let texts = m.frame(size: size, pixelScale: 1).commands.compactMap {
      if case .text(let s, _, _) = $0 { return s } else { return nil }
    }
    #expect(texts.filter { $0 == "点我" }.count >= 4, "\(texts)")
    #expect(!texts.contains("Tap me"), "\(texts)")
  }

  static let lessons: [String] = {
    let dir = root.appendingPathComponent("Scenes")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
  }()

  /// The texts with English words in them, but for what is the same in every language (`ChineseUITests`:
  /// UIKit's names, state names, numbers), the scene's ids (cut or broken over lines too), `bounds` as the
  /// walk's labels write it, `delegate`, the program's name, and code (`hidden = true`).
  static func english(_ texts: [String], scene: Scene) -> [String] {
    var ids: Set<String> = ["bounds", "delegate", "x", "Touchscope", "window", "application", "appDelegate"]
    for v in scene.allViews {
      ids.insert(v.id)
      if let c = v.controller { ids.insert(c) }
      if v.kind == .scroll { ids.insert(v.id + ".pan") }
      for r in v.recognizers { ids.insert(r.id) }
    }
    // A piece of an id broken over lines ("require" / "Failure" / "Of").
    let pieces = { (t: String) in !t.contains(" ") && ids.contains { $0.contains(t) } }
    // A text shortened to fit ends in a piece of a word ("调用了 s…" of `super`): that piece is not English.
    let whole = texts.map { t in
      t.hasSuffix("…") ? t.dropLast().split(separator: " ").dropLast().joined(separator: " ") : t
    }
    return whole.filter { !$0.contains(" = ") && !pieces($0) }.compactMap { text in
      let words = ChineseUITests.englishWords(in: text, ids: ids, allowed: ids)
      return words.isEmpty ? nil : "\"\(text)\" — \(words.joined(separator: " "))"
    }
  }

  @Test func theEnglishCheckFindsAnUntranslatedDevice() throws {
    let scene = try library("08-cancels-touches-in-view")
    let found = Self.english(canvasTexts(model(scene, .english), size: size), scene: scene)
    #expect(found.contains { $0.hasPrefix("\"Tap me\"") }, "\(found)")
    let card = try library("26-value-controls-in-tapped-card")
    let segments = Self.english(canvasTexts(model(card, .english), size: size), scene: card)
    #expect(segments.contains { $0.hasPrefix("\"Light\"") }, "\(segments)")
  }

  /// Every lesson's device in the Chinese window, at the start and after its script, at 1280×800 and in
  /// presenter mode at 1024×768: no English word on it but UIKit's names, ids and code.
  @Test(arguments: lessons)
  func everyLessonsDeviceIsChinese(_ name: String) throws {
    let scene = try library(name)
    let end = (scene.script.map(\.t).max() ?? 0) + 400
    var found: [String] = []
    for (size, presenter) in [(Size(1280, 800), false), (Size(1024, 768), true)] {
      let m = model(scene, .simplifiedChinese, presenter: presenter)
      for at in [0, end] {
        m.show(script: scene.script, at: at)
        found += Self.english(canvasTexts(m, size: size), scene: scene)
      }
    }
    #expect(found.isEmpty, "\(name): \(Set(found).sorted())")
  }

  /// Translations change what is drawn only: the engine runs the same scene and writes the same trace.
  @Test func theTraceIsTheSameInEveryLanguage() throws {
    for name in ["02-skipped-views", "08-cancels-touches-in-view", "26-value-controls-in-tapped-card"] {
      let scene = try library(name)
      let end = (scene.script.map(\.t).max() ?? 0) + 400
      let zh = model(scene, .simplifiedChinese)
      let en = model(scene, .english)
      zh.show(script: scene.script, at: end)
      en.show(script: scene.script, at: end)
      _ = canvasTexts(zh, size: size)
      #expect(!zh.engine.trace.isEmpty)
      #expect(zh.engine.trace == en.engine.trace, "\(name)")
      #expect(zh.snapshot.scene == en.snapshot.scene, "\(name)")
    }
  }
}
