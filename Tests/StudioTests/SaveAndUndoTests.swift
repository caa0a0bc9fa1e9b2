import Foundation
import Geometry
import SceneFile
import StudioTestSupport
import TestSupport
import Testing
import TouchSim

@testable import StudioCore
@testable import StudioSDL

/// Ctrl+S writes the toggles into the scene file's own text, never over a file that changed since it was
/// loaded (a new file beside it instead), and says plainly when it did not save; Ctrl+Z undoes flips.
@Suite struct SaveAndUndoTests {
  static let text = """
    # A lesson, written by hand.
    format: touchscope/1
    title: Saving keeps this text
    about: >-
      Folded about text,
      on two lines.

    root:
      id: root
      frame: [0, 0, 390, 844]   # the whole window
      recognizers:
        - { id: rootTap, kind: tap }   # flow style
      subviews:
        - id: card
          frame: [0, 100, 390, 500]
          recognizers:
            - id: cardTap
              kind: tap
              isEnabled: true   # explicit default
              delegate:
                shouldReceive: { unlessTouchIn: [buy] }
          subviews:
            - { id: buy, kind: button, frame: [100, 100, 190, 60], text: Buy }
    script:
      - { t: 0, touch: 1, down: [20, 130] }
      - { t: 80, touch: 1, up: true }

    """

  let size = Size(1280, 800)

  /// A scene file in a fresh folder, and a model that loaded it (as the window does) and drew a frame.
  func loadedModel(_ text: String = SaveAndUndoTests.text, name: String = "lesson.yaml") throws -> (StudioModel, String)
  {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-save-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let read = try SceneLoader.readText(path: path)
    let m = StudioModel(scene: try SceneLoader.parse(read, file: path), path: path, text: read)
    _ = m.frame(size: size, pixelScale: 1)
    m.tick(wall: 0)
    return (m, path)
  }

  func ctrl(_ m: StudioModel, _ c: Character, shift: Bool = false) {
    m.handle(.key(.character(c), Modifiers(shift: shift, control: true)), wall: 100)
  }

  func flip(_ m: StudioModel, _ target: String, _ key: String, _ value: Bool) {
    m.perform(.change(PropertyChange(target: target, key: key, value: .bool(value))))
  }

  /// Runs the model's file effects as the window does, reporting back; the other effects are dropped.
  @discardableResult
  func runEffects(_ m: StudioModel) -> [SaveOutcome] {
    var out: [SaveOutcome] = []
    for e in m.drainEffects() {
      guard let outcome = SceneSaving.perform(e) else { continue }
      out.append(outcome)
      m.saveFinished(outcome, wall: 100)
    }
    return out
  }

  func disk(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  /// The texts drawn in the header, and over the canvas (the banners).
  func headerTexts(_ m: StudioModel) -> [String] { texts(m, in: StudioLayout(size: size, theme: m.theme).header) }
  func bannerTexts(_ m: StudioModel) -> [String] { texts(m, in: StudioLayout(size: size, theme: m.theme).canvas) }

  /// The toast's texts: its mark, then its lines (it is drawn last).
  func toastTexts(_ m: StudioModel) -> [String] {
    let all = texts(m, in: Rect(0, 0, size.width, size.height))
    guard let i = all.lastIndex(where: { t in ToastKind.allCases.contains { $0.mark == t } }) else { return [] }
    return Array(all[i...])
  }

  func texts(_ m: StudioModel, in rect: Rect) -> [String] {
    m.frame(size: size, pixelScale: 1).commands.compactMap {
      if case .text(let s, let at, _) = $0, rect.contains(at) { return s }
      return nil
    }
  }

  // MARK: Lossless

  @Test func ctrlSChangesOnlyTheFlippedValueInTheFile() throws {
    let (m, path) = try loadedModel()
    flip(m, "rootTap", "cancelsTouchesInView", false)
    ctrl(m, "s")
    #expect(runEffects(m) == [.saved(path: path)])
    let expected = Self.text.replacingOccurrences(
      of: "- { id: rootTap, kind: tap }", with: "- { id: rootTap, kind: tap, cancelsTouchesInView: false }")
    #expect(try disk(path) == expected)
    #expect(m.loadedText == expected)
    #expect(m.toast?.text == "Saved 1 change to lesson.yaml: rootTap.cancelsTouchesInView")
    #expect(!m.toastIsError)
    // The next save edits the saved text.
    flip(m, "cardTap", "isEnabled", false)
    ctrl(m, "s")
    #expect(runEffects(m) == [.saved(path: path)])
    #expect(
      try disk(path)
        == expected.replacingOccurrences(of: "isEnabled: true   # explicit", with: "isEnabled: false   # explicit"))
    #expect(m.loaded == m.config)
  }

