import Geometry
import Localization
import Raster
import SceneFile
import TouchSim
import TraceKit

/// Compare mode (key X, or a toggle's context menu): two devices side by side on the same input.
///
/// The single window's engine, playhead and trace are left as they were while comparing; Esc or X again
/// brings them back. Live fingers land on either device and the same scene-point actions go to both
/// engines at the same time; P plays the scene's script on both. A toggle flipped while comparing changes
/// the right-hand world: both engines start again on their worlds (when the last finger lifts).
extension StudioModel {
  /// Compare mode is on: the window shows two worlds side by side.
  public var isComparing: Bool { compare != nil }

  /// The two worlds compared (left, right), while comparing.
  public var comparedScenes: (left: Scene, right: Scene)? {
    compare.map { ($0.left.scene, $0.right.scene) }
  }

  /// What the right-hand world changes, as scene-file keys, while comparing.
  public var comparedChanges: [PropertyChange] { compare?.changes ?? [] }

  /// The two engines' traces (left, right), while comparing.
  public var comparedTraces: (left: [TraceEntry], right: [TraceEntry])? {
    compare.map { ($0.left.engine.trace, $0.right.engine.trace) }
  }

  /// The snapshots each side shows at the shared playhead (left, right), while comparing.
  public var comparedSnapshots: (left: Snapshot, right: Snapshot)? {
    compare.map { ($0.left.snapshot, $0.right.snapshot) }
  }

  /// Where the two runs first part: its time and each side's entry there (nil on a side whose run ended).
  public var comparedDivergence: (t: Double, left: TraceEntry?, right: TraceEntry?)? {
    guard let c = compare, let d = c.divergence else { return nil }
    return (d.t, d.left.map { c.left.engine.trace[$0] }, d.right.map { c.right.engine.trace[$0] })
  }

  /// The first difference in words (as `touchscope compare` prints it), or nil while the runs agree.
  public var comparedSentence: String? {
    guard let c = compare else { return nil }
    return c.comparison == nil ? nil : ComparePanel.sentence(c, language)
  }

  /// The shared playhead's time while comparing.
  public var comparePlayheadTime: Double? { compare?.playhead.time }

  /// The snapshot live input reads (where fingers are, what can be pinched): the left side's when comparing.
  var inputSnapshot: Snapshot { compare?.left.snapshot ?? snapshot }

  // MARK: - Entering and leaving

  /// X: the scene as written beside the configuration with the user's toggles; X again leaves.
  func toggleCompare() {
    if compare != nil {
      leaveCompare()
      return
    }
    guard config != loaded else {
      notify(
        language(
          "To compare, flip a toggle first (E C B D V G), or right-click one.",
          "要比较，请先切换一个开关（E C B D V G），或右键点击开关。"),
        kind: .hint, wall: wallClock ?? 0)
      return
    }
    enterCompare(left: loaded, right: config, origin: .toggles)
  }

  /// Compare with `left` and `right` side by side, both engines fresh, the playhead at their start.
  func enterCompare(left: Scene, right: Scene, origin: CompareSession.Origin) {
    compare = nil
    cancelAllTouches()  // fingers down on the single device lift there first
    input.reset()
    view.closeOverlays()
    quiz.end()  // a question on screen belongs to the single window's run
    let session = CompareSession(left: left, right: right, origin: origin)
    session.showPlayhead()
    compare = session
  }

  /// Back to the single window as it was.
  func leaveCompare() {
    compare = nil
    input.reset()
    view.panDrag = nil
    refreshSnapshot()
  }

  /// A context click (right button): on a toggle, compare the configuration now with that toggle flipped.
  func contextClick(at pixel: Point) {
    guard !view.overlayOpen, case .change(let c)? = lastFrame.action(at: pixel) else { return }
    perform(.compareFlip(c))
  }

  /// The compare actions when the window is single (X, a context menu's flip).
  func performCompareAction(_ action: StudioAction) {
    switch action {
    case .toggleCompare: toggleCompare()
    case .compareFlip(let c): enterFlip(c)
    default: break
    }
  }

  private func enterFlip(_ c: PropertyChange) {
    var flipped = config
    guard flipped.apply(c) == nil, flipped != config else { return }
    enterCompare(left: config, right: flipped, origin: .flip(c))
  }

  // MARK: - While comparing

