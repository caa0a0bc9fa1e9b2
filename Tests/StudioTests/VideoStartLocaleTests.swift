import Testing

@testable import StudioSDL

/// SDL's video starts with `LC_ALL` set to "C", and the environment is put back as it was afterwards: the
/// value the user set, or no value (tested on an environment of its own: changing the process's while
/// other tests run would be unsafe).
@Suite struct VideoStartLocaleTests {
  final class Variables {
    var values: [String: String]
    init(_ values: [String: String]) { self.values = values }
    var environment: VideoStartLocale.Environment {
      VideoStartLocale.Environment(
        get: { self.values[$0] }, set: { self.values[$0] = $1 }, remove: { self.values[$0] = nil })
    }
  }

  @Test func aValueTheUserSetIsPutBack() {
    let v = Variables(["LC_ALL": "zh_CN.UTF-8", "LANG": "en_GB.UTF-8"])
    let locale = VideoStartLocale.begin(v.environment)
    #expect(v.values["LC_ALL"] == "C")
    #expect(v.values["LANG"] == "en_GB.UTF-8")
    locale.end()
    #expect(v.values == ["LC_ALL": "zh_CN.UTF-8", "LANG": "en_GB.UTF-8"])
  }

  @Test func noValueStaysNoValue() {
    let v = Variables(["LANG": "C.UTF-8"])
    let locale = VideoStartLocale.begin(v.environment)
    #expect(v.values["LC_ALL"] == "C")
    locale.end()
    #expect(v.values == ["LANG": "C.UTF-8"])
  }
}
