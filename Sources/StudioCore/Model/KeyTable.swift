import Localization
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
    /// The keys and what they do in Chinese (key names such as Ctrl, Space, Esc stay as printed on keys).
    public var chinese: (keys: String, what: String)
    public var chords: [(chord: Chord, effect: Effect)]

    init(_ keys: String, _ what: String, zh: String, zhKeys: String? = nil, _ chords: [(Chord, Effect)] = []) {
      self.keys = keys
      self.what = what
      self.chinese = (zhKeys ?? keys, zh)
      self.chords = chords.map { (chord: $0.0, effect: $0.1) }
    }

    /// Several chords with one effect.
    init(_ keys: String, _ what: String, zh: String, zhKeys: String? = nil, _ chords: [Chord], _ effect: Effect) {
      self.init(keys, what, zh: zh, zhKeys: zhKeys, chords.map { ($0, effect) })
    }

    /// The keys and what they do in `language`.
    public func row(_ language: Language) -> (keys: String, what: String) {
      language.isChinese ? chinese : (keys, what)
    }
  }

  public static let bindings: [Binding] = [
    Binding(
      "drag on the device", "touch with one finger (a touchscreen's fingers are fingers too)",
      zh: "用一根手指触摸（触摸屏上的手指也算手指）", zhKeys: "在设备上拖动"),
    Binding(
      "Alt + drag",
      "a second finger mirrored around a pivot, for pinch and rotate: the centre of the pinchable view under the pointer",
      zh: "第二根手指绕支点镜像移动，用于捏合和旋转：支点是指针下可捏合视图的中心", zhKeys: "Alt + 拖动"
    ),
    Binding(
      "Alt + Shift", "move the pivot (hovering: it follows the pointer; dragging: both fingers move)",
      zh: "移动支点（悬停时支点跟随指针；拖动时两根手指一起移动）"),
    Binding("Shift + drag", "a second finger alongside: two-finger pan", zh: "在旁边加第二根手指：双指平移", zhKeys: "Shift + 拖动"),
    Binding("Space", "pause / resume", zh: "暂停 / 继续", [.key(.space)], .action(.togglePause)),
    Binding(
      "→  or  .", "step one decision forward", zh: "前进一步决策", zhKeys: "→  或  .", [.key(.right), .char(".")],
      .action(.step)),
    Binding(
      "←  or  ,", "step one decision back", zh: "后退一步决策", zhKeys: "←  或  ,", [.key(.left), .char(",")],
      .action(.stepBack)),
    Binding(
      "1", "speed 1: live, every panel shows the engine's present", zh: "速度 1：实时，每个面板都显示引擎的当前状态", [.char("1")],
      .action(.setSpeed(1))),
    Binding(
      "2  3  4", "slow motion, speed 1/2, 1/4, 1/10: each decision held long enough to read",
      zh: "慢动作，速度 1/2、1/4、1/10：每个决策停留得足够久，便于阅读",
      [
        (.char("2"), .action(.setSpeed(0.5))), (.char("3"), .action(.setSpeed(0.25))),
        (.char("4"), .action(.setSpeed(0.1))),
      ]),
    Binding("R", "replay the last gesture", zh: "重放上一个手势", [.char("r")], .action(.replayLast)),
    Binding("P", "play the scene's script", zh: "播放场景脚本", [.char("p")], .action(.playScript)),
    Binding(
      "Enter", "a question on screen (the script stopped to ask it): show the answer the engine gives, and why",
      zh: "屏幕上的问题（脚本停下来提问）：显示引擎给出的答案及原因", [.key(.enter)], .action(.revealAnswer)),
    Binding(
      "Esc  or  Backspace", "reset all touches (Esc also closes this help, or dismisses a save's message)",
      zh: "重置所有触摸（Esc 也会关闭本帮助，或关掉保存的提示）", zhKeys: "Esc  或  Backspace",
      [(.key(.escape), .action(.closeOverlay)), (.key(.backspace), .action(.resetTouches))]),
    Binding(
      "+  −  0", "zoom the device in, out, back to fit", zh: "放大、缩小设备，或恢复适合窗口",
      [
        (.char("+"), .action(.zoom(1.25))), (.char("="), .action(.zoom(1.25))), (.char("-"), .action(.zoom(0.8))),
        (.char("0"), .action(.zoomReset)),
      ]),
    Binding(
      "F5", "presenter mode: large text, high contrast", zh: "演示模式：大字号，高对比度", [.key(.function(5))],
      .action(.togglePresenter)),
    Binding(
      "F",
      "the stage: fold the inspector and the timeline away so the device is as large as the window allows "
        + "(F again brings them back)", zh: "舞台：收起检查器和时间线，让设备尽可能大（再按 F 恢复）", [.char("f")], .action(.toggleStage)),
    Binding(
      "Ctrl +  Ctrl −  Ctrl 0", "UI scale larger, smaller, back to the display's (text, panels; --scale sets it)",
      zh: "界面缩放：放大、缩小、恢复显示器的比例（文字和面板；也可用 --scale 设置）",
      [
        (.ctrl("=", shift: nil), .action(.scaleUI(1.25))), (.ctrl("+", shift: nil), .action(.scaleUI(1.25))),
        (.ctrl("-", shift: nil), .action(.scaleUI(0.8))), (.ctrl("0", shift: nil), .action(.scaleUIReset)),
      ]),
    Binding(
      "Tab", "select the next recognizer (Shift+Tab: the previous)", zh: "选择下一个手势识别器（Shift+Tab：上一个）", [.key(.tab)],
      .selectNext),
    Binding(
      "E C B D",
      "selected recognizer (none selected: the only one, else the first is selected): isEnabled, "
        + "cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded",
      zh: "所选手势识别器（未选中时：唯一的那个，否则先选中第一个）：isEnabled、cancelsTouchesInView、delaysTouchesBegan、delaysTouchesEnded",
      [
        (.char("e"), .toggle(.isEnabled)), (.char("c"), .toggle(.cancelsTouchesInView)),
        (.char("b"), .toggle(.delaysTouchesBegan)), (.char("d"), .toggle(.delaysTouchesEnded)),
      ]),
    Binding(
      "V G", "selected recognizer: delegate shouldReceive, shouldBegin", zh: "所选手势识别器：代理的 shouldReceive、shouldBegin",
      [(.char("v"), .toggle(.shouldReceive)), (.char("g"), .toggle(.shouldBegin))]),
    Binding("click a toggle", "flip it: applies to the next touch", zh: "切换它：从下一次触摸起生效", zhKeys: "点击开关"),
    Binding(
      "X",
      "compare the scene as written with your toggles on two devices, same input (right-click a toggle: with it "
        + "flipped; X or Esc leaves)",
      zh: "比较：按文件原样与你的开关，两台设备运行相同的输入（右键点击开关：与它切换后比较；按 X 或 Esc 退出）", [.char("x")],
      .action(.toggleCompare)),
    Binding(
      "[  ]", "the inspector's previous, next tab", zh: "检查器的上一页、下一页",
      [
        (.char("["), .action(.cycleInspectorTab(forward: false))),
        (.char("]"), .action(.cycleInspectorTab(forward: true))),
      ]),
    Binding(
      "Recognizers tab",
      "a card per recognizer: its state machine, why it moved, its toggles and delegate answers; its last two rows "
        + "name the recognizers it may recognize together with and waits for (a click opens its pairs)",
      zh: "每个手势识别器一张卡片：状态机、状态为什么变化、开关和代理的回答；最后两行列出可与它同时识别的和它要等待的手势识别器（点击打开它的配对）", zhKeys: "手势识别器页"),
    Binding(
      "Views tab",
      "every view with what hit-testing reads (hidden, alpha, interaction, enabled, multiple touch, forwarding); "
        + "a touch's hit-test walk shows there view by view",
      zh: "每个视图及命中测试读取的属性（隐藏、alpha、交互、启用、多点触摸、转发）；一次触摸的命中测试过程在这里逐个视图显示", zhKeys: "视图页"),
    Binding(
      "Pairs tab",
      "which recognizers may recognize together and which wait for which, as a matrix (row waits for column); "
        + "below it the selected one against each other one: shouldRecognizeSimultaneously, require(toFail:), "
        + "shouldRequireFailureOf and the other's shouldBeRequiredToFailBy",
      zh:
        "哪些手势识别器可以同时识别、谁等待谁，以矩阵显示（行等待列）；下方是所选识别器与其他每一个的关系：shouldRecognizeSimultaneously、require(toFail:)、shouldRequireFailureOf 以及对方的 shouldBeRequiredToFailBy",
      zhKeys: "配对页"),
    Binding(
      "Timeline, Log tabs", "the gesture as lanes of touches, recognizers and responders; every trace entry in words",
      zh: "手势显示为触摸、手势识别器和响应者的泳道；每条跟踪记录都用文字写出", zhKeys: "时间线、日志页"),
    Binding(
      "Ctrl+Z", "undo the last toggle flip, one flip a press (Ctrl+Shift+Z or Ctrl+Y: redo)",
      zh: "撤销上一次开关切换，每按一次撤销一次（Ctrl+Shift+Z 或 Ctrl+Y：重做）",
      [
        (.ctrl("z", shift: false), .action(.undo)), (.ctrl("z", shift: true), .action(.redo)),
        (.ctrl("y", shift: nil), .action(.redo)),
      ]),
    Binding("click a log line or the timeline", "jump the playhead there", zh: "把播放头跳到那里", zhKeys: "点击日志行或时间线"),
    Binding("O", "open another scene from the library", zh: "从场景库打开其他场景", [.char("o")], .action(.openSceneList)),
    Binding(
      "Ctrl+S",
      "save the toggles into the scene file, changing only their values (if the file changed on disk, nothing "
        + "is written: Ctrl+S again saves to a new file beside it)",
      zh: "把开关保存到场景文件，只改动它们的值（如果文件在磁盘上已被修改，则不写入：再按 Ctrl+S 会保存为旁边的新文件）",
      [.ctrl("s", shift: false)], .action(.save)),
    Binding(
      "Ctrl+Shift+S", "save the input just performed as a new take, NAME.take-N.yaml",
      zh: "把刚才的输入另存为新录制 NAME.take-N.yaml", [.ctrl("s", shift: true)],
      .action(.saveWithRecording)),
    Binding("F12", "screenshot to PNG", zh: "截图保存为 PNG", [.key(.function(12))], .action(.screenshot)),
    Binding(
      "F9", "record the window to a video (MP4) until F9 again", zh: "把窗口录制成视频（MP4），再按 F9 停止",
      [.key(.function(9))], .action(.toggleRecording)),
    Binding(
      "H  or  ?  or  F1", "this help", zh: "本帮助", zhKeys: "H  或  ?  或  F1",
      [.char("h"), .char("?"), .char("/"), .key(.function(1))], .action(.toggleHelp)),
    Binding("Ctrl+Q", "quit", zh: "退出", [.ctrl("q", shift: nil)], .action(.quit)),
  ]

  /// The rows of the help, one per binding.
  public static var help: [(keys: String, what: String)] {
    bindings.map { ($0.keys, $0.what) }
  }

  /// The rows of the help in `language`.
  public static func help(_ language: Language) -> [(keys: String, what: String)] {
    bindings.map { $0.row(language) }
  }

  /// The help as plain text, one binding a line (`touchscope open --help`, which wraps long lines).
  public static var helpText: String { helpText(.english) }

  /// The help as plain text in `language`.
  public static func helpText(_ language: Language) -> String {
    help(language).map { "- \($0.keys.split(separator: " ").joined(separator: " ")): \($0.what)" }.joined(
      separator: "\n")
  }

  /// What is bound to a key press (nil: nothing).
  public static func effect(for key: StudioKey, _ mods: Modifiers) -> Effect? {
    bindings.lazy.flatMap(\.chords).first { $0.chord.matches(key, mods) }?.effect
  }

  /// What a key press asks for, given the selected recognizer; nil when nothing is bound to it, or when
  /// it cannot act (no recognizer to toggle or select: the window says why, `ToggleTarget`).
  public static func action(
    for key: StudioKey, _ mods: Modifiers, selected: String?, config: Scene
  ) -> StudioAction? {
    guard let effect = effect(for: key, mods) else { return nil }
    switch effect {
    case .pointer: return nil
    case .action(let a): return a
    case .selectNext: return selectNext(after: selected, in: config, backwards: mods.shift)
    case .toggle(let toggle):
      switch ToggleTarget(selected: selected, in: config) {
      case .selected(let r), .only(let r): return .change(toggle.change(for: r))
      case .selectFirst(let id): return .select(id)
      case .readOnly, .none: return nil
      }
    }
  }

  /// Which recognizer a toggle key (E C B D V G) acts on.
  public enum ToggleTarget: Equatable {
    /// The recognizer selected in the inspector.
    case selected(RecognizerSpec)
    /// None is selected, and the scene has only this one: the key acts on it.
    case only(RecognizerSpec)
    /// None is selected and there are several: the key selects the first (in the inspector's order), and
    /// acts when pressed again.
    case selectFirst(String)
    /// The selected one is not in the scene file (a scroll view's own pan): its properties cannot be set.
    case readOnly(String)
    /// The scene has no recognizer.
    case none

    public init(selected: String?, in config: Scene) {
      let all = config.allRecognizers
      if let id = selected {
        if let r = all.first(where: { $0.id == id }) {
          self = .selected(r)
          return
        }
        // One of UIKit's own (a scroll view's pan or pinch, a sheet's dimming tap): not in the file to change.
        if InspectorRecognizer.all(in: config).contains(where: { $0.id == id && $0.isBuiltIn }) {
          self = .readOnly(id)
          return
        }
      }
      switch all.count {
      case 0: self = .none
      case 1: self = .only(all[0])
      default: self = .selectFirst(all[0].id)
      }
    }
  }

  /// The letter of a toggle key as the help prints it ("C").
  public static func letter(of toggle: RecognizerToggle) -> String {
    for chord in bindings.flatMap(\.chords) {
      if case .toggle(let t) = chord.effect, t == toggle, case .character(let c) = chord.chord.key {
        return c.uppercased()
      }
    }
    return toggle.rawValue
  }

  static func selectNext(after id: String?, in scene: Scene, backwards: Bool) -> StudioAction? {
    let ids = scene.allRecognizers.map(\.id)
    guard let first = ids.first, let last = ids.last else { return nil }
    guard let id, let i = ids.firstIndex(of: id) else { return .select(backwards ? last : first) }
    return .select(ids[(i + (backwards ? ids.count - 1 : 1)) % ids.count])
  }
}
