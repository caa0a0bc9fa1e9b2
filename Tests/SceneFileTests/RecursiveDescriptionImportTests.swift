import Foundation
import Geometry
import Testing
import TouchSim

@testable import DeviceBridge
@testable import SceneFile

/// `touchscope import recursive-description`: LLDB's view hierarchy text to a scene .
@Suite struct RecursiveDescriptionImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/RecursiveDescription")

  static let samples = [
    "plain.txt", "table.txt", "nested-scroll.txt", "swift-classes.txt", "transformed.txt", "gestures.txt",
    "real-shapes/ios13-navbar.txt", "real-shapes/ios9-alert-cut.txt", "real-shapes/ios26-layer-lines.txt",
    "real-shapes/ios17-two-dumps.txt", "real-shapes/ios9-wrapped.txt",
  ]

  static func imported(_ name: String) throws -> ImportedScene {
    let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
    return try RecursiveDescriptionImporter.importDescription(Array(data), file: name)
  }

  static func importText(_ text: String) throws(SceneFileError) -> ImportedScene {
    try RecursiveDescriptionImporter.importDescription(Array(text.utf8), file: "in.txt")
  }

  /// The first diagnostic of a failed import, as `LINE:COLUMN: MESSAGE`.
  static func failure(_ bytes: [UInt8]) -> String? {
    do {
      _ = try RecursiveDescriptionImporter.importDescription(bytes, file: "in.txt")
      return nil
    } catch {
      return error.diagnostics.first.map { "\($0.line):\($0.column): \($0.message)" }
    }
  }

  static func view(_ scene: Scene, _ id: String) -> ViewSpec? { scene.allViews.first { $0.id == id } }

  /// A view's subviews as `id:kind`.
  static func children(_ v: ViewSpec?) -> [String] { (v?.subviews ?? []).map { "\($0.id):\($0.kind.rawValue)" } }

  @Test(arguments: samples) func everySampleLoadsAsWritten(_ name: String) throws {
    let result = try Self.imported(name)
    let loaded = try SceneLoader.read(result.yaml, file: "out.yaml")
    #expect(loaded.scene == result.scene)
    #expect(result.yaml.hasPrefix("format: touchscope/1\n"))
    // Every view's line keeps its class and address.
    for v in result.scene.allViews {
      #expect(result.yaml.contains(Regex<Substring>(verbatim: "id: \(v.id)  # ")), "\(v.id)")
    }
    // Warnings are positioned in the input.
    for w in result.warnings {
      #expect(w.file == name && w.line >= 1 && w.column >= 1 && w.severity == .warning)
    }
  }

  @Test func plainHierarchy() throws {
    let r = try Self.imported("plain.txt")
    let s = r.scene
    #expect(s.window == Size(390, 844))
    #expect(s.root.id == "view1" && s.root.color == "#FFFFFF")
    #expect(
      Self.children(s.root) == [
        "label1:label", "button1:button", "switch1:switch", "slider1:slider", "view2:view", "view3:view",
        "textField1:control",
      ])
    let label = try #require(Self.view(s, "label1"))
    #expect(label.text == "Settings" && !label.userInteractionEnabled)
    #expect(label.frame == Rect(20, 64, 350, 33.666666666666664))
    // The button's title comes from its private UIButtonLabel, which is left out.
    let button = try #require(Self.view(s, "button1"))
    #expect(button.text == "Save" && button.subviews.isEmpty && button.color == "#34C759")
    // A switch's and a slider's parts are the control itself.
    #expect(Self.view(s, "switch1")?.subviews.isEmpty == true && Self.view(s, "slider1")?.subviews.isEmpty == true)
    #expect(Self.view(s, "view2")?.hidden == true)
    let faded = try #require(Self.view(s, "view3"))
    #expect(faded.alpha == 0.5 && faded.clipsToBounds && !faded.userInteractionEnabled)
    #expect(Self.children(faded) == ["imageView1:imageView"])
    #expect(Self.view(s, "imageView1")?.frame == Rect(-10, -10, 370, 140))
    #expect(Self.view(s, "textField1")?.subviews.isEmpty == true)
    #expect(r.yaml.contains("id: button1  # UIButton 0x7fb1c2d09220"))
    // One warning for what was left out, at the first line left out; one for the text field's recognizers.
    let left = try #require(r.warnings.first { $0.message.contains("left out 4 views that are private") })
    #expect(left.line == 5 && left.column == 11)
    #expect(left.message.contains("UIButtonLabel ×1") && left.message.contains("and the 2 views inside them"))
    #expect(r.warnings.contains { $0.line == 15 && $0.message.contains("textField1 has gesture recognizers") })
    #expect(r.warnings.count == 2)
  }

  @Test func tableViewWithCellsAndSeparators() throws {
    let r = try Self.imported("table.txt")
    let s = r.scene
    #expect(s.root.kind == .scroll && s.root.id == "tableView1")
    #expect(s.root.bounds == Rect(0, 120, 390, 844) && s.root.scroll?.contentSize == Size(390, 1320))
    // Separators and scroll indicators go; the wrapper stays because cells are inside it.
    #expect(Self.children(s.root) == ["tableViewCell1:view", "tableViewCell2:view", "tableViewWrapperView1:view"])
    let cell = try #require(Self.view(s, "tableViewCell1"))
    #expect(cell.frame == Rect(0, 120, 390, 44) && cell.text == "Inbox")
    #expect(Self.children(cell) == ["tableViewCellContentView1:view"])
    #expect(Self.children(cell.subviews.first) == ["listContentView1:view"])
    #expect(Self.view(s, "tableViewCellContentView2")?.subviews.map(\.kind) == [.switch])
    #expect(Self.children(Self.view(s, "tableViewWrapperView1")) == ["tableViewCell3:view"])
    let messages = r.warnings.map { "\($0.line):\($0.column): \($0.message)" }
    #expect(messages.contains { $0.hasPrefix("1:") && $0.contains("content insets are not modelled") })
    #expect(
      messages.contains {
        $0.hasPrefix("6:11: ") && $0.contains("left out 4 views that are private")
          && $0.contains("_UITableViewCellSeparatorView ×2, _UIScrollViewScrollIndicator ×2")
          && $0.contains("the 2 views inside them")
      })
    #expect(messages.contains { $0.hasPrefix("3:") && $0.contains("tableViewCellContentView1 has gesture") })
    #expect(!messages.contains { $0.contains("tableView1 has gesture") })
  }

  @Test func nestedScrollViews() throws {
    let r = try Self.imported("nested-scroll.txt")
    let s = r.scene
    #expect(s.root.id == "window1" && s.window == Size(390, 844))
    let outer = try #require(Self.view(s, "scrollView1"))
    #expect(outer.kind == .scroll && outer.bounds.origin == Point(0, 300))
    #expect(outer.scroll?.contentSize == Size(390, 2000))
    #expect(Self.children(outer) == ["collectionView1:scroll", "textView1:scroll", "button1:button"])
    let strip = try #require(Self.view(s, "collectionView1"))
    #expect(strip.frame == Rect(0, 400, 390, 220) && strip.bounds.origin == Point(175.5, 0))
    #expect(strip.scroll?.contentSize == Size(1620, 220) && strip.color == "#F2F2F7")
    #expect(Self.children(strip) == ["collectionViewCell1:view", "collectionViewCell2:view"])
    let text = try #require(Self.view(s, "textView1"))
    #expect(text.text == "Terms and conditions apply; see below." && text.subviews.isEmpty)
    #expect(text.scroll?.contentSize == Size(358, 480))
    #expect(Self.view(s, "button1")?.text == "Submit")
    // The scroll views' own recognizers are the scroll kind's; the cells' views and the window are warned of.
    let named = r.allWarnings.filter { $0.message.contains("has gesture recognizers") }.map(\.line)
    #expect(named == [1, 7, 10])
  }

  @Test func customSwiftClasses() throws {
    let r = try Self.imported("swift-classes.txt")
    let s = r.scene
    #expect(s.window == Size(393, 852))
    #expect(s.root.id == "productView1")
    #expect(Self.children(s.root) == ["cardView1:view", "cardView2:view", "starsPageControl1:pageControl"])
    let card = try #require(Self.view(s, "cardView1"))
    #expect(
      Self.children(card) == [
        "priceTagView1:view", "buyButton1:button", "ratingControl1:control", "headerView1:view",
      ])
    #expect(Self.view(s, "buyButton1")?.text == "Buy now")
    #expect(Self.view(s, "buyButton1")?.subviews.isEmpty == true)
    #expect(Self.view(s, "cardView2")?.hidden == true)
    #expect(Self.view(s, "starsPageControl1")?.subviews.isEmpty == true)
    #expect(r.yaml.contains("id: headerView1  # _TtCC4Shop14ProductDetails10HeaderView 0x7fa3b8c0d800"))
    #expect(r.yaml.contains("id: priceTagView1  # Shop.PriceTagView 0x7fa3b8c0c400"))
  }

  @Test func classNames() {
    #expect(ClassNames.demangled("_TtC5MyApp8CardView") == "CardView")
    #expect(ClassNames.demangled("_TtCC5MyApp5Outer5Inner") == "Inner")
    #expect(ClassNames.demangled("MyApp.CardView") == "CardView")
    #expect(ClassNames.demangled("_TtC5MyApp99Broken") == "_TtC5MyApp99Broken")
    #expect(ClassNames.idBase("UIButton") == "button")
    #expect(ClassNames.idBase("URLPreviewView") == "urlPreviewView")
    #expect(ClassNames.idBase("_UITableViewCellSeparatorView") == "tableViewCellSeparatorView")
    #expect(ClassNames.idBase("Ünïcode") == "ncode")
    #expect(ClassNames.idBase("日本") == "view")
    #expect(ClassNames.idBase("3DView") == "v3DView")
    var ids = IdMaker()
    #expect(
      [ids.make("cardView1"), ids.make("cardView"), ids.make("cardView")] == ["cardView11", "cardView1", "cardView2"])
  }

  @Test func rotatedAndScaledLayers() throws {
    let r = try Self.imported("transformed.txt")
    let s = r.scene
    let views = s.root.subviews
    #expect(views.count == 5)
    // 45° with an equal scale: the frame cannot tell the size; a square is assumed, with a warning.
    #expect(views[0].transform == TransformSpec(rotation: 45) && views[0].bounds.size == Size(100, 100))
    #expect(views[0].center == Point(145, 195))
    // Bounds printed: they win.
    #expect(views[1].transform.rotation == 45 && views[1].bounds == Rect(0, 0, 120, 20))
    #expect(views[1].center == Point(170, 390))
    // A scale of 2: the size is half the frame's.
    #expect(views[2].transform == TransformSpec(scale: Point(2, 2)) && views[2].bounds.size == Size(100, 50))
    #expect(views[2].center == Point(195, 530))
    #expect(views[2].subviews.first?.frame == Rect(10, 10, 80, 20))
    // 30° and a translation: the size is found by inverting the rotation.
    #expect(views[3].kind == .button && views[3].transform.rotation == 30)
    #expect(views[3].transform.translation == Point(40, 0) && views[3].center == Point(200, 650))
    #expect(abs(views[3].bounds.width - 120) < 1e-6 && abs(views[3].bounds.height - 40) < 1e-6)
    // The transformed frame is the one printed.
    for v in views.prefix(4) where v.id != "view3" {
      let f = v.frame
      #expect(f.size.width > 0 && f.size.height > 0)
    }
    #expect(abs(views[3].frame.minX - 178.03847577293368) < 1e-4)
    // A skew: only scale and rotation kept.
    #expect(views[4].transform.isIdentity && views[4].bounds.size == Size(95, 50))
    let messages = r.allWarnings.map { "\($0.line):\($0.column): \($0.message)" }
    #expect(messages.contains { $0.hasPrefix("2:") && $0.contains("taken as a square 100 × 100") })
    #expect(messages.contains { $0.hasPrefix("7:") && $0.contains("skewed") })
    #expect(messages.count == 2)
    #expect(r.yaml.contains("transform: { rotation: 45 }"))
  }

  @Test func gestureRecognizersSection() throws {
    let r = try Self.imported("gestures.txt")
    let s = r.scene
    func kinds(_ id: String) -> [String] {
      (Self.view(s, id)?.recognizers ?? []).map { "\($0.id):\($0.kind.rawValue)" }
    }
    #expect(kinds("view1") == ["screenEdgePan1:screenEdgePan"])
    #expect(kinds("cardView1") == ["tap1:tap", "longPress1:longPress"])
    let card = try #require(Self.view(s, "cardView1"))
    #expect(card.recognizers[0].numberOfTapsRequired == 2 && card.recognizers[1].minimumPressDuration == 0.8)
    #expect(kinds("imageView1") == ["pinch1:pinch", "rotation1:rotation", "pan1:pan"])
    let pan = try #require(Self.view(s, "imageView1")?.recognizers.last)
    #expect(pan.maximumNumberOfTouches == 2 && !pan.delaysTouchesEnded)
    #expect(kinds("view2") == ["swipe1:swipe"])
    #expect(Self.view(s, "view2")?.recognizers.first?.direction == [.left, .up])
    let messages = r.allWarnings.map { "\($0.line):\($0.column): \($0.message)" }
    #expect(
      messages.contains { $0.hasPrefix("11:") && $0.contains("_UISystemGestureGateGestureRecognizer is not one") })
    #expect(messages.contains { $0.hasPrefix("21:") && $0.contains("Notes.DoubleDragRecognizer is not one") })
    #expect(messages.contains { $0.hasPrefix("21:") && $0.contains("0x7f8c5e999999, which is not in the tree") })
    // LLDB's own lines (`▿ Optional<…>`) are noted, not refused.
    #expect(messages.contains { $0.hasPrefix("8:1: ") && $0.contains("neither a view nor a gesture recognizer") })
    #expect(!messages.contains { $0.contains("has gesture recognizers") })
    #expect(r.yaml.contains("- { id: tap1, kind: tap, numberOfTapsRequired: 2 }") || r.yaml.contains("id: tap1"))
  }

  @Test func schemaLineWhenGiven() throws {
    let r = try RecursiveDescriptionImporter.importDescription(
      Array("<UIView: 0x1; frame = (0 0; 320 480)>".utf8), file: "x.txt", schema: "../docs/scene.schema.json")
    #expect(r.yaml.hasPrefix("# yaml-language-server: $schema=../docs/scene.schema.json\nformat: touchscope/1\n"))
    #expect(r.scene.window == Size(320, 480))
    let plain = try Self.importText("<UIView: 0x1; frame = (0 20; 320 460)>")
    #expect(plain.yaml.hasPrefix("format: touchscope/1\n") && plain.scene.window == Size(320, 480))
  }

  // MARK: Hostile input

  @Test func emptyInput() {
    #expect(Self.failure([])?.hasPrefix("1:1: no view found") == true)
    #expect(Self.failure(Array("\n\n   \n(lldb) po x\n".utf8))?.hasPrefix("1:1: no view found") == true)
  }

  /// The two dumps people print instead, which hold no frames, are named with what to print instead:
  /// `_autolayoutTrace` and the view controllers' `_printHierarchy` (with and without addresses).
  @Test func lookAlikeDumpsAreNamed() {
    let trace = """
      (lldb) e -l objc -O -- [[UIWindow keyWindow] _autolayoutTrace]

      UIWindow:0x7fd0c8c0a6e0
      |   •UIView:0x7fd0c8e0d4c0
      |   |   *UILabel:0x7fd0c8e0e5d0'Hello'

      Legend:
      	* - is laid out with auto layout
      """
    let t = Self.failure(Array(trace.utf8))
    #expect(t?.hasPrefix("3:1: this is the output of `_autolayoutTrace`, which has no frames") == true, "\(t ?? "")")
    #expect(t?.contains("recursiveDescription()") == true)
    let hierarchy = """
      (lldb) po [[[UIWindow keyWindow] rootViewController] _printHierarchy]
      <ShopTabController 0x10a81c400>, state: appeared, view: <UILayoutContainerView 0x10a61d2e0>
         | <CatalogViewController 0x10a70b9d0>, state: appeared, view: <UIView 0x10a71c0f0>
      """
    let h = Self.failure(Array(hierarchy.utf8))
    #expect(h?.hasPrefix("2:1: this is the view controllers' hierarchy (`_printHierarchy`)") == true, "\(h ?? "")")
    let bare = Self.failure(Array("   | <UINavigationController>, state: appeared, view: <UILayoutContainerView>".utf8))
    #expect(bare?.hasPrefix("1:6: this is the view controllers' hierarchy") == true, "\(bare ?? "")")
    // A real dump that mentions either is imported as before.
    #expect(Self.failure(Array("<UIView: 0x1; frame = (0 0; 320 480)>\nUIWindow:0x7fd0c8c0a6e0".utf8)) == nil)
  }

  @Test func binaryInput() {
    #expect(Self.failure([0x3C, 0x55, 0x00, 0x01])?.hasPrefix("1:3: a control character") == true)
    #expect(
      Self.failure(Array("<UIView: 0x1; frame = (0 0; 1 1)>\n   | <UI".utf8) + [0xFF, 0xFE])
        == "2:9: the file is not UTF-8 text")
    var random = SplitMix(seed: 17)
    for _ in 0..<200 {
      let bytes = (0..<Int.random(in: 0..<300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
      _ = Self.failure(bytes)
    }
  }

  /// The first warning of importing `text`, as `LINE:COLUMN: MESSAGE` (every warning, not grouped), and the
  /// ids of the views imported.
  static func leftOut(_ text: String) throws -> (warnings: [String], ids: [String]) {
    let r = try importText(text)
    return (r.allWarnings.map { "\($0.line):\($0.column): \($0.message)" }, r.scene.allViews.map(\.id))
  }

  /// A line cut short or unreadable is left out with a positioned warning, and the rest imports.
  @Test func cutAndUnreadableLinesAreLeftOut() throws {
    let head = "<UIView: 0x7fb1c2d05a40; frame = (0 0; 390 844)>\n"
    let cases: [(String, String)] = [
      (
        "   | <UIView: 0x7fb1c2d0; frame = (0 0; 3", "2:42: a view line cut short (the line ends before the closing '>'"
      ),
      ("   | <UILabel", "2:14: a view line cut short (the line ends after the class name 'UILabel'"),
      ("   | <UILabel: ; frame = (0 0; 1 1)>", "2:16: a view line that cannot be read (expected the object's address"),
      ("   | <UILabel: 0x1; text = 'abc", "2:32: a view line cut short"),
    ]
    for (line, expected) in cases {
      let r = try Self.leftOut(head + line)
      #expect(r.ids == ["view1"], "\(line)")
      #expect(r.warnings.contains { $0.hasPrefix(expected) }, "\(r.warnings)")
    }
    // A line with fields but no address (trimmed by hand) is a view all the same.
    #expect(try Self.leftOut(head + "   | <UILabel: frame = (0 0; 1 1)>").ids == ["view1", "label1"])
    // Missing or unreadable values take UIKit's default, with a warning at the value.
    let noFrame = try Self.leftOut(head + "   | <UILabel: 0x1; text = 'a'>")
    #expect(noFrame.ids == ["view1", "label1"])
    #expect(noFrame.warnings.contains { $0.hasPrefix("2:6: UILabel has no 'frame = (x y; w h)': UIKit's default") })
    let wide = try Self.leftOut(head + "   | <UIView: 0x1; frame = (0 0; wide 1)>")
    #expect(wide.warnings.contains { $0.hasPrefix("2:28: expected a rectangle") && $0.hasSuffix("(0 0; 0 0) used") })
    let text = try Self.leftOut(head + "   |   hello")
    #expect(text.warnings.contains { $0.hasPrefix("2:1: neither a view nor a gesture recognizer") })
    // A recognizer cut short is left out too.
    let cutRecognizer = try Self.leftOut(
      head + "<UITapGestureRecognizer: 0x9; state = Possible; view = <UIView 0x7f")
    #expect(
      cutRecognizer.warnings.contains { $0.hasPrefix("2:") && $0.contains("a gesture recognizer that cannot be read") })
    // A view line cut short takes the lines indented under it along, not its siblings.
    let subtree = try Self.leftOut(
      head + "   | <UIView: 0x2; frame = (0 0; 10 10); gestureRecogni\n   |    | <UIButton: 0x3; frame = (0 0; 1 1)>\n"
        + "   | <UILabel: 0x4; frame = (0 0; 1 1)>")
    #expect(subtree.ids == ["view1", "label1"])
    // A class name of 900 letters is shortened in what is said.
    let name = String(repeating: "A", count: 900)
    let long = try Self.leftOut(head + "   | <\(name): 0x1; frame = (0 0; 1 1)")
    #expect(long.warnings.count == 1 && long.warnings.allSatisfy { $0.count < 300 && $0.contains("AAA…") })
    // A file whose only view line cannot be read is refused at that line.
    #expect(
      Self.failure(Array("<UIView: 0x1; frame = (0 0; 3".utf8))?.hasPrefix("1:30: no readable view: the line ends")
        == true)
  }

  @Test func hugeNumbers() throws {
    let line = "<UIView: 0x1; frame = (0 0; 390 844)>\n   | <UIView: 0x2; frame = (1e308 0; 10 10)>"
    #expect(
      try Self.leftOut(line).warnings.contains {
        $0.hasPrefix("2:29: a number out of range (scenes take numbers within ±1,000,000)")
      })
    #expect(
      try Self.leftOut("<UIView: 0x1; frame = (0 0; 390 844)>\n   | <UIView: 0x2; frame = (0 0; inf 10)>").warnings
        .contains { $0.hasPrefix("2:28: expected a rectangle") })
    #expect(
      Self.failure(Array("<UIView: 0x1; frame = (0 0; 200000 844)>".utf8))?
        .hasPrefix("1:23: the outermost view is larger than a window") == true)
    let long =
      "<UIView: 0x1; frame = (0 0; 390 844)>\n   | <UIView: 0x2; frame = (0 0; "
      + String(repeating: "9", count: 5000) + " 10)>"
    #expect(try Self.leftOut(long).warnings.contains { $0.hasPrefix("2:28: expected a rectangle") })
    let scroll = "<UIScrollView: 0x1; frame = (0 0; 390 844); contentSize: {390, 9e9}>"
    let r = try Self.importText(scroll)
    #expect(r.allWarnings.contains { $0.line == 1 && $0.column == 64 && $0.message.hasPrefix("a number out of range") })
    #expect(r.scene.root.scroll?.contentSize == Size(390, 844))
  }

  @Test func deepIndentation() throws {
    var text = ""
    for depth in 0..<300 {
      text += String(repeating: "   | ", count: depth) + "<UIView: 0x\(depth + 1); frame = (0 0; 10 10)>\n"
    }
    // Deeper than a scene may be: left out, with a warning at the first line too deep.
    let deep = try Self.importText(text)
    #expect(deep.scene.allViews.count == 200)
    #expect(deep.warnings.contains { $0.line == 201 && $0.column == 1001 && $0.message.hasPrefix("nested deeper") })
    // 199 levels load.
    let shallow = text.split(separator: "\n").prefix(200).joined(separator: "\n")
    let r = try Self.importText(shallow)
    #expect(r.scene.allViews.count == 200)
    // A level skipped: taken as a subview of the view above, with a warning.
    let jump = try Self.importText("<UIView: 0x1; frame = (0 0; 1 1)>\n   |    | <UIView: 0x2; frame = (0 0; 1 1)>")
    #expect(jump.scene.root.subviews.map(\.id) == ["view2"])
    #expect(jump.warnings.contains { $0.line == 2 && $0.column == 11 && $0.message.hasPrefix("indented 2 levels") })
  }

  @Test func outputPastedFromItsMiddle() throws {
    let text = """
         |    | <UIView: 0x1; frame = (0 0; 200 100)>
         |    |    | <UILabel: 0x2; frame = (0 0; 100 20); text = 'Hi'; userInteractionEnabled = NO>
      """
    let r = try Self.importText(text)
    #expect(Self.children(r.scene.root) == ["label1:label"])
    #expect(r.warnings.map(\.line) == [1] && r.warnings[0].message.contains("first view is indented"))
    // A view as far out as the first begins another dump, left out.
    let two = try Self.importText(text + "\n   |    | <UIView: 0x3; frame = (0 100; 200 100)>")
    #expect(two.scene.allViews.map(\.id) == ["view1", "label1"])
    #expect(two.warnings.contains { $0.line == 3 && $0.message.contains("the file holds 2 view hierarchies") })
  }

  @Test func quadraticInputIsRefusedFast() {
    let head = Array("<UIView: 0x1; frame = (0 0; 1 1)>\n".utf8)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      _ = Self.failure(head + [UInt8](repeating: UInt8(ascii: "<"), count: 1_000_000))
      _ = Self.failure(head + Array("x ".utf8) + [UInt8](repeating: UInt8(ascii: "<"), count: 1_000_000))
    }
    #expect(elapsed < .seconds(20))
  }

  /// Every sample cut short, with a byte dropped or changed: a scene that loads or positioned errors,
  /// never a trap and never a scene the importer itself cannot read back.
  @Test(arguments: samples) func mutatedSamples(_ name: String) throws {
    let original = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    var random = SplitMix(seed: UInt64(name.utf8.count) &* 7919)
    let alphabet = Array("<>;:=|'{}()[], 0x-.9eYESNO\n".utf8)
    for round in 0..<150 {
      var bytes = original
      let at = Int.random(in: 0..<bytes.count, using: &random)
      switch round % 3 {
      case 0: bytes.removeSubrange(at...)
      case 1: bytes.remove(at: at)
      default: bytes[at] = alphabet.randomElement(using: &random)!
      }
      if let d = Self.mutationProblem(bytes, name) {
        #expect(d.line >= 1 && d.column >= 1 && !d.message.contains("internal error"), "\(d)")
      }
    }
  }

  /// The first diagnostic of importing `bytes`, or nil when it imports and the scene loads.
  static func mutationProblem(_ bytes: [UInt8], _ name: String) -> Diagnostic? {
    let r: ImportedScene
    do {
      r = try RecursiveDescriptionImporter.importDescription(bytes, file: name)
    } catch {
      return error.diagnostics.first ?? Diagnostic(file: name, line: 0, column: 0, message: "no diagnostic")
    }
    do {
      _ = try SceneLoader.read(r.yaml, file: "out.yaml")
    } catch {
      return Diagnostic(file: name, line: 0, column: 0, message: "does not load: \(error)")
    }
    return nil
  }

  @Test func nestedBracketsAndQuotes() throws {
    let text = """
      <UIView: 0x1; frame = (0 0; 390 844); animations = { position=<CABasicAnimation: 0x6; keyPath = x>; }; layer = <CALayer: 0x2>>
         | <UILabel: 0x3; frame = (0 0; 100 20); text = 'a > b; it's "fine"'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x4>>
      """
    let r = try Self.importText(text)
    #expect(r.scene.root.subviews.first?.text == "a > b; it's \"fine\"")
    _ = try SceneLoader.read(r.yaml, file: "out.yaml")
    // Brackets nested past reason are refused, not recursed into.
    let deep = "<UIView: 0x1; frame = (0 0; 1 1); x = " + String(repeating: "{", count: 5000) + ">"
    #expect(Self.failure(Array(deep.utf8))?.contains("nested too deeply") == true)
  }
}

