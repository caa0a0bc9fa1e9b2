import Localization
import Narration
import TouchSim
import TraceKit

/// What narrates for the window: the narration items of a trace from the scene it started on, able to go
/// on from a checkpoint so that a growing gesture is not narrated from its start at every frame.
public struct StudioNarrator: Sendable {
  typealias Run =
    @Sendable ([TraceEntry], LiveScene, consuming NarrationCheckpoint?) -> (
      items: [NarrationItem], checkpoint: NarrationCheckpoint?
    )
  let run: Run

  /// A narrator that always narrates the whole trace it is given (tests inject their own sentences).
  public init(_ narrate: @escaping @Sendable ([TraceEntry], LiveScene) -> [NarrationItem]) {
    run = { trace, scene, _ in (narrate(trace, scene), nil) }
  }

  init(resumable run: @escaping Run) { self.run = run }

  /// The narration of the whole `trace`.
  public func callAsFunction(_ trace: [TraceEntry], _ scene: LiveScene) -> [NarrationItem] {
    run(trace, scene, nil).items
  }
}

/// The narration module's sentences as the window's narration items. The window narrates the trace up
/// to its playhead, so a gesture is summed up only once it has settled (`complete: false`).
public enum StudioNarration {
  /// The narrator writing in English.
  public static let narrate = narrator(language: .english)

  /// The narrator writing in `language`.
  public static func narrator(language: Language) -> StudioNarrator {
    StudioNarrator(resumable: { trace, scene, checkpoint in
      let (lines, next) = Narrator.narrate(
        trace, live: scene, complete: false, language: language, resuming: consume checkpoint)
      let items = lines.map {
        NarrationItem(t: $0.t, traceIndex: $0.traceIndex, isSummary: $0.kind == .summary, text: $0.text)
      }
      return (items, next)
    })
  }
}
