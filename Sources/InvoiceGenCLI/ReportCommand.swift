import DataModel
import Foundation
import Layouts
import PageKit
import PageRendering

/// `invoicegen report`: one document from report JSON, any CSV, or CI results (JUnit, Cobertura).
enum ReportCommand {
  static func run(_ options: ReportOptions, config: Config) throws(CLIError) -> Outcome {
    if CIReportCommand.applies(to: options) { return try CIReportCommand.run(options, config: config) }
    if options.inputs.count > 1 {
      throw .usage(
        "report: several --input files are merged only for JUnit and Cobertura XML (give --input-format junit or cobertura)"
      )
    }
    var input = options.input
    var temporary: String?
    defer { if let temporary { unlink(temporary) } }
    var kind = InputKind.detect(path: input)
    if input == "-" {
      // Standard input is read once; CSV rows must be re-readable, so keep a private copy.
      switch StandardInputCopy.make() {
      case .success(let copy):
        kind = copy.kind
        temporary = copy.path
        input = copy.path
      case .failure(let problem):
        Console.error("<stdin>: \(problem.message)")
        throw .input
      }
    }
    let name = options.input == "-" ? "<stdin>" : options.input
    let imported: ReportImport
    if kind == .json {
      imported = ReportJSONImporter().importFile(input, name: name)
    } else {
      var importer = ReportCSVImporter(
        delimiter: config.importOptions.delimiter, decimalSeparator: config.importOptions.decimalSeparator)
      importer.totals = options.totals
      importer.columns = options.columns
      importer.excludedColumns = options.excludedColumns
      importer.keyColumns = options.keyColumns
      imported = importer.importFile(input, name: name, title: options.title)
    }
    for diagnostic in imported.diagnostics where diagnostic.severity == .error || !options.quiet {
      Console.show(diagnostic)
    }
    guard var report = imported.report else { throw .input }
    if let title = options.title { report.title = title }
    if let locale = options.locale { report.locale = locale }
    return try render(report, options: options, config: config, name: name)
  }

  /// Lays out `report`, writes it to `--out`, and prints what was written (and the layout's warnings).
  static func render(_ report: Report, options: ReportOptions, config: Config, name: String) throws(CLIError)
    -> Outcome
  {
    let prepared = ReportLayout.document(
      for: report, brand: config.invoiceSettings.brand,
      defaultLocale: config.invoiceSettings.issuer.defaultLocale,
      creator: config.invoiceSettings.creator, customization: config.reportCustomization)
    try DocumentOutput.checkFonts(config.invoiceSettings.brand, configFile: options.config)
    let renderer = DocumentRenderer(
      document: prepared.document, environment: prepared.environment,
      resources: DocumentOutput.resources(for: config.invoiceSettings.brand))
    renderer.tagged = !options.untagged && config.tagged
    renderer.encryption = try RunPlan.encryption(options, config: config, archival: options.pdfa)
    renderer.signer = try RunPlan.openSeal(
      options, config: config, environment: ProcessInfo.processInfo.environment)
    let folder = URL(fileURLWithPath: options.out).deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .output("\(folder): cannot create the output folder: \(error.localizedDescription)")
    }
    let written: DocumentOutput.Written
    do {
      written = try DocumentOutput.write(
        renderer, format: options.format, to: options.out, scale: options.scale,
        archive: options.pdfa ? PDFArchive() : nil)
    } catch {
      // Output and rewrite errors name their file themselves.
      switch error as? RenderError {
      case .output?, .pdfRewrite?, .signature?: Console.error("\(error)")
      default: Console.error("\(options.out): \(error)")
      }
      // A file that could not be written is exit 3; a report that could not be made is exit 2.
      if case .output? = error as? RenderError { return Outcome(outputFailed: true) }
      return Outcome(failed: true)
    }
    if !options.quiet {
      for warning in ReportLayout.warnings(for: report) { Console.warning("\(name): \(warning)") }
      for warning in renderer.warnings { Console.warning(warning.message) }
    }
    if !options.quiet {
      let pages = "\(written.pages) page\(written.pages == 1 ? "" : "s")"
      print("report written: \(written.files.joined(separator: ", ")) (\(pages))")
    }
    return Outcome()
  }
}
