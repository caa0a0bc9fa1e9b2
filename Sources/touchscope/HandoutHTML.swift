import Foundation
import Geometry
import Localization

/// A scene as a handout shows it.
struct HandoutScene {
  /// The file's name, for a scene without a title.
  var file: String
  var title: String?
  var about: String?
  var questions: [HandoutQuestion]
}

/// One question of a handout: its text, its choices as the window words them, the engine's answer.
struct HandoutQuestion {
  var time: Double
  var ask: String
  var choices: [String]
  /// The choice the engine's run gives (its index in `choices`).
  var answer: Int?
  /// The answer in words.
  var answerText: String
  var why: [String]
  /// The device when the window asks it, as a PNG file's bytes.
  var picture: [UInt8]
}

/// One self-contained HTML page: no external resource (pictures as data URIs, no fonts fetched), laid
/// out for print (no question or picture split over two pages). Every scene text is escaped.
struct HandoutHTML {
  var scenes: [HandoutScene]
  var language: Language
  var answers: AnswerPlacement
  var paper: Paper

  /// The choices' letters, as the window's question card gives them.
  static let letters = Array("ABCDEFGH").map(String.init)

  static func letter(_ i: Int) -> String { letters[min(i, letters.count - 1)] }

  /// The characters HTML content and attribute values write as character references.
  private static let references: [Unicode.Scalar: String] = [
    "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
  ]

