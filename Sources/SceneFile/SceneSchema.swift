import TouchSim

/// The scene format described once, place by place: which keys each mapping of a scene may have, what each
/// key's value may be, which keys are required and which go together.
///
/// The reader takes each place's allowed keys from here (`SceneReader.viewKeys` is `SceneSchema.view.keys`),
/// and most number ranges (`numberRange`, `integerRange`); `touchscope schema` prints the JSON Schema
/// generated from it (`SceneSchema.jsonSchema`, docs/scene.schema.json), so the two cannot disagree on which
/// keys exist. The reader still checks values itself, with positioned messages; the tests check that the
/// loader and the schema refuse the same wrong values, key by key (SchemaTests).
enum SceneSchema {
  /// A mapping of the format.
  enum PlaceID: String, CaseIterable, Sendable {
    case scene, translation, view, transform, forwarding, touchesShouldBegin, touchesShouldCancel
    case hitTestOverride, pointInside, recognizer, delegate, predicate, step
    /// A control's tracking overrides (rule 8.8).
    case tracking
    /// A control's target-action entry, the scene's responders and theirs (rules B-7, B-7a, C-11).
    case controlAction, responders, eventResponder, appDelegateResponder
    /// `{ id: ID }` alone in a `recognizers` list: a recognizer defined on another view, added here too (C-9).
    case recognizerReference
    /// A question for the audience, and the mappings of its `gets` and `sends`.
    case question, questionGets, questionSends
    /// How a presented view controller is shown as a page sheet (rules ).
    case sheet
  }

  /// What a value may be.
  indirect enum Shape: Sendable {
    /// A string; a number or `true`/`false` written there is read as its text (`text: 42`).
    case text
    /// An id being defined: a non-empty name of at most 200 characters without dots, spaces or control
    /// characters.
    case identifier
    /// A reference to an id (checked once the whole scene is read).
    case reference
    /// Exactly this string.
    case constant(String)
    case bool
    /// `true` only (`end: true`).
    case isTrue
    /// A finite number within `range` (default ±1,000,000).
    case number(ClosedRange<Double>?)
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// `[x, y]`.
    case point
    /// `[w, h]`, each from 0 to `maximum`; `positive` excludes 0.
    case size(maximum: Double, positive: Bool)
    /// `[x, y, w, h]`, the size not negative.
    case rect
    /// `[top, left, bottom, right]`, a `UIEdgeInsets`.
    case insets
    /// `[cx, cy, r]`, the radius not negative.
    case circle
    /// `"#RGB"`, `"#RGBA"`, `"#RRGGBB"` or `"#RRGGBBAA"`.
    case hexColor
    /// One of these strings.
    case name([String])
    /// One of these strings, or a list of them without repeats (not empty when `nonEmpty`).
    case names([String], nonEmpty: Bool)
    /// A reference, or a list of them (a single id is read as a list of one).
    case references
    /// A list whose items have the shape.
    case list(Shape, maxItems: Int?)
    /// A mapping of the place.
    case place(PlaceID)
    /// A mapping whose keys match `keyPattern` (a regular expression), each value of the shape.
    case map(keyPattern: String, keyAbout: String, value: Shape, minCount: Int)
    /// Any of these shapes.
    case anyOf([Shape])
    /// Nothing (`null`, `~` or an empty value).
    case null
  }

  /// One key of a place.
  struct Entry: Sendable {
    let key: Key
    let shape: Shape
    let about: String
    /// The recognizer kinds the key exists on (nil: every kind).
    var kinds: [RecognizerKind]? = nil
  }

  /// Another shape for some keys when the mapping's `kind` is one of `kinds` (when `kind` is left out, the
  /// place's default kind counts): nil means the key is not allowed there.
  struct KindRule: Sendable {
    let kinds: [String]
    let shapes: [(Key, Shape?)]
  }

  /// One place of the format.
  struct Place: Sendable {
    let id: PlaceID
    let about: String
    let entries: [Entry]
    var required: [Key] = []
    /// Exactly one of these keys must be present (a step's action).
    var exactlyOne: [Key] = []
    /// A key that needs others beside it (`center` needs `bounds`).
    var needs: [(Key, [Key])] = []
    /// Keys that must not appear together (`frame` with `center`).
    var conflicts: [[Key]] = []
    var kindRules: [KindRule] = []
    /// The kind a mapping without `kind` has (nil: `kind` is required).
    var defaultKind: String? = nil

    /// The allowed keys in the format's order.
    var keys: KeySet { KeySet(entries.map(\.key)) }
    func entry(_ key: Key) -> Entry? { entries.first { $0.key == key } }

