import Dispatch
import Foundation
import Geometry
import SceneFile
import StudioCore
import StudioUI
import TouchSim

extension StudioApp {
  /// A scene as `open` read it: the scene, its file, and the file's text (which Ctrl+S edits).
  public typealias Source = (scene: Scene, path: String?, text: String?)

  /// The text the panels measure with the fonts the window draws it with, and what earlier runs measured
  /// and drew of it (`TextCacheFile`), read before the first frame.
  struct TextStart: @unchecked Sendable {
    let assets: String
    let measurer: SDLTextMeasurer
    let cache: (path: String, fingerprint: String)?
    let cached: TextCacheFile.Contents?

    /// A measurer seeded from the cache file. Runs on any thread: it touches only fonts of its own and the
    /// cache file; made on one thread and handed over once.
    nonisolated static func make() throws -> TextStart {
      let assets = try ResourceLocator.assetsDirectory()
      let measurer = try SDLTextMeasurer(assetsDirectory: assets)
      let cache = TextCacheFile.path().map {
        (path: $0, fingerprint: TextCacheFile.fingerprint(assetsDirectory: assets))
      }
      let cached = cache.flatMap { TextCacheFile.read($0.path, fingerprint: $0.fingerprint) }
      if let cached { measurer.seed(cached.widths) }
      return TextStart(assets: assets, measurer: measurer, cache: cache, cached: cached)
    }

    /// A canvas of `pixels` the first frame may be drawn on, its fonts open and its masks seeded from the
    /// cache (made whatever the scene: its size is not known yet).
    nonisolated func canvas(_ pixels: (width: Int, height: Int)) -> DrawnFrame? {
      try? DrawnFrame(
        width: pixels.width, height: pixels.height, assetsDirectory: assets, cachedMasks: cached?.masks ?? [])
    }
  }

  /// Opens the window and runs until the user quits, as `run` does, with start-up's long steps side by
  /// side: the main thread opens the window (SDL's video, the window, its renderer: about a third of
  /// start-up) while another reads the scene with `load`, makes the model and builds and draws the first
  /// frame, and a third opens the fonts and reads the text cache for it, then makes the canvas it is drawn
  /// on. The window presents that frame as soon as it is open.
  ///
  /// The window is opened hidden and shown only once the scene has loaded: when `load` fails, its error is
  /// thrown and no window was ever seen.
  public static func launch(options: Options, load: @escaping @Sendable () throws -> Source) throws -> [TraceEntry] {
    // Set while only this thread runs, put back once the others have finished (see `VideoStartLocale`).
    let locale = VideoStartLocale.begin()
    // The fonts, the text cache and the first frame's canvas on a thread of their own, beside the scene's
    // reading.
    let scale = options.scale ?? UIScale.fromEnvironment() ?? 1
    let pixels = (
      width: Int((options.size.width * scale).rounded()), height: Int((options.size.height * scale).rounded())
    )
    // The measurer is handed over as soon as it is made (the first frame is built with it), the canvas
    // once it is made too (the frame is drawn on it).
    let measured = Later<TextStart>()
    let measuring = Handover { () -> DrawnFrame? in
      let text = Result { try TextStart.make() }
      measured.set(text)
      return try text.get().canvas(pixels)
    }
    let job = Handover {
      let source = try load()
      StartupTrace.mark("scene-read")
      let made = makeModel(scene: source.scene, path: source.path, text: source.text, options: options)
      StartupTrace.mark("model")
      let text = try measured.wait()
      made.model.textMeasurer = text.measurer
      StartupTrace.mark("measurer")
      // The first frame built and drawn once at the size and scale asked for, as the loop's first turn
      // builds it: when the window opens at that size and scale it is presented as it is (`run`'s
      // `ready`), and at another size or scale the frame the loop builds finds most of its text measured.
      // Only for a scene whose frame is quick to build.
      var first: (list: DrawList, drawn: DrawnFrame)?
      if made.model.config.allViews.count <= warmFirstFrameViews {
        let list = firstFrame(of: made.model, scale: scale, pixels: Size(Double(pixels.width), Double(pixels.height)))
        StartupTrace.mark("first-frame-warm")
        if let canvas = try measuring.wait() { first = (try? canvas.draw(list.commands)).map { (list, canvas) } }
        StartupTrace.mark("first-frame-drawn")
      }
      return Prepared(model: made.model, watched: made.watched, text: text, first: first)
    }
    let window: SDLWindow
    do {
      window = try SDLWindow(
        title: "Touchscope", width: Int(options.size.width), height: Int(options.size.height),
        scale: options.scale, assetsDirectory: ResourceLocator.assetsDirectory(), hidden: true)
    } catch {
      // The scene's own error first: it is the one the user can act on.
      let loaded = Result { try job.wait() }
      _ = try? measuring.wait()
      locale.end()
      _ = try loaded.get()
      throw error
    }
    StartupTrace.mark("window")
    // While the first frame may still be in the making (its failure shows at the first present).
    try? window.makeTexture()
    let loaded = Result { try job.wait() }
    _ = try? measuring.wait()  // both threads finished before the environment is put back
    locale.end()
    let prepared = try loaded.get()
    // The frame prepared is the one the loop's first turn would build (the model at wall time 0, no input
    // yet: the window was hidden) when the window has the size, scale and pixels it was prepared for: it is
    // shown at once, and that turn builds the frame again and presents it only if it differs.
    var ready: DrawList?
    if let first = prepared.first, window.adopt(first.drawn), window.uiScale == scale, window.pixelScale == 1 {
      ready = first.list
    }
    window.show()
    let app = StudioApp(model: prepared.model, watched: prepared.watched, options: options)
    return try app.run(window, text: prepared.text, ready: ready)
  }

