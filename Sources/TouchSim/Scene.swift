import Geometry

/// The scene model: plain values mirroring the scene file format `touchscope/1`
/// (read and written as docs/SCENE-FILES.md describes). `SceneFile` decodes YAML into these; the engine runs them;
/// the studio edits them and saves them back. Property names are UIKit's own.
public struct Scene: Equatable, Sendable {
  public var format: String = "touchscope/1"
  public var title: String?
  public var about: String?
  /// The title and about in other languages, by language tag (`zh-Hans`): what a reader in that language
  /// is shown instead. The engine never reads them.
  public var translations: [String: SceneTranslation] = [:]
  /// Window size in points (default 390 x 844).
  public var window: Size = Size(390, 844)
  /// `UIApplication.next` is the app delegate only when true (rule B-3).
  public var appDelegateIsResponder: Bool = true
  /// Extension (rule B-7a): the view that is first responder, where a nil-targeted action's search starts;
  /// nil: none, the search starts at the sender.
  public var firstResponder: String?
  /// Extension (rules B-7a, C-11): what the window, the application and the app delegate implement
  /// (action methods) and override (`sendEvent`).
  public var responders = SceneResponders()
  public var root: ViewSpec
  public var script: [ScriptStep] = []
  /// Questions for the audience at moments of the script (`SceneQuestion`). The engine never reads them.
  public var questions: [SceneQuestion] = []

  public init(root: ViewSpec) { self.root = root }

  /// Every view in the scene, depth first, in subview order.
  public var allViews: [ViewSpec] {
    var out: [ViewSpec] = []
    func walk(_ v: ViewSpec) {
      out.append(v)
      v.subviews.forEach(walk)
    }
    walk(root)
    WorkMeter.add(out.count)
    return out
  }
  /// Every recognizer in the scene (not the scroll views' built-in pans), in view order.
  public var allRecognizers: [RecognizerSpec] {
    let out = allViews.flatMap(\.recognizers)
    WorkMeter.add(out.count)
    return out
  }
}

public enum ViewKind: String, CaseIterable, Sendable {
  case view, button, `switch`, slider, stepper, segmentedControl, pageControl, control, label, imageView, scroll

  /// Every UIControl kind (rule G).
  public var isControl: Bool {
    switch self {
    case .button, .switch, .slider, .stepper, .segmentedControl, .pageControl, .control: return true
    default: return false
    }
  }
  /// The UIKit class name, for narration and the window.
  public var uikitClass: String {
    switch self {
    case .view: return "UIView"
    case .button: return "UIButton"
    case .switch: return "UISwitch"
    case .slider: return "UISlider"
    case .stepper: return "UIStepper"
    case .segmentedControl: return "UISegmentedControl"
    case .pageControl: return "UIPageControl"
    case .control: return "UIControl"
    case .label: return "UILabel"
    case .imageView: return "UIImageView"
    case .scroll: return "UIScrollView"
    }
  }
  /// UIKit's default for `isUserInteractionEnabled` (rule A-9).
  public var defaultUserInteractionEnabled: Bool { !(self == .label || self == .imageView) }
}

/// One `addTarget(_:action:for:)` of a control (rule B-7, extension `actions:`).
public struct ControlAction: Equatable, Sendable {
  public var event: TraceEvent.ControlEvent
  /// The selector, as Objective-C writes it ("save:").
  public var action: String
  /// The target: a view id, a view controller id, `window`, `application` or `appDelegate`; nil: the
  /// action is sent with a nil target, to the first object in the responder chain that implements it.
  public var target: String?
  public init(event: TraceEvent.ControlEvent, action: String, target: String? = nil) {
    self.event = event
    self.action = action
    self.target = target
  }
}

/// An overridden `sendEvent(_:)` of the UIApplication or UIWindow subclass (rule C-11).
public enum SendEventOverride: Equatable, Sendable {
  /// It always calls super (true: logs and passes the event on) or never (false: swallows it).
  case always(Bool)
  /// It calls super only for a touch that went down within the shape (window coordinates).
  case within(PointInsideShape)

