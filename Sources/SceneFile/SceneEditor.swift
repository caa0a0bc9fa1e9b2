import Foundation
import Geometry
import TouchSim

/// Why changes could not be written into a scene file's text (nothing was written).
public struct SceneEditError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// Saving without losing what a person wrote: the window's changes (`PropertyChange`s: the toggles) are
/// written into the scene file's own text, value by value, and nothing else in it changes.
///
/// A value that is there is replaced where it is written, in its style (plain or quoted, a flow or a block
/// list); a key that is not there is added where a person would put it, in the mapping's own style: in a
/// flow mapping (`{ id: t, kind: tap }`) as one more `key: value`, on its own line when the mapping has one
/// pair a line; in a block mapping as a new line with the mapping's indentation, after the key that comes
/// before it in the format's order (`SceneReader.recognizerKeys`, `viewKeys`...). A missing `delegate:` or
/// `transform:` is created the same way. JSON stays JSON (`"key": value`, commas). Comments, blank lines,
/// key order, quoting, anchors, line ends (CR LF too) and tabs stay byte for byte. A value written through
/// an alias is replaced at that alias only; a value other aliases stand for keeps standing for them (its
/// anchor moves, with the old value, to the first of those aliases).
///
/// The result is read back before it is returned: it must give the scene of the text with the changes
/// applied, or the edit throws and nothing should be written.
public enum SceneEditor {
  /// `text` (a scene file that loads) with `changes` written into it. Changes that do not change the scene
  /// are left out; with none left, `text` comes back unchanged.
  public static func apply(_ changes: [PropertyChange], to text: String, file: String) throws(SceneEditError)
    -> String
  {
    let original: Scene
    do {
      original = try SceneLoader.parse(text, file: file)
    } catch {
      let first = error.diagnostics.first.map { " (\($0.description))" } ?? ""
      throw SceneEditError("the file's text does not load\(first)")
    }
    var expected = original.comparable
    var effective: [PropertyChange] = []
    for c in changes {
      var next = expected
      if let problem = next.apply(c) { throw SceneEditError("cannot set \(c.target).\(c.key): \(problem)") }
      next = next.comparable
      if next != expected {
        effective.append(c)
        expected = next
      }
    }
    guard !effective.isEmpty else { return text }
    let json = isJSON(text)
    var bytes = Array(text.utf8)
    var remaining = effective
    // Edits are planned against one composition of the text; an edit that touches another's place (two
    // keys added at one spot) waits for the next round, planned on the text as edited so far.
    while !remaining.isEmpty {
      let current = String(decoding: bytes, as: UTF8.self)
      let doc: YAMLDocument
      do {
        guard let d = try YAMLComposer.compose(current, positions: true) else {
          throw SceneEditError("the text holds no document")
        }
        doc = d
      } catch let e as SceneEditError {
        throw e
      } catch {
        throw SceneEditError("the text could not be read again while editing it")
      }
      let editor = SceneTextEdit(bytes: bytes, doc: doc, json: json)
      var planned: [SceneTextEdit.Replacement] = []
      var deferred: [PropertyChange] = []
      for c in remaining {
        let edit = try editor.plan(c)
        if edit.contains(where: { r in planned.contains { $0.touches(r) } }) {
          deferred.append(c)
        } else {
          planned += edit
        }
      }
      for r in planned.sorted(by: { $0.start > $1.start }) {
        bytes.replaceSubrange(r.start..<r.end, with: Array(r.text.utf8))
      }
      remaining = deferred
    }
    let result = String(decoding: bytes, as: UTF8.self)
    guard let readBack = try? SceneLoader.parse(result, file: file), readBack.comparable == expected else {
      throw SceneEditError("the edited text would not read back as the configuration")
    }
    if json && !isJSON(result) { throw SceneEditError("the edited text would not be valid JSON") }
    return result
  }

  /// The changes that turn `old` into `new` (a scene read from a file and the same scene with the window's
  /// toggles applied), in the scene's order, one per key that differs. Throws when they differ in something
  /// no change can say (another tree, a delegate's touch filter).
  public static func changes(from old: Scene, to new: Scene) throws(SceneEditError) -> [PropertyChange] {
    var out: [PropertyChange] = []
    var problem: String?
    func compare(_ id: String, _ keys: [String], _ a: (String) -> PropertyValue?, _ b: (String) -> PropertyValue?) {
      for key in keys {
        let (x, y) = (a(key), b(key))
        guard x != y else { continue }
        if let y {
          out.append(PropertyChange(target: id, key: key, value: y))
        } else {
          problem = problem ?? "\(id).\(key) is not a value a save can write"
        }
      }
    }
    var stack = [(old.root, new.root)]
    while let (a, b) = stack.popLast() {
      guard a.id == b.id, a.recognizers.map(\.id) == b.recognizers.map(\.id), a.subviews.count == b.subviews.count
      else { throw SceneEditError("the configuration's views are not the file's") }
      compare(a.id, viewKeys, { value(ofViewKey: $0, in: a) }, { value(ofViewKey: $0, in: b) })
      for (r, s) in zip(a.recognizers, b.recognizers) {
        compare(r.id, recognizerKeys, { value(ofRecognizerKey: $0, in: r) }, { value(ofRecognizerKey: $0, in: s) })
      }
      stack += zip(a.subviews, b.subviews).reversed()
    }
    if let problem { throw SceneEditError(problem) }
    var check = old
    for c in out { _ = check.apply(c) }
    guard check.comparable == new.comparable else {
      throw SceneEditError("the configuration differs from the file in more than its settable values")
    }
    return out
  }

  // MARK: Values

  /// The settable view keys (`ViewKey`), in the format's order.
  static let viewKeys = ViewKey.allCases.map(\.rawValue)
  /// The settable recognizer keys (`RecognizerKey`), in the format's order.
  static let recognizerKeys = RecognizerKey.allCases.map(\.rawValue)

  /// The value of a settable key of a view or recognizer `target` as a `set` would write it; nil when
  /// there is no such target or key, or when the value is not one a `set` can write (a delegate's touch
  /// filter, `{ unlessTouchIn: [...] }`).
  public static func value(of key: String, target: String, in scene: Scene) -> PropertyValue? {
    var stack = [scene.root]
    while let v = stack.popLast() {
      if v.id == target { return value(ofViewKey: key, in: v) }
      if let r = v.recognizers.first(where: { $0.id == target }) { return value(ofRecognizerKey: key, in: r) }
      stack += v.subviews
    }
    return nil
  }

  static func value(ofViewKey key: String, in v: ViewSpec) -> PropertyValue? {
    ViewKey(rawValue: key)?.value(in: v)
  }

  static func value(ofRecognizerKey key: String, in r: RecognizerSpec) -> PropertyValue? {
    RecognizerKey(rawValue: key)?.value(in: r)
  }

  /// Whether `text` is a JSON object (a scene written as JSON stays JSON).
  static func isJSON(_ text: String) -> Bool {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) is [String: Any]
  }
}

extension Scene {
  /// The scene as a file can say it, for comparisons: without source lines, and a delegate that answers
  /// everything as UIKit's default written as no delegate (`delegate: {}` and none read the same).
  var comparable: Scene {
    var s = withoutSourceLines
    func normalize(_ v: inout ViewSpec) {
      for i in v.recognizers.indices where v.recognizers[i].delegate == DelegateSpec() {
        v.recognizers[i].delegate = nil
      }
      for i in v.subviews.indices { normalize(&v.subviews[i]) }
    }
    normalize(&s.root)
    return s
  }
}
