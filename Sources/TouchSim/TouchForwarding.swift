/// Which `touches*` methods a responder's class overrides without calling super (rules B-4, B-4a).
///
/// Forwarding is decided method by method (B-4a): `forwards` is the answer for every method, and each
/// method in `except` has the opposite answer. `TouchForwarding()` is UIResponder's default: every method
/// calls super, so every call goes on to the next responder.
public struct TouchForwarding: Equatable, Sendable {
  /// The answer for the methods not listed in `except` (`default:` in a scene file).
  public var forwards: Bool
  /// The methods whose answer is the opposite of `forwards`, in `TouchMethod` order, each once.
  public var except: [TouchMethod] {
    didSet { except = TouchMethod.allCases.filter(except.contains) }
  }

  public init(forwards: Bool = true, except: [TouchMethod] = []) {
    self.forwards = forwards
    self.except = TouchMethod.allCases.filter(except.contains)
  }

  /// Whether `method` reaches super (UIResponder's or UIControl's own implementation) and so goes on.
  public func forwards(_ method: TouchMethod) -> Bool { forwards != except.contains(method) }

  /// Every method calls super (UIKit's default).
  public var isDefault: Bool { forwards && except.isEmpty }
  /// The same answer for all four methods: what the plain `true`/`false` form says.
  public var isUniform: Bool { except.isEmpty }
  /// The methods that stop here (overridden without super), in `TouchMethod` order.
  public var stopped: [TouchMethod] { TouchMethod.allCases.filter { !forwards($0) } }
}