  /// Whether it calls super for a touch that went down at `p` (window coordinates).
  public func callsSuper(forTouchDownAt p: Point) -> Bool {
    switch self {
    case .always(let b): return b
    case .within(let shape): return shape.contains(p)
    }
  }
}

/// The window, the application or the app delegate: the action methods it implements and, for the first
/// two, its `sendEvent(_:)` override (nil: not overridden).
public struct FixedResponderSpec: Equatable, Sendable {
  public var implements: [String] = []
  public var sendEvent: SendEventOverride?
  public init(implements: [String] = [], sendEvent: SendEventOverride? = nil) {
    self.implements = implements
    self.sendEvent = sendEvent
  }
  public var isDefault: Bool { implements.isEmpty && sendEvent == nil }
}

/// `responders:` of a scene (extension, rules B-7a and C-11).
public struct SceneResponders: Equatable, Sendable {
  public var window = FixedResponderSpec()
  public var application = FixedResponderSpec()
  public var appDelegate = FixedResponderSpec()
  public init() {}
  public var isDefault: Bool { window.isDefault && application.isDefault && appDelegate.isDefault }
  /// A scene that overrides `sendEvent` has the trace name the two steps of each event's way in.
  public var overridesSendEvent: Bool { window.sendEvent != nil || application.sendEvent != nil }
}

/// `transform:` of a view: scale, then rotation (degrees), then translation.
public struct TransformSpec: Equatable, Sendable {
  public var scale: Point = Point(1, 1)
  public var rotation: Double = 0
  public var translation: Point = .zero
  public init(scale: Point = Point(1, 1), rotation: Double = 0, translation: Point = .zero) {
    self.scale = scale
    self.rotation = rotation
    self.translation = translation
  }
  public var affine: AffineTransform {
    AffineTransform(scale: scale, rotationDegrees: rotation, translation: translation)
  }
  public var isIdentity: Bool { self == TransformSpec() }
}

/// A recognizer added to a view and then to another, which keeps it (rule C-9).
public struct TakenRecognizer: Equatable, Sendable {
  /// The recognizer's id.
  public var recognizer: String
  /// The view it was added to last, the one that has it.
  public var keptBy: String
  public init(recognizer: String, keptBy: String) {
    self.recognizer = recognizer
    self.keptBy = keptBy
  }
}