    /// The range of a number key with one (`.number(range)`), as the reader enforces it.
    func numberRange(_ key: Key) -> ClosedRange<Double> {
      guard case .number(let r?)? = entry(key)?.shape else { preconditionFailure("\(key.name) has no number range") }
      return r
    }
    /// The range of a whole-number key (`.integer(range)`), as the reader enforces it.
    func integerRange(_ key: Key) -> ClosedRange<Int> {
      guard case .integer(let r)? = entry(key)?.shape else { preconditionFailure("\(key.name) is no whole number") }
      return r
    }
  }

  // MARK: Shared shapes

  static let viewKinds = ViewKind.allCases.map(\.rawValue)
  static let recognizerKinds = RecognizerKind.allCases.map(\.rawValue)
  static let forwarding = Shape.anyOf([.bool, .place(.forwarding)])
  static let predicate = Shape.anyOf([.bool, .place(.predicate)])
  /// A `set` value: a plain value or a list of them.
  static let setValue: Shape = {
    let plain = Shape.anyOf([.bool, .number(nil), .text])
    return .anyOf([plain, .list(plain, maxItems: nil)])
  }()
  /// Ids as the reader accepts them (`IdTable.problem(with:)`; the length is checked apart).
  static let identifierPattern = "^[^.\\s\\x00-\\x1F\\x7F]+$"
  /// Language tags as BCP 47 writes them (`SceneTranslation.isLanguageTag`).
  static let languageTag = "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$"

  // MARK: Places

  static let scene = Place(
    id: .scene, about: "A Touchscope scene (touchscope/1): a window, its view tree and a script.",
    entries: [
      Entry(key: .format, shape: .constant(SceneReader.formatName), about: "Always touchscope/1."),
      Entry(key: .title, shape: .text, about: "A one-line name shown in the window."),
      Entry(key: .about, shape: .text, about: "A few sentences shown beside the scene."),
      Entry(
        key: .translations,
        shape: .map(
          keyPattern: languageTag, keyAbout: "a language tag (zh-Hans, ja, en-GB)", value: .place(.translation),
          minCount: 0),
        about: "Extension: title, about and the device's texts in other languages, by language tag."),
      Entry(
        key: .window, shape: .size(maximum: 100_000, positive: true),
        about: "The window's size [w, h] in points, 1 to 100000 a side (default [390, 844])."),
      Entry(
        key: .appDelegateIsResponder, shape: .bool,
        about: "Whether the app delegate is the application's next responder (default true)."),
      Entry(
        key: .firstResponder, shape: .reference,
        about:
          "Extension: the view that is first responder, where a nil-targeted action's search starts (default: none, the sender)."
      ),
      Entry(
        key: .responders, shape: .place(.responders),
        about: "Extension: what the window, the application and the app delegate implement and override."),
      Entry(key: .root, shape: .place(.view), about: "The window's root view."),
      Entry(
        key: .script, shape: .list(.place(.step), maxItems: SceneReader.maxSteps),
        about: "Touches and changes to play, in time order."),
      Entry(
        key: .questions, shape: .list(.place(.question), maxItems: SceneReader.maxQuestions),
        about: "Extension: questions for the audience at moments of the script, in time order."),
    ],
    required: [.format, .root])

  static let translation = Place(
    id: .translation, about: "A scene's title, about and device texts in one language.",
    entries: [
      Entry(key: .title, shape: .text, about: "The title in this language."),
      Entry(key: .about, shape: .text, about: "The about in this language."),
      Entry(
        key: .texts,
        shape: .map(
          keyPattern: identifierPattern, keyAbout: "a view's id",
          value: .anyOf([.text, .list(.text, maxItems: nil)]), minCount: 0),
        about:
          "The texts the device draws in this language, by view id: a view's text (segments split at | as in it), or a list of its text and then those the script sets, in order."
      ),
    ])

  /// Keys of steppers and sliders only (a slider takes the range and isContinuous).
  static let rangeKeys: [Key] = [.minimumValue, .maximumValue, .stepValue, .wraps, .autorepeat, .isContinuous]

  /// Keys of scroll views only.
  static let scrollOnly: [Key] = [
    .contentSize, .contentOffset, .delaysContentTouches, .canCancelContentTouches, .touchesShouldBegin,
    .touchesShouldCancel, .panRequireToFail, .bounces, .alwaysBounceVertical, .alwaysBounceHorizontal,
    .isPagingEnabled, .contentInset, .isDirectionalLockEnabled, .transfersVerticalScrollingToParent,
    .transfersHorizontalScrollingToParent, .minimumZoomScale, .maximumZoomScale, .zoomView, .bouncesZoom,
  ]

