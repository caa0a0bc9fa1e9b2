import Foundation
import Localization
import Narration
import Raster
import SceneFile
import StudioSDL
import Testing
import TouchSim

/// `touchscope handout`: one self-contained HTML page of scenes' questions with pictures of the device,
/// their choices, and the engine's answers where asked for. The real program.
@Suite struct HandoutCommandTests {
  static let lessons = [
    "08-cancels-touches-in-view.yaml", "11-single-vs-double-tap.yaml", "13-pan-vs-swipe.yaml",
    "18-scroll-view-buttons.yaml",
  ]

  static func lesson(_ name: String) -> String {
    CommandLineRobustnessTests.root.appendingPathComponent("Scenes").appendingPathComponent(name).path
  }

  static func temporary(_ name: String) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("handout-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
  }

  /// Runs `touchscope handout` and returns the page it wrote.
  static func handout(_ scenes: [String], _ options: [String] = []) throws -> (html: String, stderr: String) {
    let out = temporary("handout.html")
    let r = try CommandLineRobustnessTests.run(["handout"] + scenes + ["--out", out] + options)
    #expect(r.reason == .exit && r.status == 0, "\(r.stderr)")
    let html = try String(contentsOfFile: out, encoding: .utf8)
    return (html, r.stderr)
  }

  /// The question blocks, in order.
  static func articles(_ html: String) -> [String] {
    html.components(separatedBy: "<article class=\"question\"").dropFirst().map {
      $0.components(separatedBy: "</article>")[0]
    }
  }

  /// What HTML's character references stand for, for the five a handout writes.
  static func unescape(_ s: String) -> String {
    s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// The texts of every element `<tag class="name">…</tag>` in `html`.
  static func elements(_ html: String, _ tag: String, _ name: String) -> [String] {
    html.components(separatedBy: "<\(tag) class=\"\(name)\">").dropFirst().map {
      $0.components(separatedBy: "</\(tag)>")[0]
    }
  }

  /// The PNG pictures of the page, decoded from their data URIs.
  static func pictures(_ html: String) -> [[UInt8]] {
    html.components(separatedBy: "src=\"data:image/png;base64,").dropFirst().map {
      Array(Data(base64Encoded: $0.components(separatedBy: "\"")[0]) ?? Data())
    }
  }

  static func load(_ path: String) throws -> Scene { try SceneLoader.load(path: path) }

  @Test @MainActor func everyQuestionIsThereWithItsChoicesLetteredAndAPictureOfTheDevice() throws {
    let paths = Self.lessons.map(Self.lesson)
    let (html, _) = try Self.handout(paths, ["--lang", "en"])
    let scenes = try paths.map(Self.load)
    let questions = scenes.flatMap(\.questions)
    let articles = Self.articles(html)
    #expect(articles.count == questions.count && questions.count >= 8)
    // In order, numbered across the handout, each with its question and its choices as the window letters them.
    for (i, (q, a)) in zip(questions, articles).enumerated() {
      #expect(a.contains("Question \(i + 1) <span class=\"time\">· at \(JSONNumberText.ms(q.t)) ms</span>"))
      #expect(Self.unescape(Self.elements(a, "p", "ask").first ?? "") == q.ask, "\(a.prefix(400))")
      let choices = Self.elements(a, "ol", "choices").first ?? ""
      let items = choices.components(separatedBy: "<li>").dropFirst().map {
        Self.unescape($0.components(separatedBy: "</li>")[0])
      }
      let expected = q.offered.enumerated().map { j, c in
        "<span class=\"letter\">\(Array("ABCDEFGH")[j])</span> " + QuestionWhy.display(c, .english)
      }
      #expect(items == expected)
    }
    // Each scene's title and about, in file order.
    var at = html.startIndex
    for scene in scenes {
      let title = try #require(
        html.range(of: "<h2>" + HandoutEscaping.escape(scene.title ?? "") + "</h2>", range: at..<html.endIndex))
      at = title.upperBound
      #expect(html.contains(HandoutEscaping.escape(scene.about ?? "").components(separatedBy: "\n")[0]))
    }
    // One picture per question, each a PNG the program itself reads back: the device, in colour.
    let pictures = Self.pictures(html)
    #expect(pictures.count == questions.count)
    for (i, png) in pictures.enumerated() {
      #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "picture \(i + 1)")
      #expect(png.count > 8 + 25 && String(decoding: png[12..<16], as: UTF8.self) == "IHDR")
      let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
      let file = Self.temporary("picture.png")
      try Data(png).write(to: URL(fileURLWithPath: file))
      let bitmap = try loadPNG(path: file)
      #expect(bitmap.width == width && bitmap.height == height)
      // Portrait phones on a tall stage: a large picture, taller than wide.
      #expect(height > 800 && width > 300 && height > width, "picture \(i + 1): \(width)×\(height)")
      #expect(Set(bitmap.pixels).count > 50, "picture \(i + 1) is nearly one colour")
    }
    // Nothing outside the file: no link, script, stylesheet or picture fetched from elsewhere.
    for outside in ["http:", "https:", "<script", "<link", "@import", "url(", "src=\"file"] {
      #expect(!html.contains(outside), "\(outside)")
    }
    #expect(html.contains("@page { size: A4 portrait;"))
  }