public struct ViewSpec: Equatable, Sendable {
  public var id: String
  public var kind: ViewKind = .view
  /// Centre in the superview's coordinates (a scroll view's subviews: content coordinates).
  public var center: Point
  /// Bounds; `bounds.origin` shifts the view's own coordinate space.
  public var bounds: Rect
  public var transform: TransformSpec = TransformSpec()
  public var color: String?
  public var text: String?
  public var alpha: Double = 1
  public var hidden: Bool = false
  public var userInteractionEnabled: Bool
  public var multipleTouchEnabled: Bool = false
  public var exclusiveTouch: Bool = false
  public var clipsToBounds: Bool = false
  /// `UIControl.isEnabled` (controls only).
  public var enabled: Bool = true
  /// This view is the root view of a view controller with this id (rule B-1).
  public var controller: String?
  /// Which of the view's `touches*` call super (rules B-4, B-4a); by default all of them do.
  public var touchForwarding = TouchForwarding()
  /// The `touches*` overrides of the view controller named by `controller` (rule B-4a).
  public var controllerTouchForwarding = TouchForwarding()
  /// False: the view overrides `touches*` without calling super (rule B-4). Setting it sets all four
  /// methods alike; reading it gives the answer for the methods not listed in `touchForwarding.except`.
  public var forwardsTouches: Bool {
    get { touchForwarding.forwards }
    set { touchForwarding = TouchForwarding(forwards: newValue) }
  }
  /// `point(inside:)` accepts `bounds.insetBy(-hitOutset, -hitOutset)` (rule A-6).
  public var hitOutset: Double = 0
  /// `hitTest` returns nil where the default would return this view itself (rule A-7).
  public var passThrough: Bool = false
  /// `UIView.gestureRecognizerShouldBegin(_:)` override; false vetoes (rule 5.3).
  public var gestureRecognizerShouldBegin: Bool = true
  public var recognizers: [RecognizerSpec] = []
  public var subviews: [ViewSpec] = []
  /// Scroll views only (`kind: scroll`).
  public var scroll: ScrollSpec?
  /// Value controls (extension): switch `on`, slider and stepper value (within their range), segment or
  /// page index.
  public var value: Double?
  /// UIStepper and UISlider range (extension, rule 8.4); nil: UIKit's default (0, and 100 for a stepper,
  /// 1 for a slider).
  public var minimumValue: Double?
  public var maximumValue: Double?
  /// UIStepper (rule 8.4): the step (default 1), wrapping past a limit (default off), repeating while
  /// held (default on).
  public var stepValue: Double?
  public var wraps: Bool?
  public var autorepeat: Bool?
  /// UIStepper and UISlider `isContinuous` (default on): off sends one valueChanged when the touch ends.
  public var isContinuous: Bool?
  /// UISegmentedControl `isMomentary` (rule 8.6, default off): a tapped segment sends valueChanged but
  /// the selection does not stay.
  public var isMomentary: Bool?
  /// UISegmentedControl `setEnabled(false, forSegmentAt:)` (rule 8.6): the indexes of disabled segments,
  /// ascending; a touch on one selects nothing.
  public var disabledSegments: [Int] = []
  /// UIPageControl `numberOfPages` (rule 8.7); nil: UIKit's default, 0.
  public var numberOfPages: Int?
  /// Extension (rule 8.8): the control's tracking overrides (`beginTracking`, `continueTracking`,
  /// `endTracking`, `cancelTracking`); the default is a control that overrides none.
  public var trackingOverrides = TrackingOverrides()
  /// Extension (rule A-12): regions where `hitTest` answers with a fixed view, checked in order.
  public var hitTestOverrides: [HitTestOverride] = []
  /// Extension (rule A-13): the Bool stored properties of the view's subclass, by name, that its overridden
  /// `hitTest` reads (`when:` of a `hitTestOverrides` entry); a `set` changes one as `flag.NAME`.
  public var flags: [String: Bool] = [:]
  /// Extension (rule A-12): the shape `point(inside:)` accepts instead of the bounds (nil: the bounds).
  public var pointInside: PointInsideShape?
  /// Recognizers this view was given that a later `addGestureRecognizer` on another view took away (rule
  /// C-9: a recognizer belongs to one view). The engine attaches nothing for them; they are kept so that the
  /// narration and the window can say why this view does not respond, and so that the file round-trips.
  public var recognizersTakenAway: [TakenRecognizer] = []
  /// Extension (rule B-7a): the action methods the view's class implements (selectors such as "save:"):
  /// it answers YES from `canPerformAction(_:withSender:)` for them.
  public var implements: [String] = []
  /// Extension (rule B-7a): the action methods of the view controller named by `controller`.
  public var controllerImplements: [String] = []
  /// Extension (rule B-7): the control's target-action entries (`addTarget(_:action:for:)`), in the order
  /// added; controls only.
  public var actions: [ControlAction] = []
  /// Extension (rule B-2a, uncertain): the view controller named by `controller` was presented by this
  /// one (a full-screen modal): its next responder is the presenting view controller, not its view's
  /// superview.
  public var presentingViewController: String?
  /// Extension (rules ): the view controller named by `controller` is presented as a page sheet;
  /// the engine and the window build the views UIKit puts around it (`Scene.presentingSheets`).
  public var sheet: SheetSpec?

