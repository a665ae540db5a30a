import Foundation
import PageRendering
import Synchronization

/// `invoicegen diff OLD NEW`: renders every page of two PDFs (or two folders of PDFs, matched by
/// file name) and reports the pages that changed, with a picture of each.
///
/// Meant for reviewing a template or config change against last night's documents: exit 0 when no
/// page changed beyond the tolerance, 1 when one did (or a document was added or removed), 2 when a
/// file could not be read.
enum DiffCommand {
  /// The exit codes of `diff`, as `diff(1)` has them.
  enum Status {
    static let same: Int32 = 0
    static let changed: Int32 = 1
    static let trouble: Int32 = 2
  }

  /// One document's result.
  struct DocumentResult: Sendable {
    var name: String
    /// `same`, `changed`, `added`, `removed` or `unreadable`.
    var status: String
    var oldPages = 0
    var newPages = 0
    var pages: [PageResult] = []
    var problem: String?
  }

  /// One page that differs.
  struct PageResult: Sendable {
    var page: Int
    var changedPercent: Double
    /// The box of the changes in points from the page's top-left corner.
    var box: (x: Double, y: Double, width: Double, height: Double)?
    /// The picture written, relative to `--out`.
    var image: String?
  }

  static func run(_ options: DiffOptions) -> Int32 {
    let pairs: [(name: String, old: String?, new: String?)]
    do throws(CLIError) {
      pairs = try documentPairs(options)
    } catch {
      Console.error(error.description)
      return Status.trouble
    }
    let results = compare(pairs, options)
    let exceeded = results.contains { result in
      ["added", "removed"].contains(result.status)
        || result.pages.contains { $0.changedPercent > options.tolerance }
    }
    let unreadable = results.contains { $0.status == "unreadable" }
    for result in results where result.problem != nil { Console.error(result.problem!) }
    if options.summary == "-" {
      print(summaryJSON(results, options, changed: exceeded))
    } else {
      if !options.quiet || exceeded { print(table(results, options)) }
      if let path = options.summary {
        do {
          try Data(summaryJSON(results, options, changed: exceeded).utf8).write(
            to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
          Console.error("\(path): cannot write the summary: \(error.localizedDescription)")
          return Status.trouble
        }
      }
    }
    return unreadable ? Status.trouble : exceeded ? Status.changed : Status.same
  }

  /// The documents to compare: one pair of files, or every PDF of either folder by its path inside it.
  static func documentPairs(_ options: DiffOptions) throws(CLIError) -> [(
    name: String, old: String?, new: String?
  )] {
    var isFolder: [Bool] = []
    for path in [options.old, options.new] {
      var directory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &directory) else {
        throw .usage("diff: \(path): no such file or folder")
      }
      isFolder.append(directory.boolValue)
    }
    switch (isFolder[0], isFolder[1]) {
    case (false, false):
      return [(URL(fileURLWithPath: options.new).lastPathComponent, options.old, options.new)]
    case (true, true):
      let old = pdfs(in: options.old)
      let new = pdfs(in: options.new)
      return Set(old + new).sorted().map { name in
        (
          name, old.contains(name) ? options.old + "/" + name : nil,
          new.contains(name) ? options.new + "/" + name : nil
        )
      }
    default:
      throw .usage("diff: compare two PDFs or two folders, not a file with a folder")
    }
  }

  /// The PDFs under `folder`, as paths relative to it, sorted.
  static func pdfs(in folder: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var names: [String] = []
    while let name = enumerator?.nextObject() as? String {
      if name.lowercased().hasSuffix(".pdf") { names.append(name) }
    }
    return names.sorted()
  }

  /// Compares every pair on `options.jobs` threads (each opens its own documents), in order.
  static func compare(_ pairs: [(name: String, old: String?, new: String?)], _ options: DiffOptions)
    -> [DocumentResult]
  {
    let results = Mutex<[DocumentResult?]>(Array(repeating: nil, count: pairs.count))
    let next = Mutex(0)
    let workers = max(1, min(options.jobs, pairs.count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let index = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard index < pairs.count else { return }
        let pair = pairs[index]
        let result = compareDocument(name: pair.name, old: pair.old, new: pair.new, options)
        results.withLock { $0[index] = result }
      }
    }
    return results.withLock { $0.compactMap { $0 } }
  }

