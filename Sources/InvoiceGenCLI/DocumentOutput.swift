import DataModel
import Foundation
import Layouts
import PageRendering

/// The output formats of a run.
public enum OutputFormat: String, Sendable, CaseIterable {
  case pdf, png, svg
  /// One UN/CEFACT CII e-invoice (EN 16931) per invoice, `NUMBER.xml`.
  case cii
  /// One OASIS UBL 2.1 Invoice or CreditNote per invoice, `NUMBER.xml`.
  case ubl
  /// One Italian FatturaPA 1.2 (FPR12) per invoice, `IT{partita IVA}_{progressivo}.xml`.
  case fatturapa
  /// One Polish FA(3) invoice for KSeF per invoice, `NUMBER.xml`.
  case ksef

  /// Whether the format is an e-invoice in XML rather than a rendered document.
  var isEInvoiceXML: Bool { self == .cii || self == .ubl || self == .fatturapa || self == .ksef }
}

/// Writes a laid-out document as a PDF, or as one PNG or SVG per page: the step the batch and report commands share.
enum DocumentOutput {
  /// Rendering resources with the brand's font folders; a folder fontconfig cannot use is a config error.
  ///
  /// Call it once on the main thread before a run so the error stops the run; worker threads then
  /// make their own with `resources(fontFolders:)`, which cannot fail after that check.
  static func checkFonts(_ brand: Brand, configFile: String?) throws(CLIError) {
    let fonts: FontConfiguration
    do {
      fonts = try FontConfiguration(fontDirectories: brand.fontFolders)
    } catch {
      Console.error("brand.fontsFolder: \(error)")
      throw .config(file: configFile ?? "invoicegen.json")
    }
    // A family fontconfig does not know would silently become its default font: say so instead.
    let generic = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui"]
    let families = fonts.families
    let wanted = brand.fontFamily.lowercased()
    guard !generic.contains(wanted), !families.contains(where: { $0.lowercased() == wanted }) else { return }
    let close = families.sorted {
      (Spelling.distance(wanted, $0), $0) < (Spelling.distance(wanted, $1), $1)
    }.prefix(3)
    Console.error(
      "brand.fontFamily: \"\(brand.fontFamily)\" is not installed\(brand.fontFolders.isEmpty ? "" : " nor in the fonts folder"); the closest installed families: \(close.joined(separator: ", "))"
    )
    throw .config(file: configFile ?? "invoicegen.json")
  }

  /// A thread's resources with `brand`'s fonts (checked before by `checkFonts`).
  static func resources(for brand: Brand) -> RenderResources {
    guard !brand.fontFolders.isEmpty, let fonts = try? FontConfiguration(fontDirectories: brand.fontFolders)
    else { return RenderResources() }
    return RenderResources(fonts: fonts)
  }

  /// What `write` wrote: the files and the document's page count.
  struct Written {
    var files: [String]
    var pages: Int
  }

  /// Writes `renderer`'s document to `path` (PDF) or to `STEM-1.png`, `STEM-2.png`… beside it.
  static func write(
    _ renderer: DocumentRenderer, format: OutputFormat, to path: String, scale: Double, durable: Bool = false,
    creationDate: Date? = nil, archive: PDFArchive? = nil
  ) throws -> Written {
    // Only the file's own name loses its extension, never a dot in a folder's name.
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let stem = String(path[..<slash]) + OutputName.stem(String(path[slash...]))
    switch format {
    case .pdf, .cii, .ubl, .fatturapa, .ksef:
      // An e-invoice in XML is written by the batch itself; a document asked for as one is a PDF.
      return Written(
        files: [path],
        pages: try renderer.writePDF(to: path, creationDate: creationDate, durable: durable, archive: archive)
      )
    case .png:
      let pages = try renderer.writePNGs(scale: scale) { "\(stem)-\($0).png" }
      return Written(files: (1...max(pages, 1)).map { "\(stem)-\($0).png" }, pages: pages)
    case .svg:
      let pages = try renderer.writeSVGs { "\(stem)-\($0).svg" }
      return Written(files: (1...max(pages, 1)).map { "\(stem)-\($0).svg" }, pages: pages)
    }
  }
}
