import Localization
import Narration
import TouchSim
import TraceKit

/// The narration module's sentences as the window's narration items. The window narrates the trace up
/// to its playhead, so a gesture is summed up only once it has settled (`complete: false`).
public enum StudioNarration {
  @Sendable public static func narrate(_ trace: [TraceEntry], _ scene: LiveScene) -> [NarrationItem] {
    narrate(trace, scene, language: .english)
  }

  /// The narrator writing in `language`.
  public static func narrator(_ language: Language) -> @Sendable ([TraceEntry], LiveScene) -> [NarrationItem] {
    { trace, scene in narrate(trace, scene, language: language) }
  }

  static func narrate(_ trace: [TraceEntry], _ scene: LiveScene, language: Language) -> [NarrationItem] {
    Narrator.narrate(trace, live: scene, complete: false, language: language).map {
      NarrationItem(t: $0.t, traceIndex: $0.traceIndex, isSummary: $0.kind == .summary, text: $0.text)
    }
  }
}
