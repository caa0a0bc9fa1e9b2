/// The recognizers UIKit itself puts on a view, and the ids a scene names them by: the one place that
/// says so (the engine, the scene reader, the window's scene and inspector, and the Swift exporter all
/// ask here).
extension ScrollSpec {
  /// A scroll view's own pan, `ID.pan` (rule H-8).
  public static func panID(of view: String) -> String { view + ".pan" }
  /// A scroll view's own pinch, `ID.pinch` (rule H-18).
  public static func pinchID(of view: String) -> String { view + ".pinch" }

  /// The view an id of the form `ID.pan` names (nil: the id has another form). Whether that view is a
  /// scroll view is the caller's to check.
  public static func view(ofPanID id: String) -> String? { id.strippingSuffix(".pan") }
  /// The view an id of the form `ID.pinch` names (nil: the id has another form).
  public static func view(ofPinchID id: String) -> String? { id.strippingSuffix(".pinch") }
}

extension ViewSpec {
  /// What UIKit adds to this view before any recognizer of the app's, in order: a scroll view's pan,
  /// added in its init (H-8), with the failure requirements the scene gives it; and while its zoom scales
  /// differ, its pinch (H-18).
  public var builtInRecognizers: [RecognizerSpec] {
    guard kind == .scroll else { return [] }
    var pan = RecognizerSpec(id: ScrollSpec.panID(of: id), kind: .pan)
    pan.requireToFail = scroll?.panRequireToFail ?? []
    guard scroll?.hasPinch == true else { return [pan] }
    return [pan, RecognizerSpec(id: ScrollSpec.pinchID(of: id), kind: .pinch)]
  }
}

extension String {
  fileprivate func strippingSuffix(_ suffix: String) -> String? {
    hasSuffix(suffix) && count > suffix.count ? String(dropLast(suffix.count)) : nil
  }
}
