/// Whole frames: the background, then the commands over it.
extension Rasterizer {
  /// Draws a whole frame: `commands` over `color`.
  ///
  /// When the first command fills the whole target opaquely (a window's background), the buffer is not
  /// cleared and that background is only painted where no large opaque rectangle drawn later, outside any
  /// clip, would cover it anyway (the panels): the pixels come out the same, with fewer writes.
  public func drawFrame<Failure: Error>(
    _ commands: [DrawCommand], background color: RGBA, masks: (TextMaskKey) throws(Failure) -> TextMask?
  ) throws(Failure) {
    if let fill = opaqueFill(ofWholeBuffer: commands.first) {
      fillBackground(Paint(fill), under: commands)
      try draw(commands, from: 1, masks: masks)
    } else {
      clear(to: color)
      try draw(commands, masks: masks)
    }
    shownFrame = commands
    shownBackground = color
    damage.removeAll(keepingCapacity: true)
    damage.append(buffer.bounds)
  }

  /// The colour of `command` when it is a rectangle filling the whole buffer opaquely, without outline.
  func opaqueFill(ofWholeBuffer command: DrawCommand?) -> RGBA? {
    guard case .rect(let r, let fill?, .none) = command, fill.a == 255, let box = pixelBox(r),
      box.x0 <= 0, box.y0 <= 0, box.x1 >= buffer.width, box.y1 >= buffer.height
    else { return nil }
    return fill
  }

  /// Paints the whole target with `paint` except under the largest opaque rectangles `commands` fill
  /// outside any clip.
  private func fillBackground(_ paint: Paint, under commands: [DrawCommand]) {
    resetClip()
    let bounds = buffer.bounds
    let minimumArea = bounds.x1 * bounds.y1 / 64
    occluders.removeAll(keepingCapacity: true)
    var depth = 0
    commands.withUnsafeBufferPointer { list in
      for i in list.indices.dropFirst() {
        switch list[i] {
        case .clip: depth += 1
        case .unclip: depth = max(depth - 1, 0)
        case .rect(let r, let fill?, _) where depth == 0 && fill.a == 255 && occluders.count < 16:
          guard let box = pixelBox(r)?.intersection(bounds), !box.isEmpty,
            (box.x1 - box.x0) * (box.y1 - box.y0) >= minimumArea
          else { continue }
          occluders.append(box)
        default: break
        }
      }
    }
    occluders.sort { $0.x0 < $1.x0 }
    for y in bounds.y0..<bounds.y1 {
      var x = bounds.x0
      for o in occluders where o.y0 <= y && y < o.y1 {
        if o.x0 > x { painter.span(y, x, o.x0, paint) }
        x = max(x, o.x1)
      }
      if x < bounds.x1 { painter.span(y, x, bounds.x1, paint) }
    }
  }
}
