import Geometry
import Testing
import TouchSim

@testable import SceneFile

@Suite("Decoding each key family")
struct DecodingTests {
  @Test func topLevelKeys() throws {
    let s = try load(
      """
      format: touchscope/1
      title: Button inside a tapped view
      about: |
        First line.
        Second line.
      window: [320, 480]
      appDelegateIsResponder: false
      root:
        id: root
      """)
    #expect(s.format == "touchscope/1")
    #expect(s.title == "Button inside a tapped view")
    #expect(s.about == "First line.\nSecond line.\n")
    #expect(s.window == Size(320, 480))
    #expect(s.appDelegateIsResponder == false)
    // A root without geometry fills the window.
    #expect(s.root.frame == Rect(0, 0, 320, 480))
    #expect(s.script.isEmpty)
  }

  @Test func defaultsWhenKeysAreLeftOut() throws {
    let s = try load(sceneText("root: { id: root }"))
    #expect(s.window == Size(390, 844))
    #expect(s.appDelegateIsResponder)
    #expect(s.title == nil && s.about == nil)
    #expect(s.root == ViewSpec(id: "root", frame: Rect(0, 0, 390, 844)))
  }

  @Test func frameGivesCenterAndBounds() throws {
    let s = try load(
      sceneText(
        """
        root:
          id: root
          subviews:
            - id: card
              frame: [20, 100, 350, 200]
        """))
    let card = s.root.subviews[0]
    #expect(card.center == Point(195, 200))
    #expect(card.bounds == Rect(0, 0, 350, 200))
    #expect(card.kind == .view)
  }

  @Test func centerBoundsAndTransform() throws {
    let s = try load(
      sceneText(
        """
        root:
          id: root
          subviews:
            - id: a
              center: [100, 200]
              bounds: [10, -5, 80, 40]
              transform: { scale: [2, 0.5], rotation: 45, translation: [3, 4] }
            - id: b
              frame: [0, 0, 10, 10]
              transform: { scale: 3 }
        """))
    let a = s.root.subviews[0]
    #expect(a.center == Point(100, 200))
    #expect(a.bounds == Rect(10, -5, 80, 40))
    #expect(a.transform == TransformSpec(scale: Point(2, 0.5), rotation: 45, translation: Point(3, 4)))
    let b = s.root.subviews[1]
    #expect(b.transform.scale == Point(3, 3))
    #expect(b.center == Point(5, 5))
  }

  @Test func viewFlagsAndAppearance() throws {
    let s = try load(
      sceneText(
        """
        root:
          id: root
          controller: RootVC
          subviews:
            - id: a
              frame: [0, 0, 10, 10]
              color: "#4C8BF5"
              text: Buy now
              alpha: 0.5
              hidden: true
              userInteractionEnabled: false
              multipleTouchEnabled: true
              exclusiveTouch: true
              clipsToBounds: true
              forwardsTouches: false
              hitOutset: 12
              passThrough: true
              gestureRecognizerShouldBegin: false
            - { id: l, kind: label, frame: [0, 0, 1, 1] }
            - { id: i, kind: imageView, frame: [0, 0, 1, 1], userInteractionEnabled: true }
            - { id: b, kind: button, frame: [0, 0, 1, 1], enabled: false }
            - { id: sw, kind: switch, frame: [0, 0, 1, 1], value: true }
            - { id: sl, kind: slider, frame: [0, 0, 1, 1], value: 0.25 }
            - { id: seg, kind: segmentedControl, frame: [0, 0, 1, 1], value: 2 }
        """))
    #expect(s.root.controller == "RootVC")
    let a = s.root.subviews[0]
    #expect(a.color == "#4C8BF5")
    #expect(a.text == "Buy now")
    #expect(a.alpha == 0.5)
    #expect(a.hidden && a.multipleTouchEnabled && a.exclusiveTouch && a.clipsToBounds && a.passThrough)
    #expect(!a.userInteractionEnabled && !a.forwardsTouches && !a.gestureRecognizerShouldBegin)
    #expect(a.hitOutset == 12)
    let byId = Dictionary(uniqueKeysWithValues: s.root.subviews.map { ($0.id, $0) })
    #expect(byId["l"]?.userInteractionEnabled == false)  // UILabel's default
    #expect(byId["i"]?.userInteractionEnabled == true)  // overridden
    #expect(byId["b"]?.enabled == false)
    #expect(byId["sw"]?.value == 1)
    #expect(byId["sl"]?.value == 0.25)
    #expect(byId["seg"]?.value == 2)
    #expect(byId["b"]?.kind == .button)
  }

