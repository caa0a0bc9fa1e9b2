import Geometry
import TouchSim

// Rule H-18: a zooming scroll view and a two-finger pinch (ZoomTests, ZoomSnapshotTests).

/// A full-screen scroll view zooming `photo` (its size), which holds a small `pin` with a tap.
public func zoomingScene(
  min: Double = 1, max: Double = 3, zoomView: String? = "photo", bouncesZoom: Bool = true,
  photoRecognizers: [RecognizerSpec] = []
) -> Scene {
  let pin = v("pin", [180, 390, 30, 30], recognizers: [g("pinTap", .tap)])
  let photo = v("photo", [0, 0, 390, 844], recognizers: photoRecognizers, subviews: [pin])
  return scene([
    v("scroller", [0, 0, 390, 844], kind: .scroll, subviews: [photo]) { s in
      var sc = ScrollSpec(contentSize: Size(390, 844))
      sc.minimumZoomScale = min
      sc.maximumZoomScale = max
      sc.zoomView = zoomView
      sc.bouncesZoom = bouncesZoom
      s.scroll = sc
    }
  ])
}

/// Two fingers 90 pt apart about (195, 400), moved apart in ten steps until they are `spread` pt apart,
/// then lifted.
public func pinchScript(to spread: Double, t0: Double = 0) -> [ScriptStep] {
  var steps = [down(1, 150, 400, t: t0), down(2, 240, 400, t: t0)]
  for k in 1...10 {
    let half = (90 + (spread - 90) * Double(k) / 10) / 2
    let t = t0 + Double(k * 16)
    steps += [move(1, 195 - half, 400, t: t), move(2, 195 + half, 400, t: t)]
  }
  steps += [up(1, t: t0 + 200), up(2, t: t0 + 200)]
  return steps
}
