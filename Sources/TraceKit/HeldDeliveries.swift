import TouchSim

/// Deliveries withheld from views and not yet made or dropped: the one account of them every reader of
/// the trace keeps (the gesture scanner decides with it whether the trace has settled; the snapshot, the
/// panels and the narration read it).
///
/// A `withhold` line adds one held phase per touch; a `deliver` of that method takes the oldest held phase
/// of that method for each of its touches (a touch number may be reused while an earlier touch of that
/// number still has its touchesEnded held, F-7); a `touchesCancelled` delivery or a `drop` ends everything
/// held for its touches (F-2).
public struct HeldDeliveries: Sendable, Equatable {
  /// Per view, in the order they were withheld.
  public private(set) var byView: [String: [HeldDelivery]] = [:]

  public init() {}

  public var isEmpty: Bool { byView.isEmpty }

  public subscript(view: String) -> [HeldDelivery]? { byView[view] }

  /// The oldest delivery of `method` held from `view` for touch `n`: the one a delivery of it releases.
  public func oldest(_ view: String, touch n: Int, method: TouchMethod) -> HeldDelivery? {
    byView[view]?.first { $0.touch == n && $0.method == method }
  }

  /// Takes `entry`, entry `index` of the trace, into account.
  public mutating func take(_ entry: TraceEntry, index: Int) {
    switch entry.event {
    case .withhold(let view, let method, let touches, let by):
      for n in touches {
        byView[view, default: []].append(
          HeldDelivery(touch: n, method: method, by: by, index: index, time: entry.t))
      }
    case .deliver(let view, let method, let touches, _):
      release(view, touches, method == .touchesCancelled ? nil : method)
    case .drop(let view?, _, let touches, _):
      release(view, touches, nil)
    default:
      break
    }
  }

  /// `method` of `touches` reached `view` (nil: a cancellation or a drop, which ends everything held for
  /// those touches).
  private mutating func release(_ view: String, _ touches: [Int], _ method: TouchMethod?) {
    guard var list = byView[view] else { return }
    if let method {
      for n in touches {
        if let k = list.firstIndex(where: { $0.touch == n && $0.method == method }) { list.remove(at: k) }
      }
    } else {
      list.removeAll { touches.contains($0.touch) }
    }
    byView[view] = list.isEmpty ? nil : list
  }

  mutating func removeAll() { byView = [:] }

  /// The same account after the first `k` entries of the trace were discarded.
  mutating func rebase(droppingFirst k: Int) {
    for (view, list) in byView {
      byView[view] = list.map { h in
        var h = h
        h.index -= k
        return h
      }
    }
  }
}
