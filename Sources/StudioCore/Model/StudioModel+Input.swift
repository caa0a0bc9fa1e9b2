import Geometry
import TouchSim

/// Input from the window (already translated from SDL at the edge) and the actions it asks for.
extension StudioModel {
  public func handle(_ event: StudioInput, wall: Double) {
    // The frame that shows this input follows: the panel worker wakes for its part meanwhile.
    if wakesPanelWorker && compare == nil { panelWorker?.prepare() }
    measuring { handleEvent(event, wall: wall) }
  }

  private func handleEvent(_ event: StudioInput, wall: Double) {
    syncWall(wall)
    switch event {
    case .quit:
      perform(.quit)
    case .contextClick(let pixel):
      contextClick(at: pixel)
    case .focusLost:
      view.panDrag = nil
      cancelAllTouches()
    case .modifiers(let m):
      let shown = inputSnapshot
      let location = input.touch(of: .mouse).flatMap { shown.touches[$0]?.location }
      let numbers = touchNumbers()
      feed(input.setModifiers(m, scene: shown.live, location: location, numbers: numbers))
    case .hover(let p):
      view.mousePixel = p
      view.panDrag = nil  // the button is up: any pan has ended
      view.pointerMoved(to: p, wall: wall)
      input.hover(at: sceneLocation(p))
      // The mouse moves with its button up although its touch is down: the release was lost (it
      // happened in another window, or the event was dropped). The touch lifts here, never stays stuck.
      if input.touch(of: .mouse) != nil { feed(input.up(.mouse, at: input.hover)) }
    case .wheel(let dy, let p):
      if let panel = scrollTarget(at: p) {
        perform(.scroll(panel, by: -dy * 40 * view.theme.unit))
      } else if canvasContains(p) {
        // Over the device: Ctrl zooms around the mouse; otherwise the wheel pans (Shift: sideways).
        if input.modifiers.control {
          zoom(by: dy > 0 ? 1.1 : 1 / 1.1, around: p)
        } else {
          pan(by: input.modifiers.shift ? Point(dy * 40 * view.theme.unit, 0) : Point(0, dy * 40 * view.theme.unit))
        }
      }
    case .key(let key, let mods):
      // The key's modifiers keep the flags in step (the fingers follow `.modifiers` events only).
      input.syncModifierFlags(mods)
      pressKey(key, mods)
    case .pointerDown(let id, let pixel):
      if id == .mouse {
        view.pointer = nil
        view.panDrag = nil  // a new press ends a pan whose release was lost
      }
      // A second press without a release in between: the release was lost; that touch lifts first.
      if let n = input.touch(of: id) { feed(input.up(id, at: input.fedLocation[n])) }
      if view.overlayOpen {
        perform(lastFrame.action(at: pixel) ?? .closeOverlay)
        return
      }
      // The question's card may lie over the device: a click on it is the card's, never a touch.
      if question != nil, let action = lastFrame.action(at: pixel),
        action == .questionCard || action == .revealAnswer || action == .togglePause
      {
        perform(action)
        return
      }
      if let p = sceneLocation(pixel), Rect(origin: .zero, size: config.window).contains(p), canvasContains(pixel) {
        refreshSnapshot()
        let numbers = touchNumbers()
        feed(input.down(id, at: p, scene: inputSnapshot.live, numbers: numbers))
      } else if id == .mouse, let action = lastFrame.action(at: pixel) {
        perform(action)
      } else if id == .mouse, canvasContains(pixel), compare == nil, let layout = lastLayout {
        // Beside the device: a drag pans.
        view.panDrag = (pixel, view.center ?? viewport(for: layout).toScene(layout.canvas.mid))
      }
    case .pointerMoved(let id, let pixel):
      if id == .mouse {
        view.pointer = nil
        view.mousePixel = pixel
        input.setHover(sceneLocation(pixel))
        if let drag = view.panDrag, input.touch(of: .mouse) == nil, let layout = lastLayout {
          let scale = viewport(for: layout).scale
          view.center = clamped(drag.center - (pixel - drag.pixel) * (1 / scale))
          return
        }
      }
      guard let p = sceneLocation(pixel), let actions = input.move(id, to: p) else { return }
      feed(actions)
    case .pointerUp(let id, let pixel):
      if id == .mouse && view.panDrag != nil {
        view.panDrag = nil
        if input.touch(of: .mouse) == nil { return }
      }
      feed(input.up(id, at: sceneLocation(pixel)))
    }
  }

