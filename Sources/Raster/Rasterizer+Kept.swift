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
    /// `region`'s pixels (its top left at 0, 0).
    var pixels: PixelBuffer
  }

  /// What `redraw` does with the kept pixels in this frame.
  enum KeptPlan {
    /// Nothing kept applies.
    case none
    /// In segment `segment`, copy the kept pixels (those of `region`) back and draw from the cut on.
    case use(segment: Int, region: PixelRect)
    /// In segment `segment`, take the pixels of `prefix` at its cut.
    case take(segment: Int, KeptPrefix)
  }

  /// The fewest commands worth keeping the pixels of.
  static let fewestKeptCommands = 64

  /// How this frame can use kept pixels, given its damage so far (when it will take them, the panel is
  /// added to `damage`), and how many of the kept commands it begins with (for the frame once shown).
  func planKept(_ commands: [DrawCommand], background: RGBA) -> (plan: KeptPlan, agreement: Int?) {
    var agreement: Int?
    if let kept, kept.background == background, kept.width == buffer.width, kept.height == buffer.height {
      let a = keptAgreement(commands, kept)
      agreement = a
      if a == kept.cut, commands.count > kept.cut,
        let k = segments.new.firstIndex(where: { $0.start == kept.segmentStart }), segments.new[k].end > kept.cut
      {
        return (.use(segment: k, region: kept.region), a)
      }
    }
    let cut = min(commonPrefix, previousCommonPrefix)
    guard cut >= keptMinimum,
      let k = segments.new.firstIndex(where: { $0.start < cut && cut < $0.end }),
      let clip = segments.new[k].clip
    else { return (.none, agreement) }
    let region = clip.intersection(buffer.bounds)
    let damaged = damage.reduce(0) { $0 + $1.intersection(region).area }
    guard !region.isEmpty, damaged * 4 >= region.area else { return (.none, agreement) }
    // The whole panel repainted, and what it merges with: never more than a whole frame would cost.
    var grown = damage
    Self.insert(region, into: &grown)
    guard grown.reduce(0, { $0 + $1.area }) * 2 <= buffer.bounds.area else { return (.none, agreement) }
    damage = grown
    var clips = [buffer.bounds]
    for c in commands[segments.new[k].start..<cut] {
      switch c {
      case .clip(let r): clips.append(pixelClip(r).intersection(clips[clips.count - 1]))
      case .unclip: if clips.count > 1 { clips.removeLast() }
      default: break
      }
    }
    // The last pixels' memory, reused; they are gone from now on whatever happens to this frame.
    let pixels = kept?.pixels ?? PixelBuffer(width: 0, height: 0)
    pixels.resize(width: region.x1 - region.x0, height: region.y1 - region.y0)
    kept = nil
    let prefix = KeptPrefix(
      commands: commands, cut: cut, background: background, width: buffer.width, height: buffer.height,
      segmentStart: segments.new[k].start, region: region, clips: clips, pixels: pixels)
    return (.take(segment: k, prefix), cut)
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
      if known == kept.cut { return min(shared, kept.cut) }
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

  /// Takes the buffer's pixels in `prefix`'s region: the frame has been drawn up to its cut there.
  func take(_ prefix: KeptPrefix) {
    let r = prefix.region
    prefix.pixels.copy(r, of: buffer, offset: (-r.x0, -r.y0))
    kept = prefix
    keptTaken += 1
  }

  /// Copies the kept pixels back within `rect`; false when it holds none of them.
  func restoreKept(within rect: PixelRect) -> Bool {
    guard let kept else { return false }
    let r = kept.region
    let within = rect.intersection(r)
    guard !within.isEmpty else { return false }
    buffer.copy(
      PixelRect(x0: within.x0 - r.x0, y0: within.y0 - r.y0, x1: within.x1 - r.x0, y1: within.y1 - r.y0),
      of: kept.pixels, offset: (r.x0, r.y0))
    return true
  }
}
