import Geometry
import Raster
import StudioUI
import TouchSim

/// Nothing sliced: a line of text that an edge of the panel it is drawn in would cut through (a row of a
/// scrolled list half out of view, a lane at the foot of a short timeline, a timeline mark at its right
/// end) is not drawn at all; the wheel or a larger window brings it in whole (panels shorten their own
/// long texts to fit before this). The device's own clips are not panels:
/// a view's text cut by its scroll view or its clipping superview is drawn as UIKit would show it.
enum WholeLines {
  static func enforce(_ commands: inout [DrawCommand], window: Size, device: Rect) {
    var clips: [Rect] = [Rect(0, 0, window.width, window.height)]
    var deviceDepth = 0
    var drop: [Int] = []
    for i in commands.indices {
      switch commands[i] {
      case .clip(let r):
        if deviceDepth > 0 || r == device {
          deviceDepth += 1
        } else {
          clips.append(CanvasGeometry.intersect(clips.last!, r))
        }
      case .unclip:
        if deviceDepth > 0 {
          deviceDepth -= 1
        } else if clips.count > 1 {
          clips.removeLast()
        }
      case .text(let s, let at, let style) where deviceDepth == 0 && clips.count > 1:
        // The vertical extent first (cheap); the text is measured only when an edge crosses it.
        let h = TextMetrics.height(size: style.size)
        let top: Double
        switch style.anchor.vertical {
        case .top: top = at.y
        case .middle: top = at.y - h / 2
        case .bottom: top = at.y - h
        }
        let clip = clips.last!
        guard top < clip.maxY && top + h > clip.minY else { continue }  // wholly clipped away: hidden, not cut
        let sliced = top < clip.minY - 0.5 || top + h > clip.maxY + 0.5
        // Across: a text is measured only when its characters at 1.3 em each could reach an edge (the
        // widest letters, bold "W" and "m", are 1.10 and 1.04 em; a Chinese character about 1 em). A rare
        // wider glyph crossing an edge by less than that stays drawn, cut.
        let most = Double(scalarCount(s)) * style.size * 1.3
        let left: Double
        switch style.anchor.horizontal {
        case .leading: left = at.x
        case .center: left = at.x - most / 2
        case .trailing: left = at.x - most
        }
        guard sliced || left < clip.minX - 0.5 || left + most > clip.maxX + 0.5 else { continue }
        let w = TextMetrics.width(s, size: style.size, face: style.face)
        let box = LabelPlacer.Slot(at, style.anchor).box(Size(w, h))
        guard box.maxX > clip.minX && box.minX < clip.maxX else { continue }
        if sliced || box.minX < clip.minX - 0.5 || box.maxX > clip.maxX + 0.5 { drop.append(i) }
      default: break
      }
    }
    guard !drop.isEmpty else { return }
    // Removed in place, the others moved down in order (`drop` is ascending): no copy of the list.
    var next = 0
    var kept = drop[0]
    for i in drop[0]..<commands.count {
      if next < drop.count && drop[next] == i {
        next += 1
        continue
      }
      commands.swapAt(kept, i)
      kept += 1
    }
    commands.removeSubrange(kept...)
  }

  /// How many scalars `s` has (never fewer than its characters), counted in its UTF-8 without finding
  /// where characters break: every byte that does not continue a scalar starts one.
  static func scalarCount(_ s: String) -> Int {
    var n = 0
    for b in s.utf8 where b & 0xC0 != 0x80 { n += 1 }
    return n
  }
}
