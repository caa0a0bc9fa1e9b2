import Geometry
import TouchSim

/// Unique scene ids: a base and a counter per base (`button1`, `button2`), never one used already.
struct IdMaker {
  private var counters: [String: Int] = [:]
  private var used: Set<String> = []

  mutating func make(_ base: String) -> String {
    while true {
      let n = counters[base, default: 0] + 1
      counters[base] = n
      let id = base + String(n)
      if !used.contains(id) {
        used.insert(id)
        return id
      }
    }
  }
}

/// Class names as LLDB prints them, and what they mean for a scene.
enum ClassNames {
  /// `_TtC5MyApp8CardView` → `CardView`, `MyApp.CardView` → `CardView`, `UIButton` → `UIButton`; a
  /// generic class gives its own name without its arguments (`_TtGC7SwiftUI14_UIHostingViewGVS_6VStack…`
  /// and `SwiftUI.UIHostingView<SwiftUI.ModifiedContent<…>>` → `_UIHostingView`, `UIHostingView`).
  static func demangled(_ name: String) -> String {
    if name.hasPrefix("_Tt") {
      var s = Substring(name.dropFirst(3))
      let generic = s.first == "G"
      while let c = s.first, c.isLetter { s = s.dropFirst() }
      var last: Substring?
      var parts = 0
      while let c = s.first {
        if c == "P", s.dropFirst().first?.isNumber == true {
          // A private discriminator (`P33_…`): skipped.
          s = s.dropFirst()
          let digits = s.prefix { $0.isNumber }
          s = s.dropFirst(digits.count)
          guard let n = Int(digits), n <= s.count else { break }
          s = s.dropFirst(n)
          continue
        }
        guard c.isNumber else { break }
        let digits = s.prefix { $0.isNumber }
        s = s.dropFirst(digits.count)
        guard let n = Int(digits), n > 0, n <= s.count else { break }
        last = s.prefix(n)
        s = s.dropFirst(n)
        parts += 1
      }
      if let last, s.isEmpty || generic && parts >= 2 { return String(last) }
      return name
    }
    let plain = name.split(separator: "<").first.map(String.init) ?? name
    return plain.split(separator: ".").last.map(String.init) ?? plain
  }

  /// UIKit's and SwiftUI's own classes (`UIView`, `_UIBarBackground`, `SwiftUI._UIGraphicsView`), as
  /// against an app's.
  static func isSystemClass(_ className: String) -> Bool {
    if className.hasPrefix("_TtGC7SwiftUI") || className.hasPrefix("_TtC7SwiftUI") || className.hasPrefix("SwiftUI.")
      || className.hasPrefix("_TtCC7SwiftUI")
    {
      return true
    }
    guard !className.contains(".") && !className.hasPrefix("_Tt") else { return false }
    var name = Substring(className)
    while name.first == "_" { name = name.dropFirst() }
    return name.hasPrefix("UI") || name.hasPrefix("NS") || name.hasPrefix("CA") || name.hasPrefix("_")
  }

  /// Private UIKit and SwiftUI views that take touches (or carry the recognizers that do): kept as a view
  /// of their public base class's kind, named after their role. `whole` when the view's subviews are its
  /// parts (as a button's label is).
  static func role(_ name: String) -> (kind: ViewKind, id: String, whole: Bool)? {
    switch name {
    case "_UITableViewCellActionButton", "UISwipeActionStandardButton", "_UISwipeActionButton":
      return (.button, "swipeAction", true)
    case "_UIButtonBarButton": return (.control, "barButton", true)
    case "_UINavigationBarTitleControl": return (.control, "titleControl", true)
    case "_UIHostingView", "UIHostingView", "_UIInheritedView", "CellHostingView":
      return (.view, "hostingView", false)
    case "_UIGraphicsView": return (.view, "graphicsView", false)
    case "PlatformViewHost", "_UIPlatformViewHost", "UIKitPlatformViewHost": return (.view, "platformViewHost", false)
    case "_UIQueuingScrollView": return (.scroll, "pageScrollView", false)
    case "HostingScrollView": return (.scroll, "hostingScrollView", false)
    case "UpdateCoalescingCollectionView", "UpdateCoalescingTableView": return (.scroll, "listView", false)
    case "_UIAlertControllerActionView", "_UIInterfaceActionCustomViewRepresentationView":
      return (.view, "alertAction", false)
    case "_UIAlertControllerShadowedScrollView", "_UIInterfaceActionGroupScrollView":
      return (.scroll, "alertScrollView", false)
    default: return nil
    }
  }

