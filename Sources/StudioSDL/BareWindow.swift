import Geometry
import Raster
import StudioCore

/// The baseline of `touchscope bench`'s start-up figure: the same program opening the same window and
/// presenting one frame of one colour, nothing else (no scene, no panels, no text). Start-up is then also
/// given as a multiple of this, which holds from one machine to another where milliseconds do not.
public enum BareWindow {
  /// Opens a `width` × `height` window, presents one plain frame, reports `first-frame` (see
  /// `BenchmarkReports`) and closes it.
  public static func presentOnce(width: Int, height: Int) throws {
    // As the real window starts (`StudioApp.launch`).
    let locale = VideoStartLocale.begin()
    defer { locale.end() }
    let window = try SDLWindow(
      title: "Touchscope", width: width, height: height, scale: nil,
      assetsDirectory: ResourceLocator.assetsDirectory())
    StartupTrace.mark("window")
    let size = window.pixelSize
    try window.present([.rect(Rect(0, 0, size.width, size.height), fill: RGBA(30, 31, 36), stroke: nil)])
    StartupTrace.mark("first-frame-presented")
    BenchmarkReports.print("first-frame")
  }
}
