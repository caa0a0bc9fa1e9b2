import SceneFile
import TouchSim

/// One scene made from an Interface Builder file: a storyboard's view controller or a XIB's top-level view.
public struct StoryboardScene: Sendable {
  /// The IB object id of the view controller (storyboard) or of the top-level view (XIB).
  public var objectID: String
  /// The scene's name, unique in the file and safe as a file name (without `.yaml`).
  public var name: String
  public var scene: Scene
  /// The scene file's text: each view's IB element, custom class and object id in a comment on its id line.
  public var yaml: String
  public var viewCount: Int
  public var recognizerCount: Int
  /// The warnings about this scene's objects (positioned in the input).
  public var warnings: [Diagnostic]
}

/// What `touchscope import storyboard` makes of one file: its scenes, and the warnings about what could not
/// be carried over (`FILE:LINE:COLUMN: warning: …`, positioned in the input).
public struct ImportedStoryboard: Sendable {
  public var scenes: [StoryboardScene]
  public var warnings: [Diagnostic]

  /// The scene whose IB object id or name is `id`.
  public func scene(_ id: String) -> StoryboardScene? {
    scenes.first { $0.objectID == id } ?? scenes.first { $0.name == id }
  }
}

/// `touchscope import storyboard`: reads an Interface Builder storyboard or XIB (the XML documents Xcode 5
/// to 26 write) and builds one `touchscope/1` scene per view controller (storyboard) or top-level view
/// (XIB).
///
/// Frames are taken as IB stored them (Auto Layout is not solved); each IB element name decides a view's
/// kind (`StoryboardClasses.kind`), an unknown one is a plain view kept with its subviews; texts, control
/// values, visibility and touch properties carry over; gesture recognizers defined in IB are attached
/// through the views' `gestureRecognizers` outlet collections. Errors (broken XML, not an IB document) are
/// positioned and thrown; nothing traps.
public enum StoryboardImporter {
  /// Imports `bytes` (the file's content); `file` names the input in diagnostics and in `about`;
  /// `schema`, when given, is the path of the scene schema relative to the output's folder.
  public static func importDocument(_ bytes: [UInt8], file: String, schema: String? = nil)
    throws(SceneFileError) -> ImportedStoryboard
  {
    let document = try IBDocument.read(bytes, file: file)
    var importer = StoryboardBuilder(document: document, file: file)
    return try importer.run(schema: schema)
  }
}

/// IB element names and what they are in a scene.
enum StoryboardClasses {
  /// The seven gesture recognizer elements (IB spells the long press `pongPressGestureRecognizer`).
  static let recognizers: [String: RecognizerKind] = [
    "tapGestureRecognizer": .tap, "pongPressGestureRecognizer": .longPress,
    "longPressGestureRecognizer": .longPress, "panGestureRecognizer": .pan, "swipeGestureRecognizer": .swipe,
    "pinchGestureRecognizer": .pinch, "rotationGestureRecognizer": .rotation,
    "screenEdgePanGestureRecognizer": .screenEdgePan,
  ]

  /// The scene kind of an IB view element; nil for an element this table does not know (a plain view).
  static func kind(_ element: String) -> ViewKind? {
    switch element {
    case "view", "tableViewCellContentView", "collectionViewCellContentView", "collectionReusableView", "stackView",
      "containerView", "visualEffectView", "navigationBar", "tabBar", "toolbar", "searchBar", "tableViewCell",
      "collectionViewCell", "activityIndicatorView", "progressView", "pickerView", "mapView", "webView", "wkWebView",
      "arscnView", "sceneKitView", "mtkView", "glkView", "skView", "window":
      return .view
    case "button": return .button
    case "label": return .label
    case "imageView": return .imageView
    case "switch": return .switch
    case "slider": return .slider
    case "stepper": return .stepper
    case "segmentedControl": return .segmentedControl
    case "pageControl": return .pageControl
    case "textField", "datePicker", "colorWell", "searchTextField", "control": return .control
    case "scrollView", "tableView", "collectionView", "textView": return .scroll
    default: return nil
    }
  }

  /// UIKit's class for an IB element name (`tableViewCell` → `UITableViewCell`), for comments and warnings.
  static func uikitClass(_ element: String) -> String {
    switch element {
    case "pongPressGestureRecognizer": return "UILongPressGestureRecognizer"
    case "tableViewCellContentView": return "UITableViewCellContentView"
    case "wkWebView": return "WKWebView"
    case "mapView": return "MKMapView"
    // A container view is a plain view; the other views of frameworks other than UIKit keep their prefix.
    case "containerView": return "UIView"
    case "sceneKitView": return "SCNView"
    case "arscnView": return "ARSCNView"
    case "mtkView": return "MTKView"
    case "glkView": return "GLKView"
    case "skView": return "SKView"
    default:
      guard let first = element.first else { return "UIView" }
      return "UI" + first.uppercased() + element.dropFirst()
    }
  }

  /// Child elements of a view that are never views: geometry, constraints, appearance, connections…
  static let notViews: Set<String> = [
    "rect", "frame", "autoresizingMask", "constraints", "constraint", "connections", "color", "fontDescription",
    "font", "state", "nil", "viewLayoutGuide", "layoutGuides", "viewControllerLayoutGuide", "attributedString",
    "buttonConfiguration", "segments", "segment", "textInputTraits", "size", "point", "inset", "edgeInsets",
    "userDefinedRuntimeAttributes", "userDefinedRuntimeAttribute", "accessibility", "gestureRecognizers",
    "variation", "mask", "imageReference", "preferredSymbolConfiguration", "directionalEdgeInsets",
    "collectionViewFlowLayout", "collectionViewLayout", "prototypes", "sections", "cells", "items",
    "barButtonItem", "navigationItem", "tabBarItem", "simulatedMetricsContainer", "freeformSimulatedSizeMetrics",
    "simulatedScreenMetrics", "simulatedStatusBarMetrics", "simulatedOrientationMetrics",
    "simulatedNavigationBarMetrics",
    "simulatedTabBarMetrics", "simulatedToolbarMetrics", "date", "locale", "string", "real", "integer", "bool",
    "placeholder", "customObject", "exit", "textAttributes", "offsetWrapper", "backgroundConfiguration",
  ]
}

extension ImportedStoryboard {
  /// Why `--scene id` names no scene: the ids and names there are, with the nearest as a suggestion.
  public func noSuchScene(_ id: String) -> String {
    let all = scenes.map(\.name) + scenes.map(\.objectID)
    let list = scenes.map { "\($0.objectID) (\($0.name))" }.prefix(20).joined(separator: ", ")
    return "no scene '\(id)' in this file\(DidYouMean.hint(id, all)): its scenes are \(list)"
      + (scenes.count > 20 ? ", …" : "")
  }
}