  static let view = Place(
    id: .view, about: "A view (UIView or one of its subclasses, by kind).",
    entries: [
      Entry(key: .id, shape: .identifier, about: "The view's id."),
      Entry(key: .kind, shape: .name(viewKinds), about: "The view's UIKit class (default view)."),
      Entry(key: .frame, shape: .rect, about: "[x, y, w, h] in the superview's coordinates."),
      Entry(key: .center, shape: .point, about: "[x, y] in the superview's coordinates (needs bounds)."),
      Entry(key: .bounds, shape: .rect, about: "[x, y, w, h], the view's own coordinates (needs center)."),
      Entry(key: .transform, shape: .place(.transform), about: "An affine transform about the view's centre."),
      Entry(key: .color, shape: .hexColor, about: "The fill, a quoted hex colour (\"#4C8BF5\")."),
      Entry(key: .text, shape: .text, about: "A label's text or a button's title; segments split at |."),
      Entry(key: .alpha, shape: .number(0...1), about: "UIView.alpha, 0 to 1 (default 1)."),
      Entry(key: .hidden, shape: .bool, about: "UIView.isHidden (default false)."),
      Entry(
        key: .userInteractionEnabled, shape: .bool,
        about: "UIView.isUserInteractionEnabled (default true, false for label and imageView)."),
      Entry(key: .multipleTouchEnabled, shape: .bool, about: "UIView.isMultipleTouchEnabled (default false)."),
      Entry(key: .exclusiveTouch, shape: .bool, about: "UIView.isExclusiveTouch (default false)."),
      Entry(key: .clipsToBounds, shape: .bool, about: "UIView.clipsToBounds; drawing only (default false)."),
      Entry(key: .enabled, shape: .bool, about: "UIControl.isEnabled; controls only (default true)."),
      Entry(
        key: .value, shape: .anyOf([.bool, .number(nil)]),
        about:
          "Extension: a control's value (switch true/false, slider and stepper within their range, segment or page index)."
      ),
      Entry(
        key: .minimumValue, shape: .number(nil),
        about: "Extension: UIStepper/UISlider minimumValue (default 0); stepper and slider only."),
      Entry(
        key: .maximumValue, shape: .number(nil),
        about:
          "Extension: UIStepper/UISlider maximumValue (default 100 for a stepper, 1 for a slider); at least minimumValue."
      ),
      Entry(
        key: .stepValue, shape: .number(nil),
        about: "Extension: UIStepper.stepValue, above 0 (default 1); stepper only."),
      Entry(key: .wraps, shape: .bool, about: "Extension: UIStepper.wraps (default false); stepper only."),
      Entry(key: .autorepeat, shape: .bool, about: "Extension: UIStepper.autorepeat (default true); stepper only."),
      Entry(
        key: .isContinuous, shape: .bool,
        about: "Extension: UIStepper/UISlider isContinuous (default true; false: one valueChanged as the touch ends)."),
      Entry(
        key: .isMomentary, shape: .bool,
        about:
          "Extension: UISegmentedControl.isMomentary (default false: the selection stays); segmentedControl only."),
      Entry(
        key: .disabledSegments, shape: .list(.integer(0...1000), maxItems: 1001),
        about:
          "Extension: indexes of the segments that are disabled (setEnabled(false, forSegmentAt:)); segmentedControl only."
      ),
      Entry(
        key: .numberOfPages, shape: .integer(0...1000),
        about: "Extension: UIPageControl.numberOfPages (default 0); pageControl only."),
      Entry(
        key: .sheet, shape: .anyOf([.bool, .place(.sheet)]),
        about:
          "Extension: the view controller named by controller, presented by presentingViewController, is shown as a page sheet (true: UIKit's defaults)."
      ),
      Entry(
        key: .tracking, shape: .place(.tracking),
        about: "Extension: the control's beginTracking/continueTracking/endTracking/cancelTracking overrides."),
      Entry(
        key: .actions, shape: .list(.place(.controlAction), maxItems: nil),
        about: "Extension: the control's addTarget(_:action:for:) entries, in the order added; controls only."),
      Entry(
        key: .implements, shape: .list(.text, maxItems: nil),
        about: "Extension: the action methods the view's class implements (selectors such as \"save:\")."),
      Entry(key: .controller, shape: .identifier, about: "The id of the view controller whose view this is."),
      Entry(
        key: .controllerImplements, shape: .list(.text, maxItems: nil),
        about: "Extension: the action methods the view's controller implements (needs controller)."),
      Entry(
        key: .forwardsTouches, shape: forwarding,
        about: "Whether the view's touches methods call super: true, false or { default, except }."),
      Entry(
        key: .controllerForwardsTouches, shape: forwarding,
        about: "Extension: the same for the view's controller (needs controller)."),
      Entry(
        key: .presentingViewController, shape: .reference,
        about: "Extension: the view controller that presented this view's controller (needs controller)."),
      Entry(key: .hitOutset, shape: .number(nil), about: "point(inside:) accepts the bounds grown by this."),
      Entry(key: .passThrough, shape: .bool, about: "hitTest answers nil in place of the view itself."),
      Entry(
        key: .gestureRecognizerShouldBegin, shape: .bool,
        about: "The view's gestureRecognizerShouldBegin(_:) answer (default true)."),
      Entry(
        key: .contentSize, shape: .size(maximum: SceneReader.maxMagnitude, positive: false),
        about: "Scroll views: UIScrollView.contentSize."),
      Entry(key: .contentOffset, shape: .point, about: "Scroll views: UIScrollView.contentOffset."),
      Entry(key: .delaysContentTouches, shape: .bool, about: "Scroll views: delaysContentTouches (default true)."),
      Entry(
        key: .canCancelContentTouches, shape: .bool, about: "Scroll views: canCancelContentTouches (default true)."),
      Entry(
        key: .touchesShouldBegin, shape: .place(.touchesShouldBegin),
        about: "Scroll views: touchesShouldBegin(_:with:in:) override."),
      Entry(
        key: .touchesShouldCancel, shape: .place(.touchesShouldCancel),
        about: "Scroll views: touchesShouldCancel(in:) override."),
      Entry(
        key: .panRequireToFail, shape: .references,
        about: "Scroll views: recognizer ids the scroll view's pan requires to fail."),
      Entry(
        key: .bounces, shape: .bool,
        about:
          "Scroll views: bounces (default true): a drag past an edge rubber-bands and springs back; false stops at the edge."
      ),
      Entry(
        key: .alwaysBounceVertical, shape: .bool,
        about:
          "Scroll views: alwaysBounceVertical (default false): with bounces, drags vertically even when the content fits."
      ),
      Entry(
        key: .alwaysBounceHorizontal, shape: .bool,
        about:
          "Scroll views: alwaysBounceHorizontal (default false): with bounces, drags horizontally even when the content fits."
      ),
      Entry(
        key: .isPagingEnabled, shape: .bool,
        about: "Scroll views: isPagingEnabled (default false): the offset settles on a multiple of the bounds' size."),
      Entry(
        key: .contentInset, shape: .insets,
        about:
          "Scroll views: contentInset [top, left, bottom, right] (default 0s): widens the range the offset rests in."),
      Entry(
        key: .isDirectionalLockEnabled, shape: .bool,
        about:
          "Scroll views: isDirectionalLockEnabled (default false): a drag mostly along one axis scrolls along it only."),
      Entry(
        key: .transfersVerticalScrollingToParent, shape: .bool,
        about:
          "Scroll views: transfersVerticalScrollingToParent (default true): a vertical drag that starts at the content's top or bottom edge, pulling past it, scrolls the scroll view around it."
      ),
      Entry(
        key: .transfersHorizontalScrollingToParent, shape: .bool,
        about:
          "Scroll views: transfersHorizontalScrollingToParent (default true): a horizontal drag that starts at the content's left or right edge, pulling past it, scrolls the scroll view around it."
      ),
      Entry(
        key: .minimumZoomScale, shape: .number(0.001...1000),
        about:
          "Scroll views: minimumZoomScale (default 1); with a different maximumZoomScale the scroll view has its pinch."
      ),
      Entry(
        key: .maximumZoomScale, shape: .number(0.001...1000),
        about: "Scroll views: maximumZoomScale (default 1); not below minimumZoomScale."),
      Entry(
        key: .zoomView, shape: .reference,
        about:
          "Scroll views: the delegate's viewForZooming(in:), one of the scroll view's subviews (default none: no zoom)."
      ),
      Entry(
        key: .bouncesZoom, shape: .bool,
        about:
          "Scroll views: bouncesZoom (default true): the pinch may pass the zoom limits and springs back as it ends."),
      Entry(
        key: .hitTestOverrides, shape: .list(.place(.hitTestOverride), maxItems: nil),
        about: "Extension: hitTest(_:with:) answers for regions of the view."),
      Entry(
        key: .pointInside, shape: .place(.pointInside),
        about: "Extension: point(inside:with:) accepts this shape instead of the bounds."),
      Entry(
        key: .flags,
        shape: .map(keyPattern: identifierPattern, keyAbout: "a flag's name", value: .bool, minCount: 0),
        about: "Extension: Bool properties of the view's subclass that its hitTest overrides read (set: flag.NAME)."),
      Entry(
        key: .recognizers,
        shape: .list(
          .anyOf([.place(.recognizer), .place(.recognizerReference)]), maxItems: SceneReader.maxRecognizers),
        about: "The view's gesture recognizers, in the order they were added."),
      Entry(
        key: .subviews, shape: .list(.place(.view), maxItems: SceneReader.maxViews),
        about: "The subviews, back to front."),
    ],
    required: [.id],
    needs: [
      (.center, [.bounds]), (.bounds, [.center]), (.controllerForwardsTouches, [.controller]),
      (.presentingViewController, [.controller]), (.controllerImplements, [.controller]),
    ],
    conflicts: [[.frame, .center], [.frame, .bounds]],
    kindRules: [
      KindRule(
        kinds: ViewKind.allCases.filter { !$0.isControl }.map(\.rawValue), shapes: [(.enabled, nil), (.value, nil)]),
      KindRule(kinds: viewKinds.filter { $0 != ViewKind.scroll.rawValue }, shapes: scrollOnly.map { ($0, nil) }),
      KindRule(kinds: [ViewKind.switch.rawValue], shapes: [(.value, .anyOf([.bool, .integer(0...1)]))]),
      KindRule(kinds: [ViewKind.slider.rawValue], shapes: [(.value, .number(nil))]),
      KindRule(
        kinds: ViewKind.allCases.filter { $0 != .stepper && $0 != .slider }.map(\.rawValue),
        shapes: Self.rangeKeys.map { ($0, nil) }),
      KindRule(kinds: [ViewKind.slider.rawValue], shapes: [(.stepValue, nil), (.wraps, nil), (.autorepeat, nil)]),
      KindRule(kinds: [ViewKind.segmentedControl.rawValue], shapes: [(.value, .integer(-1...1000))]),
      KindRule(kinds: [ViewKind.pageControl.rawValue], shapes: [(.value, .integer(0...1000))]),
      KindRule(
        kinds: ViewKind.allCases.filter { $0 != .segmentedControl }.map(\.rawValue),
        shapes: [(.isMomentary, nil), (.disabledSegments, nil)]),
      KindRule(
        kinds: ViewKind.allCases.filter { $0 != .pageControl }.map(\.rawValue), shapes: [(.numberOfPages, nil)]),
      KindRule(
        kinds: ViewKind.allCases.filter { !$0.isControl }.map(\.rawValue), shapes: [(.tracking, nil), (.actions, nil)]),
      KindRule(
        kinds: [ViewKind.button, .stepper, .control].map(\.rawValue), shapes: [(.value, .number(nil))]),
    ],
    defaultKind: ViewKind.view.rawValue)

