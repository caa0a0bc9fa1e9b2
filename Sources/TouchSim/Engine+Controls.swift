import Geometry

/// UIControl tracking and control events (rule G, section 8.1).
struct ControlTracking: Equatable {
  /// The one touch it tracks (8.1: a control tracks a single touch).
  var touch: Int?
  var inside = false
  var highlighted = false
  /// Switch: 1 on / 0 off; slider and stepper within their range; segmented and page control an index.
  var value: Double = 0
  /// The value when the tracked touch went down (a control that is not continuous sends valueChanged once,
  /// at the end, when it differs).
  var startValue: Double = 0
  /// A stepper's button under the tracked touch: +1 (the right half) or -1 (the left half).
  var stepSign: Double = 0
  /// A slider: the touch's x when it went down on the thumb (the value follows the finger's travel).
  var grabX: Double = 0
  /// Bumped to cancel a stepper's pending autorepeat timer.
  var repeatEpoch = 0
}

extension Simulation {
  /// The property a valueChanged handler reads for a control of `kind` (UISwitch.isOn, UISlider.value, …).
  static func valueProperty(of kind: ViewKind) -> TraceEvent.ControlValue.Property {
    switch kind {
    case .switch: .isOn
    case .segmentedControl: .selectedSegmentIndex
    case .pageControl: .currentPage
    default: .value
    }
  }

  mutating func controlReceive(_ c: Int, _ method: TouchMethod, _ uids: some Collection<Int>) {
    var st = controlStates[c] ?? ControlTracking()
    switch method {
    case .touchesBegan: controlBegan(c, &st, uids)
    case .touchesMoved: controlMoved(c, &st, uids)
    case .touchesEnded: controlEnded(c, &st, uids)
    case .touchesCancelled: controlCancelled(c, &st, uids)
    }
    controlStates[c] = st
  }

  /// Sends control event `e` of control `c` in tracking state `st` (with the value its valueChanged handler
  /// reads, when given) and its actions.
  private mutating func send(
    _ e: TraceEvent.ControlEvent, of c: Int, _ st: ControlTracking, value: Double? = nil
  ) {
    let named = value.map { TraceEvent.ControlValue(Self.valueProperty(of: views[c].spec.kind), $0) }
    emit(.control(control: views[c].id, event: e, highlighted: st.highlighted, value: named))
    sendActions(c, e)
  }

  /// Where the tracked touch is in control `c`, when it is one of `uids`; nil otherwise.
  private func trackedPoint(_ c: Int, _ st: ControlTracking, _ uids: some Collection<Int>) -> Point? {
    guard let uid = st.touch, uids.contains(uid) else { return nil }
    return controlPoint(c, uid)
  }

  /// The tracked touch is now `inside` the control or not: highlighted as it is, and a drag enter or exit
  /// when it crossed the edge (8.1).
  private mutating func follow(_ c: Int, _ st: inout ControlTracking, inside: Bool) {
    st.highlighted = inside
    if inside != st.inside { send(inside ? .touchDragEnter : .touchDragExit, of: c, st) }
    st.inside = inside
  }

  /// Touch `uid`'s location in control `c`'s coordinates.
  private func controlPoint(_ c: Int, _ uid: Int) -> Point {
    let p = touches[uid].location
    return views.convertFromWindow(p, to: c) ?? p
  }

  /// 8.1 pointMostlyInside: the control's bounds grown by the tracking margin (≈ 70 pt, L7), or its own
  /// point(inside:).
  private func isInsideControl(_ c: Int, _ p: Point) -> Bool {
    if views[c].spec.bounds.insetBy(-constants.controlTrackingMargin).contains(p) { return true }
    // Or inside by the control's own point(inside:) (A-4, A-6: an override or a grown touch area), which
    // UIControl also asks ("mostly inside": the tracking rectangle or pointInside).
    return views[c].spec.pointInside.map { $0.contains(p) } ?? views[c].hitArea.contains(p)
  }