  /// The range and settings UIKit uses for this control (rule 8.4): what the file sets, else the
  /// class's defaults (UIStepper 0…100 step 1, UISlider 0…1; both continuous, a stepper repeating).
  public var rangeMinimum: Double { minimumValue ?? 0 }
  public var rangeMaximum: Double { maximumValue ?? (kind == .slider ? 1 : 100) }
  public var step: Double { stepValue ?? 1 }
  public var wrapsAround: Bool { wraps ?? false }
  public var repeatsWhileHeld: Bool { autorepeat ?? true }
  public var sendsWhileTracking: Bool { isContinuous ?? true }
  public var momentary: Bool { isMomentary ?? false }
  /// The page count a page control has (UIKit's default 0).
  public var pageCount: Int { numberOfPages ?? 0 }

  /// The value a control starts from: the file's (a stepper's or slider's kept within its range, as
  /// UIKit's setter keeps it), else the range's minimum, else 0.
  public var initialControlValue: Double {
    // 8.7: UIKit keeps currentPage within 0..<numberOfPages (0 when there are no pages).
    if kind == .pageControl { return min(max(value ?? 0, 0), Double(max(pageCount - 1, 0))) }
    // 8.6: a momentary segmented control starts with no segment selected (noSegment, -1) unless told.
    if kind == .segmentedControl && momentary { return value ?? -1 }
    guard kind == .stepper || kind == .slider else { return value ?? 0 }
    return min(max(value ?? rangeMinimum, rangeMinimum), max(rangeMaximum, rangeMinimum))
  }

  public init(id: String, kind: ViewKind = .view, frame: Rect) {
    self.id = id
    self.kind = kind
    self.center = frame.mid
    self.bounds = Rect(0, 0, frame.width, frame.height)
    self.userInteractionEnabled = kind.defaultUserInteractionEnabled
    if kind == .scroll { scroll = ScrollSpec(contentSize: frame.size) }
  }

  /// The frame as UIKit computes it for an untransformed view; with a transform, the bounding box.
  public var frame: Rect {
    get {
      let t = transform.affine
      if t.isIdentity {
        return Rect(center.x - bounds.width / 2, center.y - bounds.height / 2, bounds.width, bounds.height)
      }
      let hw = bounds.width / 2
      let hh = bounds.height / 2
      let corners = [Point(-hw, -hh), Point(hw, -hh), Point(hw, hh), Point(-hw, hh)].map {
        t.apply($0) + center
      }
      let xs = corners.map(\.x)
      let ys = corners.map(\.y)
      let minX = xs.min()!
      let minY = ys.min()!
      return Rect(minX, minY, xs.max()! - minX, ys.max()! - minY)
    }
    set {
      center = newValue.mid
      bounds.size = newValue.size
    }
  }
}

