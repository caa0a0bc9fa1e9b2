/// Every mapping key a scene or script file knows, in one enum, so that a key's text is looked up once (when
/// the document is composed) and compared as a small number afterwards.
///
/// A key's name is its case name (`Key.default` is `default`). Each place in the format allows its own
/// `KeySet`; a known key in the wrong place is reported as unknown there, exactly like a misspelt one.
enum Key: UInt8, CaseIterable, Sendable {
  // The top level, and a script file of its own.
  case format, title, about, translations, texts, window, appDelegateIsResponder, root, script
  // Views.
  case id, kind, frame, center, bounds, transform, color, text, alpha, hidden, userInteractionEnabled
  case multipleTouchEnabled, exclusiveTouch, clipsToBounds, enabled, value, controller, forwardsTouches
  case hitOutset, passThrough, gestureRecognizerShouldBegin, contentSize, contentOffset, delaysContentTouches
  case canCancelContentTouches, touchesShouldBegin, touchesShouldCancel, panRequireToFail, recognizers, subviews
  case controllerForwardsTouches
  case hitTestOverrides, pointInside
  case presentingViewController
  case minimumValue, maximumValue, stepValue, wraps, autorepeat, isContinuous
  case isMomentary, disabledSegments, numberOfPages, tracking
  case bounces, alwaysBounceVertical, alwaysBounceHorizontal, isPagingEnabled, contentInset, isDirectionalLockEnabled,
    transfersVerticalScrollingToParent, transfersHorizontalScrollingToParent
  case minimumZoomScale, maximumZoomScale, zoomView, bouncesZoom
  // Sheets (rules ); inside `sheet`.
  case sheet, detent, largestUndimmedDetent, isModalInPresentation, shouldDismiss
  // Inside views: `tracking`.
  case beginTracking, continueTracking, endTrackingCallsSuper, cancelTrackingCallsSuper
  // Inside views: `transform`, `touchesShouldBegin`, `touchesShouldCancel`.
  case scale, rotation, translation, `default`, except, controls, others
  case rect, returns, circle, rects, when, mapsSuper, flags
  // Recognizers.
  case numberOfTapsRequired, numberOfTouchesRequired, minimumPressDuration, allowableMovement
  case minimumNumberOfTouches, maximumNumberOfTouches, direction, edges, isEnabled, cancelsTouchesInView
  case delaysTouchesBegan, delaysTouchesEnded, requireToFail, delegate, effect
  // Delegates and their predicates.
  case shouldReceive, shouldBegin, shouldRecognizeSimultaneouslyWith, shouldRequireFailureOf
  case shouldBeRequiredToFailBy, unlessTouchIn, onlyTouchIn
  // Script steps.
  case t, touch, down, move, up, cancel, set, bringToFront, sendToBack, end
  case beginIgnoringInteractionEvents, endIgnoringInteractionEvents
  case removeGestureRecognizer, addGestureRecognizer, removeFromSuperview, addSubview, to
  // Questions for the audience (`questions`).
  case questions, ask, choices, until, hitView, fires, finalState, gets, sends, recognizesFirst, view, control, event
  // Target-action and the event's way in (rules B-7, B-7a, C-11); `performs` is also a question.
  case firstResponder, responders, application, appDelegate, sendEvent, implements, controllerImplements
  case actions, action, target, performs
  case restsAt, zoomsTo

  /// The key as written in a file.
  var name: String { Key.names[Int(rawValue)] }

  static let names: [String] = allCases.map { String(describing: $0) }
  private static let table = KeyTable(names: names)

  /// The key spelt by `bytes` (UTF-8 text of a scalar), or nil. Non-ASCII text is compared as a Swift
  /// `String` (canonical equivalence), as the names were compared before keys became numbers.
  static func lookup(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Key? {
    if isASCII { return table.lookup(bytes).map { Key(rawValue: $0)! } }
    let s = String(decoding: bytes, as: UTF8.self)
    return names.firstIndex(of: s).map { Key(rawValue: UInt8($0))! }
  }
}

/// A set of keys as a 256-bit mask: room for every `Key` (its raw value is a `UInt8`).
struct KeyMask: Equatable, Sendable {
  private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  init() {}
  init(_ keys: [Key]) { for k in keys { insert(k) } }

  private func word(_ i: Int) -> UInt64 {
    switch i {
    case 0: return words.0
    case 1: return words.1
    case 2: return words.2
    default: return words.3
    }
  }

  func contains(_ k: Key) -> Bool { word(Int(k.rawValue) >> 6) & (1 << UInt64(k.rawValue & 63)) != 0 }
  mutating func insert(_ k: Key) {
    let bit: UInt64 = 1 << UInt64(k.rawValue & 63)
    switch Int(k.rawValue) >> 6 {
    case 0: words.0 |= bit
    case 1: words.1 |= bit
    case 2: words.2 |= bit
    default: words.3 |= bit
    }
  }
  var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 }
  static func & (a: KeyMask, b: KeyMask) -> KeyMask {
    var m = KeyMask()
    m.words = (a.words.0 & b.words.0, a.words.1 & b.words.1, a.words.2 & b.words.2, a.words.3 & b.words.3)
    return m
  }
  static func == (a: KeyMask, b: KeyMask) -> Bool {
    a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
  }
}

/// The keys allowed in one place of the format, in the format's order (for hints).
struct KeySet: ExpressibleByArrayLiteral, Sendable {
  let keys: [Key]
  let mask: KeyMask
  init(arrayLiteral keys: Key...) { self.init(keys) }
  init(_ keys: [Key]) {
    self.keys = keys
    mask = KeyMask(keys)
  }
  var names: [String] { keys.map(\.name) }
  func contains(_ k: Key) -> Bool { mask.contains(k) }
}

/// Open-addressing hash table from a key's ASCII bytes to its raw value.
private struct KeyTable: Sendable {
  private static let size = 512
  /// `rawValue + 1` of the key in each slot, 0 for an empty slot.
  private var slots = [UInt16](repeating: 0, count: KeyTable.size)
  private let bytes: [[UInt8]]

  init(names: [String]) {
    bytes = names.map { Array($0.utf8) }
    for (i, b) in bytes.enumerated() {
      var s = b.withUnsafeBufferPointer { KeyTable.hash($0) } & (KeyTable.size - 1)
      while slots[s] != 0 { s = (s + 1) & (KeyTable.size - 1) }
      slots[s] = UInt16(i + 1)
    }
  }

  static func hash(_ p: UnsafeBufferPointer<UInt8>) -> Int {
    var h: UInt32 = 2_166_136_261
    for c in p { h = (h ^ UInt32(c)) &* 16_777_619 }
    return Int(h ^ (h >> 13))
  }

  func lookup(_ p: UnsafeBufferPointer<UInt8>) -> UInt8? {
    guard p.count <= 40 else { return nil }
    var s = KeyTable.hash(p) & (KeyTable.size - 1)
    while true {
      let v = slots[s]
      if v == 0 { return nil }
      let name = bytes[Int(v) - 1]
      if name.count == p.count && name.withUnsafeBufferPointer({ $0.elementsEqual(p) }) { return UInt8(v - 1) }
      s = (s + 1) & (KeyTable.size - 1)
    }
  }
}