  @Test func scrollViewKeys() throws {
    let s = try load(
      sceneText(
        """
        root:
          id: root
          subviews:
            - id: list
              kind: scroll
              frame: [0, 100, 390, 400]
              contentSize: [390, 2000]
              contentOffset: [0, 150]
              delaysContentTouches: false
              canCancelContentTouches: false
              touchesShouldBegin: { default: false, except: [row] }
              touchesShouldCancel: { controls: true, others: false, except: [row] }
              panRequireToFail: [swipe]
              recognizers:
                - { id: swipe, kind: swipe }
              subviews:
                - { id: row, frame: [0, 0, 390, 44] }
            - { id: plain, kind: scroll, frame: [0, 0, 100, 50] }
        """))
    let list = s.root.subviews[0]
    #expect(list.bounds == Rect(0, 150, 390, 400))
    #expect(list.center == Point(195, 300))
    let sc = try #require(list.scroll)
    #expect(sc.contentSize == Size(390, 2000))
    #expect(!sc.delaysContentTouches && !sc.canCancelContentTouches)
    #expect(sc.touchesShouldBeginDefault == false && sc.touchesShouldBeginExcept == ["row"])
    #expect(sc.touchesShouldCancelControls && !sc.touchesShouldCancelOthers)
    #expect(sc.touchesShouldCancelExcept == ["row"])
    #expect(sc.panRequireToFail == ["swipe"])
    // contentSize defaults to the bounds size.
    #expect(s.root.subviews[1].scroll?.contentSize == Size(100, 50))
  }

  @Test func recognizerProperties() throws {
    let s = try load(
      sceneText(
        """
        root:
          id: root
          recognizers:
            - id: tap2
              kind: tap
              numberOfTapsRequired: 2
              numberOfTouchesRequired: 2
              isEnabled: false
              cancelsTouchesInView: false
              delaysTouchesBegan: true
              delaysTouchesEnded: false
              requireToFail: [press, list.pan]
            - { id: press, kind: longPress, minimumPressDuration: 1.5, allowableMovement: 20 }
            - { id: pan, kind: pan, minimumNumberOfTouches: 2, maximumNumberOfTouches: 3 }
            - { id: swipe, kind: swipe, direction: left }
            - { id: swipes, kind: swipe, direction: [up, down] }
            - { id: edge, kind: screenEdgePan, edges: [right, top] }
            - { id: pinch, kind: pinch }
            - { id: rot, kind: rotation }
          subviews:
            - { id: list, kind: scroll, frame: [0, 0, 10, 10] }
        """))
    let r = Dictionary(uniqueKeysWithValues: s.root.recognizers.map { ($0.id, $0) })
    let tap2 = try #require(r["tap2"])
    #expect(tap2.numberOfTapsRequired == 2 && tap2.numberOfTouchesRequired == 2)
    #expect(!tap2.isEnabled && !tap2.cancelsTouchesInView && tap2.delaysTouchesBegan && !tap2.delaysTouchesEnded)
    #expect(tap2.requireToFail == ["press", "list.pan"])
    #expect(r["press"]?.numberOfTapsRequired == 0)  // UILongPressGestureRecognizer's default
    #expect(r["press"]?.minimumPressDuration == 1.5 && r["press"]?.allowableMovement == 20)
    #expect(r["pan"]?.minimumNumberOfTouches == 2 && r["pan"]?.maximumNumberOfTouches == 3)
    #expect(r["swipe"]?.direction == [.left])
    #expect(r["swipes"]?.direction == [.up, .down])
    #expect(r["edge"]?.edges == [.right, .top])
    #expect(r["pinch"]?.kind == .pinch && r["rot"]?.kind == .rotation)
    #expect(s.root.recognizers.map(\.id) == ["tap2", "press", "pan", "swipe", "swipes", "edge", "pinch", "rot"])
  }