public struct ScrollSpec: Equatable, Sendable {
  public var contentSize: Size
  public var delaysContentTouches: Bool = true
  public var canCancelContentTouches: Bool = true
  /// `touchesShouldBegin(_:with:in:)`: `defaultAnswer`, the opposite for the listed views.
  public var touchesShouldBeginDefault: Bool = true
  public var touchesShouldBeginExcept: [String] = []
  /// `touchesShouldCancel(in:)`: UIKit answers NO for controls and YES otherwise (rule H-7).
  public var touchesShouldCancelControls: Bool = false
  public var touchesShouldCancelOthers: Bool = true
  public var touchesShouldCancelExcept: [String] = []
  /// `scrollView.panGestureRecognizer.require(toFail:)` targets.
  public var panRequireToFail: [String] = []
  /// `bounces` (rule H-12, default on): a drag past an edge moves the content with rubber-band resistance,
  /// and the offset springs back as the drag ends; off, the offset stops at the edge.
  public var bounces: Bool = true
  /// `alwaysBounceVertical` / `alwaysBounceHorizontal` (rule H-13, default off): with `bounces` on, the pan
  /// may begin and drag along that axis even when the content fits the bounds.
  public var alwaysBounceVertical: Bool = false
  public var alwaysBounceHorizontal: Bool = false
  /// `isPagingEnabled` (rule H-14, default off): as the drag ends the offset settles on a multiple of the
  /// bounds' size.
  public var isPagingEnabled: Bool = false
  /// `contentInset` (rule H-15): widens the range the offset may rest in.
  public var contentInset: EdgeInsets = .zero
  /// `isDirectionalLockEnabled` (rule H-16, default off): a drag that starts mostly along one axis scrolls
  /// along that axis only.
  public var isDirectionalLockEnabled: Bool = false
  /// `transfersVerticalScrollingToParent` / `transfersHorizontalScrollingToParent` (rule H-17, default on):
  /// a drag that starts with the content at an edge of that axis, pulling past it, is left to the scroll
  /// view around it (its pan does not begin), when that one can scroll along the axis.
  public var transfersVerticalScrollingToParent: Bool = true
  public var transfersHorizontalScrollingToParent: Bool = true
  /// `minimumZoomScale` / `maximumZoomScale` (rule H-18, both 1 by default): the scroll view has its
  /// `pinchGestureRecognizer` (id `SCROLLID.pinch`) exactly when they differ.
  public var minimumZoomScale: Double = 1
  public var maximumZoomScale: Double = 1
  /// The delegate's `viewForZooming(in:)`: the id of the subview the pinch scales (nil: no zoom).
  public var zoomView: String?
  /// `bouncesZoom` (rule H-18, default on): a pinch may take the scale past the limits; it springs back to
  /// the limit as the pinch ends. Off, the scale stops at the limits.
  public var bouncesZoom: Bool = true
  /// `zoomScale`: 1 when the scene starts; the pinch changes it (rule H-18).
  public var zoomScale: Double = 1
  public init(contentSize: Size) { self.contentSize = contentSize }

  /// Whether UIKit gives this scroll view a `pinchGestureRecognizer` (rule H-18).
  public var hasPinch: Bool { minimumZoomScale != maximumZoomScale }

  /// What a zoom scale does (rule H-18), for the engine and every reader of the trace alike: the zoom view
  /// (unscaled size `size`) is scaled by `scale` and placed with its frame's origin at the content's origin,
  /// and the content size is that frame's size.
  public static func zoomed(size: Size, scale: Double) -> (center: Point, transform: TransformSpec, contentSize: Size) {
    let content = Size(size.width * scale, size.height * scale)
    return (Point(content.width / 2, content.height / 2), TransformSpec(scale: Point(scale, scale)), content)
  }

  /// The range `contentOffset` rests in along x and y (rule H-15): from −left (−top) to
  /// contentSize − bounds + right (+ bottom), never below the start.
  public func offsetRange(bounds: Size) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
    let minX = -contentInset.left
    let minY = -contentInset.top
    let maxX = max(minX, contentSize.width - bounds.width + contentInset.right)
    let maxY = max(minY, contentSize.height - bounds.height + contentInset.bottom)
    return (minX...maxX, minY...maxY)
  }
}

/// `UIEdgeInsets` (top, left, bottom, right), as a scroll view's `contentInset` (rule H-15).
public struct EdgeInsets: Equatable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

public enum RecognizerKind: String, CaseIterable, Sendable {
  case tap, longPress, pan, swipe, pinch, rotation, screenEdgePan
  /// Discrete recognizers go possible → ended (recognized) or failed (rule 5.1).
  public var isDiscrete: Bool { self == .tap || self == .swipe }
  public var uikitClass: String {
    switch self {
    case .tap: return "UITapGestureRecognizer"
    case .longPress: return "UILongPressGestureRecognizer"
    case .pan: return "UIPanGestureRecognizer"
    case .swipe: return "UISwipeGestureRecognizer"
    case .pinch: return "UIPinchGestureRecognizer"
    case .rotation: return "UIRotationGestureRecognizer"
    case .screenEdgePan: return "UIScreenEdgePanGestureRecognizer"
    }
  }
}

