import TouchSim

/// The window's main loop: poll input → update the engine → build the frame → render → present.
///
/// The left mouse button (and every touchscreen finger) is a touch fed to the engine at the wall-clock
/// time since the window opened; the engine's clock advances every frame. Escape or closing the window
/// quits.
@MainActor
public final class StudioApp {
  public let session: StudioSession
  private let title: String

  public init(scene: Scene) {
    session = StudioSession(scene: scene, frame: StudioFrame(size: Size(1200, 900)))
    title = "Touchscope — " + (scene.title ?? "untitled scene")
  }

  /// Opens the window and runs until the user quits; returns the trace of the session.
  @discardableResult
  public func run() throws -> [TraceEntry] {
    let window = try SDLWindow(
      title: title, width: 1200, height: 900, assetsDirectory: ResourceLocator.assetsDirectory())
    let start = window.ticks
    let frameBudget = 1000.0 / 60
    while session.isRunning {
      let frameStart = window.ticks
      let now = frameStart - start
      session.frame = StudioFrame(size: window.pixelSize, pixelScale: window.pixelScale)
      for input in window.pollInputs() { session.handle(input, at: now) }
      session.advance(to: now)
      try window.present(session.commands())
      let spent = window.ticks - frameStart
      if spent < frameBudget { window.delay(milliseconds: Int(frameBudget - spent)) }
    }
    return session.engine.trace
  }
}
