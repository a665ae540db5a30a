import Foundation

/// What the command line offers, written out from the option declarations: `--help`, the README's
/// options tables, shell completions and the man page.
enum CommandLineReference {
  static let usage = """
    usage: invoicegen --input FILE|- --out DIR [options]
           invoicegen report --input FILE.json|FILE.csv|- --out FILE [options]
           invoicegen diff OLD NEW [--out DIR] [--tolerance PCT] [--summary FILE|-]
           invoicegen preview --input FILE [--config FILE] [--layout NAME] [--only NUMBER] [--port N] [--host IP]
                              [--render-timeout S]
           invoicegen new-layout NAME [--dir DIR] [--invoicegen PATH|URL]
           invoicegen layouts | completions bash|zsh|fish | --version | --help
    """

  static let exitCodes = """
    Exit codes:
      0  everything written (or skipped as unchanged)
      1  usage or config error, or unreadable input: nothing written
      2  at least one invoice invalid or failed (the others are written; with --strict or --check nothing is)
      3  output could not be written (unwritable folder, disk full); wins over 2
    """

  static let examples = """
    Examples:
      invoicegen --input orders.csv --out invoices/
      invoicegen --input orders.csv --out invoices/ --check
      invoicegen --input invoices.json --out png/ --format png --scale 2
      invoicegen --input orders.csv --out invoices/ --shard 2/4 --jobs 2
      invoicegen --input orders.csv --out xml/ --format ubl --einvoice-profile peppol
      invoicegen report --input SampleData/report.json --out out/report.pdf
      invoicegen report --input 'build/**/*.xml' --input coverage.xml --out ci-report.pdf --summary ci.md
      invoicegen diff last-night/ tonight/ --out review/ --tolerance 0.1
    """

  /// `invoicegen --help`.
  static func help(version: String) -> String {
    """
    invoicegen \(version): business data to print-quality PDF, PNG and SVG documents, in batch.

    \(usage)

    \(BatchOptions.table.helpText)

    \(ReportOptions.table.helpText)

    \(DiffOptions.table.helpText)
      diff exits 0 when no page changed beyond the tolerance, 1 when one did or a document was
      added or removed, 2 when a file could not be read.

    \(exitCodes)

    \(examples)

    Formats and config: see README.md and docs/formats.md.
    """
  }

  /// Each subcommand's usage and what it does, for `SUBCOMMAND --help` and the man page's COMMANDS.
  static let subcommands: [String: (usage: String, summary: String)] = [
    "report": (
      "invoicegen report --input FILE.json|FILE.csv|- --out FILE [options]",
      "a report (tables over pages, charts, CI test results and coverage) as one PDF, PNG or SVG"
    ),
    "diff": (
      "invoicegen diff OLD NEW [--out DIR] [--tolerance PCT] [--summary FILE|-]",
      "the pages that changed between two PDFs or two folders of PDFs: words and pixels"
    ),
    "preview": (
      "invoicegen preview --input FILE [batch options] [--port N] [--host IP] [--render-timeout S]",
      "the rendered pages on a local web page, rendered again when the input, the config or a file it names is saved"
    ),
    "new-layout": (
      "invoicegen new-layout NAME [--dir DIR] [--invoicegen PATH|URL]",
      "a Swift package with an invoice layout of one's own, built on invoicegen"
    ),
    "layouts": ("invoicegen layouts", "the layouts this executable has, one per line with what it is"),
    "completions": ("invoicegen completions bash|zsh|fish", "a shell completion script on standard output"),
  ]

  /// The options of the subcommands whose options are not in a table of their own.
  static let otherOptions: [String: String] = [
    "preview": """
    Options:
      --port N              the port to listen on (default: a free one, printed)
      --host IP             the IPv4 address to bind (default 127.0.0.1)
      --render-timeout S    a render that takes longer is stopped and said so (default 60)
      every batch option (--config, --layout, --only, --locale, --paper, --format svg…) is passed on to each render
    """,
    "new-layout": """
    Options:
      --dir DIR             the folder to create (default: ./NAME)
      --invoicegen PATH|URL the invoicegen package the new package depends on (default: this executable's sources)
    """,
  ]

  /// `invoicegen SUBCOMMAND --help`: that subcommand's usage and options; nil for an unknown one.
  static func help(for subcommand: String) -> String? {
    guard let entry = subcommands[subcommand] else { return nil }
    var text =
      "usage: \(entry.usage)\n\n\(entry.summary.prefix(1).uppercased() + entry.summary.dropFirst()).\n"
    switch subcommand {
    case "report": text += "\n" + ReportOptions.table.helpText
    case "diff":
      text += "\n" + DiffOptions.table.helpText
      text += "\n  diff exits 0 when no page changed beyond the tolerance, 1 when one did or a document was"
      text += "\n  added or removed, 2 when a file could not be read."
    default: text += otherOptions[subcommand].map { "\n" + $0 } ?? ""
    }
    return text
  }

