import DataModel
import Foundation

/// A command-line mistake, reported with the usage and exit code 1.
public struct UsageError: Error, CustomStringConvertible {
  public let description: String

  init(_ message: String) {
    description = message
  }
}

/// The output formats of a run.
public enum OutputFormat: String, Sendable {
  case pdf, png, svg
}

/// The options of `invoicegen --input … --out …`.
public struct BatchOptions: Sendable {
  public var input = ""
  public var out = ""
  public var inputFormat: String?
  public var config: String?
  public var layout = "invoice"
  public var format = OutputFormat.pdf
  public var locale: String?
  public var jobs = ProcessInfo.processInfo.activeProcessorCount
  public var shard: (index: Int, count: Int)?
  public var shards: Int?
  public var only: [String] = []
  public var check = false
  public var strict = false
  public var skipUnchanged = false
  public var durable = false
  public var scale = 2.0
  public var progress = "auto"
  public var quiet = false
  public var summary: String?
}

/// The options of `invoicegen report`.
public struct ReportOptions: Sendable {
  public var input = ""
  public var out = ""
  public var config: String?
  public var title: String?
  public var locale: String?
  public var format = OutputFormat.pdf
  public var scale = 2.0
  public var quiet = false
}

/// What the command line asks for.
public enum Command: Sendable {
  case batch(BatchOptions)
  case report(ReportOptions)
  case layouts
  case version
  case help
}

/// Parses `invoicegen`'s arguments (`--name value` or `--name=value`).
public enum Arguments {
  public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    var list = arguments
    if list.isEmpty { return .help }
    if list.contains("--help") || list.contains("-h") { return .help }
    if list.first == "--version" || list == ["version"] { return .version }
    if list.first == "layouts" { return .layouts }
    // Split --name=value into two arguments.
    list = list.flatMap { argument -> [String] in
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        return [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
      }
      return [argument]
    }
    if list.first == "report" { return .report(try parseReport(Array(list.dropFirst()))) }
    return .batch(try parseBatch(list))
  }

  private static func value(_ list: [String], _ index: inout Int) throws(UsageError) -> String {
    let name = list[index]
    index += 1
    guard index < list.count, !(list[index].hasPrefix("--") && list[index].count > 2) else {
      throw UsageError("\(name) needs a value")
    }
    return list[index]
  }

  private static func locale(_ text: String) throws(UsageError) -> String {
    if let problem = LocaleTag.problem(text) {
      throw UsageError("--locale \"\(text)\" is not a locale: it \(problem); use a BCP 47 tag such as de-DE")
    }
    return text
  }

  private static func format(_ text: String) throws(UsageError) -> OutputFormat {
    guard let format = OutputFormat(rawValue: text.lowercased()) else {
      throw UsageError("--format must be pdf, png or svg, not \"\(text)\"")
    }
    return format
  }

  private static func scale(_ text: String) throws(UsageError) -> Double {
    guard let value = Double(text), value > 0, value <= 16 else {
      throw UsageError("--scale must be a number of pixels per point between 0 and 16, not \"\(text)\"")
    }
    return value
  }

  static func parseBatch(_ list: [String]) throws(UsageError) -> BatchOptions {
    var options = BatchOptions()
    var index = 0
    while index < list.count {
      let argument = list[index]
      switch argument {
      case "--input", "-i": options.input = try value(list, &index)
      case "--out", "-o": options.out = try value(list, &index)
      case "--input-format":
        let format = try value(list, &index).lowercased()
        guard format == "csv" || format == "json" else {
          throw UsageError("--input-format must be csv or json, not \"\(format)\"")
        }
        options.inputFormat = format
      case "--config": options.config = try value(list, &index)
      case "--layout": options.layout = try value(list, &index)
      case "--format": options.format = try format(try value(list, &index))
      case "--locale": options.locale = try locale(try value(list, &index))
      case "--jobs", "-j":
        let text = try value(list, &index)
        guard let jobs = Int(text), jobs >= 1, jobs <= 256 else {
          throw UsageError("--jobs must be a number from 1 to 256, not \"\(text)\"")
        }
        options.jobs = jobs
      case "--shard":
        let text = try value(list, &index)
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else {
          throw UsageError("--shard must be K/N with 1 ≤ K ≤ N, such as 2/8, not \"\(text)\"")
        }
        options.shard = (k, n)
      case "--shards":
        let text = try value(list, &index)
        guard let n = Int(text), n >= 1 else {
          throw UsageError("--shards must be a positive number, not \"\(text)\"")
        }
        options.shards = n
      case "--only": options.only.append(try value(list, &index))
      case "--check": options.check = true
      case "--strict": options.strict = true
      case "--skip-unchanged": options.skipUnchanged = true
      case "--durable": options.durable = true
      case "--scale": options.scale = try scale(try value(list, &index))
      case "--progress":
        let mode = try value(list, &index)
        guard ["auto", "always", "never"].contains(mode) else {
          throw UsageError("--progress must be auto, always or never")
        }
        options.progress = mode
      case "--quiet", "-q": options.quiet = true
      case "--summary": options.summary = try value(list, &index)
      default:
        throw UsageError(
          argument.hasPrefix("-") ? "unknown option \(argument)" : "unexpected argument \"\(argument)\"")
      }
      index += 1
    }
    guard !options.input.isEmpty else {
      throw UsageError("--input is required (a file, or - for standard input)")
    }
    guard !options.out.isEmpty || options.check else {
      throw UsageError("--out is required (the folder to write into)")
    }
    if options.shard != nil, options.shards != nil {
      throw UsageError("use either --shard K/N or --shards N, not both")
    }
    if let count = options.shards {
      guard let text = ProcessInfo.processInfo.environment["JOB_COMPLETION_INDEX"], let index = Int(text),
        index >= 0, index < count
      else {
        throw UsageError(
          "--shards \(count) needs JOB_COMPLETION_INDEX set to 0…\(count - 1) (as in a Kubernetes Indexed Job)"
        )
      }
      options.shard = (index + 1, count)
    }
    return options
  }

  static func parseReport(_ list: [String]) throws(UsageError) -> ReportOptions {
    var options = ReportOptions()
    var index = 0
    while index < list.count {
      let argument = list[index]
      switch argument {
      case "--input", "-i": options.input = try value(list, &index)
      case "--out", "-o": options.out = try value(list, &index)
      case "--config": options.config = try value(list, &index)
      case "--title": options.title = try value(list, &index)
      case "--locale": options.locale = try locale(try value(list, &index))
      case "--format": options.format = try format(try value(list, &index))
      case "--scale": options.scale = try scale(try value(list, &index))
      case "--quiet", "-q": options.quiet = true
      default:
        throw UsageError(
          argument.hasPrefix("-")
            ? "unknown option \(argument) for report" : "unexpected argument \"\(argument)\"")
      }
      index += 1
    }
    guard !options.input.isEmpty else {
      throw UsageError("report: --input is required (report JSON, any CSV, or -)")
    }
    guard !options.out.isEmpty else { throw UsageError("report: --out is required (the file to write)") }
    return options
  }
}
