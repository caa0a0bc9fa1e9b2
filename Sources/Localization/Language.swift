/// The languages the window, the narration and `explain` are written in.
///
/// Every text the program writes for a person is given in each language where it is written
/// (`language("Recognizers", "手势识别器")`), so a missing translation does not compile. UIKit's names
/// (class, method and property names, rule ids) are the same in every language.
public enum Language: String, CaseIterable, Sendable {
  case english = "en"
  case simplifiedChinese = "zh-Hans"

  /// The text in this language: `english` or `chinese`. Only that one is made (panels name their texts
  /// with interpolations every frame).
  public func callAsFunction(_ english: @autoclosure () -> String, _ chinese: @autoclosure () -> String) -> String {
    switch self {
    case .english: return english()
    case .simplifiedChinese: return chinese()
    }
  }

  /// True for Chinese: no spaces between words, full-width punctuation.
  public var isChinese: Bool { self == .simplifiedChinese }

  /// A language tag or a POSIX locale name: "en", "en_GB.UTF-8", "zh-Hans", "zh_CN.UTF-8", "zh".
  /// Any Chinese locale reads Simplified Chinese (the only Chinese there is); nil for other languages.
  public static func parse(_ text: String) -> Language? {
    let tag = text.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
    let lower = String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    if lower == "en" || lower.hasPrefix("en-") { return .english }
    if lower == "zh" || lower.hasPrefix("zh-") { return .simplifiedChinese }
    return nil
  }

  /// The language the environment asks for, as POSIX orders it: `LC_ALL`, then `LC_MESSAGES`, then
  /// `LANG`; the first that is set and not empty decides. English when that is "C", "POSIX" or a
  /// language this program is not written in.
  public static func from(environment env: [String: String]) -> Language {
    for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = env[key], !value.isEmpty else { continue }
      return parse(value) ?? .english
    }
    return .english
  }

  /// The names `--lang` accepts, for messages.
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
