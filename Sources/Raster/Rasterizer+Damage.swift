import Geometry

/// A top-level piece of a frame: a `clip … unclip` group (a panel, usually) or a run of unclipped
/// commands between groups. Frames are compared piece by piece.
struct FrameSegment {
  /// The commands `start..<end`.
  var start: Int
  var end: Int
  /// The group's clip in pixels; nil for unclipped commands.
  var clip: PixelRect?
}

/// Drawing only what changed: the buffer still holds the last frame, so only the pixels where the new
/// frame's commands differ from it are painted again (every command clipped to those rectangles, from the
/// background up, so the result is the same pixels as a whole frame).
extension Rasterizer {
  /// At most this many separate rectangles are redrawn; more are merged into their bounding box.
  static let maxDamageRectangles = 8

  /// Draws `commands` over `color` as `drawFrame` does, but when the buffer holds the previous frame only
  /// repaints where the two differ, from kept pixels where it can (`Rasterizer+Kept`). `damage` then says
  /// which pixels were painted again (empty when nothing changed): those that changed, and a whole panel
  /// in a frame whose pixels are kept.
  public func updateFrame<Failure: Error>(
    _ commands: [DrawCommand], background color: RGBA, masks: (TextMaskKey) throws(Failure) -> TextMask?
  ) throws(Failure) {
    guard let old = shownFrame, shownBackground == color, try findDamage(from: old, to: commands, masks: masks)
    else {
      try drawFrame(commands, background: color, masks: masks)
      return
    }
    let (plan, agreement) = planKept(commands, background: color)
    shownFrame = nil
    defer {
      baseClip = buffer.bounds
      resetClip()
    }
    // A rectangle within the kept pixels' region gets them whole: nothing under them is painted there.
    let keptRegion: PixelRect? = if case .use(_, let region) = plan { region } else { nil }
    if opaqueFill(ofWholeBuffer: commands.first) == nil {
      for rect in damage where !(keptRegion?.contains(rect) ?? false) {
        baseClip = rect
        resetClip()
        // As `clear` does: the colour's alpha is ignored (the buffer is opaque).
        painter.fill(rect, Paint(RGBA(color.r, color.g, color.b)))
      }
    }
    try redraw(commands, in: damage, kept: plan, masks: masks)
    shownFrame = commands
    shownBackground = color
    keptAgreementWithShown = kept == nil ? nil : agreement
  }