  static let transform = Place(
    id: .transform, about: "Scale, then rotation, then translation, about the view's centre.",
    entries: [
      Entry(key: .scale, shape: .anyOf([.number(nil), .point]), about: "[sx, sy], or one number for both."),
      Entry(key: .rotation, shape: .number(nil), about: "Degrees, clockwise on screen."),
      Entry(key: .translation, shape: .point, about: "[tx, ty] in the superview's coordinates."),
    ])

  static let forwardingPlace = Place(
    id: .forwarding, about: "Method by method: default, and the touches methods with the opposite answer.",
    entries: [
      Entry(key: .default, shape: .bool, about: "Whether the methods not listed call super (default true)."),
      Entry(
        key: .except, shape: .names(TouchMethod.allCases.map(\.rawValue), nonEmpty: false),
        about: "The touches methods whose answer is the opposite."),
    ])

  static let touchesShouldBegin = Place(
    id: .touchesShouldBegin, about: "An override of touchesShouldBegin(_:with:in:).",
    entries: [
      Entry(key: .default, shape: .bool, about: "The answer (default true)."),
      Entry(key: .except, shape: .references, about: "View ids that get the opposite answer."),
    ])

  static let touchesShouldCancel = Place(
    id: .touchesShouldCancel, about: "An override of touchesShouldCancel(in:).",
    entries: [
      Entry(key: .controls, shape: .bool, about: "The answer for controls (default false)."),
      Entry(key: .others, shape: .bool, about: "The answer for other views (default true)."),
      Entry(key: .except, shape: .references, about: "View ids that get the opposite answer."),
    ])