  @Test func aJSONSceneIsSavedAsJSON() throws {
    let json = """
      {
        "format": "touchscope/1",
        "root": { "id": "root", "recognizers": [{ "id": "t", "kind": "tap" }] }
      }

      """
    let (m, path) = try loadedModel(json, name: "scene.json")
    flip(m, "t", "delaysTouchesBegan", true)
    ctrl(m, "s")
    #expect(runEffects(m) == [.saved(path: path)])
    let saved = try disk(path)
    #expect(saved.contains("[{ \"id\": \"t\", \"kind\": \"tap\", \"delaysTouchesBegan\": true }]"))
    #expect(SaveChecks.isJSON(saved))
  }

  @Test func nothingChangedWritesNothing() throws {
    let (m, path) = try loadedModel()
    flip(m, "rootTap", "isEnabled", false)
    flip(m, "rootTap", "isEnabled", true)
    ctrl(m, "s")
    #expect(runEffects(m).isEmpty)
    #expect(try disk(path) == Self.text)
    #expect(m.toast?.text.hasPrefix("Nothing to save") == true)
  }

  /// Without a file (the built-in demo), Ctrl+S writes a new file, never over one.
  @Test func withoutAFileANewFileIsWritten() {
    let m = StudioModel.drawn(DemoScene.scene, size: size)
    ctrl(m, "s")
    let effects = m.drainEffects()
    #expect(effects == [.saveNewFile(like: "untitled.yaml", text: SceneWriter.yaml(m.config))])
  }

  // MARK: Never over what was not read

  @Test func aFileChangedOnDiskIsNotOverwrittenAndCtrlSAgainSavesANewFile() throws {
    let (m, path) = try loadedModel()
    // An editor saves a broken edit; the window refuses it and keeps the last good scene.
    let broken = Self.text.replacingOccurrences(of: "kind: tap }", with: "kind: tapp }")
    try broken.write(toFile: path, atomically: true, encoding: .utf8)
    m.loadFailed(["\(path):12:28: error: unknown recognizer kind 'tapp'"])
    flip(m, "cardTap", "isEnabled", false)
    ctrl(m, "s")
    let newFile = (path as NSString).deletingLastPathComponent + "/lesson.touchscope-1.yaml"
    #expect(runEffects(m) == [.changedOnDisk(path: path, removed: false, newFile: newFile)])
    #expect(try disk(path) == broken)
    let message = try #require(m.saveMessage)
    #expect(message.title == "The file changed on disk since it was loaded; not saved.")
    #expect(message.offersNewFile)
    #expect(message.lines.joined().contains("Ctrl+S again"))
    #expect(message.lines.joined().contains("lesson.touchscope-1.yaml"))
    #expect(m.toastIsError)
    let toast = toastTexts(m)
    #expect(toast == ["✗", "Not saved: the file changed on disk"])
    #expect(headerTexts(m).contains("Saving keeps this text"))
    // Both banners: the save's, then the reload's.
    let banners = bannerTexts(m)
    #expect(banners.contains { $0.hasPrefix("⚠ The file changed on disk since it was loaded") })
    #expect(banners.contains { $0.contains("Scene file has errors") })

    // Ctrl+S again: the window's version, with the change, to a new file; the scene file is left alone.
    ctrl(m, "s")
    #expect(runEffects(m) == [.savedNewFile(path: newFile)])
    #expect(try disk(path) == broken)
    let copy = try disk(newFile)
    #expect(copy == Self.text.replacingOccurrences(of: "isEnabled: true   #", with: "isEnabled: false   #"))
    #expect(SaveChecks.comparable(try SceneLoader.parse(copy, file: newFile)) == SaveChecks.comparable(m.config))
    #expect(m.saveMessage == nil)
    #expect(m.toast?.text == "Saved to \(newFile) (lesson.yaml was not changed)")

    // Still changed on disk: refused again, then the next free number.
    ctrl(m, "s")
    runEffects(m)
    ctrl(m, "s")
    #expect(runEffects(m) == [.savedNewFile(path: newFile.replacingOccurrences(of: "-1.yaml", with: "-2.yaml"))])
  }

