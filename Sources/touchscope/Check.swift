import ArgumentParser
import Foundation
import SafeWriting
import SceneFile
import TouchSim
import TraceKit

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Validate scene files.",
    discussion: """
      Prints every problem as FILE:LINE:COLUMN: error: MESSAGE on standard error and "OK: FILE" on \
      standard output for each valid file. Warnings about a file that loads (FILE:LINE:COLUMN: warning: \
      MESSAGE, such as one recognizer listed on several views) go to standard error too and do not make \
      it invalid. A scene with `questions` is run: each question's choices must include the answer the \
      engine gives (see `touchscope questions`). Exits with 1 when any file is invalid.
      """
  )

  @Argument(help: "The scene files to check.")
  var scenes: [String]

  func validate() throws {
    if scenes.isEmpty { throw ValidationError("give at least one scene file") }
  }

  func run() throws {
    var bad = 0
    for path in scenes {
      guard FileManager.default.fileExists(atPath: path) else {
        Console.error("\(path): error: \(SafeWriter.missingReason(path))")
        bad += 1
        continue
      }
      do {
        let loaded = try SceneLoader.loadWithWarnings(path: path)
        for w in loaded.warnings { Console.error(w.description) }
        // The script must run within the trace limit, and questions are answered by the engine: its run
        // must give an answer among each one's choices.
        if !loaded.scene.script.isEmpty || !loaded.scene.questions.isEmpty {
          let trace: [TraceEntry]
          do {
            trace = try Engine.replay(loaded.scene, limit: SceneInput.traceLimit)
          } catch {
            _ = SceneInput.tooLong(error, in: path)
            bad += 1
            continue
          }
          let wrong = QuestionAnswer.problems(loaded.scene, trace: trace)
          if !wrong.isEmpty {
            SceneInput.report(
              SceneFileError(
                wrong.map { Diagnostic(file: path, line: $0.line, column: $0.column, message: $0.message) })
            )
            bad += 1
            continue
          }
        }
        let count = loaded.warnings.count
        Console.out("OK: \(path)\(count == 0 ? "" : count == 1 ? " (1 warning)" : " (\(count) warnings)")\n")
      } catch {
        SceneInput.report(error)
        bad += 1
      }
    }
    if bad > 0 { throw ExitCode(1) }
  }
}
