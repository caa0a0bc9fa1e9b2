import TouchSim

/// Rule C-10: the app ignoring interaction events, and the touches that go down meanwhile.
extension NarrationBuilder {
  /// An `ignoring` line: a script's beginIgnoringInteractionEvents / endIgnoringInteractionEvents.
  func ignoringSentence(_ i: Int) -> [Piece] {
    guard case .ignoring(let on, let count) = entry(i) else { return [] }
    // A begin raises UIKit's counter, an end lowers it: the line before says which this is.
    var before = 0
    if let previous = (0..<i).last(where: { entry($0).kind == "ignoring" }),
      case .ignoring(_, let count) = entry(previous)
    {
      before = count
    }
    let began = count > before
    let text: String
    switch (began, on) {
    case (true, _) where count == 1:
      text = language(
        "The app begins ignoring interaction events (beginIgnoringInteractionEvents): a touch that goes down from now on is hit-tested but never delivered",
        "应用开始忽略交互事件（beginIgnoringInteractionEvents）：从现在起按下的触摸会经过命中测试，但永远不会被投递")
    case (true, _):
      text = language(
        "The app calls beginIgnoringInteractionEvents again: the counter is now \(count), and it takes as many calls of endIgnoringInteractionEvents before new touches are delivered",
        "应用再次调用 beginIgnoringInteractionEvents：计数器现在是 \(count)，要调用同样多次 endIgnoringInteractionEvents 才会再投递新的触摸")
    case (false, true):
      text = language(
        "The app calls endIgnoringInteractionEvents but still ignores interaction events: the counter is now \(count)",
        "应用调用了 endIgnoringInteractionEvents，但仍在忽略交互事件：计数器现在是 \(count)")
    case (false, false):
      text = language(
        "The app stops ignoring interaction events (endIgnoringInteractionEvents): new touches are delivered again, but a touch that went down meanwhile stays dropped until it lifts",
        "应用停止忽略交互事件（endIgnoringInteractionEvents）：新的触摸会再次被投递，但在此期间按下的触摸直到抬起前仍被丢弃")
    }
    return [.line(index: i, text: sentence(text, ["C-10"]))]
  }

  /// The `drop` of a touch that went down while the app ignored interaction events (the view may be nil:
  /// the touch hit nothing).
  func ignoredTouchSentence(_ i: Int) -> [Piece] {
    guard case .drop(_, _, let touches, .ignoringInteractionEvents) = entry(i) else { return [] }
    let fingers = self.fingers(touches)
    let text = language(
      "The app ignores interaction events (beginIgnoringInteractionEvents): \(fingers) is hit-tested but dropped for its whole life, so no recognizer and no view gets it",
      "应用正在忽略交互事件（beginIgnoringInteractionEvents）：\(fingers)经过了命中测试，但在整个生命周期内都被丢弃，没有任何手势识别器或视图会收到它")
    return [.line(index: i, text: sentence(text, ["C-10"]))]
  }
}