  /// Text for HTML content and attribute values: `&`, `<`, `>`, `"` and `'` as character references.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
      if let reference = references[c] { out += reference } else { out.unicodeScalars.append(c) }
    }
    return out
  }

  func document() -> String {
    let l = language
    let title = l("Touchscope handout", "Touchscope 讲义")
    var h = """
      <!DOCTYPE html>
      <html lang="\(l.rawValue)">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escape(title))</title>
      <style>
      \(css)
      </style>
      </head>
      <body>
      <header class="handout-head">
      <h1>\(Self.escape(title))</h1>
      <p class="name">\(l("Name:", "姓名：")) <span class="blank"></span></p>
      </header>

      """
    var number = 0
    for (s, scene) in scenes.enumerated() {
      h += "<section class=\"scene\" id=\"scene-\(s + 1)\">\n"
      var head = "<h2>" + Self.escape(scene.title ?? scene.file) + "</h2>\n"
      if let about = scene.about, !about.isEmpty {
        head += "<p class=\"about\">" + paragraphs(about) + "</p>\n"
      }
      if scene.questions.isEmpty {
        // The scene's heading stays with its note.
        h += "<div class=\"keep\">\n" + head
        h += "<p class=\"note\">" + l("This scene asks no questions.", "这个场景没有提问。") + "</p>\n</div>\n"
      }
      for (i, q) in scene.questions.enumerated() {
        number += 1
        // The heading is kept on the page of the scene's first question.
        if i == 0 { h += "<div class=\"keep\">\n" + head }
        h += question(q, number: number)
        if i == 0 { h += "</div>\n" }
      }
      h += "</section>\n"
    }
    // No key when no scene asks anything.
    if answers == .separate && scenes.contains(where: { !$0.questions.isEmpty }) { h += answerKey() }
    h += "</body>\n</html>\n"
    return h
  }

  /// A scene's about: its lines kept (escaped, a line break for each newline).
  func paragraphs(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { Self.escape(String($0)) }
      .joined(separator: "<br>\n")
  }

  func question(_ q: HandoutQuestion, number: Int) -> String {
    let l = language
    let data = Data(q.picture).base64EncodedString()
    let alt = l(
      "The device when question \(number) is asked: numbered rings where the fingers land next",
      "提问 \(number) 时的设备：带编号的圆圈是手指接下来落下的位置")
    var h = "<article class=\"question\" id=\"q\(number)\">\n"
    h += "<figure><img src=\"data:image/png;base64,\(data)\" alt=\"\(Self.escape(alt))\"></figure>\n"
    h += "<div class=\"text\">\n"
    h +=
      "<p class=\"qhead\">" + l("Question \(number)", "问题 \(number)") + " <span class=\"time\">· "
      + l("at \(JSONNumber.format(q.time)) ms", "\(JSONNumber.format(q.time)) ms") + "</span></p>\n"
    h += "<p class=\"ask\">" + Self.escape(q.ask) + "</p>\n"
    h += "<ol class=\"choices\">\n"
    for (i, c) in q.choices.enumerated() {
      h += "<li><span class=\"letter\">\(Self.letter(i))</span> \(Self.escape(c))</li>\n"
    }
    h += "</ol>\n"
    if answers == .inline { h += answer(q, number: number, tag: "div") }
    h += "</div>\n</article>\n"
    return h
  }

  /// The engine's answer and why: after its question (`div`), or an item of the answer key (`li`).
  func answer(_ q: HandoutQuestion, number: Int, tag: String) -> String {
    let l = language
    var h = "<\(tag) class=\"answer\">\n<p class=\"answer-line\">"
    if tag == "li" { h += "<span class=\"number\">" + l("Question \(number):", "问题 \(number)：") + "</span> " }
    h += l("Answer: ", "答案：")
    if let a = q.answer { h += "<span class=\"letter\">\(Self.letter(a))</span> " }
    h += "<strong>" + Self.escape(q.answerText) + "</strong></p>\n"
    for w in q.why { h += "<p class=\"why\">" + Self.escape(w) + "</p>\n" }
    h += "</\(tag)>\n"
    return h
  }

  func answerKey() -> String {
    let l = language
    var h = "<section class=\"answer-key\">\n<h2>" + l("Answer key", "答案") + "</h2>\n"
    var number = 0
    for scene in scenes where !scene.questions.isEmpty {
      h += "<h3>" + Self.escape(scene.title ?? scene.file) + "</h3>\n<ol class=\"answers\">\n"
      for q in scene.questions {
        number += 1
        h += answer(q, number: number, tag: "li")
      }
      h += "</ol>\n"
    }
    h += "</section>\n"
    return h
  }

  /// Print first: the paper's size and margins; a question, its picture and its choices never split over
  /// two pages; pictures never wider than the column nor taller than half a page. The fonts are a list
  /// (nothing fetched): Noto Sans CJK SC for Chinese wherever it is installed.
  var css: String {
    let size = paper == .a4 ? "A4" : "letter"
    return """
      @page { size: \(size) portrait; margin: 14mm 14mm 16mm 14mm; }
      html { font-family: "Noto Sans", "DejaVu Sans", "Helvetica Neue", Arial, "Noto Sans CJK SC", \
      "Noto Sans SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif; }
      html:lang(zh-Hans) { font-family: "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", \
      "PingFang SC", "Microsoft YaHei", "Noto Sans", "DejaVu Sans", sans-serif; }
      body { margin: 0 auto; max-width: 182mm; padding: 0 4mm; color: #111; background: #fff; font-size: 11pt; \
      line-height: 1.45; }
      h1 { font-size: 18pt; margin: 0 0 2mm; }
      h2 { font-size: 15pt; margin: 6mm 0 2mm; }
      h3 { font-size: 12pt; margin: 5mm 0 2mm; break-after: avoid; page-break-after: avoid; }
      .handout-head { display: flex; justify-content: space-between; align-items: baseline; gap: 8mm; \
      border-bottom: 0.4mm solid #111; margin-bottom: 4mm; }
      .name { margin: 0; }
      .blank { display: inline-block; width: 60mm; border-bottom: 0.3mm solid #111; }
      .about { margin: 0 0 4mm; color: #333; }
      .note { font-style: italic; color: #555; }
      .keep, .question, .answer, .answers > li { break-inside: avoid; page-break-inside: avoid; }
      .question { display: flex; gap: 6mm; align-items: flex-start; margin: 0 0 6mm; padding-top: 3mm; \
      border-top: 0.2mm solid #bbb; }
      .question figure { flex: 0 1 auto; max-width: 55%; margin: 0; }
      .question img { display: block; max-width: 100%; max-height: 88mm; width: auto; height: auto; \
      border: 0.3mm solid #888; break-inside: avoid; }
      .question .text { flex: 1 1 0; min-width: 0; overflow-wrap: anywhere; }
      .qhead { margin: 0 0 1mm; font-weight: bold; }
      .time { font-weight: normal; color: #555; }
      .ask { margin: 0 0 3mm; font-size: 12pt; font-weight: bold; overflow-wrap: anywhere; }
      .choices { list-style: none; margin: 0; padding: 0; }
      .choices li { margin: 0 0 2mm; padding: 1.2mm 3mm; border: 0.3mm solid #666; border-radius: 4mm; \
      overflow-wrap: anywhere; }
      .letter { display: inline-block; min-width: 5mm; font-weight: bold; }
      .answer { margin: 3mm 0 0; padding: 2mm 3mm; border-left: 1mm solid #2a7; background: #f3faf6; }
      .answer p { margin: 0 0 1mm; overflow-wrap: anywhere; }
      .why { color: #333; font-size: 10pt; }
      .answer-key { break-before: page; page-break-before: always; }
      .answers { list-style: none; margin: 0; padding: 0; }
      .answers > li { margin: 0 0 3mm; }
      @media screen { body { margin: 8mm auto; } }
      @media print { .answer { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
      """
  }
}