/// Hostile text in an LLDB dump: every character that ends a line for YAML (NEL, U+2028, U+2029) and
/// every C0 and C1 control character, in each field the importer writes out, is data in the scene.
@Suite struct RecursiveDescriptionHostileTextTests {
  static let characters: [UInt32] =
    Array(0x00...0x09) + Array(0x0B...0x1F) + [0x7F] + Array(0x80...0x9F) + [0x2028, 0x2029, 0xFEFF]

  @Test(arguments: characters) func aSeparatorOrControlCharacterStaysData(_ value: UInt32) throws {
    let c = String(Unicode.Scalar(value)!)
    // Each field tries to end the id line's comment (or its scalar) and add `hidden: true` to the view.
    let breakout = "\(c)      hidden: true\(c)      #"
    let text = "Hi\(c)    hidden: true\(c)"
    let input = [
      "<UIView: 0x1000; frame = (0 0; 390 844)>",
      "   | <X<\(breakout)>: 0x2000; frame = (0 0; 10 10)>",
      "   | <UILabel: 0x3000; frame = (0 20; 10 10); text = '\(text)'>",
      "   | <My\(c)Button: 0x4000; frame = (0 40; 10 10); baseClass = UI\(c)Button>",
      "   | <Card\(c)View: 0x5000; frame = (0 60; 10 10)>",
    ].joined(separator: "\n")
    let result: ImportedScene
    do {
      result = try RecursiveDescriptionImporter.importDescription(Array(input.utf8), file: "in\(c).txt")
    } catch {
      // The importer refuses C0 controls and DEL as not LLDB's text, with the line and column.
      #expect(value < 0x20 || value == 0x7F, "U+\(String(value, radix: 16)): \(error.diagnostics)")
      let d = try #require(error.diagnostics.first)
      #expect(d.line == 2 && d.column == 9 && d.message.hasPrefix("a control character"), "\(d)")
      return
    }
    #expect(value >= 0x80 || value == 0x09, "a C0 control character other than a tab is refused")
    // The output is one line per line: no character YAML takes as a line break, no control character.
    for u in result.yaml.unicodeScalars where u != "\n" {
      #expect(YAMLEmitter.isPrintable(u), "U+\(String(u.value, radix: 16)) written as itself")
    }
    let loaded = try SceneLoader.read(result.yaml, file: "out.yaml").scene
    #expect(loaded == result.scene)
    let views = loaded.allViews
    #expect(views.map(\.id) == ["view1", "x1", "label1", "myButton1", "cardView1"], "\(views.map(\.id))")
    #expect(views.allSatisfy { !$0.hidden })
    #expect(views.first { $0.kind == .label }?.text == text)
    #expect(views.first { $0.id == "myButton1" }?.kind == .view)
    // Every kept view's class stands in its comment, escaped.
    let escaped = value <= 0xFF ? "\\x" + String(format: "%02X", value) : "\\u" + String(format: "%04X", value)
    #expect(result.yaml.contains("id: x1  # X<\(escaped)      hidden: true\(escaped)      #> 0x2000\n"))
  }
}