  /// The control's touch went down: tracking begins (8.1, 8.8), a stepper steps (8.4).
  private mutating func controlBegan(_ c: Int, _ st: inout ControlTracking, _ uids: some Collection<Int>) {
    let id = views[c].id
    let kind = views[c].spec.kind
    let b = views[c].spec.bounds
    // A touch that lifted while its touchesEnded is still held (behind a double tap) no longer
    // counts as tracked: the new touch is the one the control follows.
    if let old = st.touch, !isDown(old) { st.touch = nil }
    guard st.touch == nil, let uid = uids.first else { return }
    // 8.8: an overridden beginTracking answers first; NO: the touch is not tracked (no touchDown, no
    // drag or touch-up events, no endTracking), and the class's own beginTracking is not reached.
    let overrides = spec(c).trackingOverrides
    if !overrides.beginTracking.isDefault {
      let yes = overrides.beginTracking.answer(at: controlPoint(c, uid))
      emit(.ask(of: id, question: .beginTracking, other: nil, view: nil, answer: yes))
      guard yes else { return }
    }
    // 8.5: a stock UISlider's beginTracking answers NO unless the touch is on its thumb (with a small
    // margin): a touch on the track is not tracked, sends nothing and changes nothing.
    if kind == .slider && !onSliderThumb(c, controlPoint(c, uid), value: st.value) { return }
    st.touch = uid
    st.inside = true
    st.highlighted = true
    st.startValue = st.value
    st.grabX = controlPoint(c, uid).x
    send(.touchDown, of: c, st)
    if touches[uid].tapCount > 1 { send(.touchDownRepeat, of: c, st) }
    if kind == .stepper {
      // 8.4: UIStepper changes its value on touch-down, the right half adding its step, the left half
      // subtracting it, within its range (a button at its limit is disabled: no change, no event) unless
      // it wraps; held, it repeats (its autorepeat timer).
      st.stepSign = controlPoint(c, uid).x >= b.mid.x ? 1 : -1
      let next = stepperValue(c, from: st.value, sign: st.stepSign)
      if next != st.value {
        st.value = next
        if spec(c).sendsWhileTracking { send(.valueChanged, of: c, st, value: next) }
      }
      if spec(c).repeatsWhileHeld {
        st.repeatEpoch += 1
        scheduleControl(
          .autorepeat, control: c, touch: uid, epoch: st.repeatEpoch, after: constants.stepperAutorepeatDelay)
      }
    }
  }

  /// The tracked touch moved: drag events, a slider's value (8.5), continueTracking (8.8).
  private mutating func controlMoved(_ c: Int, _ st: inout ControlTracking, _ uids: some Collection<Int>) {
    let id = views[c].id
    let kind = views[c].spec.kind
    guard let p = trackedPoint(c, st, uids) else { return }
    let inside = isInsideControl(c, p)
    // 8.8: an overridden continueTracking that answers NO ends tracking: no drag events for this move,
    // no further continueTracking, no endTracking and no touch-up for this touch.
    let overrides = spec(c).trackingOverrides
    if !overrides.continueTracking.isDefault {
      let yes = overrides.continueTracking.answer(at: p)
      emit(.ask(of: id, question: .continueTracking, other: nil, view: nil, answer: yes))
      if !yes {
        st.touch = nil
        st.highlighted = false
        st.repeatEpoch += 1
        return
      }
    }
    if kind == .slider {
      // 8.5 continueTracking: the value follows the finger's travel since it went down on the thumb
      // (the thumb does not jump to the finger), within the range; sent as it changes when continuous.
      let v = sliderValue(c, start: st.startValue, travel: p.x - st.grabX)
      if v != st.value {
        st.value = v
        if spec(c).sendsWhileTracking { send(.valueChanged, of: c, st, value: v) }
      }
    }
    follow(c, &st, inside: inside)
    send(inside ? .touchDragInside : .touchDragOutside, of: c, st)
  }

