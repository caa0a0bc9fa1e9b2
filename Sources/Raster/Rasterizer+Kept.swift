/// Keeping the pixels of a frame's beginning: while frames begin with the same commands (the device's
/// views, under a walk, labels and fingers that change), the pixels those commands leave inside their panel
/// are kept aside once, and a damaged rectangle is then redrawn from them: copied back, then only the
/// commands after that beginning drawn over them. The pixels are those a redraw from the background up
/// gives, so the result is the same.
///
/// The beginning kept is the one two frames in a row shared with the frame before them (so a run of
/// frames is likely to share it too), ending inside a panel (a top-level clip group), which is the only
/// place the panel's commands paint; everything before the panel is in the kept pixels as well. They are
/// taken in a frame that repaints at least a quarter of the panel anyway: the rest of the panel is
/// repainted with it.
extension Rasterizer {
  /// The pixels `commands` leave inside `region`, drawn over `background` in a `width` × `height` buffer.
  struct KeptPrefix {
    /// The frame the pixels were taken from (its array, shared, not copied): they are valid for any frame
    /// beginning with its first `cut` commands.
    var commands: [DrawCommand]
    var cut: Int
    var background: RGBA
    var width: Int
    var height: Int
    /// Where the clip group the commands end in begins.
    var segmentStart: Int
    /// The group's clip within the buffer: where the group's commands may paint.
    var region: PixelRect
    /// The clips open where the commands end, as `redraw` keeps them (the buffer's bounds first).
    var clips: [PixelRect]
    /// `region`'s pixels, row by row.
    var pixels: [UInt32]
  }

  /// What `redraw` does with the kept pixels in this frame.
  enum KeptPlan {
    /// Nothing kept applies.
    case none
    /// In segment `segment`, copy the kept pixels and draw from the cut on.
    case use(segment: Int)
    /// In segment `segment`, take the pixels at the cut into `pendingKept`.
    case take(segment: Int)
  }

  /// The fewest commands worth keeping the pixels of.
  static let fewestKeptCommands = 64

  /// How this frame can use kept pixels, given its damage so far; when it will take them, the panel is
  /// added to `damage`. Sets `nextKeptAgreement` for the frame once drawn.
  func planKept(_ commands: [DrawCommand], background: RGBA) -> KeptPlan {
    nextKeptAgreement = nil
    if let kept, kept.background == background, kept.width == buffer.width, kept.height == buffer.height {
      let agreement = keptAgreement(commands, kept)
      nextKeptAgreement = agreement
      if agreement == kept.cut, commands.count > kept.cut,
        let k = segments.new.firstIndex(where: { $0.start == kept.segmentStart }), segments.new[k].end > kept.cut
      {
        return .use(segment: k)
      }
    }
    let cut = min(commonPrefix, previousCommonPrefix)
    guard cut >= keptMinimum,
      let k = segments.new.firstIndex(where: { $0.start < cut && cut < $0.end }),
      let clip = segments.new[k].clip
    else { return .none }
    let region = clip.intersection(buffer.bounds)
    let damaged = damage.reduce(0) { $0 + $1.intersection(region).area }
    guard !region.isEmpty, damaged * 4 >= region.area else { return .none }
    // The whole panel repainted, and what it merges with: never more than a whole frame would cost.
    var grown = damage
    Self.insert(region, into: &grown)
    guard grown.reduce(0, { $0 + $1.area }) * 2 <= buffer.bounds.area else { return .none }
    damage = grown
    var clips = [buffer.bounds]
    for c in commands[segments.new[k].start..<cut] {
      switch c {
      case .clip(let r): clips.append(pixelClip(r).intersection(clips[clips.count - 1]))
      case .unclip: if clips.count > 1 { clips.removeLast() }
      default: break
      }
    }
    var pixels = kept?.pixels ?? []
    kept = nil
    pixels.removeAll(keepingCapacity: true)
    pendingKept = KeptPrefix(
      commands: commands, cut: cut, background: background, width: buffer.width, height: buffer.height,
      segmentStart: segments.new[k].start, region: region, clips: clips, pixels: pixels)
    nextKeptAgreement = cut
    return .take(segment: k)
  }

  /// How many of `kept`'s commands `commands` begins with, found from what is known: the frame shown
  /// begins with `keptAgreementWithShown` of them and with `commonPrefix` of the new frame's commands.
  /// Commands are compared only where neither says (a frame coming back to the kept commands).
  private func keptAgreement(_ commands: [DrawCommand], _ kept: KeptPrefix) -> Int {
    let shared = commonPrefix
    var from = 0
    if let known = keptAgreementWithShown {
      // The kept commands and the frame shown part at `known` (or not at all); the new frame and the frame
      // shown part at `shared`. Before both, all three agree; when they part at different places, the new
      // frame and the kept commands part at the earlier one.
      if known == kept.cut, shared < known { return shared }
      if known == kept.cut { return kept.cut }
      if shared > known { return known }
      from = shared
    }
    let end = min(commands.count, kept.cut)
    return commands.withUnsafeBufferPointer { new in
      kept.commands.withUnsafeBufferPointer { old in
        var i = min(from, end)
        while i < end && new[i] == old[i] { i += 1 }
        return i
      }
    }
  }

  /// Takes the buffer's pixels in the pending region: the frame has been drawn up to the cut there.
  func takeKept() {
    guard var pending = pendingKept else { return }
    pendingKept = nil
    let r = pending.region
    let w = r.x1 - r.x0
    pending.pixels.reserveCapacity(r.area)
    for y in r.y0..<r.y1 {
      pending.pixels.append(contentsOf: UnsafeBufferPointer(start: buffer.pixels + y * buffer.width + r.x0, count: w))
    }
    kept = pending
    keptTaken += 1
  }

  /// Copies the kept pixels back within `rect`; false when it holds none of them.
  @discardableResult func restoreKept(within rect: PixelRect) -> Bool {
    guard let kept else { return false }
    let r = kept.region
    let within = rect.intersection(r)
    guard !within.isEmpty else { return false }
    let w = r.x1 - r.x0
    let count = within.x1 - within.x0
    kept.pixels.withUnsafeBufferPointer { source in
      for y in within.y0..<within.y1 {
        (buffer.pixels + y * buffer.width + within.x0).update(
          from: source.baseAddress! + (y - r.y0) * w + (within.x0 - r.x0), count: count)
      }
    }
    return true
  }
}