  /// A text as printed (`'AA_\u6b23'`): its quotes taken off, `\uXXXX`, `\UXXXXXXXX` and Swift's `\u{…}`
  /// escapes decoded (a pair of UTF-16 surrogates as one character), and `\"` (a dump printed as a quoted
  /// string) as `"`; an escape that names no character stays as it is.
  static func text(_ printed: String) -> String {
    let s = Array(unquoted(printed).unicodeScalars)
    guard s.contains("\\") else { return String(String.UnicodeScalarView(s)) }
    var out = String.UnicodeScalarView()
    var i = 0
    func hex(_ from: Int, _ count: Int) -> UInt32? {
      guard from + count <= s.count else { return nil }
      var v: UInt32 = 0
      for u in s[from..<from + count] {
        guard let d = UInt32(String(u), radix: 16) else { return nil }
        v = v * 16 + d
      }
      return v
    }
    while i < s.count {
      if s[i] == "\\", i + 1 < s.count, s[i + 1] == "\"" {
        out.append("\"")
        i += 2
        continue
      }
      // Swift's `\u{1F600}`.
      if s[i] == "\\", i + 2 < s.count, s[i + 1] == "u", s[i + 2] == "{",
        let close = s[(i + 3)...].prefix(9).firstIndex(of: "}"), close > i + 3,
        let v = hex(i + 3, close - i - 3), let u = Unicode.Scalar(v), u.value >= 0x20, u.value != 0x7F
      {
        out.append(u)
        i = close + 1
        continue
      }
      // `\xa0` (a byte's escape, as cycript and Python print a non-breaking space): the Latin-1 character.
      if s[i] == "\\", i + 1 < s.count, s[i + 1] == "x", let v = hex(i + 2, 2), let u = Unicode.Scalar(v), v >= 0xA0 {
        out.append(u)
        i += 4
        continue
      }
      if s[i] == "\\", i + 1 < s.count, s[i + 1] == "u" || s[i + 1] == "U" {
        let width = s[i + 1] == "u" ? 4 : 8
        if var v = hex(i + 2, width) {
          var used = 2 + width
          // A high surrogate followed by `\uDC00`…`\uDFFF`: one character.
          if (0xD800...0xDBFF).contains(v), i + used + 1 < s.count, s[i + used] == "\\", s[i + used + 1] == "u",
            let low = hex(i + used + 2, 4), (0xDC00...0xDFFF).contains(low)
          {
            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
            used += 6
          }
          if let u = Unicode.Scalar(v), u.value >= 0x20, u.value != 0x7F {
            out.append(u)
            i += used
            continue
          }
        }
      }
      out.append(s[i])
      i += 1
    }
    return String(out)
  }

  /// UIKit's private helper views, left out unless something that matters is inside.
  static func isPrivateHelper(_ name: String) -> Bool {
    role(name) == nil && name.hasPrefix("_")
      || [
        "UIButtonLabel", "UITableViewWrapperView", "UITableViewCellSeparatorView", "UIScrollViewScrollIndicator",
        "UITableViewCellSelectedBackground", "UIFieldEditor", "UITextFieldLabel",
      ].contains(name)
  }

  /// A view of one of UIKit's own controls (or a subclass saying so with `baseClass`), whose parts are
  /// the control itself in a scene.
  static func isBuiltInControl(_ o: DescribedObject) -> Bool {
    let builtIn: Set<ViewKind> = [.button, .switch, .slider, .stepper, .segmentedControl, .pageControl]
    let name = demangled(o.className)
    if let r = role(name) { return r.whole }
    let own = kind(name)
    let base = o.field("baseClass").flatMap { kind(demangled($0.value)) }
    return (own ?? base).map { builtIn.contains($0) } ?? false
  }