  /// Draws `commands` again within `rects` (which do not overlap). Each command is looked at once: its
  /// clip and a cheap bound of what it may paint decide which rectangles it is drawn in. The damaged
  /// rectangles do not overlap, so drawing command by command gives the pixels that drawing all the
  /// commands rectangle by rectangle would.
  private func redraw<Failure: Error>(
    _ commands: [DrawCommand], in rects: [PixelRect], kept plan: KeptPlan,
    masks: (TextMaskKey) throws(Failure) -> TextMask?
  ) throws(Failure) {
    // Before the segment whose kept pixels are used, rectangles within their region are left alone.
    var (keptSegment, region) = (-1, PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
    if case .use(let k, let r) = plan { (keptSegment, region) = (k, r) }
    var clips: [PixelRect] = []
    swap(&clips, &clipScratch)  // reused in place
    defer { clipScratch = clips }
    var active: [PixelRect] = []
    active.reserveCapacity(rects.count)
    try commands.withUnsafeBufferPointer { list throws(Failure) in
      for (k, segment) in segments.new.enumerated() {
        active.removeAll(keepingCapacity: true)
        for r in rects where segment.clip.map({ !$0.intersection(r).isEmpty }) ?? true {
          if k < keptSegment && region.contains(r) { continue }
          active.append(r)
        }
        guard !active.isEmpty else { continue }
        clips.removeAll(keepingCapacity: true)
        clips.append(buffer.bounds)
        var start = segment.start
        var taking: KeptPrefix?
        switch plan {
        case .use(k, _):
          // The kept pixels are those of this frame up to the cut (and everything before it): copied back,
          // the segment goes on from the cut, under the clips open there.
          let kept = self.kept!
          var restored = false
          for r in active {
            if restoreKept(within: r) { restored = true }
          }
          if restored { keptUsed += 1 }
          clips.removeAll(keepingCapacity: true)
          clips.append(contentsOf: kept.clips)
          start = kept.cut
        case .take(k, let prefix): taking = prefix
        default: break
        }
        let takeAt = taking?.cut ?? -1
        if active.count == 1 { paint(within: clips[clips.count - 1].intersection(active[0])) }
        for i in start..<segment.end {
          if i == takeAt, let taking { take(taking) }
          switch list[i] {
          case .clip(let r):
            clips.append(pixelClip(r).intersection(clips[clips.count - 1]))
            if active.count == 1 { paint(within: clips[clips.count - 1].intersection(active[0])) }
          case .unclip:
            if clips.count > 1 { clips.removeLast() }
            if active.count == 1 { paint(within: clips[clips.count - 1].intersection(active[0])) }
          default:
            if active.count == 1 {
              try draw(list[i], masks: masks)
              continue
            }
            let clip = clips[clips.count - 1]
            guard let reach = Self.roughBounds(list[i]) else { continue }
            for r in active {
              let within = clip.intersection(r)
              guard !within.isEmpty, !within.intersection(reach).isEmpty else { continue }
              paint(within: within)
              try draw(list[i], masks: masks)
            }
          }
        }
      }
    }
  }

  /// A rectangle holding every pixel `command` may paint, found without looking its text up (a text's
  /// width is unknown: it may reach any distance away from its anchor); nil when it paints nothing.
  /// Only a filter: drawing still clips and culls each command exactly.
  static func roughBounds(_ command: DrawCommand) -> PixelRect? {
    let far = 1 << 40
    let everywhere = PixelRect(x0: -far, y0: -far, x1: far, y1: far)
    func around(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PixelRect {
      guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return everywhere }
      return PixelRect(x0: floorIndex(x0) - 2, y0: floorIndex(y0) - 2, x1: ceilIndex(x1) + 2, y1: ceilIndex(y1) + 2)
    }
    switch command {
    case .rect(let r, _, let stroke), .roundedRect(let r, _, _, let stroke):
      let w = stroke.map(reach) ?? 0
      return around(r.minX - w, r.minY - w, r.maxX + w, r.maxY + w)
    case .polygon(let points, _, let stroke):
      guard let first = points.first else { return nil }
      var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
      for p in points {
        x0 = min(x0, p.x)
        y0 = min(y0, p.y)
        x1 = max(x1, p.x)
        y1 = max(y1, p.y)
      }
      let w = stroke.map(reach) ?? 0
      return around(x0 - w, y0 - w, x1 + w, y1 + w)
    case .circle(let c, let radius, _, let stroke):
      let w = stroke.map(reach) ?? 0
      return around(c.x - radius - w, c.y - radius - w, c.x + radius + w, c.y + radius + w)
    case .line(let a, let b, let stroke):
      let w = reach(stroke)
      return around(min(a.x, b.x) - w, min(a.y, b.y) - w, max(a.x, b.x) + w, max(a.y, b.y) + w)
    case .text(let text, let at, let style):
      guard !text.isEmpty else { return nil }
      // As `mayShowText`: at most about 1.2 × its size high, fonts never under 4 pixels.
      guard style.size.isFinite, at.x.isFinite, at.y.isFinite else { return everywhere }
      let h = 2 * max(style.size, 4) + 2
      let (x0, x1): (Double, Double)
      switch style.anchor.horizontal {
      case .leading: (x0, x1) = (at.x, 1e15)
      case .center: (x0, x1) = (-1e15, 1e15)
      case .trailing: (x0, x1) = (-1e15, at.x)
      }
      switch style.anchor.vertical {
      case .top: return around(x0, at.y, x1, at.y + h)
      case .middle: return around(x0, at.y - h / 2, x1, at.y + h / 2)
      case .bottom: return around(x0, at.y - h, x1, at.y)
      }
    case .clip, .unclip:
      return nil
    }
  }

  /// Sets `damage` to the rectangles where `new` may paint different pixels from `old`; false when the
  /// whole frame should be drawn instead (different panels, or most of the window changed). Fills
  /// `segments`; allocates little once its scratch arrays have grown.
  private func findDamage<Failure: Error>(
    from old: [DrawCommand], to new: [DrawCommand], masks: (TextMaskKey) throws(Failure) -> TextMask?
  ) throws(Failure) -> Bool {
    Self.split(old, into: &segments.old, pixels: self)
    Self.split(new, into: &segments.new, pixels: self)
    previousCommonPrefix = commonPrefix
    commonPrefix = 0
    guard segments.old.count == segments.new.count else { return false }
    // Whether every segment so far was the same in both frames (`commonPrefix` then grows).
    var sameSoFar = true
    let bounds = buffer.bounds
    var rects: [PixelRect] = []
    swap(&rects, &damageScratch)  // uniquely held, so it is reused in place
    rects.removeAll(keepingCapacity: true)
    defer { damageScratch = rects }
    for (a, b) in zip(segments.old, segments.new) {
      if a.clip != b.clip {
        sameSoFar = false
        rects.append((a.clip ?? bounds).union(b.clip ?? bounds).intersection(bounds))
        continue
      }
      // The common beginning and end, then what lies between.
      var prefix = 0
      let shorter = min(a.end - a.start, b.end - b.start)
      while prefix < shorter && old[a.start + prefix] == new[b.start + prefix] { prefix += 1 }
      var suffix = 0
      if sameSoFar {
        commonPrefix = b.start + prefix
        sameSoFar = prefix == a.end - a.start && prefix == b.end - b.start
      }
      while suffix < shorter - prefix && old[a.end - 1 - suffix] == new[b.end - 1 - suffix] { suffix += 1 }
      let oldMiddle = (a.start + prefix)..<(a.end - suffix)
      let newMiddle = (b.start + prefix)..<(b.end - suffix)
      if oldMiddle.isEmpty && newMiddle.isEmpty { continue }
      // The commands after would be drawn under different clips: draw everything.
      guard Self.clipDepthChange(old[oldMiddle]) == Self.clipDepthChange(new[newMiddle]) else { return false }
      // Commands found on both sides in the same order, each under the same clip, paint the same pixels
      // in the same order; only those left over (removed, added, moved past others or now under another
      // clip) are repainted, each where it lies. A clip left over is repainted whole (what follows it may
      // be drawn under another clip).
      let oldKeys = matchKeys(old, segment: a, middle: oldMiddle)
      let newKeys = matchKeys(new, segment: b, middle: newMiddle)
      var (oldKept, newKept) = Self.match(oldKeys[...], newKeys[...], hash: \.quickHash)
      Self.pairSolidLines(oldKeys, newKeys, &oldKept, &newKept, into: &rects)
      for (list, segment, middle, kept) in [(old, a, oldMiddle, oldKept), (new, b, newMiddle, newKept)] {
        try changedBoxes(list, segment: segment, middle: middle, unchanged: kept, into: &rects, masks: masks)
      }
    }
    // Overlapping rectangles are merged (so no pixel is painted twice); past the most allowed, the two
    // whose union adds the fewest pixels are merged.
    damage.removeAll(keepingCapacity: true)
    for r in rects where !r.isEmpty {
      Self.insert(r, into: &damage)
      while damage.count > Self.maxDamageRectangles {
        var best = (i: 0, j: 1, growth: Int.max)
        for i in damage.indices {
          for j in (i + 1)..<damage.count {
            let growth = damage[i].union(damage[j]).area - damage[i].area - damage[j].area
            if growth < best.growth { best = (i, j, growth) }
          }
        }
        let merged = damage[best.i].union(damage.remove(at: best.j))
        damage.remove(at: best.i)
        Self.insert(merged, into: &damage)
      }
    }
    let area = damage.reduce(0) { $0 + $1.area }
    return area * 2 <= bounds.x1 * bounds.y1
  }

  /// Adds `r` to `rects`, which do not overlap, merging it with every rectangle it overlaps (again as
  /// it grows).
  static func insert(_ r: PixelRect, into rects: inout [PixelRect]) {
    var r = r
    var i = 0
    while i < rects.count {
      if !rects[i].intersection(r).isEmpty {
        r = r.union(rects.remove(at: i))
        i = 0
      } else {
        i += 1
      }
    }
    rects.append(r)
  }

  /// A command of a frame with the clip it is drawn in (for a clip command, the clip it opens in).
  struct Drawn: Hashable {
    var command: DrawCommand
    var clip: PixelRect

    /// A hash for `match`, cheaper than `hashValue` (the numbers' bits and the text's bytes mixed a word at
    /// a time, no SipHash): equal commands under equal clips hash alike (a text by its bytes, so two
    /// spellings of one text that `==` finds equal may not: they are then repainted, which is never
    /// wrong); unequal ones only cost a comparison when they collide.
    var quickHash: Int {
      var h = QuickHash()
      h.add(clip.x0)
      h.add(clip.y0)
      h.add(clip.x1)
      h.add(clip.y1)
      switch command {
      case .rect(let r, let fill, let stroke):
        h.word(1)
        h.add(r)
        h.add(fill)
        h.add(stroke)
      case .roundedRect(let r, let radius, let fill, let stroke):
        h.word(2)
        h.add(r)
        h.add(radius)
        h.add(fill)
        h.add(stroke)
      case .circle(let c, let radius, let fill, let stroke):
        h.word(3)
        h.add(c.x)
        h.add(c.y)
        h.add(radius)
        h.add(fill)
        h.add(stroke)
      case .polygon(let points, let fill, let stroke):
        h.word(4)
        for p in points {
          h.add(p.x)
          h.add(p.y)
        }
        h.add(fill)
        h.add(stroke)
      case .line(let a, let b, let stroke):
        h.word(5)
        h.add(a.x)
        h.add(a.y)
        h.add(b.x)
        h.add(b.y)
        h.add(stroke)
      case .text(let text, let at, let style):
        h.word(6)
        h.add(text)
        h.add(at.x)
        h.add(at.y)
        h.add(style.size)
        h.add(style.color)
        h.add(style.face, style.anchor)
      case .clip(let r):
        h.word(7)
        h.add(r)
      case .unclip:
        h.word(8)
      }
      return h.value
    }
  }

  /// A multiply-and-rotate mix of 64-bit words (`Drawn.quickHash`).
  struct QuickHash {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3

    var value: Int { Int(truncatingIfNeeded: (state ^ (state >> 29)) &* 0xBF58_476D_1CE4_E5B9) }

    mutating func word(_ w: UInt64) {
      let mixed = (state ^ w) &* 0x9E37_79B9_7F4A_7C15
      state = mixed << 27 | mixed >> 37
    }
    mutating func add(_ v: Double) { word(v == 0 ? 0 : v.bitPattern) }  // 0 and -0 are equal
    mutating func add(_ i: Int) { word(UInt64(bitPattern: Int64(i))) }
    mutating func add(_ face: FontFace, _ anchor: TextAnchor) {
      let f: UInt64
      switch face {
      case .regular: f = 0
      case .bold: f = 1
      case .mono: f = 2
      }
      let h: UInt64
      switch anchor.horizontal {
      case .leading: h = 0
      case .center: h = 1
      case .trailing: h = 2
      }
      let v: UInt64
      switch anchor.vertical {
      case .top: v = 0
      case .middle: v = 1
      case .bottom: v = 2
      }
      word(f << 8 | h << 4 | v)
    }
    mutating func add(_ r: Rect) {
      add(r.minX)
      add(r.minY)
      add(r.width)
      add(r.height)
    }
    mutating func add(_ c: RGBA) { word(UInt64(c.r) << 24 | UInt64(c.g) << 16 | UInt64(c.b) << 8 | UInt64(c.a)) }
    mutating func add(_ c: RGBA?) { if let c { add(c) } else { word(1 << 40) } }
    mutating func add(_ s: Stroke?) {
      guard let s else { return word(1 << 41) }
      add(s.color)
      add(s.width)
      add(s.dash ?? -1)
    }
    mutating func add(_ text: String) {
      var text = text
      text.withUTF8 { bytes in
        var word: UInt64 = 0
        var n = 0
        for byte in bytes {
          word = word << 8 | UInt64(byte)
          n += 1
          if n == 8 {
            self.word(word)
            word = 0
            n = 0
          }
        }
        self.word(word ^ UInt64(bytes.count) << 56)
      }
    }
  }

  /// The commands of `list[middle]`, each with the clip it is drawn in.
  private func matchKeys(_ list: [DrawCommand], segment: FrameSegment, middle: Range<Int>) -> [Drawn] {
    var keys: [Drawn] = []
    keys.reserveCapacity(middle.count)
    var clips: [PixelRect] = []
    swap(&clips, &clipScratch)  // reused in place
    clips.removeAll(keepingCapacity: true)
    defer { clipScratch = clips }
    for i in segment.start..<middle.upperBound {
      let clip = clips.last ?? buffer.bounds
      if i >= middle.lowerBound { keys.append(Drawn(command: list[i], clip: clip)) }
      switch list[i] {
      case .clip(let r): clips.append(pixelClip(r).intersection(clip))
      case .unclip: if !clips.isEmpty { clips.removeLast() }
      default: break
      }
    }
    return keys
  }

  /// An order-keeping matching of `a` and `b`: which of each are paired with an equal element of the
  /// other, pairs never crossing. Greedy (each element of `a` takes the next equal one of `b`), so not
  /// always the longest; any such matching is correct, a shorter one only repaints more.
  static func match<Element: Equatable>(
    _ a: ArraySlice<Element>, _ b: ArraySlice<Element>, hash: (Element) -> Int
  ) -> (a: [Bool], b: [Bool]) {
    var keptA = [Bool](repeating: false, count: a.count)
    var keptB = [Bool](repeating: false, count: b.count)
    guard !a.isEmpty && !b.isEmpty else { return (keptA, keptB) }
    // Each element is hashed once. `b`'s positions are chained by hash value, in order (`following`), from a
    // head per value found in a table of open addressing keyed by the hash value itself (no dictionary, no
    // array per value); equality is checked only along a chain (two unequal elements may share a value).
    let size = max(16, 1 << (Int.bitWidth - (b.count * 2).leadingZeroBitCount))
    let mask = size - 1
    let empty = Int.min
    var hashes = [Int](repeating: 0, count: size)
    // A chain's first position not yet passed (positions before `next` are never free again); -1 once
    // none is left; `empty` for a slot of no hash value.
    var heads = [Int](repeating: empty, count: size)
    var following = [Int](repeating: -1, count: b.count)
    func slot(_ h: Int) -> Int {
      var i = Int(truncatingIfNeeded: (UInt(bitPattern: h) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
      while heads[i] != empty && hashes[i] != h { i = (i + 1) & mask }
      return i
    }
    for k in stride(from: b.count - 1, through: 0, by: -1) {
      let h = hash(b[b.startIndex + k])
      let i = slot(h)
      hashes[i] = h
      following[k] = heads[i] == empty ? -1 : heads[i]
      heads[i] = k
    }
    var next = 0  // the first position of `b` still free
    for (k, c) in a.enumerated() {
      let i = slot(hash(c))
      guard heads[i] != empty else { continue }
      var first = heads[i]
      while first != -1 && first < next { first = following[first] }
      heads[i] = first
      var j = first
      while j != -1 && b[b.startIndex + j] != c { j = following[j] }
      guard j != -1 else { continue }
      keptA[k] = true
      keptB[j] = true
      next = j + 1
      if j == first { heads[i] = following[j] }
    }
    return (keptA, keptB)
  }

  /// Among the commands `match` left over, pairs a line of the old frame with one of the new drawn as the same
  /// solid box of pixels but for where it starts or ends (a bar on the timeline growing with the playhead):
  /// both are marked kept, and only the pixels one paints and the other does not are added to `rects`.
  ///
  /// Pairs are taken in order within each stretch between two kept commands, so they cross neither those nor
  /// one another: every pixel both lines paint is painted by the same commands, in the same order, in both
  /// frames (any other command over it is left over, and repainted where it lies).
  static func pairSolidLines(
    _ old: [Drawn], _ new: [Drawn], _ oldKept: inout [Bool], _ newKept: inout [Bool], into rects: inout [PixelRect]
  ) {
    var i = 0
    var j = 0
    var olds: [(index: Int, box: PixelRect, color: RGBA)] = []
    while i < old.count || j < new.count {
      // The stretch up to the next kept pair (the k-th kept of each side are a pair).
      olds.removeAll(keepingCapacity: true)
      while i < old.count && !oldKept[i] {
        if let line = solidLine(old[i].command) { olds.append((i, line.box, line.color)) }
        i += 1
      }
      var from = 0
      while j < new.count && !newKept[j] {
        defer { j += 1 }
        guard from < olds.count, let line = solidLine(new[j].command) else { continue }
        // The nearest few left over on the old side, in order (a longer search would only repaint less).
        for k in from..<min(from + 8, olds.count) {
          let o = olds[k]
          guard o.color == line.color, old[o.index].clip == new[j].clip,
            let changed = changedPixels(o.box, line.box)
          else { continue }
          oldKept[o.index] = true
          newKept[j] = true
          for r in changed where !r.isEmpty { rects.append(r.intersection(new[j].clip)) }
          from = k + 1
          break
        }
      }
      i += 1
      j += 1
    }
  }

  /// A line drawn as a solid box of whole pixels (not dashed, horizontal or vertical): the box and its colour.
  private static func solidLine(_ command: DrawCommand) -> (box: PixelRect, color: RGBA)? {
    guard case .line(let a, let b, let stroke) = command, stroke.width.isFinite, !(stroke.dash.map { $0 > 0 } ?? false),
      a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite,
      let box = solidBox(a, b, width: max(stroke.width, 1))
    else { return nil }
    return (box, stroke.color)
  }

  /// The pixels one of two boxes on the same rows (or the same columns) covers and the other does not: a
  /// strip at each end that moved. Nil for boxes on different rows and columns.
  private static func changedPixels(_ a: PixelRect, _ b: PixelRect) -> [PixelRect]? {
    if a.y0 == b.y0 && a.y1 == b.y1 {
      return [
        PixelRect(x0: min(a.x0, b.x0), y0: a.y0, x1: max(a.x0, b.x0), y1: a.y1),
        PixelRect(x0: min(a.x1, b.x1), y0: a.y0, x1: max(a.x1, b.x1), y1: a.y1),
      ]
    }
    if a.x0 == b.x0 && a.x1 == b.x1 {
      return [
        PixelRect(x0: a.x0, y0: min(a.y0, b.y0), x1: a.x1, y1: max(a.y0, b.y0)),
        PixelRect(x0: a.x0, y0: min(a.y1, b.y1), x1: a.x1, y1: max(a.y1, b.y1)),
      ]
    }
    return nil
  }

  /// Appends the bounds, within their clips, of each command of `list[middle]` not marked `unchanged`.
  private func changedBoxes<Failure: Error>(
    _ list: [DrawCommand], segment: FrameSegment, middle: Range<Int>, unchanged: [Bool],
    into out: inout [PixelRect], masks: (TextMaskKey) throws(Failure) -> TextMask?
  ) throws(Failure) {
    guard !middle.isEmpty else { return }
    var clips: [PixelRect] = []
    swap(&clips, &clipScratch)  // reused in place
    clips.removeAll(keepingCapacity: true)
    defer { clipScratch = clips }
    for i in segment.start..<middle.upperBound {
      let command = list[i]
      let k = i - middle.lowerBound
      let changed = k >= 0 && (unchanged.isEmpty || !unchanged[k])
      let clip = clips.last ?? buffer.bounds
      switch command {
      case .clip(let r):
        let rect = pixelClip(r).intersection(clip)
        clips.append(rect)
        if changed { out.append(rect) }
      case .unclip:
        if !clips.isEmpty { clips.removeLast() }
        if changed { out.append(clip) }
      default:
        guard changed, let box = try paintBounds(command, masks: masks)?.intersection(clip), !box.isEmpty else {
          continue
        }
        out.append(box)
      }
    }
  }

  /// A rectangle holding every pixel `command` may paint (clips aside), with a pixel to spare for
  /// anti-aliased edges; nil when it paints nothing.
  func paintBounds<Failure: Error>(
    _ command: DrawCommand, masks: (TextMaskKey) throws(Failure) -> TextMask?
  ) throws(Failure) -> PixelRect? {
    func around(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PixelRect {
      PixelRect(x0: floorIndex(x0) - 1, y0: floorIndex(y0) - 1, x1: ceilIndex(x1) + 1, y1: ceilIndex(y1) + 1)
    }
    switch command {
    case .rect(let r, _, let stroke), .roundedRect(let r, _, _, let stroke):
      guard r.width > 0, r.height > 0 else { return nil }
      // A dashed outline of a box thinner than the stroke runs past the box by up to the stroke's width.
      let w = stroke.map(Self.reach) ?? 0
      return around(r.minX - w, r.minY - w, r.maxX + w, r.maxY + w)
    case .polygon(let points, _, let stroke):
      guard ConvexPolygon.isDrawable(points) else { return nil }
      // Outlines stay inside the polygon; a thin one's dashes run along its edges, up to half a width out.
      let box = ConvexPolygon.boundingBox(points)
      let w = stroke.map(Self.reach) ?? 0
      return around(box.minX - w, box.minY - w, box.maxX + w, box.maxY + w)
    case .circle(let c, let radius, _, _):
      guard radius > 0 else { return nil }
      return around(c.x - radius, c.y - radius, c.x + radius, c.y + radius)
    case .line(let a, let b, let stroke):
      let w = Self.reach(stroke)
      return around(min(a.x, b.x) - w, min(a.y, b.y) - w, max(a.x, b.x) + w, max(a.y, b.y) + w)
    case .text(let text, let at, let style):
      guard !text.isEmpty,
        let mask = try masks(Self.maskKey(text, style))
      else { return nil }
      let (x, y) = textOrigin(mask, at: at, anchor: style.anchor)
      return PixelRect(x0: x - 1, y0: y - 1, x1: x + mask.width + 1, y1: y + mask.height + 1)
    case .clip, .unclip:
      return nil
    }
  }

  /// How far a stroke may reach from its centre line or its box: its width, at least 1 (a width that is
  /// not a number may reach anywhere).
  static func reach(_ stroke: Stroke) -> Double { stroke.width.isNaN ? .infinity : max(stroke.width, 1) }

  /// How many more clips are open after `commands` than before.
  static func clipDepthChange(_ commands: ArraySlice<DrawCommand>) -> Int {
    commands.reduce(0) { depth, c in
      switch c {
      case .clip: return depth + 1
      case .unclip: return depth - 1
      default: return depth
      }
    }
  }

  /// Cuts `list` into top-level segments.
  static func split(_ list: [DrawCommand], into out: inout [FrameSegment], pixels: Rasterizer) {
    out.removeAll(keepingCapacity: true)
    var depth = 0
    var runStart: Int?
    list.withUnsafeBufferPointer { list in
      for i in list.indices {
        switch list[i] {
        case .clip(let r):
          if depth == 0 {
            if let s = runStart { out.append(FrameSegment(start: s, end: i, clip: nil)) }
            runStart = nil
            out.append(FrameSegment(start: i, end: i + 1, clip: pixels.pixelClip(r)))
          }
          depth += 1
        case .unclip:
          if depth > 0 {
            depth -= 1
            if depth == 0 { out[out.count - 1].end = i + 1 }
          } else if runStart == nil {
            runStart = i
          }
        default:
          if depth == 0 {
            if runStart == nil { runStart = i }
          }
        }
        if depth > 0 { out[out.count - 1].end = i + 1 }
      }
    }
    if let s = runStart { out.append(FrameSegment(start: s, end: list.count, clip: nil)) }
  }
}