/// `effect:` of a recognizer (extension): what the app's action handler does to the recognizer's view
/// while the gesture runs. Not UIKit behaviour but the usual handler of a playground: a pan drags its view,
/// a pinch scales it, a rotation turns it (docs/MODEL.md, "Recognizer effects").
public enum RecognizerEffect: String, CaseIterable, Sendable {
  /// `transform.translation` follows the pan's translation (pan and screenEdgePan).
  case translate
  /// `transform.scale` follows the pinch's scale (pinch).
  case scale
  /// `transform.rotation` follows the recognizer's rotation (rotation).
  case rotate

  /// The recognizer classes the effect fits (each class has at most one effect).
  public var kinds: [RecognizerKind] {
    switch self {
    case .translate: return [.pan, .screenEdgePan]
    case .scale: return [.pinch]
    case .rotate: return [.rotation]
    }
  }
  /// The effect a recognizer of `kind` may have (nil for a tap, long press or swipe: no value to follow).
  public static func fitting(_ kind: RecognizerKind) -> RecognizerEffect? {
    allCases.first { $0.kinds.contains(kind) }
  }
  /// The `set` key (a `SettableKeys.view` key) through which the effect changes the view.
  public var key: String {
    switch self {
    case .translate: return "transform.translation"
    case .scale: return "transform.scale"
    case .rotate: return "transform.rotation"
    }
  }
}

public enum Direction: String, CaseIterable, Sendable, Comparable {
  case right, left, up, down
  public static func < (a: Direction, b: Direction) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

public enum Edge: String, CaseIterable, Sendable {
  case left, right, top, bottom, all
}

/// A delegate answer that may depend on where the touch was hit-tested.
public enum TouchPredicate: Equatable, Sendable {
  case always(Bool)
  /// YES unless touch.view is one of these views or inside one of them.
  case unlessTouchIn([String])
  /// YES only when touch.view is one of these views or inside one of them.
  case onlyTouchIn([String])
}

/// A set of recognizer ids a delegate answers YES for.
public enum IdSet: Equatable, Sendable {
  case all
  case ids([String])
  public func contains(_ id: String) -> Bool {
    switch self {
    case .all: return true
    case .ids(let ids): return ids.contains(id)
    }
  }
  public static let none = IdSet.ids([])
}

public struct DelegateSpec: Equatable, Sendable {
  public var shouldReceive: TouchPredicate = .always(true)
  public var shouldBegin: TouchPredicate = .always(true)
  public var shouldRecognizeSimultaneouslyWith: IdSet = .none
  public var shouldRequireFailureOf: [String] = []
  public var shouldBeRequiredToFailBy: [String] = []
  public init() {}
}

public struct RecognizerSpec: Equatable, Sendable {
  public var id: String
  public var kind: RecognizerKind
  public var numberOfTapsRequired: Int
  public var numberOfTouchesRequired: Int = 1
  public var minimumPressDuration: Double = 0.5
  public var allowableMovement: Double = 10
  public var minimumNumberOfTouches: Int = 1
  /// 0 = unlimited (UIKit's `Int.max`).
  public var maximumNumberOfTouches: Int = 0
  public var direction: [Direction] = [.right]
  public var edges: [Edge] = [.left]
  public var isEnabled: Bool = true
  public var cancelsTouchesInView: Bool = true
  public var delaysTouchesBegan: Bool = false
  public var delaysTouchesEnded: Bool = true
  public var requireToFail: [String] = []
  /// nil: no delegate; every question gets UIKit's default.
  public var delegate: DelegateSpec?
  /// What the app's action handler does to the view (extension; nil: nothing).
  public var effect: RecognizerEffect?

