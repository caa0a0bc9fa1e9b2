import ArgumentParser
import Foundation
import Localization

/// `--lang`: the language of the window, the narration and `explain`; by default the environment's
/// (`LC_ALL`, `LC_MESSAGES`, `LANG`), English when that is none this program is written in.
struct LanguageOption: ParsableArguments {
  @Option(
    name: .customLong("lang"),
    help: ArgumentHelp(
      "The language: en or zh-Hans (Simplified Chinese).",
      discussion: "Default: the environment's (LC_ALL, LC_MESSAGES, LANG: zh_CN.UTF-8 reads Chinese), else English."))
  var lang: String?

  func validate() throws {
    if let lang, Language.parse(lang) == nil {
      throw ValidationError("--lang must be one of \(Language.names), not \(lang)")
    }
  }

  /// The language asked for.
  var language: Language {
    lang.flatMap(Language.parse) ?? Language.from(environment: ProcessInfo.processInfo.environment)
  }
}
