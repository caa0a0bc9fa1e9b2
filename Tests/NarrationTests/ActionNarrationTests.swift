import Geometry
import Narration
import TestSupport
import Testing
import TouchSim

/// Rules B-7, B-7a and C-11 told: a nil-targeted action's walk and its outcome, a targeted action, and the
/// event's way in through overridden sendEvent methods, in English and in Chinese.
@Suite struct ActionNarrationTests {
  static let app = scene([
    v("form", [0, 100, 390, 300]) {
      $0.controller = "formVC"
      $0.controllerImplements = ["save:"]
      $0.subviews = [
        v("save", [20, 20, 100, 44], kind: .button) {
          $0.actions = [
            ControlAction(event: .touchUpInside, action: "save:"),
            ControlAction(event: .touchUpInside, action: "undo:"),
            ControlAction(event: .touchUpInside, action: "save:", target: "formVC"),
          ]
        }
      ]
    },
    v("bar", [0, 700, 390, 100]),
  ]) {
    $0.responders.application.sendEvent = .always(true)
    $0.responders.window.sendEvent = .within(.rects([Rect(0, 0, 390, 600)]))
  }

  @Test func theWalkAndItsOutcomeAreTold() {
    let n = Narrated(Self.app, tap(70, 142) + tap(100, 750, t: 500))
    n.checkInvariants()
    let told = n.steps.joined(separator: "\n")
    for part in [
      "`save` sends save: for touchUpInside with a nil target, so UIKit walks the responder chain from the sender itself, as there is no first responder, asking each responder canPerformAction: `save` and `form` answer NO (none of them implements it); `formVC` implements it and performs it (rules B-7, B-7a).",
      "nothing in the chain implements it, so the action is dropped silently and sendAction returns NO",
      "`save` sends save: for touchUpInside to its target `formVC`, which performs it: with a target, the responder chain is not searched (rule B-7).",
      "The event of finger 1 comes in: the app's UIApplication subclass overrides sendEvent(_:), sees the event and calls super; then the app's UIWindow subclass overrides sendEvent(_:), sees the event and calls super (rule C-11).",
      "the app's UIWindow subclass overrides sendEvent(_:) and does not call super: the event stops there, and no recognizer and no view hears of it (rule C-11).",
      "Finger 1 (it was hit-tested to `bar`) never reaches a recognizer or a view, for its whole life: the UIWindow subclass's sendEvent(_:) does not call super for it (rule C-11).",
    ] {
      #expect(told.contains(part), "no '\(part)' in \(n)")
    }
    let chinese = n.chineseSteps.joined(separator: "\n")
    for part in [
      "`save` 因 touchUpInside 发送目标为 nil 的 save:，所以 UIKit 因为没有第一响应者，从发送者自己开始沿响应者链逐个询问 canPerformAction",
      "`formVC` 实现了它并执行它",
      "链上没有对象实现它，所以这个动作被悄悄丢弃，sendAction 返回 NO",
      "应用的 UIWindow 子类重写了 sendEvent(_:) 且不调用 super",
    ] {
      #expect(chinese.contains(part), "no '\(part)' in \(chinese)")
    }
  }

  /// The first responder is named where the walk starts.
  @Test func theFirstResponderIsNamed() {
    var s = Self.app
    s.firstResponder = "bar"
    s.responders = SceneResponders()
    let n = Narrated(s, tap(70, 142))
    #expect(n.steps.contains { $0.contains("walks the responder chain from the first responder, `bar`") }, "\(n)")
    #expect(n.chineseSteps.contains { $0.contains("从第一响应者 `bar` 开始") }, "\(n.chineseSteps)")
  }
}
