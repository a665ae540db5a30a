import Foundation

/// The options of `invoicegen diff OLD NEW`: two PDFs, or two folders of PDFs matched by file name.
public struct DiffOptions: Sendable {
  /// The documents before the change (a PDF or a folder).
  public var old = ""
  /// The documents after it.
  public var new = ""
  /// Where the pictures of changed pages go.
  public var out = "invoicegen-diff"
  /// The share of a page's pixels in percent that may change while every word stays (0: any pixel).
  public var tolerance = 0.0
  /// Where the JSON summary goes (`-`: standard output instead of the table).
  public var summary: String?
  /// The resolution pages are compared at, in pixels per inch.
  public var resolution = 50.0
  /// Threads that render pages.
  public var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
  public var quiet = false

  /// Every option of `invoicegen diff`, in the order `--help` lists them.
  static var table: OptionTable<DiffOptions> {
    OptionTable<DiffOptions>(
      command: "diff",
      sections: [
        (
          "Visual review (invoicegen diff OLD NEW: two PDFs or two folders of PDFs, matched by name):",
          [
            OptionSpec(
              names: ["--out", "-o"], value: "DIR",
              help: "the folder for a picture of each changed page (default: invoicegen-diff)"
            ) {
              $0.out = $1
            },
            OptionSpec(
              names: ["--tolerance"], value: "PCT",
              help: "the share of a page's pixels (percent) that may change with no word changed (default: 0)"
            ) { options, text throws(CLIError) in
              guard let value = Double(text.replacingOccurrences(of: "%", with: "")), value >= 0, value <= 100
              else {
                throw .usage("diff: --tolerance must be a percentage from 0 to 100, not \"\(text)\"")
              }
              options.tolerance = value
            },
            OptionSpec(
              names: ["--summary"], value: "FILE|-",
              help: "a JSON summary of every document and page (-: to standard output)"
            ) {
              $0.summary = $1
            },
            OptionSpec(
              names: ["--resolution"], value: "DPI",
              help: "pixels per inch pages are compared at (default: 50)"
            ) {
              options, text throws(CLIError) in
              guard let value = Double(text), value >= 10, value <= 600 else {
                throw .usage("diff: --resolution must be from 10 to 600, not \"\(text)\"")
              }
              options.resolution = value
            },
            OptionSpec(
              names: ["--jobs", "-j"], value: "N", help: "threads that render pages (default: the cores)"
            ) {
              options, text throws(CLIError) in
              guard let value = Int(text), value > 0 else {
                throw .usage("diff: --jobs must be a positive number")
              }
              options.jobs = value
            },
            OptionSpec(names: ["--quiet", "-q"], help: "print only the changes and errors") { options, _ in
              options.quiet = true
            },
          ]
        )
      ])
  }

  /// Reads `invoicegen diff`'s arguments (without `diff`): two paths and the options.
  static func parse(_ arguments: [String]) throws(CLIError) -> DiffOptions {
    var options = DiffOptions()
    var paths: [String] = []
    var rest: [String] = []
    var index = 0
    let valued = Set(table.all.filter { $0.value != nil }.flatMap(\.names))
    while index < arguments.count {
      let argument = arguments[index]
      if valued.contains(argument), index + 1 < arguments.count {
        rest += [argument, arguments[index + 1]]
        index += 2
        continue
      }
      if argument.hasPrefix("-") && argument != "-" { rest.append(argument) } else { paths.append(argument) }
      index += 1
    }
    try table.parse(rest, into: &options)
    guard paths.count == 2 else {
      throw .usage(
        "diff: expected two PDFs or two folders (OLD NEW), found \(paths.count) path\(paths.count == 1 ? "" : "s")"
      )
    }
    options.old = paths[0]
    options.new = paths[1]
    return options
  }
}
