import Testing
import TouchSim

/// A segmented control's text ("One|Two|Three") is read one way: `segmentTitles` lists the titles and
/// `segmentCount` counts them, and the two agree on every text.
@Suite struct SegmentTextTests {
  @Test func titlesAreSplitAtBarsAndTrimmed() {
    #expect(ViewSpec.segmentTitles("One|Two|Three") == ["One", "Two", "Three"])
    #expect(ViewSpec.segmentTitles(" Day | Week |Month ") == ["Day", "Week", "Month"])
    #expect(ViewSpec.segmentTitles("A||B|") == ["A", "B"])
    #expect(ViewSpec.segmentTitles("日|周|月") == ["日", "周", "月"])
  }

  @Test(arguments: ["", "|", "A", "A|", "|A", "A||B", "A| |B", " | ", "One|Two|Three", "a|b|c|d|e|f|g|h"])
  func theCountIsTheTitlesCount(_ text: String) {
    #expect(ViewSpec.segmentCount(text) == max(1, ViewSpec.segmentTitles(text).count), "\(text)")
  }
}