  @Test func theAnswersAreThoseOfTheQuestionsCommandSeparateInlineOrNone() throws {
    let path = Self.lesson("11-single-vs-double-tap.yaml")
    let scene = try Self.load(path)
    // `touchscope questions`: "  answer: X (trace line …)" and "  why: …" lines, question by question.
    let key = try CommandLineRobustnessTests.run(["questions", path, "--lang", "en"])
    #expect(key.status == 0)
    let blocks = key.stdout.components(separatedBy: "Question ").dropFirst()
    let expected: [(answer: String, why: [String])] = blocks.map { b in
      let lines = b.components(separatedBy: "\n")
      let answer = lines.first { $0.hasPrefix("  answer: ") }.map {
        String($0.dropFirst("  answer: ".count)).components(separatedBy: " (trace line")[0]
      }
      return (answer ?? "", lines.filter { $0.hasPrefix("  why: ") }.map { String($0.dropFirst("  why: ".count)) })
    }
    #expect(expected.count == scene.questions.count && expected.allSatisfy { !$0.why.isEmpty })

    func check(_ answers: [String], _ q: [(answer: String, why: [String])]) {
      #expect(answers.count == q.count)
      for (a, e) in zip(answers, q) {
        #expect(a.contains("<strong>" + HandoutEscaping.escape(e.answer) + "</strong>"), "\(a)")
        #expect(Self.elements(a, "p", "why").map(Self.unescape) == e.why)
      }
    }
    // Separate (the default): none inside the questions; a key after the last question, on a page of its own.
    let separate = try Self.handout([path], ["--lang", "en"]).html
    #expect(Self.articles(separate).allSatisfy { !$0.contains("class=\"answer\"") })
    let keyStart = try #require(separate.range(of: "<section class=\"answer-key\">"))
    let lastQuestion = try #require(separate.range(of: "<article class=\"question\"", options: .backwards))
    #expect(keyStart.lowerBound > lastQuestion.upperBound)
    #expect(separate.contains(".answer-key { break-before: page;"))
    let keyItems = Self.elements(String(separate[keyStart.lowerBound...]), "li", "answer")
    check(keyItems, expected)
    // The letter of the engine's choice: "yes" is A for the first question.
    #expect(keyItems[0].contains("Question 1:</span> Answer: <span class=\"letter\">A</span> <strong>yes</strong>"))
    // Inline: each answer inside its question's block, no key.
    let inline = try Self.handout([path], ["--lang", "en", "--answers", "inline"]).html
    #expect(!inline.contains("answer-key\">"))
    check(Self.articles(inline).map { Self.elements($0, "div", "answer").first ?? "" }, expected)
    // None: no answer anywhere.
    let none = try Self.handout([path], ["--lang", "en", "--answers", "none"]).html
    #expect(!none.contains("class=\"answer") && !none.contains("Answer") && !none.contains("class=\"why\""))
    #expect(Self.articles(none).count == scene.questions.count)
    // A bad placement is refused.
    let bad = try CommandLineRobustnessTests.run([
      "handout", path, "--out", Self.temporary("x.html"), "--answers", "all",
    ])
    #expect(bad.status == 1 && bad.stderr.contains("--answers"), "\(bad.stderr)")
  }

  static let hostile = """
    format: touchscope/1
    title: "<script>alert('title')</script> & \\"quoted\\""
    about: "Tom & Jerry's <b>bold</b> \\"about\\"\\nsecond line </p><p>"
    root:
      id: root
      frame: [0, 0, 390, 844]
      subviews:
        - id: card
          frame: [0, 0, 390, 400]
          color: "#FFCC00"
          recognizers: [{ id: cardTap, kind: tap }]
    script:
      - { t: 0, touch: 1, down: [100, 100] }
      - { t: 80, touch: 1, up: true }
    questions:
      - t: 0
        ask: "<script>alert(1)</script> Does the card's tap fire & \\"why\\"?"
        translations: { zh-Hans: "<img src=x onerror=alert(1)> 卡片的点击会触发吗？" }
        fires: cardTap

    """

