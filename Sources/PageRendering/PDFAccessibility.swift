import CCairo
import CPDFContent
import Foundation

/// What a tagged PDF needs beyond cairo's structure tags: its language and its figures' alternative texts.
public struct PDFAccessibility: Sendable, Hashable {
  /// The document's natural language as a BCP 47 tag ("de-DE"), written as the catalog's `/Lang`.
  public var language: String
  /// The alternative text of each `Figure`, in document order (cairo 1.16 drops `alt=`).
  public var figureLabels: [String]
  /// The `/Scope` of each `TH` ("Column", "Row"), in document order (cairo cannot write attributes).
  public var headerScopes: [String]

  public init(language: String, figureLabels: [String] = [], headerScopes: [String] = []) {
    self.language = language
    self.figureLabels = figureLabels
    self.headerScopes = headerScopes
  }
}

/// The libqpdf pass that completes cairo 1.16's tagged PDF for PDF/UA-1 (../shared/research/einvoicing.md §3).
///
/// Catalog `/Lang`, `/MarkInfo`, `/ViewerPreferences /DisplayDocTitle`, XMP with `pdfuaid`;
/// `/Alt` on figures and `/Scope` on header cells; `/Contents` on link annotations and `/Tabs /S`
/// on pages; every drawing operator outside marked content wrapped in `/Artifact BMC … EMC`. It
/// runs in C++ (`CPDFContent`): libqpdf's content tokenizer has no C API, and one read and one
/// write there cost half of what the C API's per-call overhead made of the same steps.
enum PDFAccessibilityPass {
  /// `data` completed with `accessibility`; `xmp` becomes the metadata when given; `path` names the document in errors.
  static func apply(_ accessibility: PDFAccessibility, xmp: String?, to data: Data, path: String) throws
    -> Data
  {
    try output(path: path, step: "tagging") { output, length, error in
      withCStrings(accessibility.figureLabels) { figures in
        withCStrings(accessibility.headerScopes) { scopes in
          accessibility.language.withCString { language in
            let xmpBytes = xmp.map { Array($0.utf8CString) }
            return (xmpBytes ?? []).withUnsafeBufferPointer { xmpPointer in
              data.withUnsafeBytes { bytes in
                var options = ig_tag_options(
                  language: language, figure_labels: figures.baseAddress, figure_count: figures.count,
                  header_scopes: scopes.baseAddress, header_count: scopes.count,
                  xmp: xmp == nil ? nil : xmpPointer.baseAddress, xmp_length: max(0, xmpPointer.count - 1),
                  deterministic_id: 1)
                return ig_tag_pdf(
                  bytes.bindMemory(to: CChar.self).baseAddress, bytes.count, &options, output, length, error)
              }
            }
          }
        }
      }
    }
  }

  /// One decoded page content stream with every operator outside marked content made an artifact (as `apply` does).
  static func markArtifacts(_ content: Data, path: String) throws -> Data {
    try output(path: path, step: "marking artifacts") { output, length, error in
      content.withUnsafeBytes { bytes in
        ig_mark_artifacts(bytes.bindMemory(to: CChar.self).baseAddress, bytes.count, output, length, error)
      }
    }
  }

  /// The bytes a `CPDFContent` call hands back in a malloc'd buffer, or its message as a `RenderError`.
  private static func output(
    path: String, step: String,
    _ call: (
      UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, UnsafeMutablePointer<Int>,
      UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> Int32
  ) throws -> Data {
    var output: UnsafeMutablePointer<CChar>?
    var length = 0
    var error: UnsafeMutablePointer<CChar>?
    defer {
      free(output)
      free(error)
    }
    guard call(&output, &length, &error) == 0, let output else {
      throw RenderError.pdfRewrite(
        path: path, reason: "\(step): \(error.map { String(cString: $0) } ?? "unknown error")")
    }
    return Data(bytes: output, count: length)
  }

  /// Calls `body` with `strings` as an array of C strings that live for the call.
  private static func withCStrings<T>(
    _ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> T
  ) -> T {
    let copies = strings.map { strdup($0) }
    defer {
      for copy in copies { free(copy) }
    }
    return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
  }
}
