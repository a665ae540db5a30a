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

/// The libqpdf steps that complete cairo 1.16's tagged PDF for PDF/UA-1 (../shared/research/einvoicing.md §3).
///
/// Catalog `/Lang`, `/MarkInfo`, `/ViewerPreferences /DisplayDocTitle`; `/Alt` on figures and
/// `/Scope /Column` on header cells; `/Contents` on link annotations and `/Tabs /S` on pages;
/// and every drawing operator outside marked content wrapped in `/Artifact BMC … EMC`.
enum PDFAccessibilityPass {
  /// Applies `accessibility` to the document open in `handle`; throws `RenderError` when a page's content cannot be read.
  static func apply(_ accessibility: PDFAccessibility, to handle: qpdf_data?, path: String) throws {
    let root = qpdf_get_root(handle)
    qpdf_oh_replace_key(handle, root, "/Lang", qpdf_oh_new_unicode_string(handle, accessibility.language))
    qpdf_oh_replace_key(handle, root, "/MarkInfo", qpdf_oh_parse(handle, "<< /Marked true >>"))
    var preferences = qpdf_oh_get_key(handle, root, "/ViewerPreferences")
    if qpdf_oh_is_dictionary(handle, preferences) == 0 {
      preferences = qpdf_oh_new_dictionary(handle)
      qpdf_oh_replace_key(handle, root, "/ViewerPreferences", preferences)
    }
    qpdf_oh_replace_key(handle, preferences, "/DisplayDocTitle", qpdf_oh_new_bool(handle, 1))
    var figures = accessibility.figureLabels[...]
    var scopes = accessibility.headerScopes[...]
    walkStructure(qpdf_oh_get_key(handle, root, "/StructTreeRoot"), handle: handle) { element, type in
      switch type {
      case "/Figure":
        let label = figures.popFirst() ?? ""
        qpdf_oh_replace_key(handle, element, "/Alt", qpdf_oh_new_unicode_string(handle, label))
      case "/TH":
        let scope = scopes.popFirst() == "Row" ? "/Row" : "/Column"
        qpdf_oh_replace_key(handle, element, "/A", qpdf_oh_parse(handle, "<< /O /Table /Scope \(scope) >>"))
      default:
        break
      }
    }
    for index in 0..<Int(qpdf_get_num_pages(handle)) {
      let page = qpdf_get_page_n(handle, index)
      qpdf_oh_replace_key(handle, page, "/Tabs", qpdf_oh_new_name(handle, "/S"))
      describeLinks(on: page, handle: handle)
      try markArtifacts(on: page, handle: handle, path: path)
    }
  }

  /// Calls `visit` with every structure element under `node` in document order, and its type.
  private static func walkStructure(_ node: qpdf_oh, handle: qpdf_data?, visit: (qpdf_oh, String) -> Void) {
    var stack = [node]
    var seen = Set<qpdf_oh>()
    while let current = stack.popLast() {
      if qpdf_oh_is_dictionary(handle, current) != 0 {
        if qpdf_oh_has_key(handle, current, "/S") != 0 {
          let type = qpdf_oh_get_key(handle, current, "/S")
          if qpdf_oh_is_name(handle, type) != 0 {
            visit(current, String(cString: qpdf_oh_get_name(handle, type)))
          }
        }
        let kids = qpdf_oh_get_key(handle, current, "/K")
        if qpdf_oh_is_array(handle, kids) != 0 {
          let count = qpdf_oh_get_array_n_items(handle, kids)
          for item in stride(from: count - 1, through: 0, by: -1) {
            let kid = qpdf_oh_get_array_item(handle, kids, item)
            if qpdf_oh_is_dictionary(handle, kid) != 0, seen.insert(kid).inserted { stack.append(kid) }
          }
        } else if qpdf_oh_is_dictionary(handle, kids) != 0 {
          stack.append(kids)
        }
      }
    }
  }

  /// Gives each link annotation on `page` a `/Contents` description: its web address or its target.
  private static func describeLinks(on page: qpdf_oh, handle: qpdf_data?) {
    let annotations = qpdf_oh_get_key(handle, page, "/Annots")
    guard qpdf_oh_is_array(handle, annotations) != 0 else { return }
    for item in 0..<qpdf_oh_get_array_n_items(handle, annotations) {
      let annotation = qpdf_oh_get_array_item(handle, annotations, item)
      guard qpdf_oh_is_name_and_equals(handle, qpdf_oh_get_key(handle, annotation, "/Subtype"), "/Link") != 0,
        qpdf_oh_has_key(handle, annotation, "/Contents") == 0
      else { continue }
      let uri = qpdf_oh_get_key(handle, qpdf_oh_get_key(handle, annotation, "/A"), "/URI")
      let text =
        qpdf_oh_is_string(handle, uri) != 0
        ? String(cString: qpdf_oh_get_utf8_value(handle, uri)) : "Link within this document"
      qpdf_oh_replace_key(handle, annotation, "/Contents", qpdf_oh_new_unicode_string(handle, text))
    }
  }

  /// Replaces `page`'s content with one stream where drawing outside marked content is an artifact.
  private static func markArtifacts(on page: qpdf_oh, handle: qpdf_data?, path: String) throws {
    var data: UnsafeMutablePointer<UInt8>?
    var length = 0
    guard qpdf_oh_get_page_content_data(handle, page, &data, &length) & QPDF_ERRORS == 0, let data else {
      throw RenderError.pdfRewrite(path: path, reason: "the page content could not be read for tagging")
    }
    defer { free(data) }
    var output: UnsafeMutablePointer<CChar>?
    var outputLength = 0
    var error: UnsafeMutablePointer<CChar>?
    let status = data.withMemoryRebound(to: CChar.self, capacity: length) {
      ig_mark_artifacts($0, length, &output, &outputLength, &error)
    }
    defer {
      free(output)
      free(error)
    }
    guard status == 0 else {
      throw RenderError.pdfRewrite(
        path: path, reason: "marking artifacts: \(error.map { String(cString: $0) } ?? "unknown error")")
    }
    let stream = qpdf_oh_new_stream(handle)
    output.map { bytes in
      bytes.withMemoryRebound(to: UInt8.self, capacity: outputLength) {
        qpdf_oh_replace_stream_data(
          handle, stream, $0, outputLength, qpdf_oh_new_null(handle), qpdf_oh_new_null(handle))
      }
    }
    qpdf_oh_replace_key(handle, page, "/Contents", qpdf_make_indirect_object(handle, stream))
  }
}
