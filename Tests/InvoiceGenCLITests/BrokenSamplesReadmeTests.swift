import Foundation
import Testing

/// SampleData/broken/README.md shows what the command really prints for each broken input.
@Suite struct BrokenSamplesReadmeTests {
  struct Example {
    var arguments: [String]
    var output: [String]
    var exitCode: Int32
  }

  /// Each fenced block of the README: `$ invoicegen ARGS`, the lines printed, `(exit code N)`.
  static func examples() throws -> [Example] {
    let text = try String(contentsOfFile: CommandRunner.sampleData + "/broken/README.md", encoding: .utf8)
    var examples: [Example] = []
    var block: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line == "```" {
        if let lines = block, let first = lines.first, first.hasPrefix("$ invoicegen "),
          let last = lines.last, last.hasPrefix("(exit code "),
          let code = Int32(last.dropFirst(11).dropLast())
        {
          let arguments = first.dropFirst("$ invoicegen ".count).split(separator: " ").map(String.init)
          examples.append(
            Example(arguments: arguments, output: Array(lines.dropFirst().dropLast()), exitCode: code))
        }
        block = block == nil ? [] : nil
      } else if block != nil {
        block!.append(line)
      }
    }
    return examples
  }

  /// The summary line's timings vary from run to run.
  static func normalized(_ line: String) -> String {
    guard let range = line.range(of: #" in [0-9.]+ s \([0-9]+/s\)$"#, options: .regularExpression) else {
      return line
    }
    return line.replacingCharacters(in: range, with: " in … s (…/s)")
  }

  @Test func everyExampleShowsWhatTheCommandPrints() throws {
    let examples = try BrokenSamplesReadmeTests.examples()
    #expect(examples.count == 5)
    for example in examples {
      let out = try CommandRunner.temporaryFolder()
      let arguments = example.arguments.map { $0 == "/tmp/out" ? out : $0 }
      let result = try CommandRunner.invoicegen(arguments + ["--progress", "never"])
      let printed = (result.stderr + result.stdout).split(separator: "\n").map { String($0) }
      #expect(
        printed.map(BrokenSamplesReadmeTests.normalized)
          == example.output.map(BrokenSamplesReadmeTests.normalized),
        "\(example.arguments)")
      #expect(result.status == example.exitCode, "\(example.arguments)")
    }
  }
}
