import TouchSim

/// Every key and pointer gesture the window answers to, in one table: the key handling, the help overlay
/// and `touchscope open --help` are all made from it, so they cannot disagree.
public enum KeyTable {
  /// A key press that triggers a binding: the key, and whether Control must be held. Shift is free
  /// unless a binding says otherwise (Shift+Tab goes backwards; Ctrl+Shift+S is its own binding).
  public struct Chord: Hashable, Sendable {
    public var key: StudioKey
    public var control = false
    /// nil: either; true / false: Shift must (not) be held.
    public var shift: Bool?

    static func key(_ k: StudioKey, shift: Bool? = nil) -> Chord { Chord(key: k, control: false, shift: shift) }
    static func char(_ c: Character) -> Chord { Chord(key: .character(c), control: false, shift: nil) }
    static func ctrl(_ c: Character, shift: Bool?) -> Chord { Chord(key: .character(c), control: true, shift: shift) }

    func matches(_ k: StudioKey, _ mods: Modifiers) -> Bool {
      key == k && control == mods.control && (shift.map { $0 == mods.shift } ?? true)
    }
  }

  /// What a binding does.
  public enum Effect: Sendable {
    /// A pointer gesture, listed for the help only.
    case pointer
    case action(StudioAction)
    /// Selects the next recognizer (the previous with Shift).
    case selectNext
    /// Flips a property of the selected recognizer.
    case toggle(RecognizerToggle)
  }

  /// The toggle keys of the selected recognizer.
  public enum RecognizerToggle: String, Sendable, CaseIterable {
    case isEnabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded
    case shouldReceive = "delegate.shouldReceive"
    case shouldBegin = "delegate.shouldBegin"

    /// The change that flips it on `r` (the opposite of its current value).
    public func change(for r: RecognizerSpec) -> PropertyChange {
      let d = r.delegate ?? DelegateSpec()
      let now: Bool
      switch self {
      case .isEnabled: now = r.isEnabled
      case .cancelsTouchesInView: now = r.cancelsTouchesInView
      case .delaysTouchesBegan: now = r.delaysTouchesBegan
      case .delaysTouchesEnded: now = r.delaysTouchesEnded
      case .shouldReceive: now = d.shouldReceive != .always(false)
      case .shouldBegin: now = d.shouldBegin != .always(false)
      }
      return PropertyChange(target: r.id, key: rawValue, value: .bool(!now))
    }
  }

  /// One row of the help: the keys as shown, what they do, and each chord with its effect.
  public struct Binding: Sendable {
    public var keys: String
    public var what: String
    public var chords: [(chord: Chord, effect: Effect)]

    init(_ keys: String, _ what: String, _ chords: [(Chord, Effect)] = []) {
      self.keys = keys
      self.what = what
      self.chords = chords.map { (chord: $0.0, effect: $0.1) }
    }

    /// Several chords with one effect.
    init(_ keys: String, _ what: String, _ chords: [Chord], _ effect: Effect) {
      self.init(keys, what, chords.map { ($0, effect) })
    }
  }

