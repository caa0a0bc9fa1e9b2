/// Runs libFuzzer's loop with the program's command line, calling `callback` for each input: what a fuzz
/// target's `main` does. SwiftPM links an executable with `main` standing for `<Module>_main`, so each
/// target defines that (with `@_cdecl`) and calls this; libFuzzer's own `main` is then not linked.
public func runLibFuzzer(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
  var argc = argc
  var argv = argv
  return llvmFuzzerRunDriver(&argc, &argv, callback)
}

/// libFuzzer's driver (libclang_rt.fuzzer, linked by -sanitize=fuzzer).
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
