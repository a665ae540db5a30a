import DataModel
import Foundation
import Layouts
import PageKit
import PageRendering

/// `invoicegen report`: one document from report JSON or any CSV.
enum ReportCommand {
  static func run(_ options: ReportOptions, config: Config) -> Int32 {
    var input = options.input
    var temporary: String?
    defer { if let temporary { unlink(temporary) } }
    var kind = input.lowercased().hasSuffix(".json") ? "json" : "csv"
    if input == "-" {
      // Standard input is read once; CSV rows must be re-readable, so keep a private copy.
      switch StandardInputCopy.make() {
      case .success(let copy):
        kind = copy.kind
        temporary = copy.path
        input = copy.path
      case .failure(let problem):
        Log.error("error: <stdin>: \(problem.message)")
        return ExitCode.usage
      }
    }
    let name = options.input == "-" ? "<stdin>" : options.input
    let imported: ReportImport
    if kind == "json" {
      imported = ReportJSONImporter().importFile(input, name: name)
    } else {
      imported = ReportCSVImporter(
        delimiter: config.importOptions.delimiter,
        decimalSeparator: config.importOptions.decimalSeparator
      )
      .importFile(input, name: name, title: options.title)
    }
    for diagnostic in imported.diagnostics where diagnostic.severity == .error || !options.quiet {
      Log.error(diagnostic.description)
    }
    guard var report = imported.report else {
      Log.error("error: nothing written: the report input could not be used")
      return ExitCode.usage
    }
    if let title = options.title { report.title = title }
    if let locale = options.locale { report.locale = locale }
    let prepared = ReportLayout.document(
      for: report, brand: config.invoiceSettings.brand, defaultLocale: config.invoiceSettings.defaultLocale,
      creator: config.invoiceSettings.creator)
    let resources: RenderResources
    if !config.invoiceSettings.brand.fontFolders.isEmpty,
      let fonts = try? FontConfiguration(fontDirectories: config.invoiceSettings.brand.fontFolders)
    {
      resources = RenderResources(fonts: fonts)
    } else {
      resources = RenderResources()
    }
    let renderer = DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: resources)
    let folder = URL(fileURLWithPath: options.out).deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let pages: Int
      switch options.format {
      case .pdf: pages = try renderer.writePDF(to: options.out)
      case .png:
        let stem = OutputName.stem(options.out)
        pages = try renderer.writePNGs(scale: options.scale) { "\(stem)-\($0).png" }
      case .svg:
        let stem = OutputName.stem(options.out)
        pages = try renderer.writeSVGs { "\(stem)-\($0).svg" }
      }
      for warning in renderer.warnings where !options.quiet { Log.error("warning: \(warning.message)") }
      if !options.quiet { print("report written: \(options.out) (\(pages) page\(pages == 1 ? "" : "s"))") }
      return ExitCode.success
    } catch {
      Log.error("error: \(options.out): \(error)")
      return ExitCode.output
    }
  }
}