  @Test func delegateAnswers() throws {
    let s = try load(
      sceneText(
        """
        root:
          id: root
          recognizers:
            - id: a
              kind: tap
              delegate:
                shouldReceive: { unlessTouchIn: [buy, slider] }
                shouldBegin: { onlyTouchIn: [root] }
                shouldRecognizeSimultaneouslyWith: [b]
                shouldRequireFailureOf: [b]
                shouldBeRequiredToFailBy: [b]
            - id: b
              kind: pan
              delegate: { shouldReceive: false, shouldBegin: true, shouldRecognizeSimultaneouslyWith: all }
            - { id: c, kind: pinch, delegate: {} }
          subviews:
            - { id: buy, kind: button, frame: [0, 0, 10, 10] }
            - { id: slider, kind: slider, frame: [0, 0, 10, 10] }
        """))
    let a = try #require(s.root.recognizers[0].delegate)
    #expect(a.shouldReceive == .unlessTouchIn(["buy", "slider"]))
    #expect(a.shouldBegin == .onlyTouchIn(["root"]))
    #expect(a.shouldRecognizeSimultaneouslyWith == .ids(["b"]))
    #expect(a.shouldRequireFailureOf == ["b"] && a.shouldBeRequiredToFailBy == ["b"])
    let b = try #require(s.root.recognizers[1].delegate)
    #expect(b.shouldReceive == .always(false) && b.shouldBegin == .always(true))
    #expect(b.shouldRecognizeSimultaneouslyWith == .all)
    #expect(s.root.recognizers[2].delegate == DelegateSpec())
  }

  @Test func subviewsKeepTheirOrderAndNesting() throws {
    let s = try load(
      sceneText(
        """
        root:
          id: root
          subviews:
            - id: back
              frame: [0, 0, 100, 100]
              subviews:
                - { id: inner, frame: [1, 2, 3, 4] }
            - { id: front, frame: [0, 0, 100, 100] }
        """))
    #expect(s.allViews.map(\.id) == ["root", "back", "inner", "front"])
    #expect(s.root.subviews[0].subviews[0].frame == Rect(1, 2, 3, 4))
  }

  @Test func jsonIsAccepted() throws {
    let s = try load(
      """
      {"format": "touchscope/1", "title": "JSON",
       "root": {"id": "root", "subviews": [{"id": "b", "kind": "button", "frame": [1, 2, 3, 4]}]},
       "script": [{"t": 0, "touch": 1, "down": [2, 3]}, {"t": 50, "touch": 1, "up": true}]}
      """)
    #expect(s.title == "JSON")
    #expect(s.root.subviews[0].kind == .button)
    #expect(s.script.map(\.action) == [.down(touch: 1, at: Point(2, 3)), .up(touch: 1, at: nil)])
  }

  @Test func quotedScalarsAreStringsAndAliasesWork() throws {
    let s = try load(
      sceneText(
        """
        title: "123"
        root:
          id: root
          subviews:
            - { id: a, frame: &box [0, 0, 10, 10], text: 42 }
            - { id: b, frame: *box, text: 'true' }
        """))
    #expect(s.title == "123")
    #expect(s.root.subviews[0].text == "42")
    #expect(s.root.subviews[1].text == "true")
    #expect(s.root.subviews[1].frame == Rect(0, 0, 10, 10))
  }
}
