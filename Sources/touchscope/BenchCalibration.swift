import Geometry

/// A fixed piece of CPU work, the baseline of the frame figures: the same operations on every machine and
/// in every run, none of them Touchscope's own code (so a change to the program never moves it), of the
/// kinds a frame is made of: strings made and hashed into a dictionary, a sort, a walk over what was built.
///
/// A frame's cost is mostly such work (values copied, reference counts, hashing, small allocations). The
/// full-window fill the frames were first compared with is bound by memory instead, and it moves far more
/// than a frame does when the machine is busy or slow (measured 2026-11-30: with the suite running beside
/// it, the fill took about 2.3 times as long and the 1,000-view frame about 1.15 times, so the frame's
/// multiple of the fill halved; its multiple of this work moved by under a tenth). So the frame ratios are
/// taken against this, measured in turn with each frame, and the fill is given beside them.
enum CalibrationWork {
  /// Runs the work once; the result only keeps the compiler from leaving it out.
  static func run() -> Int {
    var rng = SplitMix(seed: 42)
    var table: [String: Int] = [:]
    for i in 0..<400 { table["key\(rng.int(1000))-\(i)"] = i }
    var numbers = (0..<3000).map { _ in rng.double(0, 1) }
    numbers.sort()
    var total = 0
    for (key, value) in table { total &+= key.utf8.count &+ value }
    return total &+ Int(numbers[1500] * 1000)
  }

  /// Its cost now, in ms of this thread's CPU time.
  static func measure() -> Double {
    let start = Clocks.threadCPU()
    sink &+= run()
    return Clocks.threadCPU() - start
  }

  /// `times` measurements in a row: taken between a figure's runs, so that both meet the same machine.
  static func sample(_ times: Int = 5) -> [Double] { (0..<times).map { _ in measure() } }

  nonisolated(unsafe) private static var sink = 0
}
