import Foundation
import PageRendering
import Synchronization

/// `invoicegen diff OLD NEW`: compares every page of two PDFs (or two folders of PDFs, matched by
/// file name) by their words and their pixels, and reports what changed, with pictures.
///
/// Meant for reviewing a template or config change against last night's documents. Every changed
/// word is reported old → new with its box; a change of the text is a change whatever the tolerance,
/// which forgives only pixel changes that leave the text as it was (anti-aliasing, a moved rule).
/// Exit 0 when nothing changed beyond that, 1 when something did (or a document was added or
/// removed), 2 when a file could not be read.
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
    /// The box of all the changes in points from the page's top-left corner.
    var box: (x: Double, y: Double, width: Double, height: Double)?
    /// One box per changed region, in points.
    var regions: [PageBox] = []
    /// Every changed run of words, old → new.
    var textChanges: [TextChange] = []
    /// The resolution the page was compared at (lower than asked for a page too large for it).
    var resolution: Double
    /// The picture written, relative to `--out`.
    var image: String?

    /// Whether the page counts as changed at `tolerance`: any change of its text, or more of its
    /// pixels than the tolerance forgives.
    func exceeds(_ tolerance: Double) -> Bool { !textChanges.isEmpty || changedPercent > tolerance }
  }

  /// A changed run of words on a page, with the close-up picture of it.
  struct TextChange: Sendable {
    var old: String
    var new: String
    /// The old words' box on the old page, the new words' on the new (nil for a side without words).
    var oldBox: PageBox?
    var newBox: PageBox?
    /// Where it is: the new words' box, or the old words' when they were only removed.
    var box: PageBox { (newBox ?? oldBox)! }
    /// The close-up written, relative to `--out` (at most `closeUps` a page get one).
    var image: String?
  }

  /// The most close-ups written for one page; every change is still listed.
  static let closeUps = 20
  /// The resolution of a close-up, in pixels per inch: enough to read the digits.
  static let closeUpResolution = 150.0

  static func run(_ options: DiffOptions) -> Int32 {
    let pairs: [(name: String, old: String?, new: String?)]
    do throws(CLIError) {
      pairs = try documentPairs(options)
    } catch {
      Console.error(error.description)
      return Status.trouble
    }
    OutputFolder.removeLeftovers(in: options.out)
    removeEarlierPictures(in: options.out)
    let results = compare(pairs, options)
    let exceeded = results.contains { result in
      ["added", "removed"].contains(result.status)
        || result.pages.contains { $0.exceeds(options.tolerance) }
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
    for (path, folder) in zip([options.old, options.new], isFolder) where !folder && !isRegularFile(path) {
      // A FIFO or a device would block the reader or never end.
      throw .usage("diff: \(path): not a regular file")
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

  /// The PDFs under `folder` (regular files only), as paths relative to it, sorted.
  static func pdfs(in folder: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var names: [String] = []
    while let name = enumerator?.nextObject() as? String {
      if name.lowercased().hasSuffix(".pdf"), isRegularFile(folder + "/" + name) { names.append(name) }
    }
    return names.sorted()
  }

  /// Whether `path` is a regular file (after symbolic links), not a FIFO, socket or device.
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Removes the pictures an earlier `diff` wrote into `folder` (`NAME-page-N.png`,
  /// `NAME-page-N-change-K.png`), so those left there are this run's; nothing else is touched.
  static func removeEarlierPictures(in folder: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    let pattern = #/.+-page-[0-9]+(-change-[0-9]+)?\.png/#
    for name in names where name.wholeMatch(of: pattern) != nil && isRegularFile(folder + "/" + name) {
      unlink(folder + "/" + name)
    }
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

  /// One document: each page of both compared by words and pixels; pictures for each page that differs.
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
        let sides = PagePair(old: oldPages, new: newPages, index: index)
        guard let page = try comparePage(sides, name: name, options) else { continue }
        result.status = "changed"
        result.pages.append(page)
      }
    } catch {
      result.status = "unreadable"
      switch error {
      case let error as RenderError: result.problem = "diff: \(error.description)"
      case let error as CLIError: result.problem = "diff: \(error.description)"
      default: result.problem = "diff: \(name): \(error.localizedDescription)"
      }
    }
    return result
  }

  /// Page `index` of both documents; a side may lack it.
  struct PagePair {
    var old: PDFPages
    var new: PDFPages
    var index: Int
    var hasOld: Bool { index < old.count }
    var hasNew: Bool { index < new.count }
  }

  /// One page compared by words and by pixels, its pictures written; nil when neither changed.
  static func comparePage(_ sides: PagePair, name: String, _ options: DiffOptions) throws -> PageResult? {
    let oldWords = sides.hasOld ? try sides.old.words(page: sides.index) : []
    let newWords = sides.hasNew ? try sides.new.words(page: sides.index) : []
    let text = TextComparison(old: oldWords, new: newWords)
    let sizes = [
      sides.hasOld ? try sides.old.size(page: sides.index) : nil,
      sides.hasNew ? try sides.new.size(page: sides.index) : nil,
    ].compactMap { $0 }
    let dpi =
      sizes.map { PDFPages.resolution(for: $0, atMost: options.resolution) }.min() ?? options.resolution
    let (before, after) = try rasters(sides, dpi: dpi)
    let comparison = PageComparison(old: before, new: after)
    guard comparison.changedCount > 0 || !text.changes.isEmpty else { return nil }
    let changes = text.changes.map { change in
      TextChange(old: change.old, new: change.new, oldBox: change.oldBox, newBox: change.newBox)
    }
    // The changed words' boxes, and the regions of changed pixels outside them (a moved rule).
    let wordBoxes = changes.map(\.box)
    let regions =
      wordBoxes + comparison.regionsInPoints.filter { region in !wordBoxes.contains { $0.touches(region) } }
    var page = PageResult(
      page: sides.index + 1, changedPercent: comparison.changedPercent, box: comparison.boxInPoints,
      regions: regions, textChanges: changes, resolution: dpi)
    let stem = name.hasSuffix(".pdf") || name.hasSuffix(".PDF") ? String(name.dropLast(4)) : name
    // Folders of the documents become part of the name: nothing lands outside --out.
    let base = stem.replacingOccurrences(of: "/", with: "__") + "-page-\(page.page)"
    try write(try comparison.picture(old: before, new: after, marks: regions), to: base + ".png", options)
    page.image = base + ".png"
    for index in page.textChanges.indices.prefix(closeUps) {
      let relative = base + "-change-\(index + 1).png"
      try write(try closeUp(of: page.textChanges[index], sides, options), to: relative, options)
      page.textChanges[index].image = relative
    }
    return page
  }

  /// Both sides of the page at `dpi`, a blank page of the other's size for the side that lacks it.
  static func rasters(_ sides: PagePair, dpi: Double) throws -> (PageRaster, PageRaster) {
    let before = sides.hasOld ? try sides.old.raster(page: sides.index, dpi: dpi) : nil
    let after = sides.hasNew ? try sides.new.raster(page: sides.index, dpi: dpi) : nil
    let reference = (before ?? after)!
    let blank = PageRaster.blank(width: reference.width, height: reference.height, dpi: reference.dpi)
    return (before ?? blank, after ?? blank)
  }

  /// The close-up of one change: the region around it on the old page above the new page.
  static func closeUp(of change: TextChange, _ sides: PagePair, _ options: DiffOptions) throws -> Data {
    let size = try sides.hasNew ? sides.new.size(page: sides.index) : sides.old.size(page: sides.index)
    // The changed words with some of their line around them, within the page.
    let words = PageBox.union([change.oldBox, change.newBox].compactMap { $0 })!.grown(by: 14)
    let x = max(0, words.x - 60)
    let y = max(0, words.y)
    let area = PageBox(
      x: x, y: y, width: max(1, min(words.maxX + 60, size.width) - x),
      height: max(1, min(words.maxY, size.height) - y))
    let dpi = PDFPages.resolution(
      for: (area.width, area.height), atMost: max(closeUpResolution, options.resolution))
    let old = sides.hasOld ? try sides.old.raster(page: sides.index, area: area, dpi: dpi) : nil
    let new = sides.hasNew ? try sides.new.raster(page: sides.index, area: area, dpi: dpi) : nil
    let reference = (old ?? new)!
    let blank = PageRaster.blank(width: reference.width, height: reference.height, dpi: dpi)
    func mark(_ box: PageBox?) -> PageBox? {
      let scale = dpi / 72
      return box.map {
        PageBox(
          x: ($0.x - area.x) * scale, y: ($0.y - area.y) * scale, width: $0.width * scale,
          height: $0.height * scale)
      }
    }
    return try PageComparison.closeUp(
      old: old ?? blank, new: new ?? blank, oldMark: mark(change.oldBox), newMark: mark(change.newBox))
  }

  /// Writes `data` to `relative` under `--out` through a temporary file.
  static func write(_ data: Data, to relative: String, _ options: DiffOptions) throws {
    do {
      try FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
    } catch {
      var folder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: options.out, isDirectory: &folder)
      throw CLIError.output(
        "\(options.out): "
          + (exists && !folder.boolValue ? "exists and is not a folder" : "cannot make the folder")
          + "; give another --out")
    }
    let file = try AtomicFile(path: options.out + "/" + relative)
    guard file.write(data) else {
      throw CLIError.output("\(file.path): cannot write: \(file.writeFailure ?? "unknown error")")
    }
    try file.commit()
  }

  /// The table people read: document, page, what changed, picture; under each page, every changed
  /// run of words old → new with where it is and its close-up.
  static func table(_ results: [DocumentResult], _ options: DiffOptions) -> String {
    var rows: [(cells: [String], details: [String])] = [(["document", "page", "changed", "picture"], [])]
    for result in results {
      switch result.status {
      case "same": if !options.quiet { rows.append(([result.name, "", "same", ""], [])) }
      case "added", "removed", "unreadable": rows.append(([result.name, "", result.status, ""], []))
      default:
        for page in result.pages {
          let words = page.textChanges.count
          let changed =
            String(format: "%.2f %%", page.changedPercent)
            + (words == 0 ? ", text same" : ", \(words) text change\(words == 1 ? "" : "s")")
          rows.append(
            (
              [result.name, String(page.page), changed, page.image.map { options.out + "/" + $0 } ?? ""],
              page.textChanges.map { detail($0, options) }
            ))
        }
      }
    }
    let widths = (0..<4).map { column in rows.map { $0.cells[column].count }.max() ?? 0 }
    let lines = rows.flatMap { row in
      let line = row.cells.enumerated().map { column, text in
        column == 1
          ? String(repeating: " ", count: widths[1] - text.count) + text
          : text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
      return [line] + row.details
    }
    return (lines + [totalLine(results)]).joined(separator: "\n")
  }

  /// One changed run of words as a line of the table: old → new, where, and its close-up.
  static func detail(_ change: TextChange, _ options: DiffOptions) -> String {
    let box = change.box
    let place = String(format: "at %.0f, %.0f pt", box.x, box.y)
    let picture = change.image.map { "  " + options.out + "/" + $0 } ?? ""
    return "    \"\(change.old)\" → \"\(change.new)\"  \(place)\(picture)"
  }

  /// The closing line: how many documents were compared and what became of them.
  static func totalLine(_ results: [DocumentResult]) -> String {
    let changed = results.filter { $0.status == "changed" }.count
    let pages = results.reduce(0) { $0 + $1.pages.count }
    let count = { (status: String) in results.filter { $0.status == status }.count }
    return
      "\(results.count) document\(results.count == 1 ? "" : "s") compared: \(changed) changed (\(pages) page\(pages == 1 ? "" : "s")), \(count("added")) added, \(count("removed")) removed"
  }

  /// The JSON summary: every document with its status and pages.
  static func summaryJSON(_ results: [DocumentResult], _ options: DiffOptions, changed: Bool) -> String {
    let documents = results.map { result -> [String: Any] in
      [
        "name": result.name, "status": result.status, "oldPages": result.oldPages,
        "newPages": result.newPages, "pages": result.pages.map(pageJSON),
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

  /// One changed page in the JSON summary.
  static func pageJSON(_ page: PageResult) -> [String: Any] {
    let changes = page.textChanges.map { change -> [String: Any] in
      [
        "old": change.old, "new": change.new, "oldBox": boxJSON(change.oldBox),
        "newBox": boxJSON(change.newBox),
        "image": change.image ?? NSNull(),
      ]
    }
    return [
      "page": page.page, "changedPercent": (page.changedPercent * 10_000).rounded() / 10_000,
      "box": boxJSON(page.box.map { PageBox(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }),
      "regions": page.regions.map(boxJSON), "textChanges": changes, "textChanged": !page.textChanges.isEmpty,
      "resolution": page.resolution, "image": page.image ?? NSNull(),
    ]
  }

  /// A box in points, to a tenth, or null.
  static func boxJSON(_ box: PageBox?) -> Any {
    func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
    guard let box else { return NSNull() }
    return [
      "x": rounded(box.x), "y": rounded(box.y), "width": rounded(box.width), "height": rounded(box.height),
    ]
  }
}
