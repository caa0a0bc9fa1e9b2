import CSDL2
import Foundation

/// The UI scale of the display, for a window that should look the same on a 4K laptop as on a 1080p
/// screen, only sharper.
///
/// In order: `TOUCHSCOPE_SCALE`, then `GDK_SCALE` (what GNOME and most Linux desktops set for HiDPI), then
/// the display's DPI as SDL reports it (144 dpi and more: DPI / 96, in quarter steps), then a display at
/// least 3,200 pixels wide (2). Only where SDL's drawable has as many pixels as the window (X11): where SDL
/// already gives a HiDPI drawable (Wayland, macOS), that is the scale and this returns 1. `--scale`
/// overrides it all.
enum UIScale {
  static func detect() -> Double {
    let env = ProcessInfo.processInfo.environment
    if let s = fromEnvironment() { return s }
    let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
    guard driver == "x11" else { return 1 }
    if let s = env["GDK_SCALE"].flatMap(Double.init), s >= 1 { return clamp(s) }
    var ddpi: Float = 0
    var hdpi: Float = 0
    var vdpi: Float = 0
    if SDL_GetDisplayDPI(0, &ddpi, &hdpi, &vdpi) == 0, hdpi >= 144, hdpi.isFinite {
      return clamp((Double(hdpi) / 96 * 4).rounded() / 4)
    }
    var bounds = SDL_Rect()
    if SDL_GetDisplayBounds(0, &bounds) == 0, bounds.w >= 3200 { return 2 }
    return 1
  }

  /// The scale `TOUCHSCOPE_SCALE` asks for, if it does (known before the display is open).
  static func fromEnvironment() -> Double? {
    ProcessInfo.processInfo.environment["TOUCHSCOPE_SCALE"].flatMap(Double.init).flatMap { $0 > 0 ? clamp($0) : nil }
  }

  static func clamp(_ s: Double) -> Double { min(max(s, 0.5), 4) }
}
