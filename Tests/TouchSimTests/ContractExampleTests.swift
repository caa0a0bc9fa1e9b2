import TestSupport
import Testing
import TouchSim

/// The trace format's example (a button inside a tapped view), reproduced line for line, with the one line
/// rule G-8.1b adds: a UIButton sends primaryActionTriggered right after touchUpInside (the example was
/// written before that rule; docs/TRACE-EXTENSIONS.md).
@Suite struct ContractExampleTests {
  @Test func buttonInsideTappedViewMatchesTheContractExample() {
    let s = scene([v("buy", [100, 300, 190, 60], kind: .button)], rootRecognizers: [g("parentTap", .tap)])
    let run = Run(s, tap(195, 330, t: 0, hold: 80))
    let expected = """
      {"t":0,"ev":"input","touch":1,"phase":"began","at":[195,330],"tapCount":1}
      {"t":0,"ev":"hitTest","view":"root","at":[195,330],"result":"inside"}
      {"t":0,"ev":"hitTest","view":"buy","at":[95,30],"result":"inside"}
      {"t":0,"ev":"hit","touch":1,"view":"buy"}
      {"t":0,"ev":"attach","touch":1,"recognizers":["parentTap"]}
      {"t":0,"ev":"ask","of":"parentTap","question":"shouldReceive","answer":true}
      {"t":0,"ev":"feed","recognizer":"parentTap","method":"touchesBegan","touches":[1]}
      {"t":0,"ev":"deliver","view":"buy","method":"touchesBegan","touches":[1],"at":[95,30]}
      {"t":0,"ev":"control","control":"buy","event":"touchDown","highlighted":true}
      {"t":80,"ev":"input","touch":1,"phase":"ended","at":[195,330],"tapCount":1}
      {"t":80,"ev":"feed","recognizer":"parentTap","method":"touchesEnded","touches":[1]}
      {"t":80,"ev":"ask","of":"buy","question":"gestureRecognizerShouldBegin","other":"parentTap","answer":false}
      {"t":80,"ev":"state","recognizer":"parentTap","from":"possible","to":"failed","reason":"buy (UIButton) vetoes a superview's single tap"}
      {"t":80,"ev":"deliver","view":"buy","method":"touchesEnded","touches":[1],"at":[95,30]}
      {"t":80,"ev":"control","control":"buy","event":"touchUpInside","highlighted":false}
      {"t":80,"ev":"control","control":"buy","event":"primaryActionTriggered","highlighted":false}
      {"t":80,"ev":"state","recognizer":"parentTap","from":"failed","to":"possible","reason":"reset"}

      """
    #expect(run.json == expected)
  }
}