  /// The options tables of the README, between its `<!-- options -->` markers.
  static var markdown: String {
    BatchOptions.table.markdown + "\n\n" + ReportOptions.table.markdown + "\n\n" + DiffOptions.table.markdown
  }

  /// Every long option of either command, for completions.
  private static var everyOption: [(name: String, choices: [String], takesValue: Bool)] {
    var seen = Set<String>()
    let specs =
      BatchOptions.table.all.map { ($0.name, $0.choices, $0.value != nil) }
      + ReportOptions.table.all.map { ($0.name, $0.choices, $0.value != nil) }
      + DiffOptions.table.all.map { ($0.name, $0.choices, $0.value != nil) }
    return specs.filter { seen.insert($0.0).inserted }
  }

  /// A completion script for `shell` (bash, zsh or fish), or nil for another shell.
  static func completions(shell: String) -> String? {
    let options = everyOption
    switch shell {
    case "bash":
      let cases = options.filter { !$0.choices.isEmpty }.map {
        "    \($0.name)) COMPREPLY=($(compgen -W \"\($0.choices.joined(separator: " "))\" -- \"$cur\")); return ;;"
      }.joined(separator: "\n")
      return """
        # bash completion for invoicegen (invoicegen completions bash)
        _invoicegen() {
          local cur prev
          cur="${COMP_WORDS[COMP_CWORD]}"
          prev="${COMP_WORDS[COMP_CWORD-1]}"
          case "$prev" in
        \(cases)
          esac
          if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "\(options.map(\.name).joined(separator: " "))" -- "$cur"))
          elif [[ $COMP_CWORD -eq 1 ]]; then
            COMPREPLY=($(compgen -W "report preview diff new-layout layouts completions" -- "$cur") $(compgen -f -- "$cur"))
          else
            COMPREPLY=($(compgen -f -- "$cur"))
          fi
        }
        complete -o filenames -F _invoicegen invoicegen

        """
    case "zsh":
      let specs = options.map { option -> String in
        let values =
          option.choices.isEmpty
          ? (option.takesValue ? ":value:_files" : "") : ":value:(\(option.choices.joined(separator: " ")))"
        return "  '\(option.name)[]\(values)'"
      }.joined(separator: " \\\n")
      return """
        #compdef invoicegen
        # zsh completion for invoicegen (invoicegen completions zsh)
        _arguments \\
        \(specs) \\
          '*:file:_files'

        """
    case "fish":
      return "# fish completion for invoicegen (invoicegen completions fish)\n"
        + "complete -c invoicegen -n __fish_use_subcommand -a 'report preview diff new-layout layouts completions'\n"
        + options.map { option in
          let values =
            option.choices.isEmpty
            ? (option.takesValue ? " -r -F" : "") : " -x -a '\(option.choices.joined(separator: " "))'"
          return "complete -c invoicegen -l \(option.name.dropFirst(2))\(values)"
        }.joined(separator: "\n") + "\n"
    default:
      return nil
    }
  }

  /// The man page's COMMANDS section: a subsection per subcommand with its usage, what it does and
  /// the options no table below lists.
  private static func commands(_ escape: (String) -> String) -> String {
    subcommands.keys.sorted().map { name in
      let entry = subcommands[name]!
      let options = otherOptions[name].map { "\n.nf\n" + escape($0) + "\n.fi" } ?? ""
      return ".SS \(escape(name))\n.B \(escape(entry.usage))\n.br\n\(escape(entry.summary)).\(options)"
    }.joined(separator: "\n")
  }

  /// The man page (roff), from the same declarations as `--help`.
  static func manPage(version: String) -> String {
    func escape(_ text: String) -> String {
      text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    }
    func section<Options>(_ table: OptionTable<Options>) -> String {
      table.sections.map { section in
        ".SS \(escape(section.title.trimmingCharacters(in: [":"])))\n"
          + section.options.map { spec in
            ".TP\n.B \(escape(spec.names.joined(separator: ", ")))\(spec.value.map { " \\fI\(escape($0))\\fR" } ?? "")\n"
              + escape(spec.help.replacingOccurrences(of: "\n", with: " "))
          }.joined(separator: "\n")
      }.joined(separator: "\n")
    }
    return """
      .TH INVOICEGEN 1 "" "invoicegen \(version)" "User Commands"
      .SH NAME
      invoicegen \\- business data to print\\-quality PDF, PNG and SVG documents, in batch
      .SH SYNOPSIS
      .nf
      \(escape(usage.replacingOccurrences(of: "usage: ", with: "      ")))
      .fi
      .SH COMMANDS
      \(commands(escape))
      .SH OPTIONS
      \(section(BatchOptions.table))
      \(section(ReportOptions.table))
      \(section(DiffOptions.table))
      .SH EXIT STATUS
      .nf
      \(escape(exitCodes))
      .fi
      .SH EXAMPLES
      .nf
      \(escape(examples))
      .fi

      """
  }
}
