/// The numbers the model uses, with the confidence docs/RULES.md gives them.
///
/// UIKit documents few of these. Where a value is only measured or read from one implementation (M) or
/// is thin (L, section 13), it is kept here, in one place, so it can be changed and so the window can
/// say that it is a model choice. Times are milliseconds, distances points.
public struct ModelConstants: Equatable, Sendable {
  /// Tap: how far each touch may move from where it went down (rule I, 45 pt, M; brief's 10 pt rejected).
  public var tapAllowableMovement: Double = 45
  /// Tap: longest wait from a touch-up to the next tap's touch-down (0.35 s, M).
  public var tapMaximumInterval: Double = 350
  /// Tap: longest a tap may stay down (L2: a limit exists, its value is not known; 1 s chosen).
  public var tapMaximumDuration: Double = 1000
  /// UITouch.tapCount: the next touch-down counts as a repeat tap within this time and distance (C-6, L).
  public var tapCountInterval: Double = 350
  public var tapCountDistance: Double = 45
  /// Pan: hysteresis before it begins, compared per axis (10 pt, M; L14 per-axis metric).
  public var panHysteresis: Double = 10
  /// UIScrollView's pan: hysteresis along a scrollable axis (10 pt, H-8, M).
  public var scrollHysteresis: Double = 10
  /// UIScrollView.delaysContentTouches: how long content touch-downs are held (150 ms, H-1, M).
  public var contentTouchDelay: Double = 150
  /// A dismissed sheet's animation (rule A-15, L, a model choice): its transition view leaves the window
  /// this long after the tap outside that dismissed it (ms).
  public var sheetDismissDuration: Double = 300
  /// UIScrollView `bounces` (rule H-12, L): the rubber band's resistance. A drag `x` pt past an edge moves
  /// the content (1 − 1 / (x · c / d + 1)) · d pt past it, `d` the bounds' size along that axis and `c`
  /// this coefficient: about c · x for a short pull, never more than d. The formula and 0.55 are widely
  /// quoted measurements of iOS, not Apple's documentation.
  public var rubberBandCoefficient: Double = 0.55
  /// UIScrollView `isPagingEnabled` (rule H-14, L, a model choice): a drag that ends with the finger moving
  /// at least this fast (pt/s) along an axis settles on the next page in that direction, not the nearest.
  public var pagingFlickVelocity: Double = 300
  /// The finger's last move counts as a flick only if it lifts within this many ms of it (H-14, L24): a
  /// finger that stopped and then lifted settles on the nearest page.
  public var pagingFlickWindow: Double = 100
  /// UIScrollView `isDirectionalLockEnabled` (rule H-16, L, a model choice): the drag locks to one axis when
  /// its travel along that axis is at least this many times its travel along the other as the pan begins.
  public var directionalLockRatio: Double = 2
  /// UIControl: how far outside its bounds a touch still counts as inside (70 pt, rule 8.1, M/L).
  public var controlTrackingMargin: Double = 70
  /// UIStepper autorepeat (rule 8.4, L): the first repeat this long after the touch-down, then one every
  /// `stepperAutorepeatInterval`. Apple documents these figures for the AppKit stepper (0.5 s, then ten a
  /// second) and says UIStepper's rate grows the longer it is held; the growth is not modelled.
  public var stepperAutorepeatDelay: Double = 500
  public var stepperAutorepeatInterval: Double = 100
  /// UISlider's thumb (rule 8.5, L): its diameter, and how far around it a touch still takes it.
  public var sliderThumbDiameter: Double = 28
  public var sliderThumbTouchMargin: Double = 10
  /// UISwitch's knob (rule 8.3, L): the circle inset this far from the switch's edges, at the end its
  /// value puts it (on: the trailing end); a superview's pan is refused only from a touch that went down on it.
  public var switchKnobInset: Double = 2
  /// Swipe: minimum travel in the direction, and the time within which it must happen (L9, L).
  public var swipeMinimumDistance: Double = 50
  public var swipeMaximumDuration: Double = 500
  /// Swipe: how far across its direction it may go, as a multiple of its travel along it (L9, L): 1 lets a
  /// swipe through anywhere within 45° of its direction; past that the move counts for the other axis.
  /// Apple documents no figure (its header says only that a slow swipe must be precise, a fast one may be
  /// imprecise).
  public var swipeSidewaysRatio: Double = 1
  /// Pinch: change of the distance between the two touches before it begins (L10, L).
  public var pinchThreshold: Double = 8
  /// Rotation: change of angle (radians) before it begins (L10, L).
  public var rotationThreshold: Double = 0.1
  /// Screen-edge pan: width of the band along the edge where the touch must go down (L8, L).
  public var screenEdgeBand: Double = 20

  public init() {}
  public static let uikit = ModelConstants()
}