  /// The frame the loop's first turn builds for `model` in a window of `pixels` at one pixel per point
  /// opened at UI scale `scale`: the clock at 0, no input yet (the window is shown only once it is ready).
  nonisolated static func firstFrame(of model: StudioModel, scale: Double, pixels: Size) -> DrawList {
    model.setStartScale(scale)
    model.tick(wall: 0)
    return model.frame(size: pixels, pixelScale: 1)
  }

  /// What the other thread made for the window. The model is not `Sendable`: it is made there, handed
  /// over once through `Handover`, and never used there again.
  struct Prepared: @unchecked Sendable {
    let model: StudioModel
    let watched: (path: String, stamp: FileStamp?)?
    let text: TextStart
    /// The first frame, built and drawn at the size and scale asked for.
    let first: (list: DrawList, drawn: DrawnFrame)?
  }
}

/// A value (or an error) one thread sets once and others wait for. It is written before the semaphore is
/// signalled and read after it was waited for: that ordering is the whole of the synchronisation.
final class Later<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<Value, any Error>?

  /// Sets the value, once.
  func set(_ value: Result<Value, any Error>) {
    result = value
    done.signal()
  }

  /// The value, or the error set; waits for it. Any thread may wait, any number of times.
  func wait() throws -> Value {
    done.wait()
    done.signal()  // for the next to wait
    return try result!.get()
  }

  /// The value or the error set, if it was set; nil at once if not yet (or, with several threads waiting,
  /// while another is between taking the signal and giving it back: for one reader polling, as the window's
  /// loop does, nil means not yet).
  func ifSet() -> Result<Value, any Error>? {
    guard done.wait(timeout: .now()) == .success else { return nil }
    done.signal()  // for the next to wait
    return result
  }
}

/// One piece of work on another thread, and its result or error handed to the threads that wait for it.
final class Handover<Value: Sendable>: @unchecked Sendable {
  private let result = Later<Value>()

  /// `stackSize`: the main thread's 8 MB, not a new thread's default, since the work reads a scene file
  /// (nesting up to the format's 1,000 levels) and lays out its views as the main thread did before.
  /// `then`: called on that thread once the result is set (the window's loop is woken to take it).
  init(
    stackSize: Int = 8 << 20, _ work: @escaping @Sendable () throws -> Value, then: (@Sendable () -> Void)? = nil
  ) {
    let thread = Thread { [result] in
      result.set(Result { try work() })
      then?()
    }
    thread.stackSize = stackSize
    thread.start()
  }

  /// The value, or the error the work threw; waits for it. Any thread may wait, any number of times.
  func wait() throws -> Value { try result.wait() }

  /// The value or the error, if the work has finished; nil at once if not yet.
  func ifDone() -> Result<Value, any Error>? { result.ifSet() }
}
