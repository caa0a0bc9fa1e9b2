import Foundation
import Geometry
import Testing
import TouchSim

@testable import DeviceBridge
@testable import SceneFile

/// `touchscope import recursive-description` on dumps in the shapes people paste them in: LLDB `po`, `expr`
/// and `(id) $N`, NSLog and Xcode console headers, cycript, Frida, chisel, comments and backticks, CRLF,
/// wrapped and cut lines, two dumps in one file, iOS 6 to iOS 26 (samples written for these tests).
@Suite struct RecursiveDescriptionRealShapesTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/RecursiveDescription/real-shapes")

  /// Each sample and the class and address of its outermost view.
  static let roots: [String: String] = [
    "bars-no-spaces.txt": "UIView 0x78f91e30",
    "crlf-windows.txt": "UIView 0x7ffa4bd0a3b0",
    "ios10-backtick.txt": "UIView 0x7fe5c8e0a650",
    "ios10-comment.txt": "UIView 0x7f9a2dc06d10",
    "ios11-swipe-actions.txt": "UITableView 0x7f8b6b82a400",
    "ios12-expr-objc.txt": "UIWindow 0x7fc39cd09470",
    "ios13-navbar.txt": "UILayoutContainerView 0x7fb0e3e0a2c0",
    "ios13-textview.txt": "UIView 0x7fd1c7c0a5e0",
    "ios14-swiftui-mangled.txt": "UIWindow 0x7f86d6c0b5a0",
    "ios15-pageview.txt": "_UIPageViewControllerContentView 0x7fd9a2c0b6a0",
    "ios15-swiftui-module.txt": "0x7fa1e8c0c200",
    "ios16-po-swift-any.txt": "UIWindow 0x12c80a2f0",
    "ios16-xcode-console.txt": "UIView 0x13fe0b8f0",
    "ios17-chisel-pviews.txt": "UIWindow 0x105f0a4c0",
    "ios17-settings-screen.txt": "UIWindow 0x104e0a1b0",
    "ios17-two-dumps.txt": "UIView 0x10380a2e0",
    "ios18-alpha-nan.txt": "UIView 0x1049084d0",
    "ios18-tabbar.txt": "UITabBar 0x10d60a1c0",
    "ios26-layer-lines.txt": "UIView 0x103b0c2a0",
    "ios26-swiftui-tabview.txt": "UIWindow 0x10a50c1d0",
    "ios6-expr-id.txt": "UITableView 0x8126e00",
    "ios6-lldb-po.txt": "UIView 0x1d8b2c40",
    "ios7-nslog-tabbar.txt": "UIWindow 0x15d4a2c0",
    "ios8-cell-delete.txt": "UITableView 0x7fb4c3822a00",
    "ios8-cycript-one-line.txt": "UIWindow 0x16d2b0a0",
    "ios8-cycript.txt": "UIWindow 0x17e7a230",
    "ios9-alert-cut.txt": "UIWindow 0x7a0c3e50",
    "ios9-frida.txt": "UIWindow 0x13dd06b80",
    "ios9-wrapped.txt": "UIView 0x7fc1b2d1a5e0",
    "ios3-blank-indent.txt": "UIView 0x52a1f30",
    "ios6-flattened-one-line.txt": "UIView 0x7b43a10",
    "ios11-multiline-text.txt": "UIView 0x10b8a1c20",
    "ios6-vc-annotation.txt": "UILayoutContainerView 0x1d548f30",
    "ios13-echo-then-dump.txt": "UITransitionView 0x10a1f2c40",
    "ios7-object-without-frame.txt": "UILayoutContainerView 0xa8c3e80",
    "ios12-hex-escape.txt": "UIView 0x107e61230",
    "ios5-elided-lines.txt": "UIView 0x7a31c50",
    "ios4-no-address.txt": "UIPeripheralHostView",
  ]

  static var samples: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".txt") }.sorted() ?? []
  }

  static func imported(_ name: String, dump: Int? = nil) throws -> ImportedScene {
    let data = try Data(contentsOf: folder.appendingPathComponent(name))
    return try RecursiveDescriptionImporter.importDescription(Array(data), file: name, dump: dump)
  }

  static func view(_ r: ImportedScene, _ id: String) -> ViewSpec? { r.scene.allViews.first { $0.id == id } }

  @Test func thereAreSamplesOfEveryShape() {
    #expect(Self.samples.count >= 25)
    #expect(Set(Self.samples) == Set(Self.roots.keys), "each sample names its outermost view here")
  }

  /// Every sample imports to a scene that loads as written (what `touchscope check` reads) and whose root
  /// is the sample's outermost view; warnings are positioned in the sample.
  @Test(arguments: samples) func everySampleImportsWithItsRoot(_ name: String) throws {
    let r = try Self.imported(name)
    let loaded = try SceneLoader.read(r.yaml, file: "out.yaml")
    #expect(loaded.scene == r.scene)
    let rootLine = try #require(r.yaml.split(separator: "\n").first { $0.hasPrefix("  id: ") })
    #expect(rootLine.hasSuffix(Self.roots[name] ?? "?"), "\(rootLine)")
    let lines = try Data(contentsOf: Self.folder.appendingPathComponent(name)).filter { $0 == 0x0A }.count + 1
    for w in r.allWarnings {
      #expect(w.line >= 1 && w.line <= lines && w.column >= 1 && w.severity == .warning, "\(w)")
    }
    // Ids are short, whatever the class name.
    for v in r.scene.allViews { #expect(v.id.count <= 42, "\(v.id)") }
    // One line per kind of warning.
    #expect(r.warnings.count <= r.allWarnings.count)
  }

  /// Samples whose outermost view has no address to find it by, or no closing `>` to cut after.
  static let cutTestSkips: Set<String> = ["ios4-no-address.txt", "ios5-elided-lines.txt"]

  /// Cut anywhere after its outermost view's element, every sample still imports, with the same root: the
  /// text a person copies ends where it ends.
  @Test(arguments: samples.filter { !cutTestSkips.contains($0) }) func cutAnywhereTheRootStays(_ name: String) throws {
    let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    let root = Self.roots[name] ?? "?"
    let s = Array(text.unicodeScalars)
    // Where the root's element ends in the whole text.
    let address = String(root.split(separator: " ").last ?? "")
    let at = try #require(text.unicodeScalars.firstRange(of: (": " + address).unicodeScalars))
    var start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: at.lowerBound)
    // Back to the line's start, then to its first element.
    while start > 0, s[start - 1] != "\n" { start -= 1 }
    while !(s[start] == "<" && s[start + 1].properties.isAlphabetic) { start += 1 }
    let rootEnd = try DescriptionLineReader.element(s, from: start, line: 1).end
    var random = SplitMix(seed: UInt64(name.utf8.count) &* 104_729)
    let cuts = (0..<12).map { _ in Int.random(in: rootEnd...s.count, using: &random) }
    for cut in Set(cuts).sorted() {
      let piece = String(String.UnicodeScalarView(s[..<cut]))
      let r = try RecursiveDescriptionImporter.importDescription(Array(piece.utf8), file: name)
      let rootLine = try #require(r.yaml.split(separator: "\n").first { $0.hasPrefix("  id: ") })
      #expect(rootLine.hasSuffix(root), "\(name) cut at \(cut): \(rootLine)")
      _ = try SceneLoader.read(r.yaml, file: "out.yaml")
    }
  }

  // MARK: Older and messier shapes

  /// The parents of each view, by id: "child<parent".
  static func tree(_ r: ImportedScene) -> [String] {
    var out: [String] = []
    func walk(_ v: ViewSpec) {
      for c in v.subviews {
        out.append("\(c.id)<\(v.id)")
        walk(c)
      }
    }
    walk(r.scene.root)
    return out
  }

  /// iPhone OS 3 indented by blanks alone (no bars): the blanks give the depth, not one dump per line.
  @Test func blanksAloneIndent() throws {
    let r = try Self.imported("ios3-blank-indent.txt")
    #expect(
      Self.tree(r) == [
        "tableView1<view1", "tableViewCell1<tableView1", "label1<tableViewCell1", "tableViewCell2<tableView1",
        "toolbar1<view1",
      ])
    #expect(!r.allWarnings.contains { $0.message.contains("view hierarchies") })
  }

  /// A dump a page collapsed onto one line: split at the bars between views, each piece at its depth.
  @Test func aDumpOnOneLineIsSplitAtItsBars() throws {
    let r = try Self.imported("ios6-flattened-one-line.txt")
    #expect(Self.tree(r) == ["scrollView1<view1", "button1<scrollView1", "imageView1<view1"])
    #expect(Self.view(r, "button1")?.text == "Buy")
  }

  /// A text value with line ends in it (a label's two paragraphs) is read across its lines, not cut off.
  @Test func aTextWithLineEndsIsOneView() throws {
    let r = try Self.imported("ios11-multiline-text.txt")
    #expect(Self.tree(r) == ["label1<view1", "button1<view1"])
    #expect(Self.view(r, "label1")?.text == "Terms of service  Please read before you tap Accept")
    #expect(!r.allWarnings.contains { $0.message.contains("cut short") })
  }

  /// iOS 5 and 6 print a view controller's name and an `XX (` mark between the bars and a view: the bars
  /// at the start of the line still give its depth.
  @Test func textBetweenTheBarsAndTheViewKeepsTheDepth() throws {
    let r = try Self.imported("ios6-vc-annotation.txt")
    #expect(
      Self.tree(r) == [
        "navigationTransitionView1<layoutContainerView1", "viewControllerWrapperView1<navigationTransitionView1",
        "view1<viewControllerWrapperView1", "textField1<view1", "view2<view1", "button1<view1",
        "navigationBar1<layoutContainerView1",
      ])
    #expect(Self.view(r, "view2")?.alpha == 0)
  }

  /// A one-line echo of the outermost view before the real dump is not what was meant: the first dump of
  /// more than one view is imported (and `--dump 1` still picks the echo).
  @Test func anEchoBeforeTheDumpIsPassedOver() throws {
    let r = try Self.imported("ios13-echo-then-dump.txt")
    #expect(r.scene.allViews.count == 5)
    #expect(r.allWarnings.contains { $0.message.contains("dump 2 (line 4) is imported") })
    #expect(try Self.imported("ios13-echo-then-dump.txt", dump: 1).scene.allViews.count == 1)
  }

  /// An object printed without a frame (a view controller, an array) is not a view: it never becomes the
  /// root, and says so.
  @Test func anObjectWithoutAFrameIsNotAView() throws {
    let r = try Self.imported("ios7-object-without-frame.txt")
    #expect(r.scene.root.frame == Rect(0, 0, 320, 568))
    #expect(r.allWarnings.contains { $0.message == "UIImagePickerController has no frame: not a view, left out" })
  }

  /// `\xa0` (a byte's escape) is decoded like `\uXXXX`.
  @Test func byteEscapesAreDecoded() throws {
    let r = try Self.imported("ios12-hex-escape.txt")
    #expect(Self.view(r, "label1")?.text == "Sign in with Apple\u{A0}ID")
    #expect(Self.view(r, "label2")?.text == "登录\u{A0}账号")
  }

  /// Lines their writer shortened by hand (`layer = […]`, `...`, `…`) end at the elision: the views are read.
  @Test func elidedLinesAreRead() throws {
    let r = try Self.imported("ios5-elided-lines.txt")
    #expect(Self.tree(r) == ["roundedRectButton1<view1", "switch1<view1"])
    #expect(Self.view(r, "roundedRectButton1")?.frame == Rect(110, 200, 100, 37))
    #expect(!r.allWarnings.contains { $0.message.contains("cut short") })
  }

  /// Lines with the addresses taken out are views all the same (nothing can name them, so no recognizer
  /// attaches to them).
  @Test func linesWithoutAddressesAreViews() throws {
    let r = try Self.imported("ios4-no-address.txt")
    #expect(r.scene.root.frame == Rect(0, 264, 320, 216))
    #expect(r.scene.allViews.count == 4)
    #expect(r.yaml.contains("id: peripheralHostView1  # UIPeripheralHostView\n"))
  }

  // MARK: Prefixes

  /// Text before the outermost view on its line is skipped and said once; the view is the root.
  @Test func prefixesBeforeTheRootAreSkipped() throws {
    let expected: [(String, String)] = [
      ("ios7-nslog-tabbar.txt", "2013-11-04 10:22:31.140 Weather[812:60b]"),
      ("ios6-expr-id.txt", "(id) $1 = 0x088122b0"),
      ("ios8-cycript.txt", "@\""), ("ios10-backtick.txt", "`"), ("ios10-comment.txt", "//"),
      ("ios16-po-swift-any.txt", "- some :"), ("ios9-frida.txt", "\""), ("ios6-lldb-po.txt", "$0 = 0x1d8a4e60"),
    ]
    for (name, prefix) in expected {
      let r = try Self.imported(name)
      let said = r.warnings.filter { $0.message.hasPrefix("text before the view skipped") }
      #expect(said.count == 1, "\(name)")
      #expect(said.first?.message.contains("('\(prefix)") == true, "\(name): \(said)")
    }
    // `// ` on every line: the tree is kept, and the prefix said once with a count.
    let comment = try Self.imported("ios10-comment.txt")
    #expect(comment.scene.root.subviews.map(\.id) == ["scrollView1"])
    #expect(comment.scene.root.subviews[0].subviews.map(\.id) == ["cardView1", "cardView2"])
    let said = try #require(comment.warnings.first { $0.message.hasPrefix("text before the view skipped") })
    #expect(
      said.line == 2 && said.message.hasSuffix("[5 lines with text before the view in all: --verbose lists each]"))
    // Xcode's console header with its category.
    let console = try Self.imported("ios16-xcode-console.txt")
    #expect(console.scene.allViews.compactMap(\.text) == ["Add to cart", "Buy now"])
  }

  /// The root line alone, in each shape people paste it in, keeps its view.
  @Test func theRootIsNeverLost() throws {
    let view = "<UITableView: 0x8126e00; frame = (0 0; 320 460); layer = <CALayer: 0x7e71880>>"
    let child = "   | <UILabel: 0x7e79140; frame = (10 0; 280 43); text = 'Hi'>"
    let prefixes = [
      "2015-10-09 15:12:20.568 App[5625:756750] ", "(id) $1 = 0x088122b0 ", "@\"", "`", "// ",
      "2024-03-01 12:00:00.000000+0100 App[81:1234] [UI] ", "(lldb) expr ", "    ",
    ]
    for prefix in prefixes {
      let r = try RecursiveDescriptionImporter.importDescription(
        Array((prefix + view + "\n" + child + "\n").utf8), file: "p.txt")
      #expect(r.scene.root.id == "tableView1" && r.scene.root.subviews.map(\.id) == ["label1"], "\(prefix)")
    }
  }

  // MARK: Cut lines, wrapped lines, two dumps

  @Test func aCutLastLineIsLeftOut() throws {
    let r = try Self.imported("ios9-alert-cut.txt")
    let cut = try #require(r.warnings.first { $0.message.hasPrefix("a view line cut short") })
    #expect(cut.line == 11 && cut.column == 130)
    #expect(r.scene.allViews.filter { $0.id.hasPrefix("alertAction") }.count == 2)
    #expect(Self.view(r, "alertScrollView1") == nil)
  }

  @Test func linesWrappedByAPageAreJoined() throws {
    let r = try Self.imported("ios9-wrapped.txt")
    #expect(r.scene.allViews.map(\.id) == ["view1", "button1", "textField1"])
    #expect(Self.view(r, "button1")?.text == "Share")
    #expect(!r.allWarnings.contains { $0.message.contains("cut short") })
  }

  @Test func aSecondDumpIsLeftOutAndCanBePicked() throws {
    let first = try Self.imported("ios17-two-dumps.txt")
    #expect(first.scene.allViews.map(\.id) == ["view1", "button1"])
    let note = try #require(first.warnings.first { $0.message.contains("view hierarchies") })
    #expect(note.line == 9 && note.message.contains("2 at line 9") && note.message.contains("--dump N"))
    let second = try Self.imported("ios17-two-dumps.txt", dump: 2)
    #expect(second.scene.allViews.map(\.id) == ["view1", "button1", "view2", "activityIndicatorView1"])
    #expect(second.warnings.contains { $0.line == 2 && $0.message.contains("dump 2 (line 9) is imported") })
    #expect(throws: SceneFileError.self) { try Self.imported("ios17-two-dumps.txt", dump: 3) }
    // A thousand dumps: one short warning naming the first few.
    let many = (0..<1000).map { "<UIView: 0x\($0 + 1); frame = (0 0; 10 10)>" }.joined(separator: "\n")
    let r = try RecursiveDescriptionImporter.importDescription(Array(many.utf8), file: "m.txt")
    #expect(r.scene.allViews.count == 1 && r.warnings.count == 1)
    #expect(r.warnings[0].message.count < 400 && r.warnings[0].message.contains("11 at line 11, …"))
  }

  /// Recognizers pasted before the dump go with it; a view after recognizers begins another dump.
  @Test func recognizersBeforeOrBetweenDumps() throws {
    let tap =
      "Optional([<UITapGestureRecognizer: 0x9; state = Possible; view = <Shop.CardView 0x2>; target= <(action=t:, "
      + "target=<Shop.VC 0x8>)>>])"
    let tree =
      "<UIView: 0x1; frame = (0 0; 390 844)>\n   | <Shop.CardView: 0x2; frame = (0 0; 100 100)>\n"
      + "   | <UILabel: 0x3; frame = (0 200; 100 20); text = 'Hi'>\n"
    let before = try RecursiveDescriptionImporter.importDescription(Array((tap + "\n" + tree).utf8), file: "b.txt")
    #expect(before.scene.allViews.map(\.id) == ["view1", "cardView1", "label1"])
    #expect(before.scene.allViews[1].recognizers.map(\.kind) == [.tap])
    let after = try RecursiveDescriptionImporter.importDescription(
      Array((tree + tap + "\n   | <UIView: 0x4; frame = (0 0; 1 1)>\n").utf8), file: "a.txt")
    #expect(after.scene.allViews.map(\.id) == ["view1", "cardView1", "label1"])
    #expect(after.warnings.contains { $0.line == 5 && $0.message.contains("2 view hierarchies") })
  }

  // MARK: Text views, layers, unreadable values

  @Test func aTextViewContainerIsReadAsAView() throws {
    let r = try Self.imported("ios13-textview.txt")
    let text = try #require(Self.view(r, "textView1"))
    #expect(text.kind == .scroll && text.scroll?.contentSize == Size(374, 420) && text.subviews.isEmpty)
    #expect(Self.view(r, "button1")?.text == "Save")
    let left = try #require(r.warnings.first { $0.message.hasPrefix("left out 3 views") })
    #expect(left.message.contains("_UITextContainerView ×1") && left.message.contains("the 1 view inside"))
  }

  @Test func layerLinesAreLeftOutWithACount() throws {
    let r = try Self.imported("ios26-layer-lines.txt")
    #expect(r.scene.root.subviews.map(\.id) == ["button1", "knobView1"])
    #expect(Self.view(r, "button1")?.text == "Play")
    let layers = r.allWarnings.filter { $0.message.hasPrefix("a layer line") }
    #expect(layers.map(\.line) == [3, 5, 6, 9, 10])
    let said = try #require(r.warnings.first { $0.message.hasPrefix("a layer line") })
    #expect(said.line == 3 && said.message.contains("[5 layer lines in all"))
  }

  @Test func unreadableValuesTakeUIKitsDefaults() throws {
    let r = try Self.imported("ios18-alpha-nan.txt")
    let scrubber = try #require(Self.view(r, "scrubberView1"))
    #expect(scrubber.alpha == 1 && scrubber.frame == Rect(20, 700, 362, 44))
    #expect(Self.view(r, "view2")?.frame == Rect(0, 0, 0, 0))
    #expect(Self.view(r, "label1")?.text == "0:00 / 3:12")
    let messages = r.allWarnings.map { "\($0.line):\($0.column): \($0.message)" }
    #expect(messages.contains { $0.hasPrefix("3:75: alpha = nan is not a number: UIKit's default 1 used") })
    #expect(messages.contains { $0.hasPrefix("4:41: expected a rectangle") })
    #expect(messages.contains { $0.hasPrefix("5:93: 'opaque NO' in UILabel is not 'key = value'") })
  }

  // MARK: Private views that take touches

  @Test func swipeActionsAreButtonsNamedAfterTheirRole() throws {
    let old = try Self.imported("ios8-cell-delete.txt")
    for (id, title) in [("deleteAction1", "Delete"), ("moreAction1", "More")] {
      let v = try #require(Self.view(old, id))
      #expect(v.kind == .button && v.text == title && v.subviews.isEmpty)
    }
    #expect(old.yaml.contains("id: deleteAction1  # _UITableViewCellActionButton 0x7fb4c2e11a40"))
    let new = try Self.imported("ios11-swipe-actions.txt")
    #expect(Self.view(new, "swipeActionPullView1")?.subviews.map(\.id) == ["archiveAction1", "deleteAction1"])
    #expect(Self.view(new, "deleteAction1")?.kind == .button)
  }

  @Test func navigationBarButtonsAreKept() throws {
    let r = try Self.imported("ios13-navbar.txt")
    for (id, title) in [("barButton1", "Edit"), ("barButton2", "Settings")] {
      let v = try #require(Self.view(r, id))
      #expect(v.kind == .control && v.text == title && v.subviews.isEmpty)
    }
    #expect(
      Self.view(r, "navigationBarContentView1")?.subviews.map(\.id) == ["buttonBarStackView1", "buttonBarStackView2"])
    // The bar's background is decoration: left out.
    #expect(!r.scene.allViews.contains { $0.id.hasPrefix("barBackground") })
  }

  @Test func swiftUIHostingAndGraphicsViewsAreKept() throws {
    let mangled = try Self.imported("ios14-swiftui-mangled.txt")
    let host = try #require(Self.view(mangled, "hostingView1"))
    #expect(host.subviews.map(\.id) == ["cgDrawingView1", "hostingView2"])
    #expect(mangled.yaml.contains("id: hostingView1  # _TtGC7SwiftUI14_UIHostingViewGVS_6VStackGVS_9TupleView"))
    let module = try Self.imported("ios15-swiftui-module.txt")
    #expect(module.scene.root.id == "hostingView1")
    #expect(
      module.yaml.contains("id: hostingView1  # SwiftUI._UIHostingView<SwiftUI.ModifiedContent<Recipes.RecipeList"))
    #expect(Self.view(module, "listView1")?.kind == .scroll)
    #expect(Self.view(module, "graphicsView1") != nil)
    let recent = try Self.imported("ios26-swiftui-tabview.txt")
    #expect(Self.view(recent, "hostingView1")?.subviews.map(\.id) == ["graphicsView1", "platformViewHost1"])
    #expect(Self.view(recent, "platformViewHost1")?.subviews.map(\.id) == ["mkMapView1"])
  }

  @Test func layoutGuidesAndDecorationAreLeftOut() throws {
    let r = try Self.imported("ios7-nslog-tabbar.txt")
    #expect(!r.scene.allViews.contains { $0.id.contains("ayoutGuide") || $0.id.contains("BackgroundView") })
    let left = try #require(r.warnings.first { $0.message.hasPrefix("left out") })
    #expect(left.message.contains("_UILayoutGuide ×2") && left.message.contains("_UITabBarBackgroundView ×1"))
    // The page controller's private scroll view takes the swipe between pages: kept, as a scroll view.
    let pages = try Self.imported("ios15-pageview.txt")
    let scroll = try #require(Self.view(pages, "pageScrollView1"))
    #expect(scroll.kind == .scroll && scroll.bounds.origin == Point(390, 0) && scroll.subviews.count == 3)
  }

  /// A whole screen (its picture in the docs): bar buttons, a swipe action and tabs are kept with their titles.
  @Test func aWholeScreen() throws {
    let r = try Self.imported("ios17-settings-screen.txt")
    let buttons = r.scene.allViews.filter { $0.kind == .button || $0.kind == .control }
    #expect(
      buttons.map(\.id) == [
        "deleteAction1", "barButton1", "barButton2", "tabBarButton1", "tabBarButton2", "tabBarButton3",
      ])
    #expect(buttons.map(\.text) == ["Delete", "Edit", nil, "World", "Alarms", "Timers"])
    #expect(Self.view(r, "deleteAction1")?.color == "#FF3B30")
    #expect(r.scene.allViews.filter { $0.kind == .switch }.count == 2)
  }

  // MARK: Ids, numbers, texts

  @Test func classNamesGiveReadableIds() {
    #expect(
      ClassNames.demangled("_TtGC7SwiftUI14_UIHostingViewGVS_6VStackGVS_4ListOs5NeverGVS_9TupleView__")
        == "_UIHostingView")
    #expect(
      ClassNames.demangled("SwiftUI.UIHostingView<SwiftUI.ModifiedContent<App.Root, SwiftUI._Flag>>") == "UIHostingView"
    )
    #expect(
      ClassNames.demangled("_TtC7SwiftUIP33_A34643117F00277B93DEBAB70EC0697116_UIInheritedView") == "_UIInheritedView")
    #expect(ClassNames.demangled("MyApp.CardView") == "CardView")
    #expect(ClassNames.idBase("UITableViewCellDeleteConfirmationView") == "tableViewCellDeleteConfirmationView")
    #expect(
      ClassNames.idBase("VeryLongCustomApplicationSpecificContainerHolderView") == "veryLongCustomApplicationSpecific")
    #expect(ClassNames.role("_UIHostingView")?.id == "hostingView")
    #expect(ClassNames.role("_UIButtonBarButton")?.id == "barButton")
    #expect(ClassNames.role("_UIBarBackground") == nil)
  }

  @Test func numbersAreWrittenAsPrinted() throws {
    let r = try Self.imported("ios12-expr-objc.txt")
    #expect(r.yaml.contains("frame: [20, 700, 124.667, 50]"))
    #expect(r.yaml.contains("frame: [144.667, 700, 124.667, 50]"))
    #expect(r.yaml.contains("frame: [269.333, 700, 124.667, 50]"))
    #expect(!r.yaml.contains("99999"))
    // Without the printed text, the writer still finds the short numbers that give the same centres.
    let plain = SceneWriter.yaml(r.scene)
    #expect(!plain.contains("99999") && !plain.contains("00001"), "\(plain)")
  }

  @Test func escapesInTextsAreDecoded() throws {
    let r = try Self.imported("ios8-cycript.txt")
    #expect(r.scene.allViews.compactMap(\.text) == ["AA_欣欣", "Café 😀", "登录"])
    let line = try Self.imported("ios8-cycript-one-line.txt")
    #expect(line.scene.allViews.map(\.id) == ["window1", "view1", "slider1", "label1"])
    #expect(Self.view(line, "label1")?.text == "音量")
    #expect(ClassNames.text("'\\ud83d\\ude00 \\u00e9'") == "😀 é")
    #expect(ClassNames.text("'\\uZZZZ \\ud800 \\U00110000'") == "\\uZZZZ \\ud800 \\U00110000")
    #expect(ClassNames.text(#"'\u{1F600} say \"hi\"'"#) == "😀 say \"hi\"")
    #expect(ClassNames.text("'\\u{} \\u{110000}'") == "\\u{} \\u{110000}")
  }

  @Test func tabBarLabelsTitleTheirButtons() throws {
    let r = try Self.imported("ios18-tabbar.txt")
    let tabs = r.scene.allViews.filter { $0.id.hasPrefix("tabBarButton") }
    #expect(tabs.map(\.text) == ["Home", "Search", "Profile"])
    #expect(tabs.allSatisfy { $0.kind == .button && $0.subviews.isEmpty })
    let old = try Self.imported("ios7-nslog-tabbar.txt")
    #expect(old.scene.allViews.filter { $0.kind == .button }.map(\.text) == ["Today", "Forecast"])
  }

  // MARK: Other shapes

  @Test func lineEndsAndIndentation() throws {
    let crlf = try Self.imported("crlf-windows.txt")
    #expect(crlf.scene.allViews.map(\.id) == ["view1", "label1", "switch1"])
    #expect(Self.view(crlf, "label1")?.text == "Copied on Windows")
    let bars = try Self.imported("bars-no-spaces.txt")
    #expect(Self.view(bars, "view2")?.subviews.map(\.id) == ["button1", "button2"])
    let frida = try Self.imported("ios9-frida.txt")
    #expect(frida.scene.allViews.map(\.kind).contains(.stepper))
    #expect(frida.scene.allViews.map(\.kind).contains(.segmentedControl))
  }

  // MARK: Grouped warnings

  /// UIKit's own views with recognizers are one line, apart from the app's; `allWarnings` has each.
  @Test func warningsAreGroupedByKind() throws {
    var text = "<UIWindow: 0x1; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x2>>\n"
    for n in 0..<19 {
      text +=
        "   | <UITableViewCellContentView: 0x1\(n)0; frame = (0 \(n * 44); 390 44); gestureRecognizers = <NSArray: 0x9>>\n"
    }
    text += "   | <Shop.CardView: 0xc0; frame = (0 0; 10 10); gestureRecognizers = <NSArray: 0x9>>\n"
    let r = try RecursiveDescriptionImporter.importDescription(Array(text.utf8), file: "g.txt")
    let said = r.warnings.filter { $0.message.contains("has gesture recognizers") }
    #expect(said.count == 2)
    #expect(
      said[0].line == 1 && said[0].message.contains("one of UIKit's own views")
        && said[0].message.contains("[20 UIKit views with recognizers not named in all"))
    #expect(
      said[1].line == 21 && said[1].message.hasPrefix("cardView1 has gesture recognizers")
        && !said[1].message.contains(" in all: "))
    #expect(r.allWarnings.filter { $0.message.contains("has gesture recognizers") }.count == 21)
  }
}
