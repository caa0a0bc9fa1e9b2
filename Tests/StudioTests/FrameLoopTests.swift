import Geometry
import Testing

@testable import Raster
@testable import StudioCore

/// The window's frame loop, driven without SDL with made-up times (`FrameLoop`).
@Suite struct FrameLoopTests {
  let tap = StudioInput.pointerDown(.mouse, at: Point(10, 10))
  let lift = StudioInput.pointerUp(.mouse, at: Point(10, 10))
  let move = StudioInput.pointerMoved(.mouse, to: Point(12, 10))

  func frame(_ n: Int) -> [DrawCommand] { [.rect(Rect(0, 0, Double(n), 1), fill: .white, stroke: nil)] }

  @Test func inputGoesToTheNextJobInTheOrderItCame() {
    var loop = FrameLoop()
    loop.received([tap, move], at: 0)
    loop.received([], at: 3)
    loop.received([lift], at: 5)
    let job = loop.startJob(at: 8, reload: false, mustShow: false)
    #expect(job.inputs == [tap, move, lift])
    #expect(job.buildFrame)
    #expect(loop.queued.isEmpty)
    // Input that comes while the job runs waits for the next one.
    loop.received([move], at: 10)
    loop.jobDone()
    #expect(loop.startJob(at: 16, reload: false, mustShow: false).inputs == [move])
  }

  @Test func theWorkingCardShowsOnceInputHasWaitedAndStaysUntilTheJobIsDone() {
    var loop = FrameLoop()
    loop.received([tap], at: 0)
    _ = loop.startJob(at: 0, reload: false, mustShow: false)
    #expect(loop.stillWorking(at: 100, needsRepaint: false) == .nothing)
    #expect(loop.stillWorking(at: FrameLoop.cardAfter - 1, needsRepaint: false) == .nothing)
    guard case .card(let elapsed, _) = loop.stillWorking(at: FrameLoop.cardAfter + 1, needsRepaint: false) else {
      Issue.record("no card after input waited \(FrameLoop.cardAfter) ms")
      return
    }
    #expect(elapsed == FrameLoop.cardAfter + 1)
    // Up every frame from then on, until the job is done.
    guard case .card = loop.stillWorking(at: FrameLoop.cardAfter + 10, needsRepaint: false) else {
      Issue.record("the card went away while the job still ran")
      return
    }
    #expect(loop.showingCard)
    loop.jobDone()
    #expect(!loop.showingCard)
  }

  @Test func aLongJobNoInputWaitsForShowsNoCardUntilInputComes() {
    var loop = FrameLoop()
    _ = loop.built(frame(1), at: 0, screenshot: false, needsRepaint: false)
    _ = loop.startJob(at: 10, reload: false, mustShow: false)
    #expect(loop.stillWorking(at: 2000, needsRepaint: false) == .nothing)
    // Uncovered meanwhile: the last frame again, no card.
    #expect(loop.stillWorking(at: 2010, needsRepaint: true) == .repaint)
    // Input arrives: it waits from its arrival, not from the job's start.
    loop.received([tap], at: 2020)
    #expect(loop.stillWorking(at: 2020 + FrameLoop.cardAfter - 1, needsRepaint: false) == .nothing)
    guard case .card(let elapsed, _) = loop.stillWorking(at: 2020 + FrameLoop.cardAfter, needsRepaint: false) else {
      Issue.record("no card once the input had waited")
      return
    }
    #expect(elapsed == 2020 + FrameLoop.cardAfter - 10)
  }

  @Test func aReloadCountsAsInputWaiting() {
    var loop = FrameLoop()
    _ = loop.startJob(at: 0, reload: true, mustShow: false)
    guard case .card = loop.stillWorking(at: FrameLoop.cardAfter, needsRepaint: false) else {
      Issue.record("a long reload showed no card")
      return
    }
  }

  @Test func aFrameLikeTheLastIsNotPresentedAgainUnlessItMustBe() {
    var loop = FrameLoop()
    let first = loop.built(frame(1), at: 0, screenshot: false, needsRepaint: false)
    #expect(first.present && first.changed && first.first)
    let same = loop.built(frame(1), at: 16, screenshot: false, needsRepaint: false)
    #expect(!same.present && !same.changed && !same.first)
    // Uncovered: presented again (its pixels copied), but not a change.
    let repaint = loop.built(frame(1), at: 32, screenshot: false, needsRepaint: true)
    #expect(repaint.present && !repaint.changed)
    // A screenshot wants the frame drawn whatever it is.
    let shot = loop.built(frame(1), at: 48, screenshot: true, needsRepaint: false)
    #expect(shot.present && shot.changed)
    let other = loop.built(frame(2), at: 64, screenshot: false, needsRepaint: false)
    #expect(other.present && other.changed)
    #expect(loop.presented == 3)
    #expect(loop.lastFrame == frame(2))
  }

