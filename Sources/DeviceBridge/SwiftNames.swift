import SceneFile
import TouchSim

/// Swift identifiers for a scene's ids (`touchscope export swift`): the id itself where it is a valid
/// identifier, a keyword in backticks (`` `default` ``), anything else renamed in camel case (`list-row` →
/// `listRow`, `2up` → `_2up`, `PanelVC` → `panelVC`), names UIViewController already has (`view`, `title`) with a trailing
/// underscore, and a number added when two ids would get the same name. The same id always gets the same
/// name, wherever the generated code uses it.
public struct SwiftNames: Sendable {
  private var names: [String: String] = [:]

  /// Names for `ids`, in order (the first of two ids that would clash keeps the plain name).
  public init(ids: [String]) {
    var used = Set<String>()
    // The next number to try for each base that clashed: the numbers below it are taken already (names are
    // only ever added), so that many ids with one base are numbered in linear time.
    var nextNumber: [String: Int] = [:]
    for id in ids where names[id] == nil {
      let base = Self.identifier(for: id)
      var name = base
      if used.contains(name) {
        var n = nextNumber[base, default: 2]
        repeat {
          name = Self.numbered(base, n)
          n += 1
          WorkMeter.add(1)
        } while used.contains(name)
        nextNumber[base] = n
      }
      used.insert(name)
      names[id] = name
    }
  }

  /// The name of `id` (a fresh conversion for an id the names were not made for).
  public subscript(id: String) -> String { names[id] ?? Self.identifier(for: id) }

  /// Every view, recognizer and view controller id of `scene`, in the order the generated code declares them.
  public init(scene: Scene) {
    let views = scene.allViews
    self.init(views: views, rootID: scene.root.id, recognizers: views.flatMap(\.recognizers))
  }

  /// The names of a scene's `views` (depth first), its root's id and its `recognizers` (in view order).
  init(views: [ViewSpec], rootID: String, recognizers: [RecognizerSpec]) {
    var ids: [String] = []
    ids.reserveCapacity(views.count + recognizers.count)
    for v in views {
      ids.append(v.id)
      if let c = v.controller, v.id != rootID { ids.append(c) }
    }
    ids += recognizers.map(\.id)
    self.init(ids: ids)
  }

  /// The identifier for one id, without regard to the others.
  public static func identifier(for id: String) -> String {
    var parts: [String] = []
    var current = ""
    for ch in id.unicodeScalars {
      if ch.properties.isAlphabetic && ch.isASCII || ("0"..."9").contains(ch) || ch == "_" {
        current.unicodeScalars.append(ch)
      } else if !current.isEmpty {
        parts.append(current)
        current = ""
      }
    }
    if !current.isEmpty { parts.append(current) }
    guard var name = parts.first else { return "unnamed" }
    for part in parts.dropFirst() { name += part.prefix(1).uppercased() + part.dropFirst() }
    // Properties are lowerCamelCase: `PanelVC` → `panelVC`.
    name = name.prefix(1).lowercased() + name.dropFirst()
    if name.first!.isNumber { name = "_" + name }
    if unusable.contains(name) || taken.contains(name) { return name + "_" }
    if keywords.contains(name) { return "`\(name)`" }
    return name
  }

  private static func numbered(_ base: String, _ n: Int) -> String {
    base.hasPrefix("`") ? String(base.dropFirst().dropLast()) + "\(n)" : base + "\(n)"
  }

  /// Swift keywords: usable as names in backticks.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
    "is", "nil", "super", "throws", "true", "try", "await", "async", "any", "some", "consume", "borrowing",
    "consuming", "copy", "discard", "each", "macro", "package", "actor", "nonisolated", "isolated", "get", "set",
    "willSet", "didSet", "mutating", "override", "convenience", "dynamic", "final", "lazy", "optional", "required",
    "unowned", "weak", "indirect", "infix", "prefix", "postfix", "left", "right", "none", "Type", "Protocol",
  ]
  /// Names even backticks do not make usable as a stored property.
  static let unusable: Set<String> = ["self", "Self", "init", "deinit", "subscript", "_", "Any", "super"]
  /// Names the generated view controller or its file already uses.
  static let taken: Set<String> = [
    "view", "title", "parent", "children", "navigationItem", "tabBarItem", "presentingViewController",
    "presentedViewController", "storyboard", "nibName", "nibBundle", "isEditing", "editing", "next", "description",
    "hash", "debugDescription", "traitCollection", "viewIfLoaded", "isViewLoaded", "preferredContentSize",
    "modalPresentationStyle", "undoManager", "loadView", "viewDidLoad", "recognizerAction", "firstTouchView",
    "isTouch", "effectStart", "TouchLog", "TouchMethod", "ViewOverrides", "SceneView", "ViewController",
    "ChildViewController", "UIView", "UIKit", "Bool", "String", "Int", "Double", "CGFloat", "CGPoint", "CGRect",
    "LoggedView", "LoggedButton", "LoggedSwitch", "LoggedSlider", "LoggedStepper", "LoggedSegmentedControl",
    "LoggedPageControl", "LoggedControl", "LoggedLabel", "LoggedImageView", "LoggedScrollView",
    // The functions the generated code calls by their bare name: a local of that name would shadow them.
    "hypot", "print", "fatalError", "abs", "min", "max",
  ]
}
