import Geometry
import Localization
import Raster
import StudioUI
import TouchSim
import TraceKit

/// Results of the costly, pure parts of a frame, kept for the next frame when their inputs are equal.
///
/// With a thousand views, drawing the device's views, laying out the canvas geometry and listing the
/// recognizers cost more than everything else in a frame, yet they change only when the scene, the
/// zoom or a control's state does. Each entry is a pure function of its key, so a hit returns exactly
/// what recomputing would (comparing a scene is cheap when it was not changed: arrays compare their
/// storage first). Main thread only.
final class FrameMemo {
  private struct ViewsKey: Equatable {
    var scene: Scene
    var viewport: Viewport
    var pixelScale: Double
    var controls: [String: ControlStatus]
    var textFloor: Double
  }
  private var views: (key: ViewsKey, layers: ViewLayers)?
  private var geometry: (scene: Scene, viewport: Viewport, value: CanvasGeometry)?
  private var configMemo: ConfigEntry?
  /// What the inspector reads of the configuration, worked out once a configuration.
  private struct ConfigEntry {
    var config: Scene
    var built: Scene
    var all: [InspectorRecognizer]
    /// How many views `built` has (the header and the Views tab ask every frame).
    var viewCount: Int
  }
  private var pairs: (config: Scene, value: PairRelations)?
  private var help: (key: [Double], language: String, value: (card: Rect, setting: OverlayHelp.Setting))?
  private var textTable: (start: Scene, language: String, value: [String: [String: String]])?
  private var shown: (scene: Scene, table: [String: [String: String]], value: Scene)?
  private var cards: [String: (key: CardKey, height: Double, card: DrawList)] = [:]
  /// How many cards were taken from an earlier frame (for tests).
  private(set) var cardReuses = 0
  /// Forgets the kept cards, narration settings and timeline (tests compare a frame built with them to one
  /// built without).
  func forgetKept() {
    cards.removeAll()
    chips = nil
    geometry = nil
    sight = nil
    viewLabels = nil
    journal = nil
    narrationSettings.removeAll()
    timeline = nil
    header = nil
    legibility = [:]
  }

  /// Everything a recognizer card at rest draws from (`InspectorRecognizerCard.draw`): the recognizer
  /// itself comes from `config` by its id, its pairs too; `status` is the trace's fold at the playhead.
  /// A card that is pulsing or flashing changes with the clock and has no key.
  struct CardKey: Equatable {
    var config: Scene
    var x: Double
    var width: Double
    var theme: Theme
    var selected: Bool
    var status: RecognizerStatus?
    var onView: String?
    /// The measurer the text was measured with (the instance, or the type of a value measurer).
    var measurer: ObjectIdentifier
  }

  /// Everything the folded recognizers' chips draw from (`InspectorPanel.foldedChips`): which are folded,
  /// their states at the playhead, where and how wide, and the theme.
  struct ChipsKey: Equatable {
    var config: Scene
    var ids: [String]
    var statuses: [RecognizerStatus?]
    var x: Double
    var width: Double
    var theme: Theme
    var measurer: ObjectIdentifier
  }
  private var chips: (key: ChipsKey, height: Double, list: DrawList)?
  /// How many times the folded chips were reused (for tests).
  private(set) var chipReuses = 0

  /// The folded chips drawn at the top 0, with their height: kept while their key is the same.
  func chips(_ key: ChipsKey, draw: () -> (height: Double, list: DrawList)) -> (height: Double, list: DrawList) {
    if let chips, chips.key == key {
      chipReuses += 1
      return (chips.height, chips.list)
    }
    let drawn = draw()
    chips = (key, drawn.height, drawn.list)
    return drawn
  }