  /// The tracked touch lifted: the value a tap changes (switch, segment, page), the touch-up (8.1, 8.4–8.8).
  private mutating func controlEnded(_ c: Int, _ st: inout ControlTracking, _ uids: some Collection<Int>) {
    let kind = views[c].spec.kind
    let b = views[c].spec.bounds
    guard let p = trackedPoint(c, st, uids) else { return }
    let inside = isInsideControl(c, p)
    follow(c, &st, inside: inside)
    st.highlighted = false
    st.touch = nil
    st.repeatEpoch += 1
    // 8.8: endTracking overridden without super: the class's own end-of-tracking work (below) is skipped;
    // UIControl still sends the touch-up.
    let classEnds = spec(c).trackingOverrides.endTrackingCallsSuper
    // 8.4, 8.5: a stepper or slider that is not continuous sends one valueChanged as tracking ends.
    if classEnds && (kind == .stepper || kind == .slider) && !spec(c).sendsWhileTracking
      && st.value != st.startValue
    {
      send(.valueChanged, of: c, st, value: st.value)
    }
    var momentaryReset = false
    if inside && classEnds {
      switch kind {
      case .switch:
        st.value = st.value == 0 ? 1 : 0
        send(.valueChanged, of: c, st, value: st.value)
      case .segmentedControl:
        // 8.6: a disabled segment selects nothing; a momentary control sends valueChanged for every
        // segment touched, and its selection goes back to none once tracking is over.
        let n = ViewSpec.segmentCount(views[c].spec.text ?? "")
        let seg = min(Double(n - 1), max(0, ((p.x - b.minX) / max(b.width, 1) * Double(n)).rounded(.down)))
        if !spec(c).disabledSegments.contains(Int(seg)) && (seg != st.value || spec(c).momentary) {
          st.value = seg
          send(.valueChanged, of: c, st, value: seg)
          momentaryReset = spec(c).momentary
        }
      case .pageControl:
        // 8.7: a tap on the right half goes one page on, on the left half one back, within the pages.
        let last = Double(max(spec(c).pageCount - 1, 0))
        let page = min(max(0, st.value + (p.x >= b.mid.x ? 1 : -1)), last)
        if page != st.value {
          st.value = page
          send(.valueChanged, of: c, st, value: page)
        }
      default: break
      }
    }
    if momentaryReset {
      // 8.6: the touch-up carries the selection UIKit holds after the actions: none (noSegment, -1).
      st.value = -1
      send(inside ? .touchUpInside : .touchUpOutside, of: c, st, value: -1)
      return
    }
    send(inside ? .touchUpInside : .touchUpOutside, of: c, st)
    // G-8.1b: a UIButton (iOS 14+) sends primaryActionTriggered right after touchUpInside.
    if inside && kind == .button { send(.primaryActionTriggered, of: c, st) }
  }

  /// The tracked touch was cancelled: touchCancel (8.1, 8.8).
  private mutating func controlCancelled(_ c: Int, _ st: inout ControlTracking, _ uids: some Collection<Int>) {
    guard let tracked = st.touch, uids.contains(tracked) else { return }
    st.touch = nil
    // 8.8: cancelTracking overridden without super: the control's state is not reset, so it stays
    // highlighted; UIControl still sends touchCancel.
    st.highlighted = !spec(c).trackingOverrides.cancelTrackingCallsSuper
    st.repeatEpoch += 1
    send(.touchCancel, of: c, st)
  }

  private func spec(_ c: Int) -> ViewSpec { views[c].spec }

  /// 8.4: a stepper's value one step from `v` in the direction `sign`: past a limit it stops there, or
  /// goes to the other limit when the stepper wraps.
  func stepperValue(_ c: Int, from v: Double, sign: Double) -> Double {
    let s = spec(c)
    let lo = s.rangeMinimum
    let hi = max(s.rangeMaximum, lo)
    let next = v + sign * s.step
    if next > hi { return s.wrapsAround ? (v >= hi ? lo : hi) : hi }
    if next < lo { return s.wrapsAround ? (v <= lo ? hi : lo) : lo }
    return next
  }

