import Narration
import TouchSim
import TraceKit

/// The narration module's sentences as the window's narration items. The window narrates the trace up
/// to its playhead, so a gesture is summed up only once it has settled (`complete: false`).
public enum StudioNarration {
  @Sendable public static func narrate(_ trace: [TraceEntry], _ scene: LiveScene) -> [NarrationItem] {
    Narrator.narrate(trace, live: scene, complete: false).map {
      NarrationItem(t: $0.t, traceIndex: $0.traceIndex, isSummary: $0.kind == .summary, text: $0.text)
    }
  }
}
