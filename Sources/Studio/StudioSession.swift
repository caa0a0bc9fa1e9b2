import TouchSim

/// The window's state without the window: the engine, the pointers mapped to touches, and the frame.
///
/// Pure and clock-free: the caller passes the time (milliseconds since start) with every input, so tests
/// can drive a session without SDL.
public final class StudioSession {
  public private(set) var engine: Engine
  /// False once the user asked to quit.
  public private(set) var isRunning = true
  /// The frame size in pixels and the pixel scale; set by the window on every frame.
  public var frame: StudioFrame
  /// Touch numbers of pointers that are down.
  private var touchNumbers: [PointerID: Int] = [:]
  /// Where each down touch is (scene points), for the markers.
  private var locations: [Int: Point] = [:]

  public init(scene: Scene, frame: StudioFrame) {
    engine = Engine(scene: scene)
    self.frame = frame
  }

  /// The touches currently down, by number.
  public var touches: [TouchMarker] {
    locations.keys.sorted().map { TouchMarker(number: $0, location: locations[$0]!) }
  }

  /// Feeds one input at time `t` (milliseconds); pointer positions are pixels of the current frame.
  public func handle(_ input: StudioInput, at t: Double) {
    let viewport = frame.viewport(for: engine.scene)
    switch input {
    case .pointerDown(let pointer, let pixel):
      let p = viewport.toScene(pixel)
      guard touchNumbers[pointer] == nil, Rect(origin: .zero, size: engine.scene.window).contains(p) else { return }
      let n = nextTouchNumber()
      touchNumbers[pointer] = n
      locations[n] = p
      perform(.down(touch: n, at: p), at: t)
    case .pointerMoved(let pointer, let pixel):
      guard let n = touchNumbers[pointer] else { return }
      let p = viewport.toScene(pixel)
      guard p != locations[n] else { return }
      locations[n] = p
      perform(.move(touch: n, to: p), at: t)
    case .pointerUp(let pointer, let pixel):
      guard let n = touchNumbers.removeValue(forKey: pointer) else { return }
      let p = viewport.toScene(pixel)
      locations[n] = nil
      perform(.up(touch: n, at: p), at: t)
    case .focusLost:
      cancelAllTouches(at: t)
    case .key(.escape), .quit:
      isRunning = false
    case .key(.character("r")):
      cancelAllTouches(at: t)
    case .key:
      break
    }
  }

  /// Moves the engine's clock to `t`, firing due timers.
  public func advance(to t: Double) {
    engine.advance(to: max(t, engine.now))
  }

  /// The draw commands of the current frame.
  public func commands() -> [DrawCommand] {
    frame.commands(for: engine.scene, touches: touches, status: status)
  }

  private var status: String {
    let seconds = Int(engine.now / 1000)
    let clock = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + String(seconds % 60)
    return "\(clock)  ·  \(engine.trace.count) trace events  ·  drag with the mouse to touch"
  }

  private func cancelAllTouches(at t: Double) {
    let numbers = touchNumbers.values.sorted()
    touchNumbers.removeAll()
    locations.removeAll()
    guard !numbers.isEmpty else { return }
    let time = max(t, engine.now)
    engine.perform(numbers.map { ScriptStep(t: time, .cancel(touch: $0)) })
  }

  private func nextTouchNumber() -> Int {
    let used = Set(touchNumbers.values)
    var n = 1
    while used.contains(n) { n += 1 }
    return n
  }

  private func perform(_ action: ScriptStep.Action, at t: Double) {
    engine.perform([ScriptStep(t: max(t, engine.now), action)])
  }
}
