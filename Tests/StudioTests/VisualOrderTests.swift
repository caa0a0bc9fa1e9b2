import StudioUI
import Testing

@testable import StudioCore

/// Right-to-left text is drawn in reading order (Unicode's bidirectional algorithm through GNU FriBidi),
/// Arabic in its joining forms, whole characters kept whole.
@Suite struct VisualOrderTests {
  @Test func leftToRightTextIsUnchanged() {
    for s in ["Buy", "购买 👆", "touchUpInside (rule 8.1)", "", "a (b) c"] { #expect(VisualOrder.line(s) == s) }
  }

  @Test func aHebrewWordIsDrawnReversed() {
    // שלום (shin lamed vav mem), drawn from its last letter on the left to its first on the right.
    #expect(VisualOrder.line("שלום") == "םולש")
  }

  @Test func hebrewInsideAnEnglishLineIsReversedInPlace() {
    #expect(VisualOrder.line("Tap שלום now") == "Tap םולש now")
    // Two Hebrew words: the space between them belongs to the right-to-left run.
    #expect(VisualOrder.line("say שלום עולם!") == "say םלוע םולש!")
  }

  @Test func aRightToLeftLineGoesRightToLeftWithItsNumbersAndLatinInOrder() {
    // "קנה 3 iPhone": the Hebrew word at the right, then the number, then the Latin word at the left.
    #expect(VisualOrder.line("קנה 3 iPhone") == "iPhone 3 הנק")
    // A number inside Hebrew keeps its digits' order.
    #expect(VisualOrder.line("מחיר 120 שקל") == "לקש 120 ריחמ")
    // Brackets are mirrored.
    #expect(VisualOrder.line("שלום (עולם)") == "(םלוע) םולש")
  }

  @Test func arabicIsReversedAndJoined() {
    // اشتر (alef shin teh reh): reversed, and each letter in the form its neighbours ask for: reh final,
    // teh medial, shin initial, alef isolated (it never joins the letter after it).
    #expect(VisualOrder.line("اشتر") == "\u{FEAE}\u{FE98}\u{FEB7}\u{FE8D}")
    #expect(VisualOrder.needsReordering("اشتر"))
    #expect(!VisualOrder.needsReordering("购买"))
  }

  @Test func lamAndAlefMakeTheirLigature() {
    // لا (lam alef) is always drawn as one letter: the isolated lam-alef ligature.
    #expect(VisualOrder.line("لا") == "\u{FEFB}")
  }

  @Test func aCharacterOfSeveralCodePointsStaysWhole() {
    // A Hebrew letter with its point (shin with a dot), and a family emoji (a ZWJ sequence) inside Hebrew.
    let shin = "\u{05E9}\u{05C1}"
    let family = "👨\u{200D}👩\u{200D}👧"
    #expect(VisualOrder.line("\(shin)ל") == "ל\(shin)")
    #expect(VisualOrder.line("אב \(family) גד") == "דג \(family) בא")
  }

  @Test func arabicIndicDigitsKeepTheirOrder() {
    // "price ١٢٣" in Arabic: the number reads left to right inside the right-to-left line.
    let line = VisualOrder.line("سعر ١٢٣")
    #expect(line.hasPrefix("١٢٣ "))
  }

  @Test func spaceAtTheEndOfALineStaysAtTheLinesEnd() {
    // A right-to-left line ends at the left; a left-to-right one at the right.
    #expect(VisualOrder.line("שלום ") == " םולש")
    #expect(VisualOrder.line("Tap שלום ") == "Tap םולש ")
  }
}