  public init(id: String, kind: RecognizerKind) {
    self.id = id
    self.kind = kind
    // UILongPressGestureRecognizer.numberOfTapsRequired defaults to 0, the tap's to 1.
    numberOfTapsRequired = kind == .longPress ? 0 : 1
  }
}

/// One step of a scripted input. Steps with the same `t` form one UIEvent.
public struct ScriptStep: Equatable, Sendable {
  public enum Action: Equatable, Sendable {
    case down(touch: Int, at: Point)
    case move(touch: Int, to: Point)
    /// `up: true` (nil) or `up: [x, y]` (move and lift in one step).
    case up(touch: Int, at: Point?)
    case cancel(touch: Int)
    /// `set: { id.key: value }`, in the order written.
    case set([PropertyChange])
    case bringToFront(String)
    case sendToBack(String)
    case end
    /// Extension: `UIApplication.beginIgnoringInteractionEvents()`; nests, each needs an end (rule C-10).
    case beginIgnoringInteractionEvents
    /// Extension: `UIApplication.endIgnoringInteractionEvents()` (rule C-10).
    case endIgnoringInteractionEvents
    /// Extension: `view.removeGestureRecognizer(recognizer)`, the recognizer named by its id (rule C-12).
    case removeGestureRecognizer(String)
    /// Extension: `view.addGestureRecognizer(recognizer)`: the recognizer (declared in the scene) moves to
    /// the view `to` (rules C-9, C-13).
    case addGestureRecognizer(String, to: String)
    /// Extension: `view.removeFromSuperview()` (rule C-15).
    case removeFromSuperview(String)
    /// Extension: `superview.addSubview(view)`: the view (declared in the scene, in the window or removed
    /// earlier) becomes the front-most subview of `to` (rule C-15).
    case addSubview(String, to: String)
  }
  /// Milliseconds from the start.
  public var t: Double
  public var action: Action
  /// 1-based line of the step in its file (0 when not from a file), for error messages.
  public var line: Int = 0
  public init(t: Double, _ action: Action, line: Int = 0) {
    self.t = t
    self.action = action
    self.line = line
  }
  public var touch: Int? {
    switch action {
    case .down(let n, _), .move(let n, _), .up(let n, _), .cancel(let n): return n
    default: return nil
    }
  }
}

/// `target.key: value` in a `set` step (also what the window's toggles produce).
public struct PropertyChange: Hashable, Sendable {
  public var target: String
  /// A key of the target, as in the scene file (`isEnabled`, `hidden`, `delegate.shouldBegin` ...).
  public var key: String
  public var value: PropertyValue
  public init(target: String, key: String, value: PropertyValue) {
    self.target = target
    self.key = key
    self.value = value
  }
}

public enum PropertyValue: Hashable, Sendable, CustomStringConvertible {
  case bool(Bool)
  case number(Double)
  case string(String)
  case list([PropertyValue])
  public var description: String {
    switch self {
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return JSONNumber.format(n)
    case .string(let s): return s
    case .list(let l): return "[" + l.map(\.description).joined(separator: ", ") + "]"
    }
  }
}

/// A scene's title, about and device texts in one other language.
public struct SceneTranslation: Equatable, Sendable {
  public var title: String?
  public var about: String?
  /// The texts the device draws, by view id: for each view, its texts as `Scene.deviceTexts` lists them
  /// (its `text`, then each text the script sets on it), in this language and in that order. A segmented
  /// control's segments are split at | as in its `text`.
  public var texts: [String: [String]]

  public init(title: String? = nil, about: String? = nil, texts: [String: [String]] = [:]) {
    self.title = title
    self.about = about
    self.texts = texts
  }

  /// A BCP 47 tag as scene files write it: letters, digits and hyphens, starting with 2 or 3 letters
  /// ("zh-Hans", "ja", "en-GB").
  public static func isLanguageTag(_ s: String) -> Bool {
    let parts = s.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { p in
      (1...8).contains(p.count) && p.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }
}

extension Scene {
  /// The title in `language` (a tag such as "zh-Hans"), the scene's own when it has none there.
  public func title(in language: String) -> String? { translations[language]?.title ?? title }
  /// The about in `language`, the scene's own when it has none there.
  public func about(in language: String) -> String? { translations[language]?.about ?? about }
}