  static let hitTestOverride = Place(
    id: .hitTestOverride, about: "A region of the view and what hitTest(_:with:) answers there.",
    entries: [
      Entry(key: .rect, shape: .rect, about: "[x, y, w, h] in the view's own coordinates."),
      Entry(key: .returns, shape: .anyOf([.null, .reference]), about: "A view id, self or nil."),
      Entry(
        key: .when, shape: .identifier,
        about: "Extension: the entry counts only while this flag of the view (flags) is true."),
      Entry(
        key: .mapsSuper, shape: .bool,
        about: "Extension: call super.hitTest first and replace only its answer self with returns."),
    ],
    required: [.rect, .returns])

  static let pointInside = Place(
    id: .pointInside, about: "The shape point(inside:with:) accepts: circle or rects.",
    entries: [
      Entry(key: .circle, shape: .circle, about: "[cx, cy, r] in the view's own coordinates."),
      Entry(key: .rects, shape: .list(.rect, maxItems: nil), about: "A list of [x, y, w, h]."),
    ],
    exactlyOne: [.circle, .rects])

  static let tracking = Place(
    id: .tracking, about: "A control subclass's tracking overrides (each optional; UIKit's behaviour by default).",
    entries: [
      Entry(
        key: .beginTracking, shape: .anyOf([.bool, .place(.pointInside)]),
        about: "beginTracking(_:with:) answers this, or YES only for a touch that begins in the shape."),
      Entry(
        key: .continueTracking, shape: .anyOf([.bool, .place(.pointInside)]),
        about: "continueTracking(_:with:) answers this, or YES only while the touch is in the shape; NO ends tracking."),
      Entry(
        key: .endTrackingCallsSuper, shape: .bool,
        about: "false: endTracking(_:with:) is overridden without super (the class's end-of-touch work is skipped)."),
      Entry(
        key: .cancelTrackingCallsSuper, shape: .bool,
        about: "false: cancelTracking(with:) is overridden without super (the control stays highlighted)."),
    ])

