import ArgumentParser
import Foundation
import SafeWriting
import SceneFile
import StudioCore

/// The command line: `touchscope [SCENE]` opens the window; subcommands run headless.
///
/// Exit codes: 0 ok, 1 invalid input (scene, script, arguments) or an unwritable output, 2 internal error.
@main
struct Touchscope: ParsableCommand {
  /// `touchscope --version`: the release, and the scene and trace formats it reads and writes.
  static let version = "touchscope 0.15.0 (scenes touchscope/1, traces touchscope-trace/1)"

  static let configuration = CommandConfiguration(
    commandName: "touchscope",
    abstract: "See how UIKit delivers touches: hit-testing, gesture recognizers, the responder chain.",
    discussion: """
      With no subcommand, opens the window on SCENE (default: Scenes/tour.yaml).

      Exit codes: 0 success, 1 invalid input (scene, script or arguments) or an output that cannot be \
      written, 2 internal error.
      """,
    version: Touchscope.version,
    subcommands: [
      Open.self, Replay.self, Explain.self, Questions.self, Check.self, List.self, Render.self, Bench.self, Schema.self,
      Compare.self, Record.self, Export.self, DiffLog.self, Import.self, Handout.self,
    ],
    defaultSubcommand: Open.self
  )

  /// Parses, runs, and maps every outcome to the documented exit codes (ArgumentParser alone would use 64
  /// for usage errors and 1 for everything else).
  static func main() {
    // A closed pipe (`touchscope replay big.yaml | head -1`) is an EPIPE error, not a death by SIGPIPE;
    // a file size limit is an EFBIG error, not a death by SIGXFSZ. Both are then handled as errors.
    StartupTrace.mark("main")
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    var command: ParsableCommand
    do {
      command = try parseAsRoot(CompareArguments.gathered(Array(CommandLine.arguments.dropFirst())))
    } catch {
      if exitCode(for: error) == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      Console.error(fullMessage(for: error))
      Foundation.exit(1)
    }
    do {
      try command.run()
      Foundation.exit(0)
    } catch let code as ExitCode {
      Foundation.exit(code.rawValue)
    } catch let error as InputError {
      if !error.message.isEmpty { Console.error("error: " + error.message) }
      Foundation.exit(1)
    } catch let error as ValidationError {
      Console.error("error: " + error.message)
      Foundation.exit(1)
    } catch {
      if exitCode(for: error) == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      Console.error("internal error: \(error)")
      Foundation.exit(2)
    }
  }
}

/// Invalid input that the command already explained (or explains with `message`): exit code 1.
struct InputError: Error {
  var message: String
  init(_ message: String = "") { self.message = message }
}

/// Output helpers: results to stdout, diagnostics to stderr.
enum Console {
  static func error(_ text: String) {
    // Nothing sensible is left to do when stderr itself cannot be written.
    try? FileHandle.standardError.write(contentsOf: Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
  }

  /// Writes to stdout. When the reader has gone (`| head -1`: EPIPE) the program ends quietly with exit
  /// code 0, as a filter does; any other failure (a full disk) ends it with its reason and exit code 1.
  static func out(_ text: String) { out(bytes: Array(text.utf8)) }

  /// `out` for bytes already encoded.
  static func out(bytes: [UInt8]) {
    do {
      try SafeWriter.writeAll(bytes, to: STDOUT_FILENO, path: "standard output")
    } catch let error where error.code == EPIPE {
      Foundation.exit(0)
    } catch {
      Console.error("error: cannot write the output: \(error.reason)")
      Foundation.exit(1)
    }
  }
}
