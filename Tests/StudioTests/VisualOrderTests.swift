import StudioUI
import Testing

@testable import StudioCore

/// Right-to-left text is drawn in reading order (a simplified bidirectional algorithm).
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

  @Test func arabicIsReversedToo() {
    #expect(VisualOrder.line("اشتر") == "رتشا")
    #expect(VisualOrder.needsReordering("اشتر"))
    #expect(!VisualOrder.needsReordering("购买"))
  }
}
