import Foundation
import Testing

/// The options are declared once: `--help`, the options tables of docs/usage.md, completions and the man page all come from the declarations.
@Suite struct CommandLineReferenceTests {
  @Test func theReadmesOptionsTablesAreTheDeclarations() throws {
    let readme = try String(
      contentsOfFile: CommandRunner.packageRoot.appendingPathComponent("docs/usage.md").path, encoding: .utf8)
    let begin = try #require(readme.range(of: "<!-- options:"))
    let afterMarker = try #require(readme[begin.upperBound...].firstIndex(of: "\n"))
    let end = try #require(readme.range(of: "<!-- /options -->"))
    let inReadme = String(readme[readme.index(after: afterMarker)..<end.lowerBound])
    let generated = try CommandRunner.invoicegen(["options-markdown"]).stdout
    #expect(
      inReadme == generated, "docs/usage.md's options differ from the declarations: run make readme-options")
  }

  @Test func helpListsEveryOptionWithItsValues() throws {
    let help = try CommandRunner.invoicegen(["--help"]).stdout
    for line in [
      "--format pdf|png|svg|cii|ubl", "--einvoice-profile en16931|xrechnung|peppol",
      "--refunds skip|credit-note",
      "--history-keep N", "--fail-on-test-failures",
    ] {
      #expect(help.contains(line), "\(line) missing from --help")
    }
  }

  /// `SUBCOMMAND --help` prints that subcommand's usage and options, not the whole tool's, and the
  /// man page has a section per subcommand (issue 59, part 5).
  @Test(arguments: [
    ("diff", "--tolerance PCT"), ("report", "--fail-on-test-failures"), ("preview", "--render-timeout S"),
    ("new-layout", "--invoicegen PATH|URL"), ("layouts", "usage: invoicegen layouts"),
  ])
  func eachSubcommandHasItsOwnHelp(subcommand: String, expected: String) throws {
    let run = try CommandRunner.invoicegen([subcommand, "--help"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("usage: invoicegen \(subcommand)"), "\(run.stdout)")
    #expect(run.stdout.contains(expected), "\(run.stdout)")
    #expect(!run.stdout.contains("--einvoice-profile"), "the batch options are not a subcommand's")
    let man = try CommandRunner.invoicegen(["man"]).stdout
    #expect(
      man.contains(".SH COMMANDS")
        && man.contains(".SS \(subcommand.replacingOccurrences(of: "-", with: "\\-"))"))
  }

  @Test func mistakesGetADidYouMean() throws {
    let option = try CommandRunner.invoicegen(["--input", "x.csv", "--out", "o", "--formt", "pdf"])
    #expect(option.status == 1)
    #expect(option.stderr.contains("unknown option --formt (did you mean --format?)"), "\(option.stderr)")
    let value = try CommandRunner.invoicegen(["--input", "x.csv", "--out", "o", "--progress", "allways"])
    #expect(
      value.stderr.contains(
        "--progress must be auto, always or never, not \"allways\" (did you mean always?)"))
    let report = try CommandRunner.invoicegen([
      "report", "--input", "x.csv", "--out", "o.pdf", "--input-format", "junt",
    ])
    #expect(
      report.stderr.contains("report: --input-format must be junit, cobertura, json or csv"),
      "\(report.stderr)")
  }

  @Test func completionsAndTheManPageComeFromTheSameDeclarations() throws {
    let bash = try CommandRunner.invoicegen(["completions", "bash"]).stdout
    #expect(bash.contains("--einvoice-profile") && bash.contains("en16931 xrechnung peppol"))
    let folder = try CommandRunner.temporaryFolder()
    try bash.write(toFile: folder + "/invoicegen.bash", atomically: true, encoding: .utf8)
    #expect(
      try CommandRunner.run("bash", ["-n", folder + "/invoicegen.bash"]).status == 0, "the bash script parses"
    )
    let zsh = try CommandRunner.invoicegen(["completions", "zsh"]).stdout
    #expect(zsh.hasPrefix("#compdef invoicegen") && zsh.contains("'--history-keep[]:value:_files'"))
    let fish = try CommandRunner.invoicegen(["completions", "fish"]).stdout
    #expect(fish.contains("complete -c invoicegen -l progress -x -a 'auto always never'"))
    #expect(try CommandRunner.invoicegen(["completions", "tcsh"]).status == 1)
    let man = try CommandRunner.invoicegen(["man"]).stdout
    #expect(man.hasPrefix(".TH INVOICEGEN 1") && man.contains(".B \\-\\-skip\\-unchanged"))
  }
}