  static let sheet = Place(
    id: .sheet, about: "A page sheet on an iPhone (rules A-14, A-15); every key optional, UIKit's default otherwise.",
    entries: [
      Entry(
        key: .detent, shape: .name(SheetSpec.Detent.allCases.map(\.rawValue)),
        about: "The detent the sheet rests at: large (full height, the default) or medium."),
      Entry(
        key: .largestUndimmedDetent, shape: .name(SheetSpec.Detent.allCases.map(\.rawValue)),
        about: "largestUndimmedDetentIdentifier: at this detent or a smaller one nothing dims (default: always dims)."),
      Entry(
        key: .isModalInPresentation, shape: .bool,
        about: "isModalInPresentation (default false): a tap outside does not dismiss the sheet."),
      Entry(
        key: .shouldDismiss, shape: .bool,
        about: "The presentation delegate's presentationControllerShouldDismiss answer (default true)."),
    ])

  static let controlAction = Place(
    id: .controlAction, about: "One addTarget(_:action:for:) of a control.",
    entries: [
      Entry(
        key: .event, shape: .name(TraceEvent.ControlEvent.allCases.map(\.rawValue)),
        about: "The control event that sends the action."),
      Entry(key: .action, shape: .text, about: "The action's selector, as Objective-C writes it (\"save:\")."),
      Entry(
        key: .target, shape: .anyOf([.null, .text]),
        about:
          "A view, a view controller, window, application or appDelegate that implements the action; left out or null: a nil target, searched for along the responder chain."
      ),
    ],
    required: [.event, .action])

  static let responders = Place(
    id: .responders, about: "The window, the application and the app delegate, as the app's classes make them.",
    entries: [
      Entry(key: .window, shape: .place(.eventResponder), about: "The app's UIWindow subclass."),
      Entry(key: .application, shape: .place(.eventResponder), about: "The app's UIApplication subclass."),
      Entry(key: .appDelegate, shape: .place(.appDelegateResponder), about: "The app delegate."),
    ])

  static let eventResponder = Place(
    id: .eventResponder, about: "A UIWindow or UIApplication subclass: its action methods and its sendEvent.",
    entries: [
      Entry(
        key: .implements, shape: .list(.text, maxItems: nil), about: "The action methods it implements (\"save:\")."
      ),
      Entry(
        key: .sendEvent, shape: .anyOf([.bool, .place(.pointInside)]),
        about:
          "sendEvent(_:) overridden: true calls super (logs and passes on), false never does (swallows every event), a shape calls super only for touches that went down in it (window coordinates)."
      ),
    ])

  static let appDelegateResponder = Place(
    id: .appDelegateResponder, about: "The app delegate: its action methods.",
    entries: [
      Entry(
        key: .implements, shape: .list(.text, maxItems: nil), about: "The action methods it implements (\"save:\")."
      )
    ])

  static let recognizer = Place(
    id: .recognizer, about: "A gesture recognizer.", entries: recognizerEntries, required: [.id, .kind],
    kindRules: recognizerKindRules)

  private static let recognizerEntries: [Entry] = [
    Entry(key: .id, shape: .identifier, about: "The recognizer's id."),
    Entry(key: .kind, shape: .name(recognizerKinds), about: "The recognizer's UIKit class."),
    Entry(
      key: .numberOfTapsRequired, shape: .integer(0...100), about: "Taps needed (tap 1 to 100, longPress 0 to 100).",
      kinds: [.tap, .longPress]),
    Entry(
      key: .numberOfTouchesRequired, shape: .integer(1...100), about: "Fingers needed.",
      kinds: [.tap, .longPress, .swipe]),
    Entry(
      key: .minimumPressDuration, shape: .number(0...3600), about: "Seconds the fingers stay down.",
      kinds: [.longPress]),
    Entry(
      key: .allowableMovement, shape: .number(0...1e6), about: "Points the fingers may move.", kinds: [.longPress]),
    Entry(
      key: .minimumNumberOfTouches, shape: .integer(1...100), about: "Fewest fingers for the pan.",
      kinds: [.pan, .screenEdgePan]),
    Entry(
      key: .maximumNumberOfTouches, shape: .integer(0...100), about: "Most fingers for the pan (0: no limit).",
      kinds: [.pan, .screenEdgePan]),
    Entry(
      key: .direction, shape: .names(Direction.allCases.map(\.rawValue), nonEmpty: true),
      about: "The allowed directions.",
      kinds: [.swipe]),
    Entry(
      key: .edges, shape: .names(Edge.allCases.map(\.rawValue), nonEmpty: true),
      about: "The edges the touch must start from.",
      kinds: [.screenEdgePan]),
    Entry(key: .isEnabled, shape: .bool, about: "UIGestureRecognizer.isEnabled (default true)."),
    Entry(key: .cancelsTouchesInView, shape: .bool, about: "cancelsTouchesInView (default true)."),
    Entry(key: .delaysTouchesBegan, shape: .bool, about: "delaysTouchesBegan (default false)."),
    Entry(key: .delaysTouchesEnded, shape: .bool, about: "delaysTouchesEnded (default true)."),
    Entry(key: .requireToFail, shape: .references, about: "Recognizer ids this one requires to fail."),
    Entry(key: .delegate, shape: .place(.delegate), about: "The recognizer's delegate."),
    // Which kinds take which effect is a kind rule (`kinds` is for the keys that exist on some classes only).
    Entry(
      key: .effect, shape: .name(RecognizerEffect.allCases.map(\.rawValue)),
      about: "Extension: what the action handler does to the view (translate, scale or rotate)."),
  ]

