import TouchSim

/// Rules C-12 to C-15: recognizers and views added or removed while the script runs, and what that does to
/// touches already down.
extension NarrationBuilder {
  /// A `removeGestureRecognizer`, `addGestureRecognizer`, `removeFromSuperview` or `addSubview` line.
  func worldSentence(_ i: Int) -> [Piece] {
    switch entry(i) {
    case .removeGestureRecognizer(let r, let view, let state):
      let text: String
      if state.isActive {
        text = language(
          "The script removes \(Phrase.code(r)) from \(Phrase.code(view)) (removeGestureRecognizer) in the middle of its gesture (state \(state.rawValue)): it is reset to possible at once and sends no action, not even cancelled, and lets go of its touches",
          "脚本在 \(Phrase.code(r)) 的手势进行中（状态为 \(state.rawValue)）把它从 \(Phrase.code(view)) 上移除（removeGestureRecognizer）：它立即被重置为 possible，不发送任何动作（连 cancelled 也没有），并放开它的触摸"
        )
        return [.line(index: i, text: sentence(text, ["C-12", "L26"]))]
      }
      text = language(
        "The script removes \(Phrase.code(r)) from \(Phrase.code(view)) (removeGestureRecognizer): it gets no more touches, and whatever it was holding back for the view goes on now",
        "脚本把 \(Phrase.code(r)) 从 \(Phrase.code(view)) 上移除（removeGestureRecognizer）：它不再收到触摸，它替视图扣留的投递现在继续进行")
      return [.line(index: i, text: sentence(text, ["C-12"]))]
    case .addGestureRecognizer(let r, let view):
      let down = downInside(view)
      var text = language(
        "The script adds \(Phrase.code(r)) to \(Phrase.code(view)) (addGestureRecognizer)",
        "脚本把 \(Phrase.code(r)) 加到 \(Phrase.code(view)) 上（addGestureRecognizer）")
      if down.isEmpty {
        text += language(
          ": the next touch that goes down on it gets it", "：之后在它上面按下的触摸会交给它")
      } else {
        text += language(
          ", but \(fingers(down)) is already down and never gets it: a touch's recognizers are collected when it goes down",
          "，但\(fingers(down))已经按下，永远不会交给它：触摸的手势识别器在按下时就已确定")
      }
      return [.line(index: i, text: sentence(text, ["C-13", "1.1"]))]
    case .removeFromSuperview(let view, let superview, let cancels):
      // A dismissed sheet's transition view: UIKit takes it out as the animation ends.
      if view.hasSuffix(".transitionView"), let sheet = scene.views[String(view.dropLast(".transitionView".count))],
        sheet.sheet != nil
      {
        var text = language(
          "The dismissal's animation of \(Phrase.code(sheet.id)) has ended: UIKit takes \(Phrase.code(view)) out of the window, with the sheet and its dimming view, so the hit test reaches the screen behind again",
          "\(Phrase.code(sheet.id)) 的关闭动画结束了：UIKit 把 \(Phrase.code(view)) 连同表单和它的变暗视图一起移出窗口，命中测试又能到达后面的屏幕")
        if !cancels.isEmpty {
          text += language(
            "; \(fingers(cancels)) down on it is cancelled by the system", "；按在上面的\(fingers(cancels))被系统取消")
        }
        return [.line(index: i, text: sentence(text, ["A-15", "C-15"]))]
      }
      if cancels.isEmpty {
        let text = language(
          "The script removes \(Phrase.code(view)) from \(Phrase.code(superview)) (removeFromSuperview): it and its subviews leave the window, so the hit test no longer reaches them",
          "脚本把 \(Phrase.code(view)) 从 \(Phrase.code(superview)) 中移除（removeFromSuperview）：它和它的子视图离开窗口，命中测试再也到不了它们")
        return [.line(index: i, text: sentence(text, ["C-15"]))]
      }
      let text = language(
        "The script removes \(Phrase.code(view)) from \(Phrase.code(superview)) (removeFromSuperview) while \(fingers(cancels)) is down on it: the system cancels the touch, so its recognizers and the view get touchesCancelled, and the view leaves the window",
        "脚本在\(fingers(cancels))按在 \(Phrase.code(view)) 上时把它从 \(Phrase.code(superview)) 中移除（removeFromSuperview）：系统取消这个触摸，它的手势识别器和视图都收到 touchesCancelled，视图离开窗口"
      )
      return [.line(index: i, text: sentence(text, ["C-15", "L27"]))]
    case .addSubview(let view, let superview):
      let text = language(
        "The script adds \(Phrase.code(view)) to \(Phrase.code(superview)) (addSubview) as its front-most subview: touches that go down from now on can hit it",
        "脚本把 \(Phrase.code(view)) 加到 \(Phrase.code(superview)) 中（addSubview），成为最前面的子视图：从现在起按下的触摸可以命中它")
      return [.line(index: i, text: sentence(text, ["C-15"]))]
    default:
      return []
    }
  }

  /// The fingers down now whose touch.view is `view` or inside it.
  func downInside(_ view: String) -> [Int] {
    tracker.live.compactMap { n, v in
      guard case .some(.some(let hit)) = v, scene.isDescendant(hit, of: view) else { return nil }
      return n
    }.sorted()
  }
}
