/// `touchscope compare`'s `--set` flags gathered into one argument before the command line is parsed.
///
/// The argument parser keeps a repeated option's values in a list that it copies at every occurrence, so
/// ten thousand `--set` flags took seconds (the time grew with the square of their number). Gathered,
/// the parser sees one `--set-list` argument whatever their number, and the changes are read back from it
/// in the order given: linear.
public enum CompareArguments {
  /// The hidden option that carries the gathered changes.
  public static let listOption = "--set-list"
  /// Between two gathered changes: a command-line argument can never hold this character.
  static let separator: Character = "\u{0}"

  /// `arguments` (without the program's name) with the `compare` subcommand's `--set VALUE` and
  /// `--set=VALUE` flags replaced by one `--set-list=…`; unchanged for another subcommand, for fewer than
  /// two flags, or when a flag is written in a way left to the parser (a value starting with "-", a
  /// `--set` with no value), so that its messages stay the same.
  public static func gathered(_ arguments: [String]) -> [String] {
    guard arguments.first == "compare" else { return arguments }
    var rest: [String] = []
    var sets: [String] = []
    var i = 0
    while i < arguments.count {
      let a = arguments[i]
      if a == "--" {
        rest += arguments[i...]
        break
      }
      if a.hasPrefix("--set=") {
        sets.append(String(a.dropFirst("--set=".count)))
        i += 1
      } else if a == "--set" {
        guard i + 1 < arguments.count, !arguments[i + 1].hasPrefix("-") else { return arguments }
        sets.append(arguments[i + 1])
        i += 2
      } else if a == listOption || a.hasPrefix(listOption + "=") {
        return arguments
      } else {
        rest.append(a)
        i += 1
      }
    }
    guard sets.count > 1 else { return arguments }
    return rest + [listOption + "=" + sets.joined(separator: String(separator))]
  }

  /// The changes a `--set-list` value carries, in their order.
  public static func sets(fromList list: String) -> [String] {
    list.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
  }
}