  /// One document: each page of both rendered and compared; a picture for each page that differs.
  static func compareDocument(name: String, old: String?, new: String?, _ options: DiffOptions)
    -> DocumentResult
  {
    var result = DocumentResult(name: name, status: "same")
    do {
      let oldPages = try old.map { path throws(RenderError) in try PDFPages(path: path) }
      let newPages = try new.map { path throws(RenderError) in try PDFPages(path: path) }
      result.oldPages = oldPages?.count ?? 0
      result.newPages = newPages?.count ?? 0
      if old == nil { result.status = "added" }
      if new == nil { result.status = "removed" }
      guard let oldPages, let newPages else { return result }
      for index in 0..<max(oldPages.count, newPages.count) {
        let before = index < oldPages.count ? try oldPages.raster(page: index, dpi: options.resolution) : nil
        let after = index < newPages.count ? try newPages.raster(page: index, dpi: options.resolution) : nil
        let reference = (before ?? after)!
        let blank = PageRaster.blank(
          width: reference.width, height: reference.height, dpi: options.resolution)
        let comparison = PageComparison(old: before ?? blank, new: after ?? blank)
        guard comparison.changedCount > 0 else { continue }
        result.status = "changed"
        var page = PageResult(
          page: index + 1, changedPercent: comparison.changedPercent, box: comparison.boxInPoints)
        page.image = try writePicture(
          comparison, old: before ?? blank, new: after ?? blank, name: name, page: index + 1, options)
        result.pages.append(page)
      }
    } catch {
      result.status = "unreadable"
      result.problem = "diff: \(error)"
    }
    return result
  }

  /// Writes the picture of one changed page under `--out` (never outside it), atomically.
  static func writePicture(
    _ comparison: PageComparison, old: PageRaster, new: PageRaster, name: String, page: Int,
    _ options: DiffOptions
  ) throws -> String {
    let stem = name.hasSuffix(".pdf") || name.hasSuffix(".PDF") ? String(name.dropLast(4)) : name
    // Folders of the documents become part of the name: nothing lands outside --out.
    let relative = stem.replacingOccurrences(of: "/", with: "__") + "-page-\(page).png"
    try FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
    let file = try AtomicFile(path: options.out + "/" + relative)
    guard file.write(try comparison.picture(old: old, new: new)) else {
      throw CLIError.output("\(file.path): cannot write: \(file.writeFailure ?? "unknown error")")
    }
    try file.commit()
    return relative
  }

  /// The table people read: document, page, changed area, picture.
  static func table(_ results: [DocumentResult], _ options: DiffOptions) -> String {
    var rows: [[String]] = [["document", "page", "changed", "picture"]]
    for result in results {
      switch result.status {
      case "same": if !options.quiet { rows.append([result.name, "", "same", ""]) }
      case "added", "removed", "unreadable": rows.append([result.name, "", result.status, ""])
      default:
        for page in result.pages {
          rows.append([
            result.name, String(page.page), String(format: "%.2f %%", page.changedPercent),
            page.image.map { options.out + "/" + $0 } ?? "",
          ])
        }
      }
    }
    let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
    let lines = rows.map { row in
      row.enumerated().map { column, text in
        column == 1
          ? String(repeating: " ", count: widths[1] - text.count) + text
          : text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
    let changed = results.filter { $0.status == "changed" }.count
    let pages = results.reduce(0) { $0 + $1.pages.count }
    let count = { (status: String) in results.filter { $0.status == status }.count }
    let total =
      "\(results.count) document\(results.count == 1 ? "" : "s") compared: \(changed) changed (\(pages) page\(pages == 1 ? "" : "s")), \(count("added")) added, \(count("removed")) removed"
    return (lines + [total]).joined(separator: "\n")
  }

  /// The JSON summary: every document with its status and pages.
  static func summaryJSON(_ results: [DocumentResult], _ options: DiffOptions, changed: Bool) -> String {
    func rounded(_ value: Double, _ places: Double) -> Double { (value * places).rounded() / places }
    let documents = results.map { result -> [String: Any] in
      let pages = result.pages.map { page -> [String: Any] in
        let box: Any =
          page.box.map { box -> [String: Double] in
            [
              "x": rounded(box.x, 10), "y": rounded(box.y, 10), "width": rounded(box.width, 10),
              "height": rounded(box.height, 10),
            ]
          } ?? NSNull()
        return [
          "page": page.page, "changedPercent": rounded(page.changedPercent, 10_000), "box": box,
          "image": page.image ?? NSNull(),
        ]
      }
      return [
        "name": result.name, "status": result.status, "oldPages": result.oldPages,
        "newPages": result.newPages,
        "pages": pages,
      ]
    }
    let summary: [String: Any] = [
      "tolerance": options.tolerance, "resolution": options.resolution, "changed": changed,
      "documents": documents,
    ]
    let data = try? JSONSerialization.data(
      withJSONObject: summary, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
