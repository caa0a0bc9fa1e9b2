import Geometry
import StudioUI
import TouchSim

/// The header's clickable controls, in order, and how wide they are with or without their labels.
struct HeaderButton: Equatable {
  /// Controls in the same group sit close together; groups are separated by a wider gap.
  enum Group: Int { case transport, speed, run, window }
  var icon: String
  var label: String
  var action: StudioAction
  var group: Group
  /// Drawn lit (the current speed, presenter mode on, the help shown...).
  var isOn = false
  /// Lit in the waiting colour instead of the accent (paused).
  var isWarning = false
  var tip: String

  /// Every control of the header for the current state.
  static func all(_ ctx: PanelContext) -> [HeaderButton] {
    let l = ctx.lang
    var out: [HeaderButton] = [
      HeaderButton(
        icon: "▮◀", label: l("Back", "后退"), action: .stepBack, group: .transport,
        tip: l("step one decision back (←)", "后退一步决策（←）")),
      ctx.paused
        ? HeaderButton(
          icon: "▶", label: l("Play", "播放"), action: .togglePause, group: .transport, isOn: true, isWarning: true,
          tip: l("resume (Space)", "继续（Space）"))
        : HeaderButton(
          icon: "❚❚", label: l("Pause", "暂停"), action: .togglePause, group: .transport,
          tip: l("pause (Space)", "暂停（Space）")),
      HeaderButton(
        icon: "▶▮", label: l("Step", "单步"), action: .step, group: .transport,
        tip: l("step one decision forward (→)", "前进一步决策（→）")),
    ]
    for (k, s) in StudioModel.speeds.enumerated() {
      out.append(
        HeaderButton(
          icon: speedLabel(s), label: "", action: .setSpeed(s), group: .speed, isOn: ctx.speed == s,
          tip: l("speed \(speedLabel(s)) (key \(k + 1))", "速度 \(speedLabel(s))（按键 \(k + 1)）")))
    }
    out += [
      HeaderButton(
        icon: "↺", label: l("Replay", "重放"), action: .replayLast, group: .run,
        tip: l("replay the last gesture (R)", "重放上一个手势（R）")),
      HeaderButton(
        icon: "≡", label: l("Script", "脚本"), action: .playScript, group: .run,
        tip: l("play the scene's script (P)", "播放场景脚本（P）")),
      HeaderButton(
        icon: "✕", label: l("Reset", "重置"), action: .resetTouches, group: .run,
        tip: l("reset all touches (Esc)", "重置所有触摸（Esc）")),
      HeaderButton(
        icon: "◐", label: l("Presenter", "演示"), action: .togglePresenter, group: .window, isOn: ctx.theme.presenter,
        tip: l("presenter mode: large text, high contrast (F5)", "演示模式：大字号，高对比度（F5）")),
      HeaderButton(
        icon: "?", label: l("Help", "帮助"), action: .toggleHelp, group: .window, isOn: ctx.showHelp,
        tip: l("keys and mouse (H)", "键盘与鼠标（H）")),
      HeaderButton(
        icon: "☰", label: l("Scenes", "场景"), action: .openSceneList, group: .window, isOn: ctx.sceneList != nil,
        tip: l("open another scene (O)", "打开其他场景（O）")),
    ]
    return out
  }

  /// The four speed buttons as one (a narrow header): it shows the current speed, and a click sets the
  /// next, after 1/10 back to 1.
  static func speedCycle(_ ctx: PanelContext) -> HeaderButton {
    let speeds = StudioModel.speeds
    let i = speeds.firstIndex(of: ctx.speed) ?? 0
    let next = speeds[(i + 1) % speeds.count]
    let l = ctx.lang
    return HeaderButton(
      icon: speedLabel(ctx.speed), label: "", action: .setSpeed(next), group: .speed, isOn: ctx.speed != 1,
      tip: l(
        "speed \(speedLabel(ctx.speed)): click for \(speedLabel(next)) (keys 1 to \(speeds.count))",
        "速度 \(speedLabel(ctx.speed))：点击改为 \(speedLabel(next))（按键 1 到 \(speeds.count)）"))
  }

  /// "1", "½", "¼", "1/10".
  static func speedLabel(_ s: Double) -> String {
    switch s {
    case 1: return "1"
    case 0.5: return "½"
    case 0.25: return "¼"
    default:
      let d = 1 / s
      return d == d.rounded() ? "1/\(Int(d))" : JSONNumber.format(s)
    }
  }

  /// The width of the button, with its label or as an icon only.
  func width(labelled: Bool, _ t: Theme) -> Double {
    let iconWidth = TextMetrics.width(icon, size: t.bodySize, face: .bold)
    if group == .speed { return max(iconWidth + 14 * t.unit, 28 * t.unit) }
    guard labelled && !label.isEmpty else { return max(iconWidth + 18 * t.unit, 32 * t.unit) }
    return iconWidth + 6 * t.unit + TextMetrics.width(label, size: t.bodySize) + 20 * t.unit
  }
}