  /// Per kind: the kind-specific keys it does not have, its `numberOfTapsRequired` range, its `effect`.
  private static var recognizerKindRules: [KindRule] {
    RecognizerKind.allCases.map { kind in
      var shapes: [(Key, Shape?)] = []
      for entry in recognizerEntries {
        if let kinds = entry.kinds, !kinds.contains(kind) { shapes.append((entry.key, nil)) }
      }
      if kind == .tap { shapes.append((.numberOfTapsRequired, .integer(1...100))) }
      shapes.append((.effect, RecognizerEffect.fitting(kind).map { .constant($0.rawValue) }))
      return KindRule(kinds: [kind.rawValue], shapes: shapes)
    }
  }

  static let delegate = Place(
    id: .delegate, about: "A UIGestureRecognizerDelegate: one key per method it implements.",
    entries: [
      Entry(key: .shouldReceive, shape: predicate, about: "gestureRecognizer(_:shouldReceive:)."),
      Entry(key: .shouldBegin, shape: predicate, about: "gestureRecognizerShouldBegin(_:)."),
      Entry(
        key: .shouldRecognizeSimultaneouslyWith, shape: .anyOf([.constant("all"), .references]),
        about: "Recognizer ids (or all) it recognizes simultaneously with."),
      Entry(key: .shouldRequireFailureOf, shape: .references, about: "Recognizer ids it requires to fail."),
      Entry(key: .shouldBeRequiredToFailBy, shape: .references, about: "Recognizer ids that require it to fail."),
    ])

  static let predicatePlace = Place(
    id: .predicate, about: "A delegate answer that depends on the view the touch was hit-tested to.",
    entries: [
      Entry(key: .unlessTouchIn, shape: .references, about: "YES except in these views."),
      Entry(key: .onlyTouchIn, shape: .references, about: "YES only in these views."),
    ],
    exactlyOne: [.unlessTouchIn, .onlyTouchIn])

  static let step = Place(
    id: .step, about: "A script step: a time t and one action.",
    entries: [
      Entry(key: .t, shape: .number(0...SceneReader.maxTime), about: "Milliseconds from the start."),
      Entry(key: .touch, shape: .integer(0...1000), about: "Which finger (with down, move, up and cancel)."),
      Entry(key: .down, shape: .point, about: "The finger touches the screen here."),
      Entry(key: .move, shape: .point, about: "The finger moves here."),
      Entry(key: .up, shape: .anyOf([.isTrue, .point]), about: "The finger lifts (true), or moves there and lifts."),
      Entry(key: .cancel, shape: .isTrue, about: "The system cancels the touch."),
      Entry(
        key: .set,
        shape: .map(keyPattern: "\\.", keyAbout: "id.key (such as tap.isEnabled)", value: setValue, minCount: 1),
        about: "Property changes, id.key: value."),
      Entry(key: .bringToFront, shape: .reference, about: "superview.bringSubviewToFront(view)."),
      Entry(key: .sendToBack, shape: .reference, about: "superview.sendSubviewToBack(view)."),
      Entry(key: .end, shape: .isTrue, about: "Keep the clock running until t, then stop."),
      Entry(
        key: .beginIgnoringInteractionEvents, shape: .isTrue,
        about: "Extension: UIApplication.beginIgnoringInteractionEvents()."),
      Entry(
        key: .endIgnoringInteractionEvents, shape: .isTrue,
        about: "Extension: UIApplication.endIgnoringInteractionEvents()."),
      Entry(
        key: .removeGestureRecognizer, shape: .reference,
        about: "Extension: view.removeGestureRecognizer(recognizer), by the recognizer's id."),
      Entry(
        key: .addGestureRecognizer, shape: .reference,
        about: "Extension: to.addGestureRecognizer(recognizer), by the recognizer's id (needs to)."),
      Entry(key: .removeFromSuperview, shape: .reference, about: "Extension: view.removeFromSuperview()."),
      Entry(
        key: .addSubview, shape: .reference, about: "Extension: to.addSubview(view), a view of the scene (needs to)."),
      Entry(
        key: .to, shape: .reference, about: "The view that addGestureRecognizer or addSubview adds to."),
    ],
    required: [.t],
    exactlyOne: [
      .down, .move, .up, .cancel, .set, .bringToFront, .sendToBack, .end, .beginIgnoringInteractionEvents,
      .endIgnoringInteractionEvents, .removeGestureRecognizer, .addGestureRecognizer, .removeFromSuperview,
      .addSubview,
    ],
    needs: [
      (.down, [.touch]), (.move, [.touch]), (.up, [.touch]), (.cancel, [.touch]), (.addGestureRecognizer, [.to]),
      (.addSubview, [.to]),
    ])