  /// 8.5: where a slider's thumb is drawn for `value` (its centre x in the slider's bounds): the track
  /// runs between the thumb's half-widths at either end.
  func sliderThumbX(_ c: Int, value: Double) -> Double {
    let s = spec(c)
    let b = s.bounds
    let d = min(constants.sliderThumbDiameter, b.width)
    let range = s.rangeMaximum - s.rangeMinimum
    let fraction = range > 0 ? min(max((value - s.rangeMinimum) / range, 0), 1) : 0
    return b.minX + d / 2 + fraction * (b.width - d)
  }

  /// 8.3: whether `p` (in switch `c`'s coordinates) is on its knob: a circle the switch's height less
  /// twice `switchKnobInset`, at the trailing end when the switch is on, the leading end when off (L).
  func onSwitchKnob(_ c: Int, _ p: Point) -> Bool {
    let b = spec(c).bounds
    let inset = constants.switchKnobInset
    let r = max(b.height / 2 - inset, 1)
    let on = (controlStates[c]?.value ?? 0) != 0
    return p.distance(to: Point(on ? b.maxX - inset - r : b.minX + inset + r, b.mid.y)) <= r
  }

  func onSliderThumb(_ c: Int, _ p: Point, value: Double) -> Bool {
    let b = spec(c).bounds
    let reach = min(constants.sliderThumbDiameter, b.width) / 2 + constants.sliderThumbTouchMargin
    return abs(p.x - sliderThumbX(c, value: value)) <= reach && abs(p.y - b.mid.y) <= reach
  }

  /// 8.5: the slider's value after the finger travelled `travel` points along the track from where it
  /// went down, starting from `start`, kept within the range.
  func sliderValue(_ c: Int, start: Double, travel: Double) -> Double {
    let s = spec(c)
    let track = max(s.bounds.width - min(constants.sliderThumbDiameter, s.bounds.width), 1)
    let hi = max(s.rangeMaximum, s.rangeMinimum)
    return min(max(start + travel / track * (hi - s.rangeMinimum), s.rangeMinimum), hi)
  }

  /// 8.4: the stepper's autorepeat timer: while the touch that pressed a button is still down and inside,
  /// one more step, then again a little later; it stops when a step changes nothing (a limit, no wrap).
  mutating func stepperRepeat(_ c: Int, touch uid: Int) {
    guard var st = controlStates[c], st.touch == uid else { return }
    emit(.timer(what: TimerKind.autorepeat.rawValue, owner: views[c].id))
    if st.inside {
      let next = stepperValue(c, from: st.value, sign: st.stepSign)
      guard next != st.value else {
        controlStates[c] = st
        return
      }
      st.value = next
      if spec(c).sendsWhileTracking {
        emit(
          .control(
            control: views[c].id, event: .valueChanged, highlighted: st.highlighted,
            value: TraceEvent.ControlValue(.value, next)))
      }
    }
    controlStates[c] = st
    scheduleControl(
      .autorepeat, control: c, touch: uid, epoch: st.repeatEpoch, after: constants.stepperAutorepeatInterval)
  }
}

extension ViewSpec {
  /// A segmented control's titles, from its text ("One|Two|Three"): split at "|", empty titles left out,
  /// blanks around each removed. The one reading of the format's segment text (the reader, the exporter
  /// and the canvas all use it); `segmentCount` counts the same titles without listing them.
  public static func segmentTitles(_ text: String) -> [String] {
    text.split(separator: "|").map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
  }

  /// How many segments a segmented control's text ("One|Two|Three") has: its non-empty titles between
  /// "|", at least one. Counted in one pass without listing them (a text can be megabytes).
  public static func segmentCount(_ text: String) -> Int {
    var count = 0
    var inTitle = false
    for c in text {
      if c == "|" {
        inTitle = false
      } else if !inTitle {
        inTitle = true
        count += 1
      }
    }
    return max(count, 1)
  }
}
