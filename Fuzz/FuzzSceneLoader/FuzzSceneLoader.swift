import FuzzSupport
import TestSupport

/// libFuzzer entry point: any bytes as a scene file (see `FuzzChecks.sceneLoader`). A problem traps, so
/// libFuzzer keeps the input as a finding. Built by `make fuzz` (TOUCHSCOPE_FUZZ=1, -sanitize=fuzzer).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let problems = FuzzChecks.sceneLoader(bytes)
  if !problems.isEmpty { fatalError("scene loader: \(problems)") }
  return 0
}

/// The program's `main` (see `runLibFuzzer`).
@_cdecl("FuzzSceneLoader_main")
public func fuzzSceneLoaderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv, fuzzSceneLoader)
}