  static let recognizerReference = Place(
    id: .recognizerReference,
    about: "A recognizer defined on another view, added to this one too: only the view listed last keeps it.",
    entries: [Entry(key: .id, shape: .reference, about: "The recognizer's id.")], required: [.id])

  static let question = Place(
    id: .question,
    about:
      "A question for the audience: playback stops at t and asks it; the answer is read from the run's trace, never written.",
    entries: [
      Entry(key: .t, shape: .number(0...SceneReader.maxTime), about: "Milliseconds from the start: when it is asked."),
      Entry(
        key: .until, shape: .number(0...SceneReader.maxTime),
        about: "Where the time it asks about ends (default: the next question's t, or the end of the run)."),
      Entry(key: .ask, shape: .text, about: "The question, in the scene's language."),
      Entry(
        key: .translations,
        shape: .map(
          keyPattern: languageTag, keyAbout: "a language tag (zh-Hans, ja, en-GB)", value: .text, minCount: 0),
        about: "The question in other languages, by language tag."),
      Entry(
        key: .choices, shape: .list(.text, maxItems: SceneReader.maxChoices),
        about:
          "The choices offered, 2 to 8 (fires and sends default to yes, no; recognizesFirst to its ids and none)."),
      Entry(
        key: .hitView, shape: .integer(0...1000),
        about: "Which view finger N's next touch-down hits: choices are view ids or none."),
      Entry(key: .fires, shape: .reference, about: "Whether this recognizer recognizes: yes or no."),
      Entry(
        key: .finalState, shape: .reference,
        about: "The last state this recognizer reaches: possible, began, changed, ended, cancelled or failed."),
      Entry(
        key: .gets, shape: .place(.questionGets),
        about: "The last touches method a view gets for a finger: touchesBegan … touchesCancelled, or nothing."),
      Entry(key: .sends, shape: .place(.questionSends), about: "Whether a control sends an event: yes or no."),
      Entry(
        key: .recognizesFirst, shape: .list(.reference, maxItems: SceneReader.maxChoices - 1),
        about: "Which of these recognizers recognizes first: one of the ids, or none."),
      Entry(
        key: .performs, shape: .text,
        about:
          "Extension: which responder performs this action (selector) when a control sends it: a view or view controller id, window, application, appDelegate, or none."
      ),
      Entry(
        key: .restsAt, shape: .reference,
        about: "Extension: where this scroll view's content offset rests at the end of the span: choices '(x, y)'."),
      Entry(
        key: .zoomsTo, shape: .reference,
        about: "Extension: this scroll view's zoom scale at the end of the span (rule H-18): choices are numbers."),
    ],
    required: [.t, .ask],
    exactlyOne: [.hitView, .fires, .finalState, .gets, .sends, .recognizesFirst, .performs, .restsAt, .zoomsTo])

  static let questionGets = Place(
    id: .questionGets, about: "Which view and which finger a gets question is about.",
    entries: [
      Entry(key: .view, shape: .reference, about: "The view's id."),
      Entry(key: .touch, shape: .integer(0...1000), about: "The finger."),
    ],
    required: [.view, .touch])

  static let questionSends = Place(
    id: .questionSends, about: "Which control and which event a sends question is about.",
    entries: [
      Entry(key: .control, shape: .reference, about: "The control's id."),
      Entry(
        key: .event, shape: .name(TraceEvent.ControlEvent.allCases.map(\.rawValue)), about: "The UIControl event."),
    ],
    required: [.control, .event])

  static let places: [Place] = [
    scene, translation, view, transform, forwardingPlace, touchesShouldBegin, touchesShouldCancel, hitTestOverride,
    pointInside, tracking, controlAction, responders, eventResponder, appDelegateResponder, recognizer, delegate,
    predicatePlace, step, recognizerReference, question,
    questionGets, questionSends, sheet,
  ]
  static func place(_ id: PlaceID) -> Place { places.first { $0.id == id }! }
}