  @Test func aRemovedFileIsNotWrittenAgainSilently() throws {
    let (m, path) = try loadedModel()
    try FileManager.default.removeItem(atPath: path)
    flip(m, "rootTap", "isEnabled", false)
    ctrl(m, "s")
    let outcomes = runEffects(m)
    #expect(outcomes.count == 1)
    if case .changedOnDisk(_, let removed, _)? = outcomes.first {
      #expect(removed)
    } else {
      Issue.record("\(outcomes)")
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(m.saveMessage?.title == "The file is no longer there (or cannot be read); not saved.")
  }

  /// Esc dismisses the message; the next Ctrl+S tries the scene file again.
  @Test func escDismissesTheMessage() throws {
    let (m, path) = try loadedModel()
    try "format: touchscope/1\nroot: [".write(toFile: path, atomically: true, encoding: .utf8)
    flip(m, "rootTap", "isEnabled", false)
    ctrl(m, "s")
    runEffects(m)
    #expect(m.saveMessage != nil)
    m.handle(.key(.escape, Modifiers()), wall: 200)
    #expect(m.saveMessage == nil)
    ctrl(m, "s")
    if case .changedOnDisk? = runEffects(m).first {} else { Issue.record("expected a refusal, not a new file") }
  }

  @Test func aCopyOfACopyNumbersAmongItsSiblings() {
    #expect(StudioModel.newFilePath(like: "Scenes/11-x.yaml", number: 1) == "Scenes/11-x.touchscope-1.yaml")
    #expect(
      StudioModel.newFilePath(like: "Scenes/11-x.touchscope-1.yaml", number: 2) == "Scenes/11-x.touchscope-2.yaml")
    #expect(StudioModel.newFilePath(like: "scene.json", number: 3) == "scene.touchscope-3.json")
    #expect(StudioModel.newFilePath(like: "/tmp/noext", number: 1) == "/tmp/noext.touchscope-1")
    #expect(StudioModel.yamlPath("a/scene.json") == "a/scene.yaml")
  }

  // MARK: Messages

  /// A failed save says so in the error style, never with a tick, and its whole reason is shown.
  @Test func aFailedSaveIsAnErrorWithItsWholeReason() throws {
    let (m, path) = try loadedModel()
    flip(m, "rootTap", "isEnabled", false)
    ctrl(m, "s")
    _ = m.drainEffects()
    let reason =
      "The file could not be written because the volume is out of space; free some space on the disk that holds "
      + "the scene folder and try again (this reason is long on purpose: nothing of it may be cut)"
    m.saveFinished(.failed(path: path, reason: reason), wall: 100)
    #expect(m.toastIsError)
    let toast = toastTexts(m)
    #expect(toast.first == "✗" && toast.dropFirst().first?.hasPrefix("Could not save lesson.yaml") == true)
    #expect(!toast.contains { $0.hasPrefix("✓") })
    let banners = bannerTexts(m)
    #expect(banners.contains("⚠ Could not save lesson.yaml."))
    // The banner wraps the reason: every word of it is drawn.
    let banner = banners.joined(separator: " ")
    for word in reason.split(separator: " ") { #expect(banner.contains(word)) }
    #expect(m.saveMessage?.offersNewFile == true)
    // An error stays longer than a note (a long one longer still: time to read it).
    m.tick(wall: 100 + 5000)
    #expect(m.toast != nil)
    let until = try #require(m.toast?.until)
    #expect(until >= 100 + 10_000)
    m.tick(wall: until + 1)
    #expect(m.toast == nil)
  }

  /// A save that writes the scene file clears the banner of an earlier broken load: the saved text loads.
  @Test func aSuccessfulSaveClearsTheBrokenLoadBanner() throws {
    let (m, path) = try loadedModel()
    flip(m, "rootTap", "isEnabled", false)
    ctrl(m, "s")
    m.loadFailed(["\(path):1:1: error: a moment's broken edit"])
    #expect(runEffects(m) == [.saved(path: path)])
    #expect(m.loadErrors.isEmpty)
  }

  @Test func whatCannotBeWrittenInPlaceIsOfferedAsAWholeNewFile() throws {
    // The text does not hold the recognizer the configuration changes (the model was given another text).
    let other = "format: touchscope/1\nroot: { id: root }\n"
    let (m, path) = try loadedModel(other)
    let scene = try SceneLoader.parse(Self.text, file: path)
    m.load(scene, path: path, text: other)
    _ = m.drainEffects()
    flip(m, "cardTap", "isEnabled", false)
    ctrl(m, "s")
    #expect(m.drainEffects().isEmpty)
    let message = try #require(m.saveMessage)
    #expect(message.title == "Not saved: the changes cannot be written into lesson.yaml in place.")
    #expect(message.lines.joined().contains("no view or recognizer named 'cardTap'"))
    #expect(m.toastIsError)
    ctrl(m, "s")
    let effects = m.drainEffects()
    #expect(effects == [.saveNewFile(like: path, text: SceneWriter.yaml(m.config))])
  }

  // MARK: Undo

  @Test func ctrlZUndoesOneFlipAtATimeAndCtrlYRedoes() throws {
    let (m, _) = try loadedModel()
    flip(m, "rootTap", "isEnabled", false)
    flip(m, "rootTap", "cancelsTouchesInView", false)
    ctrl(m, "z")
    #expect(m.config.allRecognizers[0].cancelsTouchesInView)
    #expect(!m.config.allRecognizers[0].isEnabled)
    ctrl(m, "z")
    #expect(m.config == m.loaded)
    // The engine follows: its scene is the configuration again, and the undo is the user's act.
    #expect(SaveChecks.comparable(m.engine.scene) == SaveChecks.comparable(m.config))
    let sets = m.engine.trace.compactMap { e -> (String, PropertyValue, SetOrigin)? in
      if case .set(let target, let key, let value, let origin) = e.event { return ("\(target).\(key)", value, origin) }
      return nil
    }
    #expect(
      sets.map(\.0) == [
        "rootTap.isEnabled", "rootTap.cancelsTouchesInView", "rootTap.cancelsTouchesInView", "rootTap.isEnabled",
      ])
    #expect(sets.allSatisfy { $0.2 == .user })
    ctrl(m, "z")
    #expect(m.toast?.text == "Nothing to undo")
    ctrl(m, "y")
    #expect(!m.config.allRecognizers[0].isEnabled)
    ctrl(m, "z", shift: true)
    #expect(!m.config.allRecognizers[0].cancelsTouchesInView)
    // A new flip forgets what could be redone.
    ctrl(m, "z")
    flip(m, "rootTap", "delaysTouchesBegan", true)
    ctrl(m, "y")
    #expect(m.toast?.text == "Nothing to redo")
  }