  /// The device's panel and viewport that zooming and panning work in: the canvas, or in compare mode the
  /// device under `pixel` (the first one when there is none), whose halves share zoom and centre.
  private func zoomFrame(at pixel: Point?) -> (canvas: Rect, viewport: Viewport)? {
    if let c = compare, let first = c.deviceAreas.first {
      let a = pixel.flatMap { p in c.deviceAreas.first { $0.area.contains(p) } } ?? first
      return (a.canvas, a.viewport)
    }
    guard let layout = lastLayout else { return nil }
    return (layout.canvas, viewport(for: layout))
  }

  /// Zooms by `f` keeping the scene point under `pixel` where it is (nil: the canvas's middle).
  private func zoom(by f: Double, around pixel: Point?) {
    guard let frame = zoomFrame(at: pixel) else {
      view.zoom(by: f)
      return
    }
    let anchor = pixel ?? frame.canvas.mid
    let point = frame.viewport.toScene(anchor)
    view.zoom(by: f)
    if view.zoom == 1 && pixel == nil && view.center == nil { return }
    let fit = CanvasPanel.viewport(in: frame.canvas, window: config.window, zoom: 1, theme: view.theme)
    let scale = fit.scale * view.zoom
    view.center = clamped(point - (anchor - frame.canvas.mid) * (1 / scale))
  }

  /// Pans the device by `d` pixels (content follows: a positive y moves it down).
  private func pan(by d: Point) {
    guard let frame = zoomFrame(at: view.mousePixel) else { return }
    let center = view.center ?? frame.viewport.toScene(frame.canvas.mid)
    view.center = clamped(center - d * (1 / frame.viewport.scale))
  }

  /// A centre kept on the device's window (so the device never pans out of sight).
  private func clamped(_ p: Point) -> Point {
    Point(min(max(p.x, 0), config.window.width), min(max(p.y, 0), config.window.height))
  }

  private func canvasContains(_ pixel: Point) -> Bool {
    lastLayout?.canvas.contains(pixel) ?? false
  }

  private func scrollTarget(at p: Point) -> ScrollablePanel? {
    guard let layout = lastLayout else { return nil }
    if view.sceneList != nil { return .sceneList }
    if view.showHelp { return .help }
    // Compare mode folds the inspector and draws its own timelines: the wheel zooms or pans the devices.
    if compare != nil { return nil }
    if layout.inspector.contains(p) { return .inspector }
    if layout.bottom.contains(p) && view.bottomTab == .log { return .log }
    if layout.narration.contains(p) { return .narration }
    return nil
  }

  // MARK: - Actions

