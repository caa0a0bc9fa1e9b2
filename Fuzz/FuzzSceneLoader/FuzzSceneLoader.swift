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

/// SwiftPM links an executable with `main` standing for `<Module>_main`: this is it, and it hands over
/// to libFuzzer's driver (whose own `main` is then not linked).
@_cdecl("FuzzSceneLoader_main")
public func fuzzSceneLoaderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return runFuzzerDriver(&argc, &argv, fuzzSceneLoader)
}

/// libFuzzer's driver (libclang_rt.fuzzer, linked by -sanitize=fuzzer): runs the fuzzing loop with the
/// command line's options, calling `callback` for each input.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