  /// A flip made while a finger is down waits for the lift; undoing it before then leaves nothing to apply.
  @Test func undoingAPendingFlipLeavesNothingPending() throws {
    let (m, _) = try loadedModel()
    let p = m.pixel(20, 130, size: size)
    m.handle(.pointerDown(.mouse, at: p), wall: 10)
    flip(m, "rootTap", "isEnabled", false)
    #expect(m.pendingChanges.count == 1)
    ctrl(m, "z")
    #expect(m.pendingChanges.isEmpty)
    #expect(m.config == m.loaded)
    m.handle(.pointerUp(.mouse, at: p), wall: 90)
    #expect(!m.engine.trace.contains { if case .set = $0.event { return true } else { return false } })
  }

  /// Undo gives back a delegate's touch filter, which no toggle can set: the engine restarts to take it.
  @Test func undoGivesBackATouchFilter() throws {
    let (m, _) = try loadedModel()
    flip(m, "cardTap", "delegate.shouldReceive", false)
    #expect(m.config.allRecognizers[1].delegate?.shouldReceive == .always(false))
    ctrl(m, "z")
    #expect(m.config.allRecognizers[1].delegate?.shouldReceive == .unlessTouchIn(["buy"]))
    #expect(
      m.engine.scene.allRecognizers.first { $0.id == "cardTap" }?.delegate?.shouldReceive == .unlessTouchIn(["buy"]))
    #expect(m.config == m.loaded)
  }

  /// Undo after a save: the next save writes the value back (the file reads as the original scene again).
  @Test func undoThenSaveWritesTheValueBack() throws {
    let (m, path) = try loadedModel()
    flip(m, "card", "hidden", true)
    ctrl(m, "s")
    runEffects(m)
    ctrl(m, "z")
    ctrl(m, "s")
    #expect(runEffects(m) == [.saved(path: path)])
    let back = try SceneLoader.parse(try disk(path), file: path)
    #expect(back.withoutSourceLines == (try SceneLoader.parse(Self.text, file: path)).withoutSourceLines)
  }

  // MARK: Keys

  @Test func theKeysAreInTheTable() {
    let s = Scene(root: ViewSpec(id: "root", frame: Rect(0, 0, 390, 844)))
    func action(_ c: Character, shift: Bool) -> StudioAction? {
      KeyTable.action(for: .character(c), Modifiers(shift: shift, control: true), selected: nil, config: s)
    }
    #expect(action("z", shift: false) == .undo)
    #expect(action("z", shift: true) == .redo)
    #expect(action("y", shift: false) == .redo)
    #expect(action("s", shift: false) == .save)
    #expect(KeyTable.helpText.contains("- Ctrl+Z: undo the last toggle flip"))
    #expect(KeyTable.helpText.contains("Ctrl+S again saves to a new file beside it"))
  }

  /// The window keeps the text it opened with: Ctrl+S edits it.
  @MainActor @Test func theWindowKeepsTheTextItLoaded() throws {
    let (m, path) = try loadedModel()
    let app = StudioApp(scene: m.loaded, path: path)
    #expect(app.model.loadedText == Self.text)
  }
}
