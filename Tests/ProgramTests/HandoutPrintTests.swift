import Foundation
import Localization
import Narration
import SceneFile
import Testing
import TouchSim

/// `touchscope handout`'s page printed as a reader prints it: headless Chromium to PDF on A4 and on
/// Letter, in English and in Chinese; the PDF read back with poppler-utils. No question is split over two
/// pages (its heading, question, choices and picture on one page), no page is blank, the answer key starts
/// on a page of its own. Needs `chromium` and `poppler-utils` (`make test-deps` installs them): without
/// them the test fails and says so.
@Suite(.serialized) struct HandoutPrintTests {
  static let lessons = HandoutCommandTests.lessons.map(HandoutCommandTests.lesson)

  /// The path of a program the test needs, or a failure saying how to install it.
  static func tool(_ name: String, package: String) throws -> String {
    for dir in ["/usr/bin", "/usr/local/bin", "/bin", "/snap/bin"]
    where FileManager.default.isExecutableFile(
      atPath: dir + "/" + name)
    {
      return dir + "/" + name
    }
    throw Missing(
      "\(name) is not installed: the handout's print test needs it. Install it with `make test-deps` "
        + "(or `apt-get install \(package)`).")
  }

  struct Missing: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
  }

  /// Runs a program to its end (at most `limit` seconds: a hung browser fails the test instead of
  /// hanging it) and returns its standard output.
  @discardableResult
  static func run(_ program: String, _ args: [String], limit: Double = 240) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: program)
    p.arguments = args
    let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("print-out-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outURL) }
    let out = try FileHandle(forWritingTo: outURL)
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    try p.run()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      p.waitUntilExit()
      done.signal()
    }
    if done.wait(timeout: .now() + limit) == .timedOut {
      p.terminate()
      throw Missing("\(program) \(args.joined(separator: " ")) did not finish in \(Int(limit)) s")
    }
    try out.close()
    let text = try String(contentsOf: outURL, encoding: .utf8)
    guard p.terminationStatus == 0 else {
      throw Missing("\(program) \(args.joined(separator: " ")) failed with status \(p.terminationStatus)")
    }
    return text
  }

  /// Prints `html` to a PDF with headless Chromium, as a reader's browser does (no header or footer).
  static func printToPDF(_ html: String) throws -> String {
    let chromium = try tool("chromium", package: "chromium")
    let folder = (html as NSString).deletingLastPathComponent
    let pdf = folder + "/handout.pdf"
    try run(
      chromium,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", "--user-data-dir=\(folder)/profile",
        "--print-to-pdf=\(pdf)", URL(fileURLWithPath: html).absoluteString,
      ])
    #expect(FileManager.default.fileExists(atPath: pdf), "Chromium wrote no PDF")
    return pdf
  }

  /// Each page's text, without any white space (lines are wrapped differently on each paper).
  static func pages(_ pdf: String) throws -> [String] {
    let info = try run(try tool("pdfinfo", package: "poppler-utils"), [pdf])
    let count = info.components(separatedBy: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
      Int($0.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces))
    }
    let pdftotext = try tool("pdftotext", package: "poppler-utils")
    return try (1...(count ?? 0)).map { n in
      squeeze(try run(pdftotext, ["-f", "\(n)", "-l", "\(n)", "-enc", "UTF-8", pdf, "-"]))
    }
  }

  static func squeeze(_ s: String) -> String {
    String(s.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
  }

  /// The page (1-based) of each picture in the PDF, in order.
  static func picturePages(_ pdf: String) throws -> [Int] {
    let list = try run(try tool("pdfimages", package: "poppler-utils"), ["-list", pdf])
    return list.components(separatedBy: "\n").dropFirst(2).compactMap { line in
      let f = line.split(separator: " ", omittingEmptySubsequences: true)
      guard f.count > 3, f[2] == "image", let page = Int(f[0]) else { return nil }
      return page
    }
  }

  @Test(arguments: [("en", "a4"), ("en", "letter"), ("zh-Hans", "a4"), ("zh-Hans", "letter")])
  func printsWithoutSplittingAQuestion(lang: String, paper: String) throws {
    let l = try #require(Language.parse(lang))
    let html = HandoutCommandTests.temporary("handout.html")
    let r = try CommandLineRobustnessTests.run(
      ["handout"] + Self.lessons + ["--out", html, "--lang", lang, "--paper", paper])
    #expect(r.status == 0, "\(r.stderr)")
    let pdf = try Self.printToPDF(html)
    // The paper asked for.
    let info = try Self.run(try Self.tool("pdfinfo", package: "poppler-utils"), [pdf])
    #expect(info.contains(paper == "a4" ? "(A4)" : "(letter)"), "\(info)")
    let pages = try Self.pages(pdf)
    #expect(pages.count >= 3)
    // No blank page.
    for (i, p) in pages.enumerated() { #expect(!p.isEmpty, "page \(i + 1) of \(pages.count) is blank") }
    // Each question on one page: its heading, its question and every choice with its letter.
    let questions = try Self.lessons.map { try SceneLoader.load(path: $0) }.flatMap(\.questions)
    var questionPages: [Int] = []
    for (i, q) in questions.enumerated() {
      let heading = Self.squeeze(l("Question \(i + 1) ·", "问题 \(i + 1) ·"))
      let on = pages.indices.filter { pages[$0].contains(heading) }
      #expect(on.count == 1, "question \(i + 1) heading on pages \(on.map { $0 + 1 })")
      guard let p = on.first else { continue }
      questionPages.append(p + 1)
      #expect(
        pages[p].contains(Self.squeeze(q.ask(in: lang))), "question \(i + 1)'s text is not whole on page \(p + 1)")
      for (j, c) in q.offered.enumerated() {
        let choice = Self.squeeze("ABCDEFGH".map(String.init)[j] + QuestionWhy.display(c, l))
        #expect(pages[p].contains(choice), "question \(i + 1)'s choice \(choice) is not on page \(p + 1)")
      }
    }
    #expect(questionPages == questionPages.sorted() && questionPages.first == 1)
    // One picture per question, each whole on its question's page (a picture cut by a page break would
    // be drawn on two pages).
    #expect(try Self.picturePages(pdf) == questionPages)
    // The answer key starts on a page of its own after the last question's page and holds every answer.
    let last = try #require(questionPages.last)
    #expect(pages.count > last)
    let key = pages[last...].joined()
    #expect(pages[last].hasPrefix(Self.squeeze(l("Answer key", "答案"))))
    for i in questions.indices { #expect(key.contains(Self.squeeze(l("Question \(i + 1):", "问题 \(i + 1)：")))) }
    // No page wasted: at most a page per question and per scene, and two for the key.
    #expect(pages.count <= questions.count + Self.lessons.count + 2)
  }

  @Test func aMissingBrowserFailsWithHowToInstallIt() throws {
    #expect(throws: Missing.self) { try Self.tool("chromium-that-is-not-installed", package: "chromium") }
    do {
      _ = try Self.tool("chromium-that-is-not-installed", package: "chromium")
    } catch {
      #expect("\(error)".contains("make test-deps") && "\(error)".contains("apt-get install chromium"))
    }
  }
}
