import TouchSim
import TraceKit

/// A clause that reads after "because", with the rules it rests on.
struct Because {
  var text: String
  var rules: [String]
}

/// Turns the engine's reasons (TRACE-FORMAT `state.reason`) into plain clauses.
enum ReasonText {
  /// Why a recognizer changed state, as a clause after "because".
  static func because(_ reason: StateReason, recognizer kind: RecognizerKind?, scene: LiveScene) -> Because {
    let n = StateReason.number
    let fingers = kind == .pinch || kind == .rotation ? "the fingers" : "the finger"
    switch reason {
    case .tapped: return Because(text: "the tap is complete", rules: ["5.1"])
    case .moved: return Because(text: "\(fingers) moved", rules: ["5.1"])
    case .fingerLifted: return Because(text: "a finger lifted", rules: ["5.1"])
    case .lifted: return Because(text: "\(fingers) lifted", rules: ["5.1"])
    case .touchCancelled: return Because(text: "its touch was cancelled", rules: ["5.4"])
    case .disabled: return Because(text: "its isEnabled was set to false", rules: ["5.1"])
    case .delegateRefusedBegin:
      return Because(text: "its delegate answered NO to gestureRecognizerShouldBegin", rules: ["5.3"])
    case .liftedBeforeFingersMoved:
      return Because(text: "the fingers lifted before moving enough", rules: ["5.4", "L10"])
    case .tapsComplete(let tap, let required):
      return Because(text: "tap \(tap) of \(required) is complete", rules: ["5.1"])
    case .nextTapTooFar(let tap, let distance, let allowed):
      return Because(
        text: "tap \(tap) landed \(n(distance)) pt from the first, more than \(n(allowed)) pt away",
        rules: ["I", "C-6"])
    case .pressTooFarFromFirstTap(let distance, let allowed):
      return Because(
        text: "the finger went down \(n(distance)) pt from the first tap, more than \(n(allowed)) pt away",
        rules: ["I", "C-6"])
    case .heldTooLongForTap(let maximum):
      return Because(text: "the finger stayed down longer than \(n(maximum)) ms, too long for a tap", rules: ["L2"])
    case .heldForPress(let duration):
      return Because(text: "the finger stayed down \(n(duration)) s (minimumPressDuration)", rules: ["I"])
    case .noNextTap(let tap, let interval):
      return Because(text: "no \(Phrase.ordinal(tap)) tap came within \(n(interval)) ms", rules: ["I"])
    case .movedAlongScrollableAxis(let distance, let hysteresis):
      return Because(
        text: "the finger moved \(n(distance)) pt along a scrollable axis (at least \(n(hysteresis)) pt)",
        rules: ["H-8"])
    case .movedInFromEdge(let distance, let hysteresis):
      return Because(
        text: "the finger moved \(n(distance)) pt in from the edge (at least \(n(hysteresis)) pt)", rules: ["L8"])
    case .movedPastHysteresis(let distance, let hysteresis):
      return Because(text: "the finger moved \(n(distance)) pt (at least \(n(hysteresis)) pt)", rules: ["I"])
    case .movedBeforePress(let distance, let allowed, let duration):
      return Because(
        text:
          "the finger moved \(n(distance)) pt, more than its allowableMovement of \(n(allowed)) pt, before \(n(duration)) s",
        rules: ["I"])
    case .movedTooFar(let distance, let allowed):
      return Because(
        text: "the finger moved \(n(distance)) pt, more than the \(n(allowed)) pt a tap allows", rules: ["I"])
    case .wrongDirection:
      return Because(text: "the finger \(reason.text)", rules: ["L9"])
    case .swiped:
      return Because(text: "the finger \(reason.text)", rules: ["L9"])
    case .distanceChanged(let change, let threshold):
      return Because(
        text: "the distance between the fingers changed \(n(change)) pt (at least \(n(threshold)) pt)", rules: ["L10"])
    case .turned(let angle, let threshold):
      return Because(text: "the fingers turned \(n(angle)) rad (at least \(n(threshold)) rad)", rules: ["L10"])
    case .tooManyTouches(let count, let required):
      return Because(text: "\(count) fingers touched, but it takes \(required)", rules: ["I"])
    case .tooFewTouchesTogether(let down, let required):
      return Because(text: "only \(down) of the \(required) fingers it needs were down together", rules: ["I"])
    case .liftedBeforeMoving(let distance):
      return Because(
        text: "the finger lifted before moving \(n(distance)) pt", rules: kind == .swipe ? ["L9"] : ["5.4"])
    case .liftedBeforePress(let duration):
      return Because(text: "the finger lifted before \(n(duration)) s (minimumPressDuration)", rules: ["I"])
    case .tooSlow(let maximum):
      return Because(text: "the movement took longer than \(n(maximum)) ms", rules: ["L9"])
    case .outsideEdgeBand(let distance, let band):
      return Because(
        text: "the finger went down \(n(distance)) pt from the edge, outside the \(n(band)) pt edge band",
        rules: ["L8"])
    case .requiredGestureRecognized(let id):
      return Because(text: "\(Phrase.code(id)), which it waits for, recognized", rules: ["E-6.3"])
    case .excludedBy(let x):
      let verb = scene.recognizerKind(x)?.isDiscrete == true ? "recognized" : "began"
      return Because(text: "\(Phrase.code(x)) \(verb) first and excludes it", rules: ["E-6.1"])
    case .viewRefusedBegin(let view):
      return Because(text: "\(Phrase.code(view)) answered NO to gestureRecognizerShouldBegin", rules: ["5.3"])
    case .controlVeto(let control, let className, let gesture):
      let cls = Phrase.article(className)
      return Because(
        text: "\(Phrase.code(control)) is \(cls), and \(cls) says no to \(gesture.text)",
        rules: gesture == .panOnKnob ? ["8.3", "L20"] : ["8.3"])
    case .contentTracksTouch(let view):
      return Because(
        text: "canCancelContentTouches is off and \(Phrase.code(view)) is already tracking the touch", rules: ["H-6"])
    case .contentRefusedCancel(let view):
      let control = scene.isControl(view) ? ", as it does for a control" : ""
      return Because(
        text: "touchesShouldCancel(in: \(Phrase.code(view))) returned NO\(control)", rules: ["H-6", "H-7"])
    case .afterWaiting, .reset:
      // Told by the callers (the waited-for recognizers; a reset is not a decision): quoted as written.
      return Because(text: reason.text, rules: [])
    }
  }
}