  public static let bindings: [Binding] = [
    Binding("drag on the device", "touch with one finger (a touchscreen's fingers are fingers too)"),
    Binding(
      "Alt + drag",
      "a second finger mirrored around a pivot, for pinch and rotate: the centre of the pinchable view under the pointer"
    ),
    Binding("Alt + Shift", "move the pivot (hovering: it follows the pointer; dragging: both fingers move)"),
    Binding("Shift + drag", "a second finger alongside: two-finger pan"),
    Binding("Space", "pause / resume", [.key(.space)], .action(.togglePause)),
    Binding("→  or  .", "step one decision forward", [.key(.right), .char(".")], .action(.step)),
    Binding("←  or  ,", "step one decision back", [.key(.left), .char(",")], .action(.stepBack)),
    Binding("1", "speed 1: live, every panel shows the engine's present", [.char("1")], .action(.setSpeed(1))),
    Binding(
      "2  3  4", "slow motion, speed 1/2, 1/4, 1/10: each decision held long enough to read",
      [
        (.char("2"), .action(.setSpeed(0.5))), (.char("3"), .action(.setSpeed(0.25))),
        (.char("4"), .action(.setSpeed(0.1))),
      ]),
    Binding("R", "replay the last gesture", [.char("r")], .action(.replayLast)),
    Binding("P", "play the scene's script", [.char("p")], .action(.playScript)),
    Binding(
      "Esc  or  Backspace", "reset all touches (Esc also closes this help, or dismisses a save's message)",
      [(.key(.escape), .action(.closeOverlay)), (.key(.backspace), .action(.resetTouches))]),
    Binding(
      "+  −  0", "zoom the device in, out, back to fit",
      [
        (.char("+"), .action(.zoom(1.25))), (.char("="), .action(.zoom(1.25))), (.char("-"), .action(.zoom(0.8))),
        (.char("0"), .action(.zoomReset)),
      ]),
    Binding("F5", "presenter mode: large text, high contrast", [.key(.function(5))], .action(.togglePresenter)),
    Binding(
      "F",
      "the stage: fold the inspector and the timeline away so the device is as large as the window allows "
        + "(F again brings them back)", [.char("f")], .action(.toggleStage)),
    Binding(
      "Ctrl +  Ctrl −  Ctrl 0", "UI scale larger, smaller, back to the display's (text, panels; --scale sets it)",
      [
        (.ctrl("=", shift: nil), .action(.scaleUI(1.25))), (.ctrl("+", shift: nil), .action(.scaleUI(1.25))),
        (.ctrl("-", shift: nil), .action(.scaleUI(0.8))), (.ctrl("0", shift: nil), .action(.scaleUIReset)),
      ]),
    Binding("Tab", "select the next recognizer (Shift+Tab: the previous)", [.key(.tab)], .selectNext),
    Binding(
      "E C B D", "selected recognizer: isEnabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded",
      [
        (.char("e"), .toggle(.isEnabled)), (.char("c"), .toggle(.cancelsTouchesInView)),
        (.char("b"), .toggle(.delaysTouchesBegan)), (.char("d"), .toggle(.delaysTouchesEnded)),
      ]),
    Binding(
      "V G", "selected recognizer: delegate shouldReceive, shouldBegin",
      [(.char("v"), .toggle(.shouldReceive)), (.char("g"), .toggle(.shouldBegin))]),
    Binding("click a toggle", "flip it: applies to the next touch"),
    Binding(
      "[  ]", "the inspector's previous, next tab",
      [
        (.char("["), .action(.cycleInspectorTab(forward: false))),
        (.char("]"), .action(.cycleInspectorTab(forward: true))),
      ]),
    Binding(
      "Recognizers tab",
      "a card per recognizer: its state machine, why it moved, its toggles and delegate answers; its last two rows "
        + "name the recognizers it may recognize together with and waits for (a click opens its pairs)"),
    Binding(
      "Views tab",
      "every view with what hit-testing reads (hidden, alpha, interaction, enabled, multiple touch, forwarding); "
        + "a touch's hit-test walk shows there view by view"),
    Binding(
      "Pairs tab",
      "which recognizers may recognize together and which wait for which, as a matrix (row waits for column); "
        + "below it the selected one against each other one: shouldRecognizeSimultaneously, require(toFail:), "
        + "shouldRequireFailureOf and the other's shouldBeRequiredToFailBy"),
    Binding(
      "Timeline, Log tabs", "the gesture as lanes of touches, recognizers and responders; every trace entry in words"),
    Binding(
      "Ctrl+Z", "undo the last toggle flip, one flip a press (Ctrl+Shift+Z or Ctrl+Y: redo)",
      [
        (.ctrl("z", shift: false), .action(.undo)), (.ctrl("z", shift: true), .action(.redo)),
        (.ctrl("y", shift: nil), .action(.redo)),
      ]),
    Binding("click a log line or the timeline", "jump the playhead there"),
    Binding("O", "open another scene from the library", [.char("o")], .action(.openSceneList)),
    Binding(
      "Ctrl+S",
      "save the toggles into the scene file, changing only their values (if the file changed on disk, nothing "
        + "is written: Ctrl+S again saves to a new file beside it)",
      [.ctrl("s", shift: false)], .action(.save)),
    Binding(
      "Ctrl+Shift+S", "save the input just performed as a new take, NAME.take-N.yaml", [.ctrl("s", shift: true)],
      .action(.saveWithRecording)),
    Binding("F12", "screenshot to PNG", [.key(.function(12))], .action(.screenshot)),
    Binding(
      "H  or  ?  or  F1", "this help", [.char("h"), .char("?"), .char("/"), .key(.function(1))], .action(.toggleHelp)),
    Binding("Ctrl+Q", "quit", [.ctrl("q", shift: nil)], .action(.quit)),
  ]

  /// The rows of the help, one per binding.
  public static var help: [(keys: String, what: String)] {
    bindings.map { ($0.keys, $0.what) }
  }

  /// The help as plain text, one binding a line (`touchscope open --help`, which wraps long lines).
  public static var helpText: String {
    help.map { "- \($0.keys.split(separator: " ").joined(separator: " ")): \($0.what)" }.joined(separator: "\n")
  }

  /// What a key press asks for, given the selected recognizer; nil when nothing is bound to it.
  public static func action(
    for key: StudioKey, _ mods: Modifiers, selected: String?, config: Scene
  ) -> StudioAction? {
    let effect = bindings.lazy.flatMap(\.chords).first { $0.chord.matches(key, mods) }?.effect
    guard let effect else { return nil }
    switch effect {
    case .pointer: return nil
    case .action(let a): return a
    case .selectNext: return selectNext(after: selected, in: config, backwards: mods.shift)
    case .toggle(let toggle):
      guard let id = selected, let r = config.allRecognizers.first(where: { $0.id == id }) else { return nil }
      return .change(toggle.change(for: r))
    }
  }

  static func selectNext(after id: String?, in scene: Scene, backwards: Bool) -> StudioAction? {
    let ids = scene.allRecognizers.map(\.id)
    guard let first = ids.first, let last = ids.last else { return nil }
    guard let id, let i = ids.firstIndex(of: id) else { return .select(backwards ? last : first) }
    return .select(ids[(i + (backwards ? ids.count - 1 : 1)) % ids.count])
  }
}
