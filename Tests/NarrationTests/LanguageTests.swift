import Localization
import Testing

/// `--lang` and the environment: which language a user gets.
@Suite struct LanguageTests {
  @Test func tagsAndLocaleNamesReadAsTheirLanguage() {
    #expect(Language.parse("en") == .english)
    #expect(Language.parse("en_GB.UTF-8") == .english)
    #expect(Language.parse("zh-Hans") == .simplifiedChinese)
    #expect(Language.parse("zh_CN.UTF-8") == .simplifiedChinese)
    #expect(Language.parse("zh_TW.UTF-8@stroke") == .simplifiedChinese)
    #expect(Language.parse("zh") == .simplifiedChinese)
    #expect(Language.parse("fr_FR.UTF-8") == nil)
    #expect(Language.parse("C") == nil)
    #expect(Language.parse("") == nil)
  }

  @Test func theEnvironmentDecidesAsPOSIXOrdersIt() {
    #expect(Language.from(environment: [:]) == .english)
    #expect(Language.from(environment: ["LANG": "zh_CN.UTF-8"]) == .simplifiedChinese)
    // LC_ALL wins over LANG, LC_MESSAGES over LANG; an empty value does not count.
    #expect(Language.from(environment: ["LANG": "zh_CN.UTF-8", "LC_ALL": "C"]) == .english)
    #expect(Language.from(environment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"]) == .simplifiedChinese)
    #expect(Language.from(environment: ["LANG": "zh_CN.UTF-8", "LC_ALL": ""]) == .simplifiedChinese)
    // A language this program is not written in: English.
    #expect(Language.from(environment: ["LANG": "de_DE.UTF-8"]) == .english)
  }

  @Test func aTextIsPickedInTheLanguage() {
    #expect(Language.english("Why?", "为什么？") == "Why?")
    #expect(Language.simplifiedChinese("Why?", "为什么？") == "为什么？")
  }
}
