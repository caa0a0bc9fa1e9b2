import Foundation
import TestSupport
import Testing

@testable import StudioSDL

/// The fallback fonts are asked of fontconfig in-process: the same answers as the `fc-match` program gives
/// (which the window used to start once per question, about a second at start-up for Chinese text).
@Suite struct FontconfigTests {
  static func fcMatchProgram(_ pattern: String) throws -> String {
    try Programs.run("/usr/bin/env", ["fc-match", "--format=%{file}|%{index}", pattern]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func inProcessMatchesAreFcMatchs() throws {
    for pattern in FontLibrary.fallbackPatterns.prefix(6) + ["sans-serif:lang=zh-cn:weight=bold"] {
      let mine = FontLibrary.fcMatch(pattern)
      #expect(mine == (try Self.fcMatchProgram(pattern)), "\(pattern)")
    }
    // Simplified Chinese comes from a font that exists (Noto Sans CJK, installed by make).
    let chinese = FontLibrary.fcMatch("sans-serif:lang=zh-cn")?.split(separator: "|").first.map(String.init)
    #expect(
      chinese.map { FileManager.default.fileExists(atPath: $0) && $0.contains("CJK") } == true, "\(chinese ?? "nil")")
  }
}
