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
    var out: [HeaderButton] = [
      HeaderButton(icon: "▮◀", label: "Back", action: .stepBack, group: .transport, tip: "step one decision back (←)"),
      ctx.paused
        ? HeaderButton(
          icon: "▶", label: "Play", action: .togglePause, group: .transport, isOn: true, isWarning: true,
          tip: "resume (Space)")
        : HeaderButton(icon: "❚❚", label: "Pause", action: .togglePause, group: .transport, tip: "pause (Space)"),
      HeaderButton(icon: "▶▮", label: "Step", action: .step, group: .transport, tip: "step one decision forward (→)"),
    ]
    for (k, s) in StudioModel.speeds.enumerated() {
      out.append(
        HeaderButton(
          icon: speedLabel(s), label: "", action: .setSpeed(s), group: .speed, isOn: ctx.speed == s,
          tip: "speed \(speedLabel(s)) (key \(k + 1))"))
    }
    out += [
      HeaderButton(icon: "↺", label: "Replay", action: .replayLast, group: .run, tip: "replay the last gesture (R)"),
      HeaderButton(icon: "≡", label: "Script", action: .playScript, group: .run, tip: "play the scene's script (P)"),
      HeaderButton(icon: "✕", label: "Reset", action: .resetTouches, group: .run, tip: "reset all touches (Esc)"),
      HeaderButton(
        icon: "◐", label: "Presenter", action: .togglePresenter, group: .window, isOn: ctx.theme.presenter,
        tip: "presenter mode: large text, high contrast (F5)"),
      HeaderButton(
        icon: "?", label: "Help", action: .toggleHelp, group: .window, isOn: ctx.showHelp, tip: "keys and mouse (H)"),
      HeaderButton(
        icon: "☰", label: "Scenes", action: .openSceneList, group: .window, isOn: ctx.sceneList != nil,
        tip: "open another scene (O)"),
    ]
    return out
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
