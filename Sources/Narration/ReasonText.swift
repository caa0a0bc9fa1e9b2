import TouchSim
import TraceKit

/// A clause that reads after "because", with the rules it rests on.
struct Because {
  var text: String
  var rules: [String]
}

/// Turns the engine's short `reason` phrases (TRACE-FORMAT `state.reason`) into plain clauses.
///
/// The phrases are not part of the trace contract, so anything not recognised is quoted as written
/// instead of guessed at.
enum ReasonText {
  /// "doubleTap failed; tapped" → (["doubleTap"], "tapped").
  static func splitWaited(_ reason: String) -> (waited: [String], rest: String) {
    guard let r = reason.firstRange(of: " failed; ") else { return ([], reason) }
    let ids = reason[..<r.lowerBound].split(separator: ",").map { $0.trimmingSpaces }
    return (ids, String(reason[r.upperBound...]))
  }

  /// Why a recognizer changed state, as a clause after "because".
  static func because(_ reason: String, recognizer kind: RecognizerKind?, scene: LiveScene) -> Because {
    let w = reason.split(separator: " ").map(String.init)
    func word(_ i: Int) -> String { i < w.count ? w[i] : "" }
    let isSwipe = kind == .swipe
    let fingers = kind == .pinch || kind == .rotation ? "the fingers" : "the finger"

    switch reason {
    case "tapped": return Because(text: "the tap is complete", rules: ["5.1"])
    case "moved": return Because(text: "\(fingers) moved", rules: ["5.1"])
    case "a finger lifted": return Because(text: "a finger lifted", rules: ["5.1"])
    case "lifted": return Because(text: "\(fingers) lifted", rules: ["5.1"])
    case "touch cancelled": return Because(text: "its touch was cancelled", rules: ["5.4"])
    case "isEnabled set to false": return Because(text: "its isEnabled was set to false", rules: ["5.1"])
    case "delegate's gestureRecognizerShouldBegin returned NO":
      return Because(text: "its delegate answered NO to gestureRecognizerShouldBegin", rules: ["5.3"])
    case "lifted before the fingers moved enough":
      return Because(text: "the fingers lifted before moving enough", rules: ["5.4", "L10"])
    default: break
    }
    if reason.hasPrefix("tap "), word(2) == "of" {
      return Because(text: "tap \(word(1)) of \(word(3)) is complete", rules: ["5.1"])
    }
    if reason.hasPrefix("tap "), reason.contains(" from the first > ") {
      return Because(
        text: "tap \(word(1)) landed \(word(3)) pt from the first, more than \(word(9)) pt away", rules: ["I", "C-6"])
    }
    if reason.hasPrefix("held longer than ") {
      return Because(text: "the finger stayed down longer than \(word(3)) ms, too long for a tap", rules: ["L2"])
    }
    if reason.hasPrefix("held ") {
      return Because(text: "the finger stayed down \(word(1)) s (minimumPressDuration)", rules: ["I"])
    }
    if reason.hasPrefix("no tap "), reason.contains(" within ") {
      let n = Int(word(2)) ?? 2
      return Because(text: "no \(Phrase.ordinal(n)) tap came within \(word(4)) ms", rules: ["I"])
    }
    if reason.hasPrefix("moved "), reason.contains(" ≥ ") {
      if reason.hasSuffix("along a scrollable axis") {
        return Because(
          text: "the finger moved \(word(1)) pt along a scrollable axis (at least \(word(4)) pt)", rules: ["H-8"])
      }
      if reason.contains("in from the edge") {
        return Because(text: "the finger moved \(word(1)) pt in from the edge (at least \(word(8)) pt)", rules: ["L8"])
      }
      return Because(text: "the finger moved \(word(1)) pt (at least \(word(4)) pt)", rules: ["I"])
    }
    if reason.hasPrefix("moved "), reason.contains(" > ") {
      if reason.contains(" before ") {
        return Because(
          text: "the finger moved \(word(1)) pt, more than its allowableMovement of \(word(4)) pt, before \(word(7)) s",
          rules: ["I"])
      }
      return Because(text: "the finger moved \(word(1)) pt, more than the \(word(4)) pt a tap allows", rules: ["I"])
    }
    if reason.hasPrefix("moved "), reason.contains(", not ") {
      return Because(text: "the finger moved \(word(1)) \(w.dropFirst(2).joined(separator: " "))", rules: ["L9"])
    }
    if reason.hasPrefix("swiped ") {
      return Because(text: "the finger \(reason)", rules: ["L9"])
    }
    if reason.hasPrefix("distance changed ") {
      return Because(
        text: "the distance between the fingers changed \(word(2)) pt (at least \(word(5)) pt)", rules: ["L10"])
    }
    if reason.hasPrefix("turned ") {
      return Because(text: "the fingers turned \(word(1)) rad (at least \(word(4)) rad)", rules: ["L10"])
    }
    if w.count >= 5, word(1) == "touches", word(2) == ">" {
      return Because(text: "\(word(0)) fingers touched, but it takes \(word(3))", rules: ["I"])
    }
    if reason.hasPrefix("only "), reason.contains(" touches down together") {
      return Because(text: "only \(word(1)) of the \(word(3)) fingers it needs were down together", rules: ["I"])
    }
    if reason.hasPrefix("press is tap ") {
      return Because(
        text: "it needs \(word(4)) taps before the press, and this was tap \(word(3).filter { $0 != "," })",
        rules: ["I"])
    }
    if reason.hasPrefix("lifted before moving ") {
      return Because(text: "the finger lifted before moving \(word(3)) pt", rules: isSwipe ? ["L9"] : ["5.4"])
    }
    if reason.hasPrefix("lifted before ") {
      return Because(text: "the finger lifted before \(word(2)) s (minimumPressDuration)", rules: ["I"])
    }
    if reason.hasPrefix("slower than ") {
      return Because(text: "the movement took longer than \(word(2)) ms", rules: ["L9"])
    }
    if reason.hasPrefix("went down ") {
      return Because(
        text: "the finger went down \(word(2)) pt from the edge, outside the \(word(9)) pt edge band", rules: ["L8"])
    }
    if reason.hasPrefix("required gesture "), reason.hasSuffix(" recognized") {
      return Because(text: "\(Phrase.code(word(2))), which it waits for, recognized", rules: ["E-6.3"])
    }
    if reason.hasPrefix("excluded by ") {
      let x = String(reason.dropFirst("excluded by ".count))
      let verb = scene.recognizerKind(x)?.isDiscrete == true ? "recognized" : "began"
      return Because(text: "\(Phrase.code(x)) \(verb) first and excludes it", rules: ["E-6.1"])
    }
    if reason.hasSuffix("'s gestureRecognizerShouldBegin returned NO") {
      let v = String(reason.dropLast("'s gestureRecognizerShouldBegin returned NO".count))
      return Because(text: "\(Phrase.code(v)) answered NO to gestureRecognizerShouldBegin", rules: ["5.3"])
    }
    if let veto = controlVeto(reason) { return veto }
    if reason.hasPrefix("canCancelContentTouches is NO and ") {
      return Because(
        text: "canCancelContentTouches is off and \(Phrase.code(word(4))) is already tracking the touch", rules: ["H-6"]
      )
    }
    if reason.hasPrefix("touchesShouldCancel(in: "), let close = reason.firstIndex(of: ")") {
      let v = String(reason[reason.index(reason.startIndex, offsetBy: 24)..<close])
      let control = scene.isControl(v) ? ", as it does for a control" : ""
      return Because(
        text: "touchesShouldCancel(in: \(Phrase.code(v))) returned NO\(control)", rules: ["H-6", "H-7"])
    }
    return Because(text: reason, rules: [])
  }

  /// "buy (UIButton) vetoes a superview's single tap" → ("buy", "UIButton", "a superview's single tap").
  static func controlVetoParts(_ reason: String) -> (view: String, className: String, what: String)? {
    guard let open = reason.firstRange(of: " ("), let close = reason.firstRange(of: ") vetoes "),
      open.upperBound <= close.lowerBound
    else { return nil }
    return (
      String(reason[..<open.lowerBound]), String(reason[open.upperBound..<close.lowerBound]),
      String(reason[close.upperBound...])
    )
  }

  /// A control's built-in veto (rule 8.3).
  private static func controlVeto(_ reason: String) -> Because? {
    guard let (view, cls, what) = controlVetoParts(reason) else { return nil }
    let rules = what.contains("knob") ? ["8.3", "L20"] : ["8.3"]
    return Because(
      text: "\(Phrase.code(view)) is \(Phrase.article(cls)), and \(Phrase.article(cls)) says no to \(what)",
      rules: rules)
  }
}

extension Substring {
  var trimmingSpaces: String {
    var s = self
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
