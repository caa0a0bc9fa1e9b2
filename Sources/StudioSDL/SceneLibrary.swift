import Foundation
import Localization
import SceneFile
import StudioCore

/// The scene library (the `Scenes` folder), for the scene list.
public enum SceneLibrary {
  /// Each scene's title in `language` (its translation's, else its own).
  public static func items(language: Language = .english) -> [SceneListItem] {
    guard let dir = ResourceLocator.findUpward("Scenes"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: dir)
    else { return [] }
    return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted()
      .map { name in
        let path = (dir as NSString).appendingPathComponent(name)
        let scene = try? SceneLoader.load(path: path)
        let title =
          scene.map { $0.title(in: language.rawValue) ?? name } ?? language("(invalid) ", "（无效）") + name
        return SceneListItem(path: path, title: title)
      }
  }
}