  /// The narration strip's text set at a width (`NarrationStrip.setting`): the frame sets it once to size
  /// the strip and again to draw it, and a frame at rest sets the same text again; the last few are kept.
  func narrationSetting(
    _ c: NarrationStrip.Content, width: Double, _ t: Theme, set: () -> NarrationStrip.Setting
  ) -> NarrationStrip.Setting {
    let key = NarrationKey(content: c, width: width, theme: t, measurer: TextMetrics.measurer.identity)
    if let i = narrationSettings.firstIndex(where: { $0.key == key }) { return narrationSettings[i].value }
    let value = set()
    if narrationSettings.count >= 4 { narrationSettings.removeFirst() }
    narrationSettings.append((key, value))
    return value
  }

  private struct NarrationKey: Equatable {
    var content: NarrationStrip.Content
    var width: Double
    var theme: Theme
    var measurer: ObjectIdentifier
  }
  private var narrationSettings: [(key: NarrationKey, value: NarrationStrip.Setting)] = []

  /// A recognizer card drawn at the top 0, with its height: kept from an earlier frame when its key is
  /// the same (a card's text is measured, truncated and wrapped, which made the cards a fifth of a
  /// frame), else drawn by `draw`. With no key (the card animates), always drawn.
  func card(_ id: String, key: CardKey?, draw: () -> (height: Double, card: DrawList)) -> (
    height: Double, card: DrawList
  ) {
    guard let key else { return draw() }
    if let kept = cards[id], kept.key == key {
      cardReuses += 1
      return (kept.height, kept.card)
    }
    let drawn = draw()
    // Bounded: a scene of thousands of recognizers shows at most `InspectorPanel.maxOpenCards` open.
    if cards.count >= 512 { cards.removeAll(keepingCapacity: true) }
    cards[id] = (key, drawn.height, drawn.card)
    return drawn
  }

  private var timeline: (source: TraceSource, growing: TimelineContent.Growing)?

  private struct HeaderKey: Equatable {
    var rect: Rect
    var buttons: [HeaderButton]
    var theme: Theme
    var speed: Double
    var measurer: ObjectIdentifier
  }
  private var header: (key: HeaderKey, value: HeaderBar.Placement)?
  /// `Legibility.enforce`'s verdicts on pairs of text colour and surface, each a pure function of its pair.
  var legibility: [UInt64: RGBA?] = [:]

  /// `HeaderBar.placement(in:_:)` of these buttons: the same while they, the rectangle, the theme and the
  /// speed (the narrow header's one speed button) stay the same.
  func headerPlacement(
    _ rect: Rect, _ buttons: [HeaderButton], _ ctx: PanelContext, place: () -> HeaderBar.Placement
  ) -> HeaderBar.Placement {
    let key = HeaderKey(
      rect: rect, buttons: buttons, theme: ctx.theme, speed: ctx.speed, measurer: TextMetrics.measurer.identity)
    if let header, header.key == key { return header.value }
    let value = place()
    header = (key, value)
    return value
  }

  /// `TimelineContent(trace:range:language:)`, going on from the entries added for an earlier frame when
  /// `source` says the trace is the same one, grown (nil: built afresh).
  func timeline(
    _ trace: [TraceEntry], _ range: Range<Int>, language: Language, source: TraceSource?
  ) -> TimelineContent {
    guard let source else { return TimelineContent(trace: trace, range: range, language: language) }
    var growing: TimelineContent.Growing
    if let kept = timeline, kept.source == source, kept.growing.from == max(range.lowerBound, 0),
      kept.growing.language == language, kept.growing.upTo <= range.upperBound
    {
      growing = kept.growing
    } else {
      growing = TimelineContent.Growing(from: range.lowerBound, language: language)
    }
    timeline = nil  // the builder's storage unshared while it grows
    let content = growing.content(trace: trace, upTo: range.upperBound)
    timeline = (source, growing)
    return content
  }

  /// `OverlayHelp.layout(in: rect, theme)`: every row wrapped at each size tried, so kept while the window
  /// and the theme stay the same (the wheel scrolls it frame after frame).
  func helpLayout(in rect: Rect, _ t: Theme) -> (card: Rect, setting: OverlayHelp.Setting) {
    let key = [rect.minX, rect.minY, rect.width, rect.height, t.unit, t.pixelScale, t.presenter ? 1 : 0]
    if let help, help.key == key, help.language == t.language.rawValue { return help.value }
    let value = OverlayHelp.layout(in: rect, t)
    help = (key, t.language.rawValue, value)
    return value
  }