  /// The scene kind of a UIKit class, or nil for a class this table does not know.
  static func kind(_ name: String) -> ViewKind? {
    switch name {
    case "UIButton", "UIRoundedRectButton", "UINavigationButton", "UITabBarButton": return .button
    case "UISwitch": return .switch
    case "UISlider": return .slider
    case "UIStepper": return .stepper
    case "UISegmentedControl": return .segmentedControl
    case "UIPageControl": return .pageControl
    case "UILabel": return .label
    case "UIImageView": return .imageView
    case "UIScrollView", "UITableView", "UICollectionView", "UITextView": return .scroll
    case "UIControl", "UITextField", "UIDatePicker", "UIColorWell", "UISearchTextField", "UISearchBarTextField",
      "UITableViewCellEditControl", "UITableViewCellReorderControl":
      return .control
    default: return nil
    }
  }

  /// `cardView` for `_TtC5MyApp8CardView`, `button` for `UIButton`: letters and digits, lower camel case.
  static func idBase(_ className: String) -> String {
    var name = demangled(className)
    while name.hasPrefix("_") { name.removeFirst() }
    if name.hasPrefix("UI"), name.count > 2, name.dropFirst(2).first!.isUppercase { name.removeFirst(2) }
    var out = String(
      name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
    if out.isEmpty { return "view" }
    // Lower the leading capitals (`URLView` → `urlView`).
    let chars = Array(out)
    var upper = 0
    while upper < chars.count, chars[upper].isUppercase { upper += 1 }
    let lowerCount = upper <= 1 ? upper : (upper == chars.count ? upper : upper - 1)
    out = String(chars.prefix(lowerCount)).lowercased() + String(chars.dropFirst(lowerCount))
    if out.first!.isNumber { out = "v" + out }
    // Short: at most 40 letters, cut before a capital (`tableViewCellDeleteConfirmation`).
    if out.count > 40 {
      let head = Array(out.prefix(41))
      let cut = (8..<41).last { head[$0].isUppercase } ?? 40
      out = String(head.prefix(cut))
    }
    return out
  }

  /// `0x7f8a1c40` inside `<UIView 0x7f8a1c40>` (or `<UIView: 0x…; …>`).
  static func address(in text: String) -> String? {
    guard let r = text.range(of: "0x") else { return nil }
    let hex = text[r.upperBound...].prefix { $0.isHexDigit }
    return hex.isEmpty ? nil : "0x" + hex.lowercased()
  }

  /// `'Hello'` → `Hello`.
  static func unquoted(_ s: String) -> String {
    if s.count >= 2, s.hasPrefix("'"), s.hasSuffix("'") { return String(s.dropFirst().dropLast()) }
    return s
  }

  /// `UIExtendedSRGBColorSpace 1 0.5 0 1` or `UIExtendedGrayColorSpace 0.9 1` as `#RRGGBB(AA)`; nil for
  /// other colours (named system colours, patterns).
  static func hexColor(_ s: String) -> String? {
    let words = s.split(separator: " ")
    guard let space = words.first else { return nil }
    let numbers = words.dropFirst().compactMap { DescriptionNumbers.number(String($0)) }
    guard numbers.count == words.count - 1 else { return nil }
    var rgba: [Double]
    if space.contains("Gray") || space.contains("Grey"), numbers.count == 2 {
      rgba = [numbers[0], numbers[0], numbers[0], numbers[1]]
    } else if space.contains("RGB"), numbers.count == 4 {
      rgba = numbers
    } else {
      return nil
    }
    rgba = rgba.map { min(max($0, 0), 1) }
    func hex(_ v: Double) -> String {
      let n = Int((v * 255).rounded())
      let digits = String(n, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "#" + rgba.prefix(3).map(hex).joined() + (rgba[3] < 1 ? hex(rgba[3]) : "")
  }
}
