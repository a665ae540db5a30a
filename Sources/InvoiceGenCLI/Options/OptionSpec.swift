import DataModel

/// One command-line option, declared once: its names, the value it takes, its help, and what it sets.
///
/// Parsing, the value check (with a did-you-mean hint), `--help`, the README's options table, shell
/// completions and the man page all read these declarations, so they cannot drift apart.
struct OptionSpec<Options> {
  /// The long name first (`--jobs`), then any short one (`-j`).
  var names: [String]
  /// The value's placeholder in help (`N`, `FILE|-`); nil for a flag.
  var value: String?
  /// The values allowed, when there is a fixed set (checked before `set` runs, offered by completions).
  var choices: [String] = []
  /// The help text; a line break continues it on the next line.
  var help: String
  /// Sets the option in `Options` from its value ("" for a flag); throws when the value is not usable.
  var set: (inout Options, String) throws(CLIError) -> Void

  var name: String { names[0] }

  /// The flag or option with `value`, as help shows it: `--jobs N`.
  var synopsis: String { value.map { "\(name) \($0)" } ?? name }
}

/// The options a command reads, in the order help lists them, under section headings.
struct OptionTable<Options> {
  /// The command's name in messages ("report: --out is required"), or nil for the batch command.
  var command: String?
  var sections: [(title: String, options: [OptionSpec<Options>])]

  var all: [OptionSpec<Options>] { sections.flatMap(\.options) }

  /// Reads every argument of `list` into `options`.
  func parse(_ list: [String], into options: inout Options) throws(CLIError) {
    let prefix = command.map { "\($0): " } ?? ""
    var index = 0
    while index < list.count {
      let argument = list[index]
      guard let spec = all.first(where: { $0.names.contains(argument) }) else {
        guard argument.hasPrefix("-") else { throw .usage("\(prefix)unexpected argument \"\(argument)\"") }
        let names = all.flatMap(\.names).filter { $0.hasPrefix("--") }
        let hint = Spelling.closest(to: argument, in: names, within: 3).map { " (did you mean \($0)?)" } ?? ""
        throw .usage("unknown option \(argument)\(command.map { " for \($0)" } ?? "")\(hint)")
      }
      var text = ""
      if spec.value != nil {
        index += 1
        guard index < list.count, !(list[index].hasPrefix("--") && list[index].count > 2) else {
          throw .usage("\(spec.name) needs a value")
        }
        text = list[index]
        if !spec.choices.isEmpty, !spec.choices.contains(text.lowercased()) {
          let hint = Spelling.closest(to: text.lowercased(), in: spec.choices, within: 2).map {
            " (did you mean \($0)?)"
          }
          throw .usage(
            "\(prefix)\(spec.name) must be \(OptionTable.list(spec.choices)), not \"\(text)\"\(hint ?? "")")
        }
      }
      try spec.set(&options, text)
      index += 1
    }
  }

  /// `a, b or c`.
  static func list(_ words: [String]) -> String {
    words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
  }

  /// The help lines of every section: `  --jobs N                  worker threads…`.
  var helpText: String {
    sections.map { section in
      section.title + "\n"
        + section.options.map { spec in
          let lines = spec.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
          let head = "  " + spec.synopsis
          let first = head.count <= 26 ? head.padding(toLength: 28, withPad: " ", startingAt: 0) : head + "  "
          return ([first + lines[0]] + lines.dropFirst().map { String(repeating: " ", count: 28) + $0 })
            .joined(separator: "\n")
        }.joined(separator: "\n")
    }.joined(separator: "\n\n")
  }

  /// The options as Markdown tables, one per section, for the README.
  var markdown: String {
    sections.map { section in
      "**\(section.title.trimmingCharacters(in: [":"]))**\n\n| option | what it does |\n|---|---|\n"
        + section.options.map { spec in
          // A table cell's pipes are escaped, also inside code spans.
          let names = spec.names.map { "`\($0)\(spec.value.map { " \($0)" } ?? "")`" }.joined(separator: ", ")
            .replacingOccurrences(of: "|", with: "\\|")
          return
            "| \(names) | \(spec.help.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")) |"
        }.joined(separator: "\n")
    }.joined(separator: "\n\n")
  }
}
