/// UIControl tracking and control events (rule G, section 8.1).
struct ControlTracking: Equatable {
  /// The one touch it tracks (8.1: a control tracks a single touch).
  var touch: Int?
  var inside = false
  var highlighted = false
  /// Switch: 1 on / 0 off; slider 0...1; stepper any; segmented and page control an index.
  var value: Double = 0
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
    let id = views[c].id
    let kind = views[c].spec.kind
    func send(_ e: TraceEvent.ControlEvent, value: Double? = nil) {
      let named = value.map { TraceEvent.ControlValue(Self.valueProperty(of: kind), $0) }
      emit(.control(control: id, event: e, highlighted: st.highlighted, value: named))
    }
    func local(_ uid: Int) -> Point {
      let p = touches[uid].location
      return views.convertFromWindow(p, to: c) ?? p
    }
    func isInside(_ p: Point) -> Bool {
      // 8.1 pointMostlyInside: bounds grown by the tracking margin (≈ 70 pt, L7).
      views[c].spec.bounds.insetBy(-constants.controlTrackingMargin).contains(p)
    }
    let b = views[c].spec.bounds
    switch method {
    case .touchesBegan:
      // A touch that lifted while its touchesEnded is still held (behind a double tap) no longer
      // counts as tracked: the new touch is the one the control follows.
      if let old = st.touch, !(touches.contains(old) && touches[old].isAlive) { st.touch = nil }
      guard st.touch == nil, let uid = uids.first else { break }
      st.touch = uid
      st.inside = true
      st.highlighted = true
      send(.touchDown)
      if touches[uid].tapCount > 1 { send(.touchDownRepeat) }
      if kind == .stepper {
        // UIStepper changes its value on touch-down: the right half adds, the left half subtracts.
        st.value += local(uid).x >= b.mid.x ? 1 : -1
        send(.valueChanged, value: st.value)
      }
    case .touchesMoved:
      guard let uid = st.touch, uids.contains(uid) else { break }
      let p = local(uid)
      let inside = isInside(p)
      if kind == .slider {
        // continueTracking: the value follows the finger along the track (continuous slider).
        let v = min(max((p.x - b.minX) / max(b.width, 1), 0), 1)
        if v != st.value {
          st.value = v
          send(.valueChanged, value: v)
        }
      }
      st.highlighted = inside
      if inside != st.inside { send(inside ? .touchDragEnter : .touchDragExit) }
      st.inside = inside
      send(inside ? .touchDragInside : .touchDragOutside)
    case .touchesEnded:
      guard let uid = st.touch, uids.contains(uid) else { break }
      let p = local(uid)
      let inside = isInside(p)
      st.highlighted = inside
      if inside != st.inside { send(inside ? .touchDragEnter : .touchDragExit) }
      st.inside = inside
      st.highlighted = false
      st.touch = nil
      if inside {
        switch kind {
        case .switch:
          st.value = st.value == 0 ? 1 : 0
          send(.valueChanged, value: st.value)
        case .segmentedControl:
          let n = ViewSpec.segmentCount(views[c].spec.text ?? "")
          let seg = min(Double(n - 1), max(0, ((p.x - b.minX) / max(b.width, 1) * Double(n)).rounded(.down)))
          if seg != st.value {
            st.value = seg
            send(.valueChanged, value: seg)
          }
        case .pageControl:
          let page = max(0, st.value + (p.x >= b.mid.x ? 1 : -1))
          if page != st.value {
            st.value = page
            send(.valueChanged, value: page)
          }
        default: break
        }
      }
      send(inside ? .touchUpInside : .touchUpOutside)
      // G-8.1b: a UIButton (iOS 14+) sends primaryActionTriggered right after touchUpInside.
      if inside && kind == .button { send(.primaryActionTriggered) }
    case .touchesCancelled:
      guard let uid = st.touch, uids.contains(uid) else { break }
      st.touch = nil
      st.highlighted = false
      send(.touchCancel)
    }
    controlStates[c] = st
  }
}

extension ViewSpec {
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
