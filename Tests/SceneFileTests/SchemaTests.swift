import Foundation
import Geometry
import Testing
import TouchSim

@testable import SceneFile

/// `touchscope schema`: the JSON Schema generated from the format's one description (`SceneSchema`), kept
/// in docs/scene.schema.json, and checked against the loader key by key.
@Suite struct SchemaTests {
  typealias PlaceID = SceneSchema.PlaceID
  typealias Obj = [String: JSONValue]

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let validator = SchemaValidator(root: SceneSchema.jsonSchema)

  // MARK: The committed schema

  @Test func theCommittedSchemaIsWhatTheGeneratorProducesToday() throws {
    let committed = try String(
      contentsOf: SchemaTests.packageRoot.appendingPathComponent("docs/scene.schema.json"), encoding: .utf8)
    #expect(
      committed == SceneSchemaText.json,
      "docs/scene.schema.json is stale: run `make schema` (or `touchscope schema > docs/scene.schema.json`)")
  }

  @Test func theSchemaIsDraft2020_12AndSortedPrettyJSON() throws {
    let text = SceneSchemaText.json
    #expect(text.contains("\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""))
    // Valid JSON, and the same value read back.
    _ = try JSONSerialization.jsonObject(with: Data(text.utf8))
    #expect(try YAMLAsJSON.convert(text) == SceneSchema.jsonSchema)
    // Each object's keys in order (Unicode code points), two spaces a level.
    var last: [Int: String] = [:]
    for line in text.split(separator: "\n") {
      let indent = line.prefix { $0 == " " }.count
      #expect(indent % 2 == 0)
      last = last.filter { $0.key <= indent }
      guard line.dropFirst(indent).hasPrefix("\""), let end = line.range(of: "\": ") else {
        if line.hasSuffix("}") || line.hasSuffix("},") { last[indent + 2] = nil }
        continue
      }
      let key = String(line[line.index(line.startIndex, offsetBy: indent + 1)..<end.lowerBound])
      if let previous = last[indent] { #expect(previous.unicodeScalars.lexicographicallyPrecedes(key.unicodeScalars)) }
      last[indent] = key
    }
  }

  @Test func everyKeyBelongsToAPlaceAndEveryPlaceIsInTheSchema() throws {
    let used = Set(SceneSchema.places.flatMap { $0.entries.map(\.key) } + SceneReader.scriptFileKeys.keys)
    for key in Key.allCases { #expect(used.contains(key), "\(key.name) is in no place of SceneSchema") }
    guard case .object(let top) = SceneSchema.jsonSchema, case .object(let defs)? = top["$defs"] else {
      Issue.record("no $defs")
      return
    }
    for place in SceneSchema.places where place.id != .scene {
      guard case .object(let s)? = defs[place.id.rawValue], case .object(let props)? = s["properties"] else {
        Issue.record("\(place.id) is missing from $defs")
        continue
      }
      #expect(Set(props.keys) == Set(place.keys.names))
    }
  }

  // MARK: The validator

  @Test func theValidatorRefusesAnyKeywordItDoesNotKnow() throws {
    for keyword in ["format", "else", "patternProperties", "contains", "$dynamicRef", "unevaluatedProperties"] {
      let v = SchemaValidator(root: .object([keyword: .object([:])]))
      #expect(throws: SchemaValidator.Unsupported.self) { try v.problems(.string("x")) }
    }
    // Nested too: inside properties, items and $defs reached through $ref.
    let nested = SchemaValidator(
      root: .object([
        "properties": .object(["a": .object(["items": .object(["maxContains": 1])])])
      ]))
    #expect(throws: SchemaValidator.Unsupported.self) { try nested.problems(.object(["a": [1]])) }
  }

  @Test func theValidatorAppliesEachKeyword() throws {
    func valid(_ schema: JSONValue, _ v: JSONValue) throws -> Bool { try SchemaValidator(root: schema).isValid(v) }
    #expect(try valid(.object(["type": "integer"]), 2))
    #expect(try !valid(.object(["type": "integer"]), .number(2.5)))
    #expect(try !valid(.object(["type": "number"]), "2"))
    #expect(try valid(.object(["type": ["string", "boolean"]]), true))
    #expect(try !valid(.object(["minimum": 0, "maximum": 1]), .number(1.5)))
    #expect(try !valid(.object(["exclusiveMinimum": 0]), 0))
    #expect(try !valid(.object(["pattern": "^a"]), "ba"))
    #expect(try !valid(.object(["prefixItems": [.object(["type": "string"])]]), [1]))
    #expect(try !valid(.object(["uniqueItems": true]), ["a", "a"]))
    #expect(
      try !valid(.object(["additionalProperties": false, "properties": .object(["a": true])]), .object(["b": 1])))
    #expect(try !valid(.object(["dependentRequired": .object(["a": ["b"]])]), .object(["a": 1])))
    #expect(try !valid(.object(["oneOf": [true, true]]), 1))
    #expect(try !valid(.object(["not": .object(["required": ["a"]])]), .object(["a": 1])))
    #expect(try !valid(.object(["propertyNames": .object(["pattern": "\\."])]), .object(["a": 1])))
    let conditional: JSONValue = .object([
      "if": .object(["properties": .object(["kind": .object(["const": "x"])])]),
      "then": .object(["required": ["y"]]),
    ])
    #expect(try !valid(conditional, .object(["kind": "x"])))
    #expect(try valid(conditional, .object(["kind": "z"])))
  }

  // MARK: The library

  /// Scene files of the library and of docs/examples, with the relative path their first line names.
  static var libraryFiles: [(path: URL, schema: String)] {
    var out: [(URL, String)] = []
    for folder in ["Scenes", "docs/examples"] {
      let dir = packageRoot.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
      for name in names.sorted() where ["yaml", "yml"].contains((name as NSString).pathExtension) {
        let depth = folder.split(separator: "/").count
        let up = String(repeating: "../", count: depth)
        out.append((dir.appendingPathComponent(name), up + "docs/scene.schema.json"))
      }
    }
    return out
  }

  @Test func everyLibrarySceneValidatesAgainstTheSchema() throws {
    let files = SchemaTests.libraryFiles
    #expect(files.count > 30)
    for (url, _) in files {
      let text = try String(contentsOf: url, encoding: .utf8)
      let value = try #require(try YAMLAsJSON.convert(text))
      let problems = try SchemaTests.validator.problems(value)
      #expect(problems.isEmpty, "\(url.lastPathComponent): \(problems.prefix(5))")
    }
  }

  @Test func everyLibrarySceneNamesTheSchemaOnItsFirstLine() throws {
    for (url, schema) in SchemaTests.libraryFiles {
      let text = try String(contentsOf: url, encoding: .utf8)
      let first = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
      #expect(first == "# yaml-language-server: $schema=\(schema)", "\(url.lastPathComponent)")
      let target = url.deletingLastPathComponent().appendingPathComponent(schema).standardizedFileURL
      #expect(FileManager.default.fileExists(atPath: target.path))
    }
  }

  @Test func theInPlaceSaverKeepsTheSchemaLine() throws {
    let line = "# yaml-language-server: $schema=../docs/scene.schema.json\n"
    let text =
      line + "format: touchscope/1\nroot:\n  id: root\n  recognizers:\n    - { id: tap, kind: tap }\n"
    let edited = try SceneEditor.apply(
      [
        PropertyChange(target: "root", key: "hidden", value: .bool(true)),
        PropertyChange(target: "tap", key: "isEnabled", value: .bool(false)),
      ], to: text, file: "t.yaml")
    #expect(edited.hasPrefix(line + "format: touchscope/1\n"))
    #expect(edited.contains("hidden: true"))
    // A library scene too.
    let url = SchemaTests.packageRoot.appendingPathComponent("Scenes/05-pass-through-overlay.yaml")
    let library = try String(contentsOf: url, encoding: .utf8)
    let scene = try SceneLoader.parse(library, file: url.path)
    let saved = try SceneEditor.apply(
      [PropertyChange(target: scene.root.id, key: "hidden", value: .bool(!scene.root.hidden))], to: library,
      file: url.path)
    #expect(saved != library)
    #expect(saved.hasPrefix("# yaml-language-server: $schema=../docs/scene.schema.json\nformat: touchscope/1\n"))
  }

  // MARK: Loader and schema agree, key by key

  /// Whether the loader and the schema accept `doc`, with the loader's first problem.
  static func verdicts(_ doc: JSONValue) throws -> (loader: Bool, schema: Bool, problem: String) {
    var loaderOK = true
    var problem = ""
    do {
      _ = try SceneLoader.parse(doc.pretty, file: "t.json")
    } catch {
      loaderOK = false
      problem = error.diagnostics.first?.message ?? ""
    }
    return (loaderOK, try validator.isValid(doc), problem)
  }

  static func expectBoth(
    accept: Bool, _ doc: JSONValue, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    let v = try verdicts(doc)
    let schemaProblems = try validator.problems(doc).prefix(3)
    #expect(v.loader == accept, "loader, \(what): \(v.problem)", sourceLocation: sourceLocation)
    #expect(v.schema == accept, "schema, \(what): \(schemaProblems)", sourceLocation: sourceLocation)
  }

  /// A valid value of `shape` in the context `base(_:for:)` makes for its key.
  static func example(_ shape: SceneSchema.Shape) -> JSONValue {
    switch shape {
    case .text: return "a"
    case .identifier: return "x1"
    case .reference: return "root"
    case .constant(let s): return .string(s)
    case .bool, .isTrue: return true
    case .number(let r): return .number(r?.upperBound ?? 1)
    case .integer(let r): return .number(Double(r.lowerBound))
    case .point, .size: return [1, 1]
    case .rect, .insets: return [0, 0, 1, 1]
    case .circle: return [1, 1, 1]
    case .hexColor: return "#FFF"
    case .name(let values): return .string(values[0])
    case .names(let values, _): return [.string(values[0])]
    case .references, .list: return []
    case .place(let id): return .object(base(id, for: nil))
    case .map: return .object([:])
    case .anyOf(let shapes): return example(shapes.last!)
    case .null: return .null
    }
  }

  static func example(_ key: Key, in place: PlaceID) -> JSONValue {
    switch (place, key) {
    case (.step, .set): return .object(["root.hidden": true])
    case (.step, .touch): return 1
    // Rules C-12 to C-15: the recognizer r and the view v `document` gives the root.
    case (.step, .removeGestureRecognizer), (.step, .addGestureRecognizer): return "r"
    case (.step, .removeFromSuperview), (.step, .addSubview): return "v"
    case (.recognizer, .numberOfTapsRequired): return 2
    // The presenting view controller is the root's (`document` gives the root one).
    case (.view, .presentingViewController): return "rootVC"
    // The recognizer the root defines (`document`).
    case (.recognizerReference, .id): return "r"
    // Questions: the recognizers and the button `document` gives the root.
    case (.question, .fires), (.question, .finalState): return "r"
    case (.question, .recognizesFirst): return ["r", "r2"]
    // The scroll view `document` gives the root.
    case (.question, .restsAt), (.question, .zoomsTo): return "sv"
    // Rule H-18: a lower limit below the default maximum, and the subview `base` gives the scroll view.
    case (.view, .minimumZoomScale): return .number(0.5)
    case (.view, .zoomView): return "z"
    case (.question, .choices): return ["yes", "no"]
    case (.questionSends, .control): return "b"
    // The root implements the action (`document`).
    case (.controlAction, .target): return "root"
    default: return example(SceneSchema.place(place).entry(key)!.shape)
    }
  }

  /// A value of the wrong type for `shape`: a string where a mapping is allowed, else a list of lists.
  static func wrongType(_ shape: SceneSchema.Shape) -> JSONValue {
    func takesMapping(_ s: SceneSchema.Shape) -> Bool {
      switch s {
      case .place, .map: return true
      case .anyOf(let shapes): return shapes.contains(where: takesMapping)
      default: return false
      }
    }
    return takesMapping(shape) ? "zz zz" : [["zz"]]
  }

  /// A valid mapping of `place`, with what `key` needs beside it (a scroll key, a scroll view).
  static func base(_ place: PlaceID, for key: Key?) -> Obj {
    switch place {
    case .scene: return ["format": .string(SceneReader.formatName), "root": .object(["id": "root"])]
    case .view:
      var v: Obj = ["id": "v", "frame": [0, 0, 10, 10]]
      if let key, SceneSchema.scrollOnly.contains(key) { v["kind"] = "scroll" }
      if key == .enabled || key == .value { v["kind"] = "stepper" }
      if let key, SceneSchema.rangeKeys.contains(key) { v["kind"] = "stepper" }
      if key == .isMomentary || key == .disabledSegments { v["kind"] = "segmentedControl" }
      if key == .numberOfPages { v["kind"] = "pageControl" }
      if key == .zoomView { v["subviews"] = [.object(["id": "z", "frame": [0, 0, 1, 1]])] }
      if key == .sheet {
        v["controller"] = "c"
        v["presentingViewController"] = "rootVC"
      }
      if key == .tracking || key == .actions { v["kind"] = "control" }
      if key == .controllerForwardsTouches || key == .presentingViewController || key == .controllerImplements {
        v["controller"] = "c"
      }
      if key == .center {
        v["frame"] = nil
        v["bounds"] = [0, 0, 1, 1]
      }
      if key == .bounds {
        v["frame"] = nil
        v["center"] = [0, 0]
      }
      return v
    case .hitTestOverride: return ["rect": [0, 0, 1, 1], "returns": "root"]
    case .pointInside: return key == nil ? ["circle": [1, 1, 1]] : [:]
    case .predicate: return key == nil ? ["onlyTouchIn": []] : [:]
    case .recognizer:
      let kind = key.flatMap { SceneSchema.recognizer.entry($0)?.kinds?.first } ?? (key == .effect ? .pan : .tap)
      return ["id": "r", "kind": .string(kind.rawValue)]
    case .step:
      switch key {
      case nil: return ["t": 1, "end": true]
      case .t?: return ["touch": 1, "move": [2, 2]]
      case .touch?: return ["t": 1, "move": [2, 2]]
      case .down?: return ["t": 1, "touch": 2]
      case .move?, .up?, .cancel?: return ["t": 1, "touch": 1]
      case .addGestureRecognizer?, .addSubview?: return ["t": 1, "to": "root"]
      case .to?: return ["t": 1, "addSubview": "v"]
      default: return ["t": 1]
      }
    case .recognizerReference: return ["id": "r"]
    case .question:
      // `document` gives the root recognizers r and r2 and a button b.
      var q: Obj = ["t": 0, "ask": "a"]
      switch key {
      case .hitView?: q["choices"] = ["root", "none"]
      case .finalState?: q["choices"] = ["possible", "ended"]
      case .gets?: q["choices"] = ["nothing", "touchesEnded"]
      case .performs?: q["choices"] = ["root", "none"]
      case .fires?, .sends?, .recognizesFirst?: break
      case .restsAt?: q["choices"] = ["(0, 0)", "(1, 0)"]
      case .zoomsTo?: q["choices"] = ["1", "2"]
      case .t?: q = ["ask": "a", "fires": "r"]
      case .ask?: q = ["t": 0, "fires": "r"]
      default: q["fires"] = "r"
      }
      return q
    case .questionGets: return ["view": "root", "touch": 1]
    case .questionSends: return ["control": "b", "event": "touchUpInside"]
    case .controlAction: return ["event": "touchUpInside", "action": "save:"]
    case .translation, .transform, .forwarding, .touchesShouldBegin, .touchesShouldCancel, .delegate, .tracking,
      .responders, .eventResponder, .appDelegateResponder, .sheet:
      return [:]
    }
  }

  /// A whole scene holding `mapping` as its `place`.
  static func document(_ place: PlaceID, _ mapping: Obj) -> JSONValue {
    func scene(root: Obj, _ extra: Obj = [:]) -> JSONValue {
      .object(base(.scene, for: nil).merging(["root": .object(root)]) { $1 }.merging(extra) { $1 })
    }
    func inView(_ key: String, _ value: JSONValue, scroll: Bool = false, kind: String? = nil) -> JSONValue {
      var v: Obj = ["id": "v", "frame": [0, 0, 10, 10], key: value]
      if scroll { v["kind"] = "scroll" }
      if let kind { v["kind"] = .string(kind) }
      return scene(root: ["id": "root", "subviews": [.object(v)]])
    }
    func inRecognizer(_ key: String, _ value: JSONValue) -> JSONValue {
      scene(root: ["id": "root", "recognizers": [.object(["id": "r", "kind": "tap", key: value])]])
    }
    let m = JSONValue.object(mapping)
    switch place {
    case .scene: return m
    case .translation: return scene(root: ["id": "root"], ["translations": .object(["zh-Hans": m])])
    case .view:
      if mapping["presentingViewController"] != nil {
        return scene(root: ["id": "root", "controller": "rootVC", "subviews": [m]])
      }
      return scene(root: ["id": "root", "subviews": [m]])
    case .recognizerReference:
      // The recognizer defined on the root, and added to a subview too (rule C-9).
      return scene(root: [
        "id": "root", "recognizers": [.object(["id": "r", "kind": "tap"])],
        "subviews": [.object(["id": "v", "frame": [0, 0, 10, 10], "recognizers": [m]])],
      ])
    case .transform: return inView("transform", m)
    case .forwarding: return inView("forwardsTouches", m)
    case .touchesShouldBegin: return inView("touchesShouldBegin", m, scroll: true)
    case .touchesShouldCancel: return inView("touchesShouldCancel", m, scroll: true)
    case .hitTestOverride:
      // `when` names a flag the view declares.
      guard mapping["when"] != nil else { return inView("hitTestOverrides", [m]) }
      let v: Obj = ["id": "v", "frame": [0, 0, 10, 10], "flags": .object(["x1": true]), "hitTestOverrides": [m]]
      return scene(root: ["id": "root", "subviews": [.object(v)]])
    case .pointInside: return inView("pointInside", m)
    case .tracking: return inView("tracking", m, kind: "control")
    case .sheet:
      let sheet: Obj = [
        "id": "v", "frame": [0, 0, 10, 10], "controller": "c", "presentingViewController": "rootVC", "sheet": m,
      ]
      return scene(root: ["id": "root", "controller": "rootVC", "subviews": [.object(sheet)]])
    case .controlAction:
      let control: Obj = ["id": "v", "kind": "control", "frame": [0, 0, 10, 10], "actions": [m]]
      return scene(root: ["id": "root", "implements": ["a", "save:"], "subviews": [.object(control)]])
    case .responders: return scene(root: ["id": "root"], ["responders": m])
    case .eventResponder: return scene(root: ["id": "root"], ["responders": .object(["window": m])])
    case .appDelegateResponder: return scene(root: ["id": "root"], ["responders": .object(["appDelegate": m])])
    case .recognizer: return scene(root: ["id": "root", "recognizers": [m]])
    case .delegate: return inRecognizer("delegate", m)
    case .predicate: return inRecognizer("delegate", .object(["shouldBegin": m]))
    case .question, .questionGets, .questionSends:
      let root: Obj = [
        "id": "root", "recognizers": [.object(["id": "r", "kind": "tap"]), .object(["id": "r2", "kind": "pan"])],
        "subviews": [
          .object(["id": "b", "kind": "button", "frame": [0, 0, 10, 10]]),
          .object(["id": "sv", "kind": "scroll", "frame": [0, 20, 10, 10]]),
        ],
      ]
      let question: JSONValue =
        place == .question
        ? m
        : place == .questionGets
          ? .object(["t": 0, "ask": "a", "gets": m, "choices": ["nothing", "touchesEnded"]])
          : .object(["t": 0, "ask": "a", "sends": m])
      return scene(root: root, ["questions": [question]])
    case .step:
      let prefix: [JSONValue] = [
        .object(["t": 0, "touch": 1, "down": [1, 1]]), .object(["t": 0, "beginIgnoringInteractionEvents": true]),
      ]
      let root: Obj = [
        "id": "root", "recognizers": [.object(["id": "r", "kind": "tap"])],
        "subviews": [.object(["id": "v", "frame": [0, 0, 10, 10]])],
      ]
      return scene(root: root, ["script": .array(prefix + [m])])
    }
  }

  @Test(arguments: SceneSchema.PlaceID.allCases)
  func everyKeyTakesItsExampleAndRefusesAWrongTypeInBothLoaderAndSchema(_ place: PlaceID) throws {
    let p = SceneSchema.place(place)
    try SchemaTests.expectBoth(accept: true, SchemaTests.document(place, SchemaTests.base(place, for: nil)), "\(place)")
    for e in p.entries {
      var m = SchemaTests.base(place, for: e.key)
      m[e.key.name] = SchemaTests.example(e.key, in: place)
      try SchemaTests.expectBoth(accept: true, SchemaTests.document(place, m), "\(place).\(e.key.name) example")
      m[e.key.name] = SchemaTests.wrongType(e.shape)
      let wrong = SchemaTests.document(place, m)
      try SchemaTests.expectBoth(accept: false, wrong, "\(place).\(e.key.name) wrong type")
      // For the key's own reason (or its items': "a view must be a mapping"), not something else.
      let problem = try SchemaTests.verdicts(wrong).problem
      let named = problem.contains("'\(e.key.name)") || problem.contains("\(e.key.name)'")
      #expect(named || problem.contains(" must be a mapping (key: value)"), "\(place).\(e.key.name): \(problem)")
    }
  }

  @Test(arguments: SceneSchema.PlaceID.allCases)
  func anUnknownKeyIsRefusedByBothLoaderAndSchema(_ place: PlaceID) throws {
    for unknown in ["zzUnknown", "colour", "Id"] {
      var m = SchemaTests.base(place, for: nil)
      m[unknown] = 1
      try SchemaTests.expectBoth(accept: false, SchemaTests.document(place, m), "\(place) with '\(unknown)'")
    }
    // Every key of every other place is unknown here, unless this place has it too.
    let own = Set(SceneSchema.place(place).entries.map(\.key))
    for key in Key.allCases where !own.contains(key) {
      var m = SchemaTests.base(place, for: nil)
      m[key.name] = 1
      try SchemaTests.expectBoth(accept: false, SchemaTests.document(place, m), "\(place) with '\(key.name)'")
    }
  }

  @Test(arguments: SceneSchema.PlaceID.allCases)
  func numbersOutsideTheirRangeAreRefusedByBoth(_ place: PlaceID) throws {
    for e in SceneSchema.place(place).entries {
      let outside: [Double]
      switch e.shape {
      case .number(let r?): outside = [r.lowerBound - 1, r.upperBound + 1]
      case .number(nil): outside = [-SceneReader.maxMagnitude - 1, SceneReader.maxMagnitude + 1]
      case .integer(let r): outside = [Double(r.lowerBound) - 1, Double(r.upperBound) + 1, Double(r.lowerBound) + 1.5]
      case .size(let maximum, let positive): outside = [maximum + 1, positive ? 0 : -1]
      default: continue
      }
      for x in outside {
        var m = SchemaTests.base(place, for: e.key)
        if case .size = e.shape { m[e.key.name] = [1, .number(x)] } else { m[e.key.name] = .number(x) }
        try SchemaTests.expectBoth(accept: false, SchemaTests.document(place, m), "\(place).\(e.key.name): \(x)")
      }
    }
  }

  @Test(arguments: SceneSchema.PlaceID.allCases)
  func requiredPairedExclusiveAndOneOfKeysAgree(_ place: PlaceID) throws {
    let p = SceneSchema.place(place)
    for key in p.required {
      var m = SchemaTests.base(place, for: nil)
      m[key.name] = nil
      // `{ id: r }` alone is a reference to a recognizer defined elsewhere (C-9), which a schema cannot look
      // up: a recognizer without a kind is told apart by its other keys.
      if place == .recognizer && key == .kind { m["isEnabled"] = true }
      try SchemaTests.expectBoth(accept: false, SchemaTests.document(place, m), "\(place) without \(key.name)")
    }
    for (key, others) in p.needs {
      var m = SchemaTests.base(place, for: key)
      m[key.name] = SchemaTests.example(key, in: place)
      for o in others { m[o.name] = nil }
      try SchemaTests.expectBoth(accept: false, SchemaTests.document(place, m), "\(place).\(key.name) alone")
    }
    for keys in p.conflicts {
      var m = SchemaTests.base(place, for: nil)
      for k in keys { m[k.name] = SchemaTests.example(k, in: place) }
      try SchemaTests.expectBoth(accept: false, SchemaTests.document(place, m), "\(place) with \(keys)")
    }
    if !p.exactlyOne.isEmpty {
      var none = SchemaTests.base(place, for: nil)
      for k in p.exactlyOne { none[k.name] = nil }
      try SchemaTests.expectBoth(accept: false, SchemaTests.document(place, none), "\(place) with none of one-of")
      for (a, b) in zip(p.exactlyOne, p.exactlyOne.dropFirst()) {
        var two = none
        two[a.name] = SchemaTests.example(a, in: place)
        two[b.name] = SchemaTests.example(b, in: place)
        if place == .step { two["touch"] = 1 }
        try SchemaTests.expectBoth(
          accept: false, SchemaTests.document(place, two), "\(place) with \(a.name), \(b.name)")
      }
    }
  }

  @Test(arguments: SceneSchema.PlaceID.allCases)
  func aKeyOnAKindThatLacksItIsRefusedByBoth(_ place: PlaceID) throws {
    let p = SceneSchema.place(place)
    for rule in p.kindRules {
      for kind in rule.kinds {
        for (key, shape) in rule.shapes where shape == nil {
          var m = SchemaTests.base(place, for: key)
          m["kind"] = .string(kind)
          m[key.name] = SchemaTests.example(key, in: place)
          if key == .effect { m[key.name] = "translate" }
          try SchemaTests.expectBoth(accept: false, SchemaTests.document(place, m), "\(place) \(kind) with \(key.name)")
        }
      }
    }
  }

  @Test func valuesThatFitOneKindOnlyAgree() throws {
    func view(_ kind: String, _ value: JSONValue) -> JSONValue {
      SchemaTests.document(.view, ["id": "v", "frame": [0, 0, 10, 10], "kind": .string(kind), "value": value])
    }
    try SchemaTests.expectBoth(accept: true, view("switch", true), "switch true")
    try SchemaTests.expectBoth(accept: true, view("switch", 1), "switch 1")
    try SchemaTests.expectBoth(accept: false, view("switch", .number(0.5)), "switch 0.5")
    try SchemaTests.expectBoth(accept: false, view("stepper", true), "stepper true")
    try SchemaTests.expectBoth(accept: true, view("stepper", -5), "stepper -5")
    try SchemaTests.expectBoth(accept: false, view("slider", true), "slider true")
    try SchemaTests.expectBoth(accept: false, view("segmentedControl", .number(1.5)), "segment 1.5")
    try SchemaTests.expectBoth(accept: false, view("pageControl", 1001), "page 1001")
    try SchemaTests.expectBoth(accept: true, view("pageControl", 1000), "page 1000")
    func recognizer(_ kind: String, _ extra: Obj) -> JSONValue {
      let r: Obj = ["id": "r", "kind": .string(kind)]
      return SchemaTests.document(.recognizer, r.merging(extra) { $1 })
    }
    try SchemaTests.expectBoth(accept: false, recognizer("pan", ["effect": "scale"]), "pan scale")
    try SchemaTests.expectBoth(accept: true, recognizer("pinch", ["effect": "scale"]), "pinch scale")
    try SchemaTests.expectBoth(accept: false, recognizer("tap", ["numberOfTapsRequired": 0]), "tap 0 taps")
    try SchemaTests.expectBoth(accept: true, recognizer("longPress", ["numberOfTapsRequired": 0]), "long press 0 taps")
    try SchemaTests.expectBoth(accept: false, recognizer("swipe", ["direction": []]), "no direction")
    try SchemaTests.expectBoth(accept: false, recognizer("swipe", ["direction": ["up", "up"]]), "up twice")
    try SchemaTests.expectBoth(accept: true, recognizer("swipe", ["direction": ["up", "down"]]), "up and down")
  }

  /// Rules 8.4, 8.5: the maximum is not below the minimum, the step is above 0, and the range keys belong
  /// to those kinds: each refused where it is written (the schema cannot compare two keys; the loader
  /// does). A value outside the range loads as UIKit keeps it (clamped), with a warning at the value.
  @Test func aControlsRangeIsCheckedWhereItIsWritten() throws {
    func text(_ view: String) -> String {
      "format: touchscope/1\nroot:\n  id: root\n  subviews:\n    - " + view + "\n"
    }
    func problem(_ view: String) -> String? { SceneFileTests.problem(text(view)) }
    #expect(problem("{ id: s, kind: stepper, frame: [0, 0, 94, 29], minimumValue: 5, maximumValue: 1 }") != nil)
    #expect(problem("{ id: s, kind: stepper, frame: [0, 0, 94, 29], stepValue: 0 }")?.contains("above 0") == true)
    #expect(problem("{ id: s, kind: slider, frame: [0, 0, 94, 29], wraps: true }")?.contains("steppers only") == true)
    #expect(problem("{ id: s, kind: button, frame: [0, 0, 94, 29], minimumValue: 1 }") != nil)
    #expect(problem("{ id: s, kind: slider, frame: [0, 0, 100, 30], maximumValue: 5, value: 2 }") == nil)
    let loaded = try SceneLoader.read(text("{ id: s, kind: slider, frame: [0, 0, 100, 30], value: 2 }"), file: "t.yaml")
    #expect(loaded.scene.root.subviews[0].value == 1)
    let warning = try #require(loaded.warnings.first)
    #expect(warning.description.contains("outside") && warning.description.contains("5:"), "\(warning)")
    let stepper = try SceneLoader.read(
      text("{ id: s, kind: stepper, frame: [0, 0, 94, 29], value: -5 }"), file: "t.yaml")
    #expect(stepper.scene.root.subviews[0].value == 0 && stepper.warnings.count == 1)
  }

  /// Rules 8.4, 8.5 in `set` steps: the range keys only on their kinds, a step above 0, a maximum not below
  /// the minimum; refused where they are written.
  @Test func setStepsOnAControlsRangeAreChecked() throws {
    func problem(_ set: String) -> String? {
      let text = """
        format: touchscope/1
        root:
          id: root
          subviews:
            - { id: count, kind: stepper, frame: [0, 0, 94, 29] }
            - { id: volume, kind: slider, frame: [0, 40, 200, 30] }
        script:
          - { t: 0, set: { \(set) } }
        """
      return SceneFileTests.problem(text)
    }
    #expect(problem("count.maximumValue: 10, count.stepValue: 2, count.wraps: true") == nil)
    #expect(problem("volume.maximumValue: 10, volume.isContinuous: false") == nil)
    #expect(problem("volume.wraps: true")?.contains("8:") == true)
    #expect(problem("volume.wraps: true")?.contains("steppers only") == true)
    #expect(problem("count.stepValue: 0")?.contains("above 0") == true)
    #expect(problem("count.maximumValue: -1")?.contains("below") == true)
    #expect(problem("root.minimumValue: 1")?.contains("steppers and sliders only") == true)
  }

  /// Rules 8.6, 8.7, 8.8: a segmented control's `isMomentary` and `disabledSegments`, a page control's
  /// `numberOfPages` and a control's `tracking`, each refused where it is written when wrong; a scene with
  /// all of them is written back by the YAML writer and reads the same.
  @Test func segmentPageAndTrackingKeysAreCheckedWhereWritten() throws {
    func text(_ view: String) -> String {
      "format: touchscope/1\nroot:\n  id: root\n  subviews:\n    - " + view + "\n"
    }
    func problem(_ view: String) -> String? { SceneFileTests.problem(text(view)) }
    let seg = "id: c, kind: segmentedControl, frame: [0, 0, 300, 32], text: 'A|B|C'"
    #expect(problem("{ \(seg), disabledSegments: [3] }")?.contains("has 3 segments") == true)
    #expect(problem("{ \(seg), disabledSegments: [1, 1] }")?.contains("twice") == true)
    #expect(problem("{ \(seg), disabledSegments: [2], isMomentary: true, value: -1 }") == nil)
    #expect(
      problem("{ id: b, kind: button, frame: [0, 0, 9, 9], isMomentary: true }")?.contains("segmentedControls only")
        == true)
    #expect(
      problem("{ id: p, kind: pageControl, frame: [0, 0, 9, 9], numberOfPages: 2.5 }")?.contains("whole number") == true
    )
    #expect(
      problem("{ id: b, kind: stepper, frame: [0, 0, 9, 9], numberOfPages: 2 }")?.contains("pageControls only") == true)
    #expect(
      problem("{ id: v, frame: [0, 0, 9, 9], tracking: { beginTracking: false } }")?.contains("controls only") == true)
    #expect(
      problem("{ id: k, kind: control, frame: [0, 0, 9, 9], tracking: { beginTracking: 3 } }")?.contains(
        "true, false or a shape") == true)
    #expect(problem("{ id: k, kind: control, frame: [0, 0, 9, 9], tracking: { endTracking: false } }") != nil)
    let pages = try SceneLoader.read(
      text("{ id: p, kind: pageControl, frame: [0, 0, 200, 30], numberOfPages: 3, value: 7 }"), file: "t.yaml")
    #expect(pages.scene.root.subviews[0].value == 2 && pages.warnings.count == 1)
    let all = try SceneLoader.read(
      """
      format: touchscope/1
      root:
        id: root
        subviews:
          - { \(seg), isMomentary: true, disabledSegments: [0, 2] }
          - { id: p, kind: pageControl, frame: [0, 40, 200, 30], numberOfPages: 4, value: 1 }
          - id: k
            kind: control
            frame: [0, 80, 100, 100]
            tracking: { beginTracking: { circle: [50, 50, 20] }, continueTracking: { rects: [[0, 0, 100, 100]] }, endTrackingCallsSuper: false, cancelTrackingCallsSuper: false }
      script:
        - { t: 0, set: { c.disabledSegments: [1], c.isMomentary: false, p.numberOfPages: 2 } }
      """, file: "t.yaml")
    let views = all.scene.root.subviews
    #expect(views[0].disabledSegments == [0, 2] && views[0].isMomentary == true && views[1].numberOfPages == 4)
    #expect(views[2].trackingOverrides.beginTracking == .within(.circle(center: Point(50, 50), radius: 20)))
    #expect(!views[2].trackingOverrides.endTrackingCallsSuper && !views[2].trackingOverrides.cancelTrackingCallsSuper)
    let again = try SceneLoader.read(SceneYAMLWriter.document(all.scene), file: "again.yaml")
    #expect(again.scene.root == all.scene.root && again.scene.script.map(\.action) == all.scene.script.map(\.action))
  }

  /// Rules 8.6, 8.7 in `set` steps: each key on its kind only, the segment indexes within the control.
  @Test func setStepsOnSegmentsAndPagesAreChecked() throws {
    func problem(_ set: String) -> String? {
      let text = """
        format: touchscope/1
        root:
          id: root
          subviews:
            - { id: choice, kind: segmentedControl, frame: [0, 0, 300, 32], text: "A|B" }
            - { id: pages, kind: pageControl, frame: [0, 40, 200, 30] }
        script:
          - { t: 0, set: { \(set) } }
        """
      return SceneFileTests.problem(text)
    }
    #expect(problem("choice.isMomentary: true, choice.disabledSegments: [1], pages.numberOfPages: 3") == nil)
    #expect(problem("choice.disabledSegments: [2]")?.contains("has 2 segments") == true)
    #expect(problem("choice.disabledSegments: [0.5]")?.contains("list of whole numbers") == true)
    #expect(problem("pages.isMomentary: true")?.contains("segmentedControls only") == true)
    #expect(problem("choice.numberOfPages: 3")?.contains("pageControls only") == true)
    #expect(problem("pages.numberOfPages: -1")?.contains("whole number") == true)
  }
}
