import Foundation
import SafeWriting
import SceneFile
import Synchronization
import TouchSim

/// `--trace-out`'s writes, off the frame loop: each write encodes the trace as it was when it was handed
/// over and writes it on a serial queue of its own, so that a long trace (a chain of thousands of
/// recognizers is tens of thousands of entries) never holds up a frame (hostile input). Writes happen in the
/// order they were asked for; one that is asked for while another is still in flight is skipped
/// (`isWriting`) and asked for again on a later frame, since each write holds the whole trace. What each
/// write came to is collected for the frame loop (`outcomes`), which reports failures in the window.
///
/// What both sides read (writes in flight, outcomes, the last write's duration) is in one `Mutex`; the
/// count of finished traces and the stream are the queue's alone, behind locks that are never contended.
final class TraceFileWriter: Sendable {
  enum Outcome: Sendable {
    case written
    case failed(WriteError)
  }

  let path: String
  private let queue = DispatchQueue(label: "touchscope.trace-out", qos: .utility)
  private struct State {
    var inFlight = 0
    var results: [Outcome] = []
    /// How long the last write took (ms).
    var duration = 0.0
  }
  private let state: Mutex<State>
  /// Set when `path` is a device, FIFO or descriptor: the trace is streamed into it.
  private let stream: TraceStream?
  /// Engines finished so far (the queue's).
  private let finishedTraces = Mutex(0)

  /// A writer to `path`; a device, FIFO or descriptor (`/dev/stdout`) there is opened now, once.
  init(path: String) {
    self.path = path
    var stream: TraceStream?
    var failure: WriteError?
    if let destination = try? SafeWriter.resolve(path), !destination.isRegularFile {
      do {
        stream = TraceStream(output: try AppendingOutput(path: path))
      } catch {
        failure = error
      }
    }
    self.stream = stream
    state = Mutex(State(results: failure.map { [.failed($0)] } ?? []))
  }

  /// A write is still in flight.
  var isWriting: Bool { state.withLock { $0.inFlight > 0 } }

  /// How long the last write took (ms): the frame loop waits at least four times that between writes, so
  /// that rewriting a long trace never takes more than a fifth of a core.
  var lastDuration: Double { state.withLock { $0.duration } }

  /// The outcomes of the writes finished since the last call, in order.
  func outcomes() -> [Outcome] {
    state.withLock { s in
      defer { s.results = [] }
      return s.results
    }
  }

  /// Writes the trace of the engine that runs now (`discarded` entries were dropped from its front):
  /// the whole file rewritten atomically, or the new entries appended to a stream. `durable`: flushed to
  /// the disk (on exit).
  func write(_ trace: [TraceEntry], discarded: Int, durable: Bool) {
    enqueue { [path, stream] () throws(WriteError) in
      if let stream {
        try stream.write(trace, discarded: discarded)
      } else {
        try SafeWriter.write(traceJSONLines(trace), to: path, durable: durable)
      }
    }
  }

  /// The engine finished with `trace` (the entries it still held): written to `PATH.N` (N counting the
  /// finished engines from 1), or the rest of it streamed, after which the next engine's entries follow.
  func finish(_ trace: [TraceEntry]) {
    enqueue { [self] () throws(WriteError) in
      if let stream {
        try stream.finish(trace)
      } else {
        let n = finishedTraces.withLock {
          $0 += 1
          return $0
        }
        // A name derived from --trace-out's: never written through a link planted there.
        try SafeWriter.write(traceJSONLines(trace), to: "\(path).\(n)", mode: .replaceDerived)
      }
    }
  }

  /// Returns once every write asked for so far is done.
  func waitUntilDone() { queue.sync {} }

  private func enqueue(_ work: @escaping @Sendable () throws(WriteError) -> Void) {
    state.withLock { $0.inFlight += 1 }
    queue.async { [self] in
      let began = DispatchTime.now().uptimeNanoseconds
      let outcome: Outcome
      do throws(WriteError) {
        try work()
        outcome = .written
      } catch {
        outcome = .failed(error)
      }
      let took = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
      state.withLock {
        $0.inFlight -= 1
        $0.duration = took
        $0.results.append(outcome)
      }
    }
  }
}

/// The engine's trace streamed into a device or FIFO: each entry written once, in order, across engines.
/// Used on the writer's queue only (its lock is never contended).
private final class TraceStream: Sendable {
  private struct State {
    let output: AppendingOutput
    /// Entries of the current engine written so far, counted from its first (discarded ones included).
    var written = 0
    /// How many entries the model had discarded from the front at the last write.
    var discarded = 0
  }
  private let state: Mutex<State>

  init(output: sending AppendingOutput) { state = Mutex(State(output: output)) }

  /// Writes the entries of `trace` not written yet (`discarded` entries were dropped from its front).
  func write(_ trace: [TraceEntry], discarded: Int) throws(WriteError) {
    try state.withLock { (s) throws(WriteError) in try Self.write(trace, discarded: discarded, into: &s) }
  }

  /// The engine finished with `trace` (the entries it still held): the rest is written, and the next
  /// engine's entries follow.
  func finish(_ trace: [TraceEntry]) throws(WriteError) {
    try state.withLock { (s) throws(WriteError) in
      defer { (s.written, s.discarded) = (0, 0) }
      try Self.write(trace, discarded: s.discarded, into: &s)
    }
  }

  private static func write(_ trace: [TraceEntry], discarded: Int, into s: inout State) throws(WriteError) {
    s.discarded = discarded
    let from = max(s.written - discarded, 0)
    guard from < trace.count else { return }
    s.written = discarded + trace.count
    try s.output.append(traceJSONLines(Array(trace[from...])))
  }
}
