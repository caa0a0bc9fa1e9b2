import Foundation

/// The locale SDL's video starts in: "C", whatever the environment says, and the environment put back
/// afterwards.
///
/// On X11, SDL's video start opens an X input method in the environment's locale (it sets the locale
/// from `LC_ALL`/`LANG` around `XOpenIM`). In a UTF-8 locale that reads the locale's whole Compose table
/// character by character: on the development VM the video start took 17 ms in C.UTF-8 and 8 ms in C,
/// and 26 ms in C.UTF-8 while another thread ran (as the thread preparing the first frame does), each
/// character read then taking a lock. Touchscope takes no text input, only keys, so the input method's
/// locale changes nothing it does or shows; the process's own locale is "C" before and after.
///
/// Changing the environment is not safe while another thread reads or changes it: `begin` and `end` are
/// called only while no other thread runs (`StudioApp.launch` calls `begin` before it starts the thread that
/// prepares the first frame, and `end` after that thread has finished).
struct VideoStartLocale {
  /// The environment's variables: read, set and removed (the process's, or a test's).
  struct Environment {
    var get: (String) -> String?
    var set: (String, String) -> Void
    var remove: (String) -> Void

    static var process: Environment {
      Environment(
        get: { getenv($0).map { String(cString: $0) } }, set: { setenv($0, $1, 1) }, remove: { unsetenv($0) })
    }
  }

  private let environment: Environment
  /// `LC_ALL` as it was (nil: not set).
  private let saved: String?

  /// Sets `LC_ALL` to "C" until `end`.
  static func begin(_ environment: Environment = .process) -> VideoStartLocale {
    let saved = environment.get("LC_ALL")
    environment.set("LC_ALL", "C")
    return VideoStartLocale(environment: environment, saved: saved)
  }

  /// Puts `LC_ALL` back as it was: its value, or not set.
  func end() {
    if let saved { environment.set("LC_ALL", saved) } else { environment.remove("LC_ALL") }
  }
}