  /// Actions that mean something else while comparing; true when handled here.
  func performInCompare(_ action: StudioAction) -> Bool {
    guard let c = compare else { return false }
    switch action {
    case .toggleCompare:
      leaveCompare()
    case .compareFlip(let change):
      enterFlip(change)
    case .closeOverlay:
      if view.overlayOpen || saveMessage != nil { return false }
      leaveCompare()
    case .togglePause:
      // Resuming behind the present plays the rest at a watchable pace, as the single window does.
      if c.paused {
        c.playback.resume(behindThePresent: c.playhead.index < c.merged.count)
      } else {
        c.playback.pause()
      }
    case .step:
      c.playback.step()
      c.playhead.stepForward(in: c.merged)
      c.showPlayhead()
    case .stepBack:
      c.playback.step()
      c.playhead.stepBack(in: c.merged)
      c.showPlayhead()
    case .compareJump(let side, let index):
      guard let m = c.mergedIndex(side: side, entry: index) else { return true }
      c.playback.step()
      c.playhead.jump(to: m, in: c.merged)
      c.showPlayhead()
    case .jump:
      break  // an index into the single window's trace: nothing here
    case .playScript:
      cancelAllTouches()
      c.play(InputRecording.playable(loaded.script))
      c.showPlayhead()
    case .replayLast:
      notify(
        language(
          "R replays a gesture of the single window; in compare mode, P plays the scene's script on both devices.",
          "R 重放单个窗口中的手势；比较模式下，按 P 在两台设备上播放场景脚本。"),
        kind: .hint, wall: wallClock ?? 0)
    case .resetTouches:
      cancelAllTouches()
      c.playback = .live
      c.playhead.jumpToEnd(of: c.merged, limit: c.playheadLimit)
      c.showPlayhead()
    case .change(let ch):
      change(ch)
      compareConfigurationChanged()
    case .undo:
      undoToggle()
      compareConfigurationChanged()
    case .redo:
      redoToggle()
      compareConfigurationChanged()
    default:
      return false
    }
    return true
  }

  /// The configuration changed while comparing: the right-hand world follows it, and both engines start
  /// again on their worlds, now or when the last finger lifts.
  func compareConfigurationChanged() {
    guard let c = compare else { return }
    var right = config
    // "As written" is the file's scene (a save changes it).
    var left = loaded
    if case .flip(let flip) = c.origin {
      // "Now" is the configuration now; the other world is it with the one toggle flipped.
      left = config
      _ = right.apply(flip)
    }
    guard right != c.right.scene || left != c.left.scene || c.pendingRestart != nil else { return }
    if c.hasLiveTouches {
      c.pendingRestart = (left, right)
      notify(
        language(
          "The toggle applies to the next touch: both devices start again when it goes down.",
          "开关从下一次触摸起生效：那次触摸按下时，两台设备都会重新开始。"),
        kind: .hint, wall: wallClock ?? 0)
    } else {
      c.restart(left: left, right: right)
      c.showPlayhead()
    }
  }

  /// Live input to both engines at the same time, at their present.
  func feedCompare(_ c: CompareSession, _ actions: [ScriptStep.Action]) {
    input.noteFed(actions)
    c.playback = .live
    // A toggle flipped during the last gesture applies to the next touch: the worlds start again as it goes
    // down, so the gesture it was flipped in stays on screen until then.
    if !c.hasLiveTouches, let worlds = c.pendingRestart {
      c.restart(left: worlds.left, right: worlds.right)
    }
    c.feed(actions)
    let lines = max(c.left.engine.trace.count, c.right.engine.trace.count)
    if !c.hasLiveTouches, lines > limits.trace {
      // Bounded memory: a comparison is an experiment; past the window's trace limit it starts again on the
      // same worlds once every finger is up, and says so.
      c.restart(left: c.left.scene, right: c.right.scene)
      notify(
        language(
          "Compare started again: the two traces reached \(lines) lines.", "比较已重新开始：两条轨迹达到了 \(lines) 行。"),
        kind: .warning, wall: wallClock ?? 0)
    } else if speed == 1 {
      c.playhead.jumpToEnd(of: c.merged, limit: c.playheadLimit)
    }
    c.showPlayhead()
  }

  func tickCompare(_ c: CompareSession, dt: Double) {
    c.tick(dt: dt, speed: speed)
    c.showPlayhead()
  }

  /// A pixel over either device as a scene point of that device, rounded to whole points.
  ///
  /// While fingers are down, every pixel maps through the device the first of them pressed on, beyond its
  /// edges too (a drag that leaves its device goes on off it, as in the single window, and never jumps into
  /// the other device's mapping).
  func compareSceneLocation(_ c: CompareSession, _ pixel: Point) -> Point? {
    let area: (area: Rect, viewport: Viewport, canvas: Rect)
    if !input.isEmpty, let side = c.pressSide, side < c.deviceAreas.count {
      area = c.deviceAreas[side]
    } else {
      guard let i = c.deviceAreas.firstIndex(where: { $0.canvas.contains(pixel) }) else { return nil }
      c.pressSide = i
      area = c.deviceAreas[i]
    }
    let p = area.viewport.toScene(pixel)
    return Point(p.x.rounded(), p.y.rounded())
  }
}