  /// `PairRelations(config's recognizers)`: for each recognizer, whom it may recognize together with and
  /// whom it waits for, found in one pass over the answers (not one per pair).
  func pairRelations(in config: Scene) -> PairRelations {
    if let pairs, pairs.config == config { return pairs.value }
    let value = PairRelations(recognizers(in: config))
    pairs = (config, value)
    return value
  }

  /// `scene` (a moment of a run of `start`) with its views' texts in `language`, as the device draws them
  /// (`Scene.deviceTextTable`, `Scene.showingTexts`).
  func shownScene(_ scene: Scene, start: Scene, language: String) -> Scene {
    let table: [String: [String: String]]
    if let textTable, textTable.language == language, textTable.start == start {
      table = textTable.value
    } else {
      table = start.deviceTextTable(in: language)
      textTable = (start, language, table)
    }
    if table.isEmpty { return scene }
    if let shown, shown.table == table, shown.scene == scene { return shown.value }
    let value = scene.showingTexts(table)
    shown = (scene, table, value)
    return value
  }

  /// `canvas.viewCommands(for: scene)` in two layers: everything but the views' text, then the text alone
  /// (with the clips it is drawn in), which the canvas draws over the fingers' rings.
  func viewCommands(_ canvas: SceneCanvas, _ scene: Scene) -> ViewLayers {
    let key = ViewsKey(
      scene: scene, viewport: canvas.viewport, pixelScale: canvas.pixelScale, controls: canvas.controls,
      textFloor: canvas.textFloor)
    if let views, views.key == key { return views.layers }
    let layers = ViewLayers(canvas.viewCommands(for: scene))
    views = (key, layers)
    return layers
  }

  /// Everything a canvas labeler reads besides the labels asked of it: the scene and zoom its geometry is
  /// built from, the labels' unit, the part of the device shown and the room beside it, the controls'
  /// states and the text floor (the views' own text), the language and the measurer.
  struct LabelerKey: Equatable {
    var scene: Scene
    var viewport: Viewport
    var unit: Double
    var visible: Rect
    var beside: [Rect]
    var controls: [String: ControlStatus]
    var textFloor: Double
    var language: Language
    var measurer: ObjectIdentifier

    /// Whether `other` differs from this key in its scene at most.
    func sameButScene(_ other: LabelerKey) -> Bool {
      var other = other
      other.scene = scene
      return other == self
    }
  }
  private var sight: (key: LabelerKey, value: CanvasLabeler.Sight)?
  private var viewLabels: (key: LabelerKey, taken: [Rect], named: Set<String>, added: CanvasLabeler.ViewLabels)?
  private var journal:
    (key: LabelerKey, entries: [CanvasLabeler.Entry], geometry: CanvasGeometry, sight: CanvasLabeler.Sight)?
  /// How many times the views' labels were added again from an earlier frame (for tests).
  private(set) var viewLabelReuses = 0
  /// How many labels went where a labeler of an earlier frame put them (for tests).
  private(set) var labelReplays = 0

  /// A labeler of `geometry` (built from the key's scene and viewport), its `Sight` kept while the key is
  /// the same.
  func labeler(_ key: LabelerKey, geometry: CanvasGeometry) -> CanvasLabeler {
    let value: CanvasLabeler.Sight
    if let sight, sight.key == key {
      value = sight.value
    } else {
      value = CanvasLabeler.sight(
        geometry: geometry, unit: key.unit, visible: key.visible, controls: key.controls, textFloor: key.textFloor)
      sight = (key, value)
    }
    var labeler = CanvasLabeler(
      geometry: geometry, unit: key.unit, visible: key.visible, controls: key.controls, beside: key.beside,
      textFloor: key.textFloor, language: key.language, sight: value)
    if let journal, journal.key == key {
      labeler.replaying = journal.entries
    } else if let journal, journal.key.sameButScene(key),
      let moved = CanvasLabeler.changedViews(from: (journal.geometry, journal.sight), to: (geometry, value))
    {
      // The same views in the same tree, some moved or changed (a list scrolled): the labels the change
      // cannot move go where they went.
      labeler.follow(journal.entries, gone: moved.gone, come: moved.come)
    }
    return labeler
  }