  public func perform(_ action: StudioAction) {
    // O's warning about toggles not saved holds for O again or Enter only.
    if action != .openSceneList && action != .revealAnswer { openSceneArmedUntil = nil }
    if performInCompare(action) { return }
    switch action {
    case .togglePause:
      togglePause()
    case .step:
      view.scrollOffsets[.log] = nil
      pauseForStepping()
      if !playhead.stepForward(in: engine.trace) { cannotStep(forward: true) }
      refreshSnapshot()
      questionsFollowPlayhead()
    case .stepBack:
      view.scrollOffsets[.log] = nil
      pauseForStepping()
      if !playhead.stepBack(in: engine.trace) { cannotStep(forward: false) }
      refreshSnapshot()
      questionsFollowPlayhead()
    case .jump(let i):
      pauseForStepping()
      playhead.jump(to: i, in: engine.trace)
      refreshSnapshot()
      questionsFollowPlayhead()
    case .setSpeed(let s):
      // The speed already set: nothing changes, and the toast says so (no key is silent).
      if s == speed {
        let name = s == 1 ? "1" : s == 0.5 ? "½" : s == 0.25 ? "¼" : "1/10"
        hint(language("Already at speed \(name).", "已经是 \(name) 倍速。"))
      }
      setSpeed(s)
    case .replayLast:
      // Mid-gesture, the gesture so far is cancelled first: it is the one replayed, in its own world.
      cancelAllTouches()
      guard !lastGesture.isEmpty else {
        hint(
          theme.language(
            "Nothing to replay yet: touch the device, then R replays that gesture.", "还没有可重放的手势：先触摸设备，再按 R 重放那个手势。"))
        return
      }
      replay(lastGesture, as: .replay, in: inputLog.lastGestureWorld)
    case .playScript:
      guard !loaded.script.isEmpty else {
        hint(
          theme.language(
            "This scene has no script to play: touch the device (R replays your gesture).",
            "这个场景没有可播放的脚本：请触摸设备（按 R 重放你的手势）。"))
        return
      }
      replay(loaded.script, as: .script)
      // The scene's own script asks the scene's questions as it plays.
      startQuestions()
    case .revealAnswer:
      if confirmOpenSceneList() { return }
      guard question != nil else {
        hint(
          theme.language(
            loaded.questions.isEmpty
              ? "Enter shows the answer to a question; this scene asks none."
              : "Enter shows the answer when the script stops at a question: P plays the script.",
            loaded.questions.isEmpty ? "Enter 用于显示问题的答案；这个场景没有问题。" : "脚本停在问题处时，Enter 显示答案：按 P 播放脚本。"))
        return
      }
      revealAnswer()
    case .questionCard:
      break
    case .resetTouches:
      view.scrollOffsets[.log] = nil
      cancelAllTouches()
      jumpToPresent()
    case .zoom(let f):
      // Around the mouse when it is over the device's panel, else around the middle.
      let before = view.zoom
      zoom(by: f, around: view.mousePixel.flatMap { canvasContains($0) ? $0 : nil })
      if view.zoom == before {
        hint(
          theme.language(
            f > 1
              ? "Zoomed in as far as it goes (0 fits the device again)."
              : "Zoomed out as far as it goes (0 fits the device again).",
            f > 1 ? "已放大到最大（按 0 恢复适合窗口）。" : "已缩小到最小（按 0 恢复适合窗口）。"))
      }
    case .zoomReset:
      // Fit: the whole device, centred.
      view.zoom = 1
      view.center = nil
    case .scaleUI(let f):
      let before = view.uiScale
      view.scaleUI(by: f)
      if view.uiScale == before {
        hint(
          theme.language(
            "The UI scale is at its \(f > 1 ? "largest" : "smallest") (Ctrl+0 goes back to the display's).",
            "界面缩放已到\(f > 1 ? "最大" : "最小")（按 Ctrl+0 恢复显示器的比例）。"))
      }
    case .scaleUIReset:
      view.uiScale = view.startScale
    case .togglePresenter:
      view.theme.presenter.toggle()
    case .toggleHelp:
      view.toggleHelp()
    case .openSceneList:
      openSceneList()
    case .closeOverlay:
      if view.overlayOpen {
        view.closeOverlays()
      } else if question != nil {
        dismissQuestion()
      } else if saveMessage != nil {
        dismissSaveMessage()
      } else {
        perform(.resetTouches)
      }
    case .openScene(let path):
      view.sceneListOpen = false
      effects.append(.openScene(path: path))
    case .save:
      saveConfiguration()
    case .undo:
      undoToggle()
    case .redo:
      redoToggle()
    case .saveWithRecording:
      saveTake()
    case .screenshot:
      effects.append(.screenshot)
    case .toggleRecording:
      effects.append(.toggleRecording)
    case .change(let c):
      change(c)
    case .select(let id):
      view.selected = id
    case .tipOnly:
      break
    case .dismissToast:
      view.toast = nil
    case .toggleStage:
      view.stage.toggle()
    case .openPairs(let id):
      view.selected = id
      view.inspectorTab = .pairs
      view.scrollOffsets[.inspector] = 0
    case .cycleInspectorTab(let forward):
      let tabs = InspectorTab.allCases
      let i = tabs.firstIndex(of: view.inspectorTab) ?? 0
      view.inspectorTab = tabs[(i + (forward ? 1 : tabs.count - 1)) % tabs.count]
      view.scrollOffsets[.inspector] = 0
    case .inspectorTab(let t):
      view.inspectorTab = t
      view.scrollOffsets[.inspector] = 0
    case .bottomTab(let t):
      view.bottomTab = t
    case .scroll(let panel, let by):
      scroll(panel, by: by)
    case .quit:
      cancelAllTouches()
      isRunningFlag = false
      effects.append(.quit)
    case .toggleCompare, .compareJump, .compareFlip:
      performCompareAction(action)
    }
  }

  private func scroll(_ panel: ScrollablePanel, by: Double) {
    var base = view.scrollOffsets[panel] ?? 0
    if panel == .log, view.scrollOffsets[.log] == nil, let layout = lastLayout {
      // The log was following the playhead: scrolling starts from where it was shown.
      base = LogPanel.followOffset(
        count: engine.trace.count, playheadIndex: playhead.index, height: layout.bottom.height, theme: view.theme)
    }
    var next = max(0, base + by)
    if panel == .narration, let layout = lastLayout {
      next = min(next, NarrationStrip.maxScroll(in: layout.narration, PanelContext(model: self, layout: layout)))
    }
    if panel == .help, let layout = lastLayout {
      next = min(
        next, OverlayHelp.maxScroll(in: Rect(0, 0, layout.size.width, layout.size.height), view.theme, memo: frameMemo))
    }
    if panel == .inspector, let layout = lastLayout {
      // Never scroll past the end: wheeling back would first have to undo the overshoot.
      next = min(next, InspectorPanel.maxScroll(in: layout.inspector, PanelContext(model: self, layout: layout)))
    }
    view.scrollOffsets[panel] = next
  }
}
