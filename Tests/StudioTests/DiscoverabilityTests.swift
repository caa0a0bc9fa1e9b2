import Geometry
import SceneFile
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// Every delegate answer is reachable from the recognizer's card (the pair answers
/// named with the other recognizer), the Pairs tab spells its toggles as UIKit does, and Help lists every
/// tab with a key to reach them.
@Suite struct DiscoverabilityTests {
  let size = Size(1440, 900)

  func scene() -> Scene {
    TestSupport.scene([
      v(
        "tile", [0, 100, 390, 500],
        recognizers: [
          g("single", .tap) {
            $0.requireToFail = ["double"]
            var d = DelegateSpec()
            d.shouldRecognizeSimultaneouslyWith = .ids(["pan"])
            $0.delegate = d
          },
          g("double", .tap) { $0.numberOfTapsRequired = 2 },
          g("pan", .pan),
        ])
    ])
  }

  func texts(_ list: DrawList) -> [String] {
    list.commands.compactMap { if case .text(let s, _, _) = $0 { s } else { nil } }
  }

  @Test func theCardNamesWhomItRecognizesWithAndWaitsForAndOpensItsPairs() throws {
    let m = StudioModel(scene: scene())
    let list = m.frame(size: size, pixelScale: 1)
    let shown = texts(list)
    #expect(shown.contains("shouldRecognizeSimultaneously"))
    #expect(shown.contains("waits for failure of"))
    #expect(shown.contains("pan"), "\(shown)")  // single recognizes with pan
    #expect(shown.contains("double"), "\(shown)")  // single waits for double
    // A click on the row opens the Pairs tab on that recognizer.
    let region = try #require(list.regions.first { $0.action == .openPairs("single") })
    m.perform(list.action(at: region.rect.mid)!)
    #expect(m.inspectorTab == .pairs)
    #expect(m.selected == "single")
  }

  @Test func thePairsTabSpellsItsTogglesAsUIKitDoes() {
    let m = StudioModel(scene: scene())
    m.perform(.openPairs("single"))
    let shown = texts(m.frame(size: size, pixelScale: 1))
    for label in ["shouldRecognizeSimultaneously", "require(toFail:)", "shouldRequireFailureOf"] {
      #expect(shown.contains(label), "\(label)")
    }
    #expect(shown.contains { $0.hasSuffix(": shouldBeRequiredToFailBy") })
    for abbreviation in ["sim", "req", "dRF", "dBRF"] { #expect(!shown.contains(abbreviation)) }
  }

  @Test func bracketsCycleTheInspectorTabsAndHelpListsEveryTab() {
    let m = StudioModel(scene: scene())
    #expect(m.inspectorTab == .recognizers)
    m.handle(.key(.character("]"), .none), wall: 0)
    #expect(m.inspectorTab == .views)
    m.handle(.key(.character("]"), .none), wall: 0)
    #expect(m.inspectorTab == .pairs)
    m.handle(.key(.character("]"), .none), wall: 0)
    #expect(m.inspectorTab == .recognizers)
    m.handle(.key(.character("["), .none), wall: 0)
    #expect(m.inspectorTab == .pairs)
    let help = KeyTable.help.map(\.keys)
    for tab in ["Recognizers tab", "Views tab", "Pairs tab", "Timeline, Log tabs", "[  ]"] {
      #expect(help.contains(tab), "\(tab)")
    }
  }

  /// The card's summary index agrees with the pair-by-pair answers the Pairs tab uses, on every library
  /// scene and on delegates that answer `all`.
  @Test func pairRelationsAgreeWithEachPair() throws {
    var scenes = [scene()]
    scenes.append(
      TestSupport.scene(
        [],
        rootRecognizers: [
          g("a", .tap) {
            var d = DelegateSpec()
            d.shouldRecognizeSimultaneouslyWith = .all
            $0.delegate = d
          },
          g("b", .pan) {
            var d = DelegateSpec()
            d.shouldBeRequiredToFailBy = ["c"]
            d.shouldRequireFailureOf = ["a"]
            $0.delegate = d
          },
          g("c", .swipe),
        ]))
    let root = ContrastTests.root.appendingPathComponent("Scenes")
    for name in ContrastTests.scenes {
      scenes.append(try SceneLoader.load(path: root.appendingPathComponent(name + ".yaml").path))
    }
    for s in scenes {
      let recs = InspectorRecognizer.all(in: s)
      let relations = PairRelations(recs)
      for a in recs {
        let others = recs.filter { $0.id != a.id }
        let together = relations.together(with: a.id) ?? others.map(\.id)
        #expect(together == others.filter { a.simultaneous(with: $0) }.map(\.id), "\(a.id)")
        #expect(relations.waits(for: a.id) == others.filter { a.requirement(on: $0) != nil }.map(\.id), "\(a.id)")
      }
    }
  }
}