  /// `labeler.placeViewLabels()` (the labeler made by `labeler(key, …)`): placing them reads only the key and
  /// what the labeler placed before them (the boxes taken, the views named), so while those are the same
  /// the labels the last frame added are added again. A frame where nothing moves on the device (a tap,
  /// a drag across a view that does not scroll) places only the labels that changed. When the labels before
  /// them changed (a finger's tag moved, the walk's badges came), each view's label still goes where it
  /// went unless the change could move it (`CanvasLabeler.replaying`).
  func placeViewLabels(_ labeler: inout CanvasLabeler, _ key: LabelerKey) {
    // Every label asked for, for the next frame's labeler to follow (`CanvasLabeler.replaying`).
    defer {
      journal = (key, labeler.journal, labeler.geometry, labeler.sight)
      labelReplays += labeler.replayed
    }
    if let kept = viewLabels, kept.key == key, kept.named == labeler.named, kept.taken == labeler.placer.taken {
      labeler.add(kept.added)
      viewLabelReuses += 1
      return
    }
    let taken = labeler.placer.taken
    let named = labeler.named
    viewLabels = nil
    let added = labeler.placeViewLabels()
    viewLabels = (key, taken, named, added)
  }

  /// `CanvasGeometry(scene:viewport:)`.
  func geometry(scene: Scene, viewport: Viewport) -> CanvasGeometry {
    if let geometry, geometry.viewport == viewport, geometry.scene == scene { return geometry.value }
    let value = CanvasGeometry(scene: scene, viewport: viewport, reusing: geometry?.value)
    geometry = (scene, viewport, value)
    return value
  }

  /// `InspectorRecognizer.all(in: config)`.
  func recognizers(in config: Scene) -> [InspectorRecognizer] { configEntry(config).all }

  /// How many views `config` has, with those UIKit builds around sheets.
  func viewCount(in config: Scene) -> Int { configEntry(config).viewCount }

  /// `config.presentingSheets()`: the tree as the engine and the canvas have it, built once a config.
  func built(_ config: Scene) -> Scene { configEntry(config).built }

  private func configEntry(_ config: Scene) -> ConfigEntry {
    if let entry = configMemo, entry.config == config { return entry }
    let built = config.presentingSheets()
    let entry = ConfigEntry(
      config: config, built: built, all: InspectorRecognizer.all(inBuilt: built), viewCount: built.allViews.count)
    configMemo = entry
    return entry
  }
}

/// The device's views as two layers: shapes, and text over whatever is drawn between them.
struct ViewLayers {
  var shapes: [DrawCommand] = []
  var text: [DrawCommand] = []

  init(_ commands: [DrawCommand]) {
    shapes.reserveCapacity(commands.count)
    for c in commands {
      switch c {
      case .text: text.append(c)
      case .clip, .unclip:
        shapes.append(c)
        text.append(c)
      default: shapes.append(c)
      }
    }
    // Clips with no text inside them are left out of the text layer.
    var kept: [DrawCommand] = []
    kept.reserveCapacity(text.count)
    var open: [Int] = []  // indices in `kept` of clips not yet closed, and whether text followed
    for c in text {
      switch c {
      case .clip:
        open.append(kept.count)
        kept.append(c)
      case .unclip:
        if let i = open.popLast(), i == kept.count - 1 {
          kept.removeLast()
        } else {
          kept.append(c)
        }
      default: kept.append(c)
      }
    }
    text = kept
  }
}
