import Foundation
import FuzzSupport
import SceneFile
import TestSupport
import TouchSim

/// The library's scenes (read once, from `Scenes/` in the current folder: `make fuzz` runs at the root).
nonisolated(unsafe) private var scenes: [Scene]?

/// libFuzzer entry point: any bytes as a script on one of the scenes (see `FuzzChecks.engine`). A broken
/// invariant traps, so libFuzzer keeps the input as a finding. Built by `make fuzz`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  if scenes == nil {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "Scenes")) ?? []
    let library = names.filter { $0.hasSuffix(".yaml") }.sorted().compactMap {
      try? SceneLoader.load(path: "Scenes/\($0)")
    }
    scenes = FuzzChecks.engineScenes(library: library)
  }
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let problems = FuzzChecks.engine(bytes, scenes: scenes ?? [])
  if !problems.isEmpty { fatalError("engine: \(problems)") }
  return 0
}

/// The program's `main` (see `runLibFuzzer`).
@_cdecl("FuzzEngine_main")
public func fuzzEngineMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv, fuzzEngine)
}