  @Test func atRestAFrameIsBuiltOnlyForInputAFileChangeOrTheClock() {
    var loop = FrameLoop()
    var wall = 0.0
    _ = loop.built(frame(1), at: wall, screenshot: false, needsRepaint: false)
    for _ in 0..<FrameLoop.restAfter {
      wall += 16
      #expect(loop.startJob(at: wall, reload: false, mustShow: false).buildFrame)
      loop.jobDone()
      _ = loop.built(frame(1), at: wall, screenshot: false, needsRepaint: false)
    }
    #expect(loop.isResting)
    let lastBuild = wall
    wall += 100
    #expect(!loop.startJob(at: wall, reload: false, mustShow: false).buildFrame)
    loop.jobDone()
    // Something that must show, a changed file and input each build a frame at once.
    #expect(loop.startJob(at: wall + 1, reload: false, mustShow: true).buildFrame)
    loop.jobDone()
    #expect(loop.startJob(at: wall + 2, reload: true, mustShow: false).buildFrame)
    loop.jobDone()
    loop.received([tap], at: wall + 3)
    #expect(loop.startJob(at: wall + 3, reload: false, mustShow: false).buildFrame)
    loop.jobDone()
    // The clock alone: one frame every `restRebuild` ms.
    #expect(!loop.startJob(at: wall + 4, reload: false, mustShow: false).buildFrame)
    loop.jobDone()
    #expect(loop.startJob(at: wall + 3 + FrameLoop.restRebuild, reload: false, mustShow: false).buildFrame)
    loop.jobDone()
    #expect(lastBuild < wall)
    // A changed frame ends the rest.
    _ = loop.built(frame(2), at: wall + 600, screenshot: false, needsRepaint: false)
    #expect(!loop.isResting)
  }

  @Test func theWaitForTheWorkerIsReportedWithTheNextPresentOnce() {
    var loop = FrameLoop()
    loop.waitedForWorker(3)
    loop.waitedForWorker(4)
    #expect(loop.built(frame(1), at: 0, screenshot: false, needsRepaint: false).waited == 7)
    loop.waitedForWorker(2)
    // Not presented: kept for the next present.
    #expect(!loop.built(frame(1), at: 16, screenshot: false, needsRepaint: false).present)
    loop.waitedForWorker(1)
    #expect(loop.built(frame(2), at: 32, screenshot: false, needsRepaint: false).waited == 3)
    // The card's present takes it too.
    loop.received([tap], at: 40)
    _ = loop.startJob(at: 40, reload: false, mustShow: false)
    loop.waitedForWorker(16)
    #expect(
      loop.stillWorking(at: 40 + FrameLoop.cardAfter, needsRepaint: false)
        == .card(elapsed: FrameLoop.cardAfter, waited: 16))
    loop.jobDone()
    #expect(loop.built(frame(3), at: 300, screenshot: false, needsRepaint: false).waited == 0)
  }

  @Test func framesComeNoFasterThanTheShortestNorSlowerThanTheLongestWhileBusy() {
    let quick = FrameLoop.pacing(spent: 2, resting: false, untilInjection: nil)
    #expect(abs(quick.delay - (FrameLoop.shortestFrame - 2)) < 1e-9)
    #expect(abs(quick.waitForInput - (FrameLoop.longestFrame - FrameLoop.shortestFrame)) < 1e-9)
    let slow = FrameLoop.pacing(spent: 20, resting: false, untilInjection: nil)
    #expect(slow.delay == 0 && slow.waitForInput == 0)
    let resting = FrameLoop.pacing(spent: 1, resting: true, untilInjection: nil)
    #expect(resting.waitForInput == FrameLoop.restWait)
    // An injected input due soon cuts the wait short.
    let injection = FrameLoop.pacing(spent: 1, resting: true, untilInjection: 30)
    #expect(abs(injection.waitForInput - (30 - FrameLoop.shortestFrame)) < 1e-9)
  }
}
