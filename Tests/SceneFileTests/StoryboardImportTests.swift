import Foundation
import Geometry
import Testing
import TouchSim

@testable import DeviceBridge
@testable import SceneFile

/// `touchscope import storyboard`: Interface Builder storyboards and XIBs to scenes.
@Suite struct StoryboardImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Storyboard")

  static let samples = [
    "login.storyboard", "gestures.storyboard", "shared-recognizer.storyboard", "tables.storyboard",
    "controls.xib", "old-xcode5.storyboard", "old-xcode4.storyboard", "scroll-content.storyboard",
    "custom-classes.xib", "collection.storyboard", "hostile-names.storyboard", "tabs.storyboard",
    "bar-items.storyboard", "size-classes.storyboard", "collection-supplementary.storyboard",
    "search-display.storyboard", "main-window.xib", "references.storyboard", "stack-effects.storyboard",
    "cell-recognizers.xib",
  ]

  static func imported(_ name: String) throws -> ImportedStoryboard {
    let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
    return try StoryboardImporter.importDocument(Array(data), file: name)
  }

  static func only(_ name: String) throws -> StoryboardScene {
    let r = try imported(name)
    try #require(r.scenes.count == 1)
    return r.scenes[0]
  }

  /// The first diagnostic of a failed import, as `LINE:COLUMN: MESSAGE`.
  static func failure(_ text: String) -> String? {
    do {
      _ = try StoryboardImporter.importDocument(Array(text.utf8), file: "in.storyboard")
      return nil
    } catch {
      return error.diagnostics.first.map { "\($0.line):\($0.column): \($0.message)" }
    }
  }

  static func view(_ scene: Scene, _ id: String) -> ViewSpec? { scene.allViews.first { $0.id == id } }
  static func children(_ v: ViewSpec?) -> [String] { (v?.subviews ?? []).map { "\($0.id):\($0.kind.rawValue)" } }
  static func warned(_ r: ImportedStoryboard, _ text: String) -> [String] {
    r.warnings.filter { $0.message.contains(text) }.map { "\($0.line):\($0.column)" }
  }

  @Test(arguments: samples) func everySceneLoadsAsTouchscopeCheckReadsIt(_ name: String) throws {
    let r = try Self.imported(name)
    #expect(!r.scenes.isEmpty)
    for s in r.scenes {
      // The same reading `touchscope check` does: the text loads, and loads to the scene returned.
      let loaded = try SceneLoader.read(s.yaml, file: s.name + ".yaml")
      #expect(loaded.scene == s.scene)
      #expect(s.yaml.hasPrefix("format: touchscope/1\n"))
      #expect(s.viewCount == s.scene.allViews.count)
      #expect(s.recognizerCount == s.scene.allRecognizers.count)
      for v in s.scene.allViews {
        #expect(s.yaml.contains(Regex<Substring>(verbatim: "id: \(v.id)  # \"")), "\(v.id)")
      }
      #expect(StoryboardBuilder.fileName(s.name) == s.name)
    }
    #expect(Set(r.scenes.map { $0.name.lowercased() }).count == r.scenes.count)
    for w in r.warnings { #expect(w.file == name && w.line >= 1 && w.column >= 1 && w.severity == .warning) }
  }

  @Test func newStoryboardWithControlsAndADismissTap() throws {
    let r = try Self.imported("login.storyboard")
    let s = try #require(r.scenes.first)
    #expect(r.scenes.count == 1 && s.name == "SignIn" && s.objectID == "Lg1-aa-001" && s.scene.title == "SignIn")
    #expect(s.scene.window == Size(393, 852))
    let root = s.scene.root
    #expect(root.controller == "signInViewController" && root.color == "#FFFFFF")
    // The safe area layout guide is not a view.
    #expect(
      Self.children(root) == [
        "label:label", "textField:control", "textField2:control", "rememberMe:switch", "button:button",
      ])
    #expect(Self.view(s.scene, "label")?.text == "Welcome back")
    #expect(Self.view(s.scene, "label")?.userInteractionEnabled == false)
    #expect(Self.view(s.scene, "textField")?.text == "Email")
    #expect(Self.view(s.scene, "textField2")?.text == "hunter2")
    #expect(Self.view(s.scene, "rememberMe")?.value == 1)
    let button = try #require(Self.view(s.scene, "button"))
    // The configuration's title is the one shown (not the normal state's); the colour comes from the
    // document's system colours.
    #expect(button.text == "Sign In" && button.color == "#007AFF" && button.frame == Rect(24, 346, 345, 50))
    let tap = try #require(root.recognizers.first)
    #expect(tap.id == "dismissKeyboard" && tap.kind == .tap && !tap.cancelsTouchesInView)
    #expect(Self.warned(r, "Auto Layout constraints are not solved").count == 1)
    #expect(s.yaml.contains(#"id: rememberMe  # "UISwitch" id "Sw1-aa-001""#))
    #expect(s.yaml.contains(#"controller "SignInViewController""#))
  }

  @Test func everyRecognizerKindWithItsAttributes() throws {
    let r = try Self.imported("gestures.storyboard")
    let s = try #require(r.scenes.first).scene
    let photo = try #require(Self.view(s, "photo"))
    #expect(photo.recognizers.map(\.kind) == [.tap, .longPress, .pinch, .rotation])
    let double = photo.recognizers[0]
    #expect(double.id == "doubleTap" && double.numberOfTapsRequired == 2 && double.numberOfTouchesRequired == 2)
    #expect(!double.delaysTouchesEnded)
    let press = photo.recognizers[1]
    #expect(press.minimumPressDuration == 1.2 && press.allowableMovement == 25 && press.delaysTouchesBegan)
    #expect(!photo.recognizers[3].isEnabled)
    let pad = try #require(Self.view(s, "dragPad"))
    #expect(pad.multipleTouchEnabled && pad.color == "#AAAAAA")
    let pan = pad.recognizers[0]
    #expect(pan.kind == .pan && pan.minimumNumberOfTouches == 2 && pan.maximumNumberOfTouches == 3)
    let swipe = pad.recognizers[1]
    #expect(swipe.kind == .swipe && swipe.direction == [.up] && swipe.numberOfTouchesRequired == 2)
    #expect(!swipe.cancelsTouchesInView)
    let edge = try #require(s.root.recognizers.first)
    #expect(edge.kind == .screenEdgePan && edge.edges == [.right])
    #expect(Self.warned(r, "delegate is code").count == 1)
  }

  @Test func oneRecognizerOnSeveralViewsAndAnUnattachedOne() throws {
    let r = try Self.imported("shared-recognizer.storyboard")
    let s = try #require(r.scenes.first)
    // The blue card, attached last, keeps the tap; the earlier cards list it as taken away.
    #expect(Self.view(s.scene, "blueCard")?.recognizers.map(\.id) == ["cardTap"])
    #expect(
      Self.view(s.scene, "redCard")?.recognizersTakenAway == [
        TakenRecognizer(recognizer: "cardTap", keptBy: "blueCard")
      ])
    #expect(Self.view(s.scene, "greenCard")?.recognizersTakenAway.map(\.recognizer) == ["cardTap"])
    // Connected twice to the green card: added once.
    #expect(Self.view(s.scene, "greenCard")?.recognizers.map(\.kind) == [.longPress])
    #expect(Self.warned(r, "attached to 'redCard' here and later to 'blueCard' (line 34:37)") == ["18:37"])
    #expect(Self.warned(r, "connected to this view twice") == ["27:37"])
    #expect(Self.warned(r, "a swipe recognizer ('Un1-cc-001') attached to no view: left out") == ["43:17"])
    #expect(s.recognizerCount == 2)
  }

  @Test func tablesStackPrototypeAndStaticCells() throws {
    let r = try Self.imported("tables.storyboard")
    #expect(r.scenes.map(\.name) == ["navigationController-Nc1-dd-001", "InboxTableViewController", "Settings"])
    // A navigation controller: its bar in a window of its own.
    let nav = r.scenes[0].scene
    #expect(Self.children(nav.root) == ["navigationBar:view"] && nav.root.controller == "navigationController")
    // Where UIKit lays it out in the 390 x 844 window, under the status bar, not on IB's canvas.
    #expect(nav.root.subviews[0].frame == Rect(0, 47, 390, 44))
    #expect(Self.warned(r, "its bars are placed where UIKit puts them in a 390 × 844 window").count == 1)
    #expect(Self.warned(r, "own view is not in the file").count == 1)
    let inbox = r.scenes[1].scene
    #expect(inbox.root.kind == .scroll && inbox.root.controller == "inboxTableViewController")
    #expect(inbox.root.scroll?.delaysContentTouches == false)
    #expect(Self.children(inbox.root) == ["messageCell:view", "loadMore:view"])
    // Stacked from the top: the table's rowHeight 60, then the cell's own 90.
    #expect(Self.view(inbox, "messageCell")?.frame == Rect(0, 0, 393, 60))
    #expect(Self.view(inbox, "loadMore")?.frame == Rect(0, 60, 393, 90))
    #expect(Self.children(Self.view(inbox, "messageCell")) == ["tableViewCellContentView:view"])
    #expect(Self.view(inbox, "button")?.text == "Reply")
    #expect(inbox.root.scroll?.contentSize == Size(393, 852))
    let settings = r.scenes[2].scene
    #expect(settings.root.scroll?.canCancelContentTouches == false)
    #expect(
      Self.children(settings.root) == [
        "header:view", "notificationsCell:view", "volumeCell:view", "versionCell:view",
      ])
    // Static cells where IB laid them out, as UIKit does: under the 100-point header and each section's
    // header, inset 20 points in an inset grouped table (stacked from the top they were 0, 100, 144, 188
    // and full width: a tap on the About section's row hit the Account section's).
    #expect(Self.view(settings, "notificationsCell")?.frame == Rect(20, 155, 353, 44))
    #expect(Self.view(settings, "volumeCell")?.frame == Rect(20, 199, 353, 44))
    #expect(Self.view(settings, "versionCell")?.frame == Rect(20, 299, 353, 44))
    #expect(Self.view(settings, "switch")?.value == 1)
    // The slider keeps its own 0…10 range (rule 8.5), with no warning.
    let slider = try #require(Self.view(settings, "slider"))
    #expect(slider.value == 5 && slider.maximumValue == 10 && slider.minimumValue == nil)
    #expect(Self.warned(r, "slider").isEmpty)
    // A label with userInteractionEnabled left out is interactive, as IB stores it.
    #expect(Self.view(settings, "label")?.userInteractionEnabled == true)
  }

  @Test func staticCellsWithoutAFrameAfterTheRowsAboveAreStacked() throws {
    func cell(_ id: String, _ frame: String) -> String {
      "<tableViewCell id=\"\(id)\">\(frame)<tableViewCellContentView key=\"contentView\" id=\"\(id)c\"/></tableViewCell>"
    }
    let doc = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
      <scenes><scene sceneID="s1"><objects><tableViewController id="t1" sceneMemberID="viewController">
      <tableView key="view" dataMode="static" style="grouped" id="v1"><rect key="frame" width="320" height="480"/>
      <sections><tableViewSection id="x1"><cells>
      \(cell("a", #"<rect key="frame" y="40" width="320" height="50"/>"#))
      \(cell("b", ""))
      \(cell("c", #"<rect key="frame" y="10" width="320" height="60"/>"#))
      </cells></tableViewSection></sections></tableView></tableViewController></objects></scene></scenes>
      </document>
      """
    let r = try StoryboardImporter.importDocument(Array(doc.utf8), file: "static.storyboard")
    let rows = try #require(r.scenes.first).scene.root.subviews.map(\.frame)
    // The first where IB put it; one without a frame, then one IB put above the rows before it: stacked
    // after them, at the table's row height (44) and at their own height.
    #expect(rows == [Rect(0, 40, 320, 50), Rect(0, 90, 320, 44), Rect(0, 134, 320, 60)])
    // The one without a frame says its frame is estimated.
    #expect(
      Self.warned(r, "1 table view cell has no frame: stacked under the rows above, full width") == ["6:1"])
    #expect(Self.warned(r, "else the table's (44): its frame is estimated").count == 1)
  }

  @Test func xibControlsAndTheirSettings() throws {
    let r = try Self.imported("controls.xib")
    let s = try #require(r.scenes.first)
    #expect(r.scenes.count == 1 && s.name == "EqualizerViewController")
    #expect(s.scene.root.controller == nil && s.scene.window == Size(393, 700))
    // The stepper's range and step as IB stored them (rule 8.4).
    let stepper = try #require(Self.view(s.scene, "stepper"))
    #expect(stepper.value == 3 && stepper.minimumValue == 1 && stepper.maximumValue == 10 && stepper.stepValue == 0.5)
    #expect(stepper.wraps == true && stepper.autorepeat == false && stepper.isContinuous == nil)
    #expect(Self.warned(r, "stepper").isEmpty)
    let segments = try #require(Self.view(s.scene, "segmentedControl"))
    #expect(segments.text == "Bass|Mid|Treble|In/Out" && segments.value == 2)
    // Rules 8.6, 8.7: momentary, the disabled segment, and the page count as IB stored them.
    #expect(segments.isMomentary == true && segments.disabledSegments == [1])
    #expect(Self.view(s.scene, "pageControl")?.value == 3 && Self.view(s.scene, "pageControl")?.numberOfPages == 5)
    #expect(Self.warned(r, "numberOfPages").isEmpty && Self.warned(r, "disabled segment").isEmpty)
    #expect(Self.view(s.scene, "slider")?.value == 0.25 && Self.view(s.scene, "slider")?.isContinuous == false)
    let reset = try #require(Self.view(s.scene, "reset"))
    #expect(!reset.enabled && reset.text == "Reset all")
    #expect(Self.view(s.scene, "label")?.hidden == true)
    let meter = try #require(Self.view(s.scene, "meter"))
    #expect(meter.alpha == 0.5 && meter.exclusiveTouch && meter.clipsToBounds)
    #expect(Self.view(s.scene, "imageView")?.userInteractionEnabled == false)
    #expect(Self.view(s.scene, "knob")?.userInteractionEnabled == true)
    #expect(Self.view(s.scene, "lockedPanel")?.userInteractionEnabled == false)
  }

  /// User-defined runtime attributes are set after the view's own attributes, so those that hit-testing
  /// reads win over them; other key paths change no touch and are left out without a word.
  @Test func runtimeAttributesThatHitTestingReadsWinOverTheViewsOwn() throws {
    func attr(_ type: String, _ path: String, _ value: String) -> String {
      "<userDefinedRuntimeAttribute type=\"\(type)\" keyPath=\"\(path)\" value=\"\(value)\"/>"
    }
    func number(_ path: String, _ element: String, _ value: String) -> String {
      "<userDefinedRuntimeAttribute type=\"number\" keyPath=\"\(path)\"><\(element) key=\"value\" value=\"\(value)\"/>"
        + "</userDefinedRuntimeAttribute>"
    }
    func view(_ label: String, _ attributes: String = "", _ runtime: [String]) -> String {
      "<view \(attributes) id=\"\(label)-id\" userLabel=\"\(label)\"><rect key=\"frame\" width=\"50\" height=\"50\"/>"
        + "<userDefinedRuntimeAttributes>\n" + runtime.joined(separator: "\n")
        + "\n</userDefinedRuntimeAttributes></view>"
    }
    let subviews = [
      view("Deaf", "", [attr("boolean", "userInteractionEnabled", "NO")]),
      view("Swift Deaf", "", [attr("boolean", "isUserInteractionEnabled", "NO")]),
      view("Shown", #"hidden="YES""#, [attr("boolean", "hidden", "NO")]),
      view("Gone", "", [attr("boolean", "isHidden", "YES")]),
      view("Clear", #"alpha="0.5""#, [number("alpha", "real", "0.0")]),
      view("Faint", "", [number("alpha", "integer", "0"), number("layer.cornerRadius", "real", "8")]),
      view("Clipped", "", [attr("boolean", "layer.masksToBounds", "YES")]),
      view("Unclipped", #"clipsSubviews="YES""#, [attr("boolean", "clipsToBounds", "NO")]),
      view("Last Wins", "", [attr("boolean", "hidden", "YES"), attr("boolean", "hidden", "NO")]),
      view(
        "Nested Value", "",
        [
          #"<userDefinedRuntimeAttribute type="boolean" keyPath="userInteractionEnabled">"#
            + #"<boolean key="value" value="NO"/></userDefinedRuntimeAttribute>"#
        ]),
      view(
        "Bad", #"alpha="0.5""#,
        [
          number("alpha", "real", "2.5"), attr("string", "hidden", "YES"),
          attr("boolean", "userInteractionEnabled", "maybe"),
          attr("string", "accessibilityHint", "a hint"),
        ]),
      #"<button id="b1" userLabel="Off"><rect key="frame" width="80" height="40"/><userDefinedRuntimeAttributes>"#
        + attr("boolean", "enabled", "NO") + "</userDefinedRuntimeAttributes></button>",
      #"<scrollView id="s1" userLabel="List"><rect key="frame" width="100" height="100"/><userDefinedRuntimeAttributes>"#
        + attr("boolean", "bounces", "NO") + attr("boolean", "delaysContentTouches", "NO")
        + attr("boolean", "scrollEnabled", "NO") + "</userDefinedRuntimeAttributes></scrollView>",
    ]
    let text = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
      <view id="root"><rect key="frame" width="320" height="480"/><subviews>
      \(subviews.joined(separator: "\n"))
      </subviews></view></objects></document>
      """
    let r = try StoryboardImporter.importDocument(Array(text.utf8), file: "runtime.xib")
    let s = try #require(r.scenes.first).scene
    #expect(Self.view(s, "deaf")?.userInteractionEnabled == false)
    #expect(Self.view(s, "swiftDeaf")?.userInteractionEnabled == false)
    #expect(Self.view(s, "shown")?.hidden == false && Self.view(s, "gone")?.hidden == true)
    #expect(Self.view(s, "clear")?.alpha == 0 && Self.view(s, "faint")?.alpha == 0)
    #expect(Self.view(s, "clipped")?.clipsToBounds == true && Self.view(s, "unclipped")?.clipsToBounds == false)
    #expect(Self.view(s, "lastWins")?.hidden == false)
    #expect(Self.view(s, "nestedValue")?.userInteractionEnabled == false)
    #expect(Self.view(s, "off")?.enabled == false)
    let list = try #require(Self.view(s, "list")?.scroll)
    #expect(!list.bounces && !list.delaysContentTouches)
    // What is not a value of the right kind is a warning at the attribute; the view keeps its own.
    let bad = try #require(Self.view(s, "bad"))
    #expect(bad.alpha == 0.5 && !bad.hidden && bad.userInteractionEnabled)
    #expect(Self.warned(r, "the runtime attribute 'alpha' has \"2.5\", not a number in 0…1: left out") == ["36:1"])
    #expect(Self.warned(r, "the runtime attribute 'hidden' is of type string, not a boolean: left out").count == 1)
    #expect(Self.warned(r, "the runtime attribute 'userInteractionEnabled' has \"maybe\"").count == 1)
    #expect(Self.warned(r, "the runtime attribute 'scrollEnabled' NO is not in the scene format").count == 1)
    // The corner radius and the accessibility hint change no touch: no warning.
    #expect(r.warnings.count == 4)
    let loaded = try SceneLoader.read(try #require(r.scenes.first).yaml, file: "runtime.yaml")
    #expect(loaded.scene == s)
  }

  @Test func oldStoryboards() throws {
    let five = try Self.only("old-xcode5.storyboard")
    // The root view sits below the status bar, as Xcode 5 stored it: the window reaches its bottom.
    #expect(five.scene.root.frame == Rect(0, 20, 320, 548) && five.scene.window == Size(320, 568))
    #expect(five.scene.root.color == "#EFEFF4")
    #expect(Self.children(five.scene.root) == ["button:button", "label:label", "toolbar:view"])
    #expect(Self.view(five.scene, "button")?.text == "Start")
    #expect(five.scene.root.recognizers.map(\.kind) == [.swipe])
    let four = try Self.only("old-xcode4.storyboard")
    #expect(four.name == "NotesViewController" && four.scene.window == Size(320, 480))
    let notes = try #require(Self.view(four.scene, "textView"))
    #expect(notes.kind == .scroll && notes.multipleTouchEnabled && notes.clipsToBounds)
    #expect(Self.view(four.scene, "button")?.text == "Save")
  }

  @Test func scrollContentSizeComesFromItsContent() throws {
    let r = try Self.imported("scroll-content.storyboard")
    let s = try #require(r.scenes.first)
    #expect(s.name == "Gallery")
    let pages = try #require(Self.view(s.scene, "pages"))
    #expect(pages.scroll?.contentSize == Size(1179, 300))
    #expect(pages.scroll?.delaysContentTouches == false && pages.scroll?.canCancelContentTouches == false)
    #expect(Self.children(pages) == ["stackView:view"])
    #expect(Self.view(s.scene, "button")?.frame == Rect(146, 128, 100, 44))
    let caption = try #require(Self.view(s.scene, "captionScroller"))
    #expect(caption.scroll?.contentSize == Size(393, 520))
    // Rule H-14: paging is kept (it used to be a warning).
    #expect(pages.scroll?.isPagingEnabled == true && caption.scroll?.isPagingEnabled == false)
    #expect(Self.warned(r, "pagingEnabled").isEmpty)
    #expect(Self.warned(r, "scrollEnabled=\"NO\" is not in the scene format").count == 1)
  }

  /// Rule H-15: a scroll view's content inset, in either of the shapes IB writes insets in; the scroll
  /// indicators' insets take no touch and are not read.
  @Test func contentInsetsOfScrollTableCollectionAndTextViews() throws {
    let text = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
      <view id="root"><rect key="frame" width="320" height="480"/><subviews>
      <scrollView id="s1" userLabel="Pages"><rect key="frame" width="320" height="200"/>
      <inset key="contentInset" minX="10" minY="64" maxX="0.0" maxY="49"/>
      <inset key="scrollIndicatorInsets" minX="0.0" minY="64" maxX="0.0" maxY="49"/></scrollView>
      <tableView id="t1" userLabel="Rows" style="plain"><rect key="frame" y="200" width="320" height="100"/>
      <edgeInsets key="contentInset" top="20" left="0.0" bottom="30" right="5"/></tableView>
      <collectionView id="c1" userLabel="Grid" dataMode="prototypes"><rect key="frame" y="300" width="320" height="100"/>
      <inset key="contentInset" minX="0.0" minY="lots" maxX="0.0" maxY="12.5"/>
      <collectionViewFlowLayout key="collectionViewLayout" id="l1"><size key="itemSize" width="50" height="50"/>
      <inset key="sectionInset" minX="8" minY="8" maxX="8" maxY="8"/></collectionViewFlowLayout></collectionView>
      <textView id="x1" userLabel="Notes"><rect key="frame" y="400" width="320" height="80"/>
      <inset key="contentInset" minX="0.0" minY="0.0" maxX="2.2250738585072014e-308" maxY="4"/></textView>
      <scrollView id="s2" userLabel="Plain"><rect key="frame" width="10" height="10"/></scrollView>
      </subviews></view></objects></document>
      """
    let r = try StoryboardImporter.importDocument(Array(text.utf8), file: "insets.xib")
    let scene = try #require(r.scenes.first)
    let s = scene.scene
    #expect(Self.view(s, "pages")?.scroll?.contentInset == EdgeInsets(top: 64, left: 10, bottom: 49, right: 0))
    #expect(Self.view(s, "rows")?.scroll?.contentInset == EdgeInsets(top: 20, left: 0, bottom: 30, right: 5))
    // The flow layout's section inset is not the collection view's content inset.
    #expect(Self.view(s, "grid")?.scroll?.contentInset == EdgeInsets(top: 0, left: 0, bottom: 12.5, right: 0))
    #expect(Self.view(s, "notes")?.scroll?.contentInset.bottom == 4)
    #expect(Self.view(s, "plain")?.scroll?.contentInset == .zero)
    // The offset rests from -top on: the inset is read, not only written.
    #expect(Self.view(s, "pages")?.scroll?.offsetRange(bounds: Size(320, 200)).y.lowerBound == -64)
    #expect(scene.yaml.contains("contentInset: [64, 10, 49, 0]"))
    #expect(Self.warned(r, #"minY="lots" is not a number"#) == ["9:1"])
    #expect(r.warnings.count == 1)
  }

  /// Size classes: the scene is an iPhone held upright (compact width, regular height), so the variations
  /// for it give the frames and the installed subviews; an iPad's (regular width) and landscape's (compact
  /// height) do not apply. Fractional frames are written back with the digits they were read with.
  @Test func sizeClassVariationsForAnUprightIPhone() throws {
    let s = try Self.only("size-classes.storyboard")
    #expect(Self.children(s.scene.root) == ["phonePhoto:imageView", "thirds:label"])
    #expect(Self.view(s.scene, "phonePhoto")?.frame == Rect(30, 163, 260, 153))
    #expect(Self.view(s.scene, "thirds")?.frame.minY == 420.5)
    // x + width / 2 is kept as the centre: x is written with the fewest decimals that give it back, not
    // recomputed as 67.33333333333331.
    #expect(s.yaml.contains("frame: [67.3333333333333, 420.5, 240.33333333333337, 60]"), "\(s.yaml)")
    let thirds = try #require(Self.view(try load(s.yaml), "thirds"))
    #expect(thirds.center == Self.view(s.scene, "thirds")?.center)
  }

  /// A navigation controller's toolbar is shown only with toolbarHidden="NO"; its bar hides with
  /// navigationBarHidden="YES".
  @Test func aNavigationControllersBarsShowAsItsFlagsSay() throws {
    func bars(_ attributes: String) throws -> [(String, Bool, Rect)] {
      let text = """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s"><objects>
        <navigationController id="n1" \(attributes) sceneMemberID="viewController">
        <navigationBar key="navigationBar" contentMode="scaleToFill" id="b1"><rect key="frame" x="0.0" y="20" width="320" height="44"/></navigationBar>
        <toolbar key="toolbar" opaque="NO" contentMode="scaleToFill" id="t1"><rect key="frame" x="0.0" y="556" width="600" height="44"/></toolbar>
        </navigationController></objects></scene></scenes></document>
        """
      let r = try StoryboardImporter.importDocument(Array(text.utf8), file: "n.storyboard")
      return r.scenes[0].scene.root.subviews.map { ($0.id, $0.hidden, $0.frame) }
    }
    let shown = try bars(#"toolbarHidden="NO""#)
    #expect(shown.map(\.1) == [false, false])
    #expect(shown.map(\.2) == [Rect(0, 47, 390, 44), Rect(0, 761, 390, 49)])
    #expect(try bars("").map(\.1) == [false, true])
    #expect(try bars(#"navigationBarHidden="YES""#).map(\.1) == [true, true])
  }

  @Test func aBarsCustomViewsAreItsSubviewsWhereIBPlacedThem() throws {
    let r = try Self.imported("bar-items.storyboard")
    let s = try #require(r.scenes.first)
    let bar = try #require(Self.view(s.scene, "controls"))
    #expect(Self.children(bar) == ["speed:segmentedControl", "loopSwitch:switch"])
    #expect(Self.view(s.scene, "speed")?.frame == Rect(16, 6, 120, 32))
    #expect(Self.view(s.scene, "speed")?.text == "1x|2x")
    #expect(Self.view(s.scene, "loopSwitch")?.frame == Rect(300, 6, 51, 31))
    // The title and the system item are left out with one warning; the flexible space is not counted.
    #expect(Self.warned(r, "2 bar button items without a custom view") == ["23:37"])
    #expect(Self.warned(r, "an imageView outside every view controller's view").count == 1)
  }

  @Test func customClassesAndUnknownElementsKeepTheirSubtrees() throws {
    let r = try Self.imported("custom-classes.xib")
    #expect(r.scenes.map(\.name) == ["StoreMapCard", "StoreCell"])
    let card = r.scenes[0]
    #expect(card.scene.root.id == "storeMapCard")
    #expect(Self.children(card.scene.root) == ["mapView:view", "glassCard:view"])
    let glass = try #require(Self.view(card.scene, "glassCard"))
    #expect(glass.color == "#F5F5FAE6")
    // An element this importer does not know is a plain view, with the button inside it.
    #expect(Self.children(glass) == ["sparkleBadgeView:view", "ratingView:view"])
    #expect(Self.children(Self.view(card.scene, "sparkleBadgeView")) == ["pillButton:button"])
    #expect(Self.warned(r, "<sparkleBadgeView> is not a view element this importer knows").count == 1)
    #expect(Self.view(card.scene, "ratingView")?.recognizers.map(\.id) == ["rate"])
    #expect(card.yaml.contains(#"id: pillButton  # "UIButton" customClass "PillButton" id "Bt1-hh-001""#))
    let cell = r.scenes[1]
    #expect(cell.scene.window == Size(375, 72) && cell.scene.root.id == "storeCell")
    #expect(Self.view(cell.scene, "label")?.text == "Main Street")
  }

  @Test func collectionCellsWhereIBPutThem() throws {
    let s = try Self.only("collection.storyboard")
    #expect(s.scene.root.kind == .scroll && s.scene.root.controller == "photoGridViewController")
    #expect(Self.children(s.scene.root) == ["photoCell:view", "badge:view", "footer:view"])
    // A cell stored smaller than its content view (as Xcode 6 could) is as large as its content view.
    #expect(Self.view(s.scene, "badge")?.frame == Rect(138, 0, 128, 128))
    #expect(s.scene.root.scroll?.contentSize == Size(414, 980))
    #expect(Self.view(s.scene, "photoCell")?.recognizers.first?.minimumPressDuration == 0.3)
  }

  /// Collection view cells IB wrote without a frame are placed where the flow layout would put them, not
  /// each filling the collection view (all on top of one another, the last one taking every touch).
  @Test func collectionCellsWithoutAFrameFollowTheFlowLayout() throws {
    func cell(_ label: String, _ content: String = "") -> String {
      "<collectionViewCell id=\"\(label)-id\" userLabel=\"\(label)\">\(content)</collectionViewCell>"
    }
    let square = #"<view key="contentView" id="cv"><rect key="frame" width="60" height="60"/></view>"#
    let text = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
      <view id="root"><rect key="frame" width="320" height="600"/><subviews>
      <collectionView id="c1" userLabel="Grid"><rect key="frame" width="320" height="400"/>
      <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="12" minimumInteritemSpacing="5" id="f1">
      <size key="itemSize" width="100" height="80"/><size key="headerReferenceSize" width="0.0" height="0.0"/>
      <inset key="sectionInset" minX="5" minY="10" maxX="5" maxY="10"/></collectionViewFlowLayout>
      <cells>
      \(cell("A"))\(cell("B"))\(cell("C"))
      \(cell("D"))
      </cells></collectionView>
      <collectionView id="c2" userLabel="Strip"><rect key="frame" y="400" width="320" height="150"/>
      <collectionViewFlowLayout key="collectionViewLayout" scrollDirection="horizontal" minimumLineSpacing="oops" id="f2">
      <size key="headerReferenceSize" width="40" height="0.0"/></collectionViewFlowLayout>
      <cells>\(cell("E", square))\(cell("F", square))\(cell("G", square))</cells></collectionView>
      <collectionView id="c3" userLabel="Placed"><rect key="frame" y="550" width="320" height="50"/>
      <collectionViewFlowLayout key="collectionViewLayout" id="f3"><size key="itemSize" width="0.0" height="50"/>
      </collectionViewFlowLayout>
      <cells><collectionViewCell id="h-id" userLabel="H"><rect key="frame" x="200" width="50" height="50"/>
      </collectionViewCell>\(cell("I"))</cells></collectionView>
      </subviews></view></objects></document>
      """
    let r = try StoryboardImporter.importDocument(Array(text.utf8), file: "flow.xib")
    let s = try #require(r.scenes.first).scene
    // Vertical: lines across the width within the section inset, 5 apart, lines 12 apart.
    #expect(Self.view(s, "a")?.frame == Rect(5, 10, 100, 80))
    #expect(Self.view(s, "b")?.frame == Rect(110, 10, 100, 80))
    #expect(Self.view(s, "c")?.frame == Rect(215, 10, 100, 80))
    #expect(Self.view(s, "d")?.frame == Rect(5, 102, 100, 80))
    // Horizontal, without an item size: each as large as its content view, columns down the height after the
    // 40-point header, at UIKit's default spacing (10; the malformed line spacing is a warning).
    #expect(Self.view(s, "e")?.frame == Rect(40, 0, 60, 60))
    #expect(Self.view(s, "f")?.frame == Rect(40, 70, 60, 60))
    #expect(Self.view(s, "g")?.frame == Rect(110, 0, 60, 60))
    #expect(Self.view(s, "strip")?.scroll?.contentSize == Size(320, 150))
    // A framed cell keeps its frame; an empty item size is not used: UIKit's 50 × 50 after the framed cell.
    #expect(Self.view(s, "h")?.frame == Rect(200, 0, 50, 50))
    #expect(Self.view(s, "i")?.frame == Rect(60, 0, 50, 50))
    #expect(
      Self.warned(r, "4 collection view cells have no frame: placed line after line as the flow layout would, at")
        == ["8:1"])
    #expect(Self.warned(r, "3 collection view cells have no frame") == ["14:8"])
    #expect(Self.warned(r, "each 60 × 60, 10 apart and lines 10 apart: their frames are estimated").count == 1)
    #expect(Self.warned(r, "1 collection view cell has no frame").count == 1)
    #expect(Self.warned(r, #"minimumLineSpacing="oops" is not a number"#) == ["12:1"])
    #expect(Self.warned(r, "the itemSize 0 × 50 is empty: not used") == ["16:62"])
    #expect(Self.warned(r, "taken to fill its superview").isEmpty)
  }

  @Test func xcode11CellContentViewsAndSectionHeadersAndFooters() throws {
    let r = try Self.imported("collection-supplementary.storyboard")
    let s = try #require(r.scenes.first)
    // Xcode 11 on writes a collection view cell's content view as its own element: a view it knows.
    let cell = try #require(Self.view(s.scene, "bookCell"))
    #expect(Self.children(cell) == ["collectionViewCellContentView:view"])
    #expect(Self.view(s.scene, "favourite")?.frame == Rect(80, 8, 32, 32))
    #expect(Self.warned(r, "is not a view element this importer knows").isEmpty)
    #expect(s.yaml.contains(#"# "UICollectionViewCellContentView" id "Cc7-qq-105""#))
    // The flow layout's section header and footer, with the button in the header, where IB placed them.
    #expect(Self.children(s.scene.root) == ["bookCell:view", "shelfHeader:view", "shelfFooter:view"])
    #expect(Self.view(s.scene, "shelfHeader")?.frame == Rect(0, 0, 393, 60))
    #expect(Self.view(s.scene, "shelfFooter")?.frame == Rect(0, 220, 393, 44))
    #expect(Self.children(Self.view(s.scene, "shelfHeader")) == ["seeAll:button"])
    #expect(s.viewCount == 7 && r.warnings.isEmpty)
  }

  @Test func hostileNamesStayData() throws {
    let r = try Self.imported("hostile-names.storyboard")
    #expect(r.scenes.map(\.name) == ["Profile", "Profile-2", "etc-passwd"])
    let s = r.scenes[0]
    // Every line of the YAML is a scene line: no class name, text or id breaks out of its string or comment.
    for line in s.yaml.split(separator: "\n") {
      #expect(!line.unicodeScalars.contains { [0x2028, 0x2029, 0x85, 0x0D].contains($0.value) })
      #expect(!line.hasPrefix("injected") && !line.contains("\ninjected"))
    }
    #expect(!s.yaml.contains("\n# injected"))
    #expect(s.scene.root.controller == "evilInjectedTrueClass")
    #expect(Self.view(s.scene, "aBC")?.text == "Quote \"x\": # not a comment\nsecond line \u{2028} sep")
    #expect(Self.view(s.scene, "button")?.text == "yes")
    #expect(s.yaml.contains(#"customClass "Line\u2029Break\x85View""#))
  }

  @Test func controllersWithoutAViewAndViewsOutsideControllers() throws {
    let r = try Self.imported("tabs.storyboard")
    #expect(r.scenes.map(\.name) == ["Main-tabs", "viewController-Hm1-kk-001", "viewController-Ls1-kk-001"])
    #expect(Self.children(r.scenes[0].scene.root) == ["tabBar:view"])
    // IB stored the tab bar at the top of its canvas; UIKit puts it at the bottom, over the home indicator.
    #expect(r.scenes[0].scene.root.subviews[0].frame == Rect(0, 761, 390, 83))
    #expect(Self.children(r.scenes[1].scene.root) == ["embeddedList:view", "activityIndicatorView:view"])
    #expect(Self.view(r.scenes[2].scene, "datePicker")?.kind == .control)
    #expect(Self.warned(r, "a view outside every view controller's view").count == 1)
    #expect(r.scene("Ls1-kk-001")?.name == "viewController-Ls1-kk-001")
    #expect(r.scene("Main-tabs")?.objectID == "Tb1-kk-001")
    #expect(r.noSuchScene("Main-tab").contains("did you mean 'Main-tabs'?"))
  }

  @Test func aSearchDisplayControllerIsNoScene() throws {
    // iOS 7's search display controller is an object of the table controller's scene, not a view
    // controller: it makes no scene of its own (it made a 390 × 844 view with a warning).
    let r = try Self.imported("search-display.storyboard")
    #expect(r.scenes.map(\.objectID) == ["Ct4-ww-201"])
    #expect(Self.warned(r, "UISearchDisplayController").isEmpty)
    let s = r.scenes[0].scene
    // Its search bar is the table's header view, above the prototype cell (52 high, as the table's rowHeight).
    #expect(Self.children(s.root) == ["searchBar:view", "contact:view"])
    #expect(Self.view(s, "searchBar")?.frame == Rect(0, 0, 320, 44))
    #expect(Self.view(s, "contact")?.frame == Rect(0, 44, 320, 52))
    // The cell's content view and label have no frame in this file: each fills its superview, with a warning.
    #expect(Self.view(s, "label")?.frame == Rect(0, 0, 320, 52))
    #expect(Self.warned(r, "has no frame: it is taken to fill its superview") == ["26:33", "29:41"])
  }

  @Test func aXIBsNestedControllersAreScenesOfTheirOwn() throws {
    let r = try Self.imported("main-window.xib")
    // The window is a view this importer knows; each controller the tab bar controller nests (and the one
    // its navigation controller nests) is a scene, as the warning on the container says.
    #expect(
      r.scenes.map(\.name) == [
        "window-2", "tabBarController-20", "navigationController-25", "NoteListController", "AboutController",
      ])
    #expect(Self.warned(r, "is not a view element this importer knows").isEmpty)
    #expect(r.scenes[0].scene.root.frame == Rect(0, 0, 320, 480))
    // The inline view of the second tab, with its button, was lost before.
    let about = try #require(r.scene("AboutController")).scene
    #expect(about.root.controller == "aboutController" && about.root.frame == Rect(0, 20, 320, 411))
    #expect(Self.view(about, "button")?.text == "Rate this app")
    #expect(Self.view(about, "button")?.frame == Rect(20, 340, 280, 44))
    // A controller whose view is in another nib says so, and no longer that it shows other controllers.
    #expect(
      Self.warned(r, "the UIViewController's own view is not in the file but in the nib 'NoteListController'")
        == ["40:25"])
    #expect(Self.warned(r, "the controllers it shows are scenes of their own") == ["26:9", "33:17"])
  }

  @Test func storyboardReferencesExitsAndEmbeddedControllers() throws {
    let r = try Self.imported("references.storyboard")
    // A storyboard reference (viewControllerPlaceholder) and the exit object are no scenes; split and page
    // view controllers are, each with its warning.
    #expect(r.scenes.map(\.objectID) == ["Sp2-rr-301", "Dt2-rr-311", "Pg2-rr-321"])
    #expect(Self.warned(r, "the controllers it shows are scenes of their own") == ["13:17", "74:17"])
    let s = r.scenes[1].scene
    // The container view is a view where IB put it (its embedded controller is a scene of its own); the
    // buttons with a show and an unwind segue are plain buttons.
    #expect(Self.children(s.root) == ["chartContainer:view", "settings:button", "done:button"])
    #expect(Self.view(s, "chartContainer")?.frame == Rect(0, 88, 414, 300))
    // Its class is UIView (there is no UIContainerView); SpriteKit's view is an SKView, not a UISkView.
    #expect(r.scenes[1].yaml.contains(#"id: chartContainer  # "UIView" id "Cn2-rr-313""#))
    #expect(StoryboardClasses.uikitClass("skView") == "SKView")
    #expect(Self.view(s, "done")?.frame == Rect(20, 480, 374, 44))
    // The navigation item's title view and its bar button item's switch are in the navigation controller's
    // bar, in no scene: one warning says so (they were left out without a word).
    #expect(
      Self.warned(r, "the navigation item's title view and 1 bar button item custom view are in the navigation bar")
        == ["54:21"])
    #expect(Self.view(s, "live") == nil && r.warnings.count == 3)
  }

  @Test func stacksEffectsWebAndMapViewsKeepWhatHitTestingReads() throws {
    let r = try Self.imported("stack-effects.storyboard")
    let s = try #require(r.scenes.first).scene
    #expect(
      Self.children(s.root) == [
        "page:scroll", "glassBar:view", "shade:view", "overlay:view", "activityIndicatorView:view", "progressView:view",
      ])
    // A scroll view's content and frame layout guides are not views; the stack's arranged subviews are where IB
    // put them, the hidden one hidden, and the content size reaches the stack's bottom.
    let page = try #require(Self.view(s, "page"))
    #expect(page.scroll?.contentSize == Size(393, 1216))
    #expect(
      Self.children(Self.view(s, "column")) == [
        "avatar:imageView", "edit:button", "bio:scroll", "links:view", "where:view",
      ])
    #expect(Self.view(s, "edit")?.hidden == true && Self.view(s, "bio")?.frame == Rect(0, 212, 361, 300))
    #expect(Self.view(s, "avatar")?.userInteractionEnabled == false)
    #expect(Self.view(s, "where")?.multipleTouchEnabled == true)
    // A visual effect view's content view holds its button (exclusive touch, with runtime attributes and
    // accessibility that are not views).
    #expect(Self.children(Self.view(s, "glassBar")) == ["view2:view"])
    let follow = try #require(Self.view(s, "follow"))
    #expect(follow.exclusiveTouch && follow.frame == Rect(16, 12, 361, 44) && follow.subviews.isEmpty)
    // Alpha 0, a named colour of the resources, and userInteractionEnabled="NO" on a custom class.
    #expect(Self.view(s, "shade")?.alpha == 0 && Self.view(s, "shade")?.color == "#00000080")
    #expect(Self.view(s, "overlay")?.userInteractionEnabled == false)
    #expect(Self.view(s, "activityIndicatorView")?.hidden == true)
    // misplaced, ambiguous, designables and the blur effect: nothing to warn about.
    #expect(r.warnings.isEmpty)
  }

  /// A stack view's arranged subviews that IB wrote without a frame are laid out along its axis, with its
  /// spacing, instead of each filling the stack (all on top of one another); framed ones keep their frames.
  @Test func arrangedSubviewsWithoutAFrameAreLaidOutAlongTheStack() throws {
    let text = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
      <view id="root"><rect key="frame" width="320" height="600"/><subviews>
      <stackView id="k1" userLabel="Column" axis="vertical" distribution="fillEqually" spacing="10">
      <rect key="frame" x="10" y="100" width="300" height="320"/><subviews>
      <button id="b1" userLabel="One"/><button id="b2" userLabel="Two"/><button id="b3" userLabel="Three"/>
      </subviews></stackView>
      <stackView id="k2" userLabel="Row" spacing="8"><rect key="frame" y="440" width="300" height="44"/><subviews>
      <label id="l1" userLabel="Name"><rect key="frame" width="100" height="44"/></label>
      <button id="b4" userLabel="Edit"/>
      <view id="v1" userLabel="Gone"><userDefinedRuntimeAttributes>
      <userDefinedRuntimeAttribute type="boolean" keyPath="hidden" value="YES"/></userDefinedRuntimeAttributes></view>
      <switch id="w1" userLabel="Toggle"/>
      </subviews></stackView>
      <stackView id="k3" userLabel="Pair" axis="diagonal" spacing="wide"><rect key="frame" y="500" width="200" height="40"/>
      <arrangedSubviews><view id="v2" userLabel="Left"/><view id="v3" userLabel="Right"/><view reference="v2"/>
      </arrangedSubviews></stackView>
      </subviews></view></objects></document>
      """
    let r = try StoryboardImporter.importDocument(Array(text.utf8), file: "stacks.xib")
    let s = try #require(r.scenes.first).scene
    // fillEqually: (320 − 2 × 10) / 3 each, 10 apart, across the whole width.
    #expect(Self.view(s, "one")?.frame == Rect(0, 0, 300, 100))
    #expect(Self.view(s, "two")?.frame == Rect(0, 110, 300, 100))
    #expect(Self.view(s, "three")?.frame == Rect(0, 220, 300, 100))
    // fill: the framed label keeps its frame; the two shown views without one share what is left
    // ((300 − 100 − 2 × 8) / 2), after the label; the hidden one takes no room.
    #expect(Self.view(s, "name")?.frame == Rect(0, 0, 100, 44))
    #expect(Self.view(s, "edit")?.frame == Rect(108, 0, 92, 44))
    #expect(Self.view(s, "gone")?.frame.width == 0 && Self.view(s, "gone")?.hidden == true)
    #expect(Self.view(s, "toggle")?.frame == Rect(208, 0, 92, 44))
    // An <arrangedSubviews> list is read as the stack's subviews; a reference to one of them is no view.
    #expect(Self.children(Self.view(s, "pair")) == ["left:view", "right:view"])
    #expect(Self.view(s, "left")?.frame == Rect(0, 0, 100, 40) && Self.view(s, "right")?.frame == Rect(100, 0, 100, 40))
    #expect(
      Self.warned(r, "arranged subviews have no frame: laid out one after the other along the stack view's") == [
        "3:1", "7:1", "14:1",
      ])
    #expect(Self.warned(r, "3 arranged subviews have no frame").count == 2)
    #expect(Self.warned(r, "vertical axis (fillEqually, spacing 10)").count == 1)
    #expect(Self.warned(r, #"axis="diagonal" is neither horizontal nor vertical: taken as horizontal"#) == ["14:1"])
    #expect(Self.warned(r, #"spacing="wide" is not a number"#) == ["14:1"])
    #expect(Self.warned(r, "taken to fill its superview").isEmpty)
  }

  @Test func aXIBCellsRecognizersAreTopLevelObjects() throws {
    let r = try Self.imported("cell-recognizers.xib")
    #expect(r.scenes.map(\.name) == ["RecipeCell"])
    let s = r.scenes[0].scene
    #expect(s.window == Size(393, 88) && Self.children(s.root) == ["tableViewCellContentView:view"])
    // The two recognizers are objects of the XIB beside the cell, attached to the image view in its content view;
    // an image view IB wrote without userInteractionEnabled="NO" takes touches.
    let thumb = try #require(Self.view(s, "thumb"))
    #expect(thumb.userInteractionEnabled && thumb.frame == Rect(16, 8, 72, 72))
    #expect(thumb.recognizers.map(\.id) == ["doubleTap", "hold"])
    #expect(thumb.recognizers[0].kind == .tap && thumb.recognizers[0].numberOfTapsRequired == 2)
    #expect(thumb.recognizers[1].kind == .longPress && thumb.recognizers[1].allowableMovement == 10)
    #expect(Self.view(s, "label")?.userInteractionEnabled == false)
    #expect(r.warnings.isEmpty)
  }

  // MARK: Errors

  @Test func brokenXMLIsAPositionedError() {
    let doc = #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">"#
    #expect(
      Self.failure(doc + "\n  <scenes>\n    <scene></scenes>\n</document>")?.hasPrefix("3:21: malformed XML") == true)
    #expect(Self.failure(doc + "\n  <scenes>\n")?.hasPrefix("3:1: malformed XML") == true)
    #expect(Self.failure("") == "1:1: the file is empty: expected an Interface Builder document")
    #expect(Self.failure("<view/>")?.hasPrefix("1:1: not an Interface Builder document") == true)
    #expect(
      Self.failure(#"<archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00"/>"#)?
        .contains("an Interface Builder 3 archive") == true)
    #expect(
      Self.failure(#"<document type="com.apple.InterfaceBuilder3.Cocoa.XIB"><objects/></document>"#)?
        .contains("only iOS (CocoaTouch)") == true)
    #expect(Self.failure(doc + "<scenes/></document>")?.contains("nothing to import") == true)
    #expect(Self.failure(doc + "\u{0}</document>")?.contains("malformed XML") == true)
  }

  /// Bytes that are not UTF-8 (a name with a Latin-1 byte in it) are refused where they are; Foundation's
  /// XML parser on Linux would trap on such an element name (found by the hostile-input property test).
  @Test func bytesThatAreNotUTF8AreAPositionedError() throws {
    var bytes = Array(#"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">"#.utf8)
    bytes += Array("\n  <pageControl".utf8) + [0xD9] + Array(#" opaque="NO"/></document>"#.utf8)
    do {
      _ = try StoryboardImporter.importDocument(bytes, file: "in.storyboard")
      Issue.record("a file that is not UTF-8 was imported")
    } catch {
      let d = try #require(error.diagnostics.first)
      #expect(d.line == 2 && d.column == 15 && d.message.contains("not UTF-8"), "\(d)")
    }
  }

  @Test func entitiesAndHugeFilesAreRefused() {
    let bomb =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<document/>"
    #expect(
      Self.failure(bomb)
        == "2:1: a document type declaration: Interface Builder never writes one, and its entities are not read")
    // Deep nesting stops at the element limit of depth, positioned.
    let deep = String(repeating: "<view>", count: 5000)
    #expect(Self.failure(deep)?.contains("nested too deeply: at most 250 levels") == true)
    // Many elements: stopped at the bound, positioned.
    let many = "<document>\n" + String(repeating: "<a/>", count: IBDocument.maxElements + 10) + "</document>"
    #expect(Self.failure(many)?.hasPrefix("2:") == true)
    #expect(Self.failure(many)?.contains("too many elements") == true)
    // Larger than a scene file may be.
    let big = [UInt8](repeating: 0x20, count: IBDocument.maxBytes + 1)
    do {
      _ = try StoryboardImporter.importDocument(big, file: "big.xib")
      Issue.record("a file beyond the size limit was read")
    } catch {
      #expect(error.diagnostics.first?.message.contains("too large") == true)
    }
  }

  /// More than 10 MB (libxml2's limit on one piece of input) is read: the parser takes the file as a stream.
  @Test func aFileOfMoreThanTenMegabytesIsRead() throws {
    let filler = String(
      repeating: #"<userDefinedRuntimeAttribute type="string" keyPath="accessibilityHint" value="a hint to pad"/>"#
        + "\n", count: 110_000)
    let text = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects>
      <view id="a"><rect key="frame" x="0" y="0" width="300" height="200"/>
      <userDefinedRuntimeAttributes>
      \(filler)</userDefinedRuntimeAttributes>
      <subviews><button id="b"><rect key="frame" x="10" y="10" width="80" height="40"/></button></subviews>
      </view></objects></document>
      """
    #expect(text.utf8.count > 10_000_000)
    let r = try StoryboardImporter.importDocument(Array(text.utf8), file: "big.xib")
    #expect(r.scenes.first?.scene.root.subviews.map(\.kind) == [.button])
  }

  @Test func numbersOutOfRangeAreErrors() {
    let text = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects>
      <view id="a"><rect key="frame" x="0" y="0" width="1e9" height="10"/></view>
      </objects></document>
      """
    #expect(Self.failure(text)?.contains("width=\"1e9\" is not a number within ±1,000,000") == true)
  }
}
