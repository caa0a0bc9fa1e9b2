/// A key a `set` step (or the window's toggles) may change on a recognizer, in the scene format's order:
/// each key once, with its type, how its value is read from a recognizer and how it is written to one
/// (`SettableKeys.recognizer` and the scene editor's order and values are derived from here).
public enum RecognizerKey: String, CaseIterable, Sendable {
  case numberOfTapsRequired, numberOfTouchesRequired, minimumPressDuration, allowableMovement
  case minimumNumberOfTouches, maximumNumberOfTouches, isEnabled, cancelsTouchesInView, delaysTouchesBegan
  case delaysTouchesEnded, requireToFail
  case shouldReceive = "delegate.shouldReceive"
  case shouldBegin = "delegate.shouldBegin"
  case shouldRecognizeSimultaneouslyWith = "delegate.shouldRecognizeSimultaneouslyWith"
  case shouldRequireFailureOf = "delegate.shouldRequireFailureOf"
  case shouldBeRequiredToFailBy = "delegate.shouldBeRequiredToFailBy"

  public var type: PropertyType {
    switch self {
    case .isEnabled, .cancelsTouchesInView, .delaysTouchesBegan, .delaysTouchesEnded, .shouldReceive, .shouldBegin:
      return .bool
    case .numberOfTapsRequired, .numberOfTouchesRequired, .minimumPressDuration, .allowableMovement,
      .minimumNumberOfTouches, .maximumNumberOfTouches:
      return .number
    case .requireToFail, .shouldRequireFailureOf, .shouldBeRequiredToFailBy: return .idList
    case .shouldRecognizeSimultaneouslyWith: return .idListOrAll
    }
  }

  /// The key's value in `r` as a `set` would write it; nil when it is one a `set` cannot write (a
  /// delegate's touch filter, `{ unlessTouchIn: [...] }`).
  public func value(in r: RecognizerSpec) -> PropertyValue? {
    let d = r.delegate ?? DelegateSpec()
    func ids(_ list: [String]) -> PropertyValue { .list(list.map { .string($0) }) }
    func predicate(_ p: TouchPredicate) -> PropertyValue? {
      if case .always(let b) = p { return .bool(b) }
      return nil
    }
    switch self {
    case .isEnabled: return .bool(r.isEnabled)
    case .cancelsTouchesInView: return .bool(r.cancelsTouchesInView)
    case .delaysTouchesBegan: return .bool(r.delaysTouchesBegan)
    case .delaysTouchesEnded: return .bool(r.delaysTouchesEnded)
    case .numberOfTapsRequired: return .number(Double(r.numberOfTapsRequired))
    case .numberOfTouchesRequired: return .number(Double(r.numberOfTouchesRequired))
    case .minimumPressDuration: return .number(r.minimumPressDuration)
    case .allowableMovement: return .number(r.allowableMovement)
    case .minimumNumberOfTouches: return .number(Double(r.minimumNumberOfTouches))
    case .maximumNumberOfTouches: return .number(Double(r.maximumNumberOfTouches))
    case .requireToFail: return ids(r.requireToFail)
    case .shouldReceive: return predicate(d.shouldReceive)
    case .shouldBegin: return predicate(d.shouldBegin)
    case .shouldRecognizeSimultaneouslyWith:
      if case .ids(let list) = d.shouldRecognizeSimultaneouslyWith { return ids(list) }
      return .string("all")
    case .shouldRequireFailureOf: return ids(d.shouldRequireFailureOf)
    case .shouldBeRequiredToFailBy: return ids(d.shouldBeRequiredToFailBy)
    }
  }

  /// Writes `value` (already checked to fit `type`) to `r`; an error message instead when it is out of
  /// range.
  func write(_ value: PropertyValue, to r: inout RecognizerSpec) -> String? {
    func count(_ v: Double, min: Int) -> Int? {
      guard v.rounded() == v, v >= Double(min), v <= 100 else { return nil }
      return Int(v)
    }
    var d = r.delegate ?? DelegateSpec()
    switch self {
    case .isEnabled: r.isEnabled = value.bool!
    case .cancelsTouchesInView: r.cancelsTouchesInView = value.bool!
    case .delaysTouchesBegan: r.delaysTouchesBegan = value.bool!
    case .delaysTouchesEnded: r.delaysTouchesEnded = value.bool!
    case .numberOfTapsRequired:
      guard let n = count(value.number!, min: r.kind == .longPress ? 0 : 1) else { return "bad tap count \(value)" }
      r.numberOfTapsRequired = n
    case .numberOfTouchesRequired:
      guard let n = count(value.number!, min: 1) else { return "bad touch count \(value)" }
      r.numberOfTouchesRequired = n
    case .minimumNumberOfTouches:
      guard let n = count(value.number!, min: 1) else { return "bad touch count \(value)" }
      r.minimumNumberOfTouches = n
    case .maximumNumberOfTouches:
      guard let n = count(value.number!, min: 0) else { return "bad touch count \(value)" }
      r.maximumNumberOfTouches = n
    case .minimumPressDuration:
      guard value.number! >= 0, value.number! <= 3600 else { return "minimumPressDuration out of range" }
      r.minimumPressDuration = value.number!
    case .allowableMovement:
      guard value.number! >= 0 else { return "allowableMovement must not be negative" }
      r.allowableMovement = value.number!
    case .requireToFail: r.requireToFail = value.ids!
    case .shouldReceive: d.shouldReceive = .always(value.bool!)
    case .shouldBegin: d.shouldBegin = .always(value.bool!)
    case .shouldRecognizeSimultaneouslyWith:
      d.shouldRecognizeSimultaneouslyWith = value.string == "all" ? .all : .ids(value.ids!)
    case .shouldRequireFailureOf: d.shouldRequireFailureOf = value.ids!
    case .shouldBeRequiredToFailBy: d.shouldBeRequiredToFailBy = value.ids!
    }
    if rawValue.hasPrefix("delegate.") { r.delegate = d }
    return nil
  }
}