  @Test func sceneTextIsEscaped() throws {
    let path = Self.temporary("hostile.yaml")
    try Self.hostile.write(toFile: path, atomically: true, encoding: .utf8)
    for lang in ["en", "zh-Hans"] {
      let html = try Self.handout([path], ["--lang", lang, "--answers", "inline"]).html
      // No markup of the scene's survives: not one script, bold or image tag.
      #expect(!html.contains("<script") && !html.contains("<b>") && !html.contains("<img src=x"))
      #expect(!html.contains("</p><p>"))
      #expect(html.components(separatedBy: "<img ").count == 2)  // the one picture
      if lang == "en" {
        #expect(html.contains("<h2>&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;</h2>"))
        #expect(
          html.contains(
            "<p class=\"about\">Tom &amp; Jerry&#39;s &lt;b&gt;bold&lt;/b&gt; &quot;about&quot;<br>\nsecond line &lt;/p&gt;&lt;p&gt;</p>"
          ))
        #expect(
          html.contains(
            "<p class=\"ask\">&lt;script&gt;alert(1)&lt;/script&gt; Does the card&#39;s tap fire &amp; &quot;why&quot;?</p>"
          ))
        // The answer key's heading repeats the title, escaped as well.
        #expect(html.contains("<strong>yes</strong>"))
      } else {
        #expect(html.contains("<p class=\"ask\">&lt;img src=x onerror=alert(1)&gt; 卡片的点击会触发吗？</p>"))
      }
    }
  }

  @Test @MainActor func aDeviceOnItsSideIsPicturedWide() throws {
    let path = Self.temporary("landscape.yaml")
    try Self.hostile.replacingOccurrences(
      of: "format: touchscope/1\n", with: "format: touchscope/1\nwindow: [844, 390]\n"
    )
    .replacingOccurrences(of: "frame: [0, 0, 390, 844]", with: "frame: [0, 0, 844, 390]")
    .write(toFile: path, atomically: true, encoding: .utf8)
    let pictures = Self.pictures(try Self.handout([path], ["--lang", "en"]).html)
    #expect(pictures.count == 1)
    let file = Self.temporary("picture.png")
    try Data(pictures[0]).write(to: URL(fileURLWithPath: file))
    let bitmap = try loadPNG(path: file)
    // The device fills a wide stage: wider than tall, and large.
    #expect(bitmap.width > bitmap.height && bitmap.width > 1000, "\(bitmap.width)×\(bitmap.height)")
  }

  @Test func chineseTextsFromTheScenesTranslationsAndTheProgram() throws {
    let path = Self.lesson("11-single-vs-double-tap.yaml")
    let scene = try Self.load(path)
    let html = try Self.handout([path], ["--lang", "zh-Hans", "--answers", "inline"]).html
    #expect(html.contains("<html lang=\"zh-Hans\">"))
    #expect(html.contains("<h2>单击与双击</h2>"))
    #expect(html.contains(HandoutEscaping.escape(scene.about(in: "zh-Hans") ?? "").components(separatedBy: "\n")[0]))
    let articles = Self.articles(html)
    for (i, (q, a)) in zip(scene.questions, articles).enumerated() {
      #expect(a.contains("问题 \(i + 1) <span class=\"time\">"))
      #expect(Self.unescape(Self.elements(a, "p", "ask").first ?? "") == q.ask(in: "zh-Hans"))
      #expect(q.ask(in: "zh-Hans") != q.ask)
      for c in q.offered {
        #expect(a.contains("</span> " + HandoutEscaping.escape(QuestionWhy.display(c, .simplifiedChinese)) + "</li>"))
      }
      #expect(a.contains("答案："))
    }
    // "yes" and "no" in Chinese, as the window's card says them.
    #expect(
      articles[0].contains("<span class=\"letter\">A</span> 是</li>")
        && articles[0].contains("<span class=\"letter\">B</span> 否</li>"))
    // The answer's why as `touchscope questions --lang zh-Hans` gives it.
    let key = try CommandLineRobustnessTests.run(["questions", path, "--lang", "zh-Hans"])
    let whys = key.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  原因：") }.map {
      String($0.dropFirst("  原因：".count))
    }
    #expect(!whys.isEmpty && articles.flatMap { Self.elements($0, "p", "why").map(Self.unescape) } == whys)
    // Chinese fonts named for print: Noto Sans CJK first for Chinese.
    #expect(html.contains("html:lang(zh-Hans) { font-family: \"Noto Sans CJK SC\""))
  }

  @Test func aSceneWithoutQuestionsIsIncludedAndNoted() throws {
    let none = Self.lesson("01-hit-test-order.yaml")
    let scene = try Self.load(none)
    #expect(scene.questions.isEmpty)
    let (html, stderr) = try Self.handout([none, Self.lesson("11-single-vs-double-tap.yaml")], ["--lang", "en"])
    #expect(html.contains("<h2>" + HandoutEscaping.escape(scene.title ?? "") + "</h2>"))
    #expect(html.contains("<p class=\"note\">This scene asks no questions.</p>"))
    #expect(stderr.contains("note: \(none): the scene asks no questions"))
    // In Chinese, the note too.
    let zh = try Self.handout([none], ["--lang", "zh-Hans"])
    #expect(zh.html.contains("<p class=\"note\">这个场景没有提问。</p>"))
    #expect(zh.stderr.contains("注意：\(none)：这个场景没有提问"))
    // Nothing asked, no answer key.
    #expect(!zh.html.contains("<section class=\"answer-key\">") && !zh.html.contains("<article"))
    #expect(html.contains("<section class=\"answer-key\">"))
    // The other scene's questions are numbered from 1.
    #expect(Self.articles(html).first?.contains("Question 1 <span") == true)
  }

  @Test func aSceneThatDoesNotLoadIsAPositionedErrorAndNothingIsWritten() throws {
    let broken = Self.temporary("broken.yaml")
    try "format: touchscope/1\nroot:\n  id: root\n  frame: [0, 0, 390]\n".write(
      toFile: broken, atomically: true, encoding: .utf8)
    let out = Self.temporary("handout.html")
    let r = try CommandLineRobustnessTests.run([
      "handout", Self.lesson("11-single-vs-double-tap.yaml"), broken, "--out", out,
    ])
    #expect(r.reason == .exit && r.status == 1)
    #expect(r.stderr.contains("\(broken):4:"), "\(r.stderr)")
    #expect(r.stderr.contains("error:"))
    #expect(!FileManager.default.fileExists(atPath: out))
    // A missing scene names itself.
    let missing = Self.temporary("missing.yaml")
    let m = try CommandLineRobustnessTests.run(["handout", missing, "--out", out])
    #expect(m.status == 1 && m.stderr.contains("\(missing): no such file"), "\(m.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func aQuestionTheEngineDoesNotAnswerAmongItsChoicesIsRefusedWhereItIsWritten() throws {
    let path = Self.temporary("wrong.yaml")
    try QuestionCommandTests.scene.write(toFile: path, atomically: true, encoding: .utf8)
    let out = Self.temporary("handout.html")
    let r = try CommandLineRobustnessTests.run(["handout", path, "--out", out])
    #expect(r.status == 1)
    #expect(r.stderr.hasPrefix("\(path):17:14: error: the engine's answer is 'touchesCancelled'"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func theOutputIsNeverAnInput() throws {
    let scene = Self.temporary("scene.yaml")
    let text = try String(contentsOfFile: Self.lesson("11-single-vs-double-tap.yaml"), encoding: .utf8)
    try text.write(toFile: scene, atomically: true, encoding: .utf8)
    let link = (scene as NSString).deletingLastPathComponent + "/link.html"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scene)
    for out in [scene, link, (scene as NSString).deletingLastPathComponent + "/./scene.yaml"] {
      let r = try CommandLineRobustnessTests.run(["handout", scene, "--out", out])
      #expect(
        r.status == 1 && r.stderr.contains("is the scene file \(scene): the handout would replace it"), "\(r.stderr)")
      #expect(try String(contentsOfFile: scene, encoding: .utf8) == text)
    }
    // A folder, or a folder that does not exist, is refused too.
    let folder = (scene as NSString).deletingLastPathComponent
    let f = try CommandLineRobustnessTests.run(["handout", scene, "--out", folder])
    #expect(f.status == 1 && f.stderr.contains("is a directory"), "\(f.stderr)")
    let nowhere = try CommandLineRobustnessTests.run(["handout", scene, "--out", folder + "/no/such/h.html"])
    #expect(nowhere.status == 1 && nowhere.stderr.contains("no such directory"), "\(nowhere.stderr)")
    // A handout written again replaces the old one whole.
    let out = folder + "/h.html"
    try "old".write(toFile: out, atomically: true, encoding: .utf8)
    let ok = try CommandLineRobustnessTests.run(["handout", scene, "--out", out, "--answers", "none"])
    #expect(ok.status == 0, "\(ok.stderr)")
    #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
  }
}

/// The escaping the tests expect of the page (written out here, not borrowed from the program).
enum HandoutEscaping {
  static func escape(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
      .replacingOccurrences(of: "'", with: "&#39;")
  }
}

/// Milliseconds as the program writes them: 1000, 2200, 1.5.
enum JSONNumberText {
  static func ms(_ t: Double) -> String { t == t.rounded() ? String(Int(t)) : String(t) }
}
