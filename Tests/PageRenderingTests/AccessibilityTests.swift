import DataModel
import Foundation
import Layouts
import PageKit
import Testing

@testable import PageRendering

/// Tagged PDFs (issue 13): the structure tree, PDF/UA checks by `pdfua` and our own Matterhorn checks, text extraction.
@Suite(.serialized) struct AccessibilityTests {
  static let validators = TestSupport.packageRoot.appendingPathComponent(".build/validators/bin")
  static let checker = TestSupport.packageRoot.appendingPathComponent("Tests/Validators/tagged_pdf_check.py")
  static let expectedTrees = TestSupport.packageRoot.appendingPathComponent("Tests/Validators/structure")

  /// Two item descriptions per language, written in its script.
  static let descriptions: [String: [String]] = [
    "en-GB": ["Consulting services", "Cloud hosting, monthly"],
    "de-DE": ["Beratungsleistungen", "Wartung & Pflege (Größe XL)"],
    "fr-FR": ["Prestations de conseil", "Hébergement à l’année"],
    "es-ES": ["Servicios de consultoría", "Alojamiento en la nube, año"],
    "it-IT": ["Servizi di consulenza", "Manutenzione è inclusa"],
    "nl-NL": ["Adviesdiensten", "Hosting per maand, één server"],
    "pt-PT": ["Serviços de consultoria", "Alojamento na nuvem, mês"],
    "pl-PL": ["Usługi doradcze", "Hosting w chmurze, miesięczny"],
    "sv-SE": ["Konsulttjänster", "Molnlagring för år"],
    "ja-JP": ["コンサルティング業務", "クラウドホスティング（月額）"],
    "zh-Hans-CN": ["咨询服务", "云托管（月付）"],
    "ko-KR": ["컨설팅 서비스", "클라우드 호스팅 월간"],
    "ar-SA": ["خدمات استشارية", "استضافة سحابية شهرية"],
    "he-IL": ["שירותי ייעוץ", "אחסון בענן חודשי"],
    "hi-IN": ["परामर्श सेवाएँ", "क्लाउड होस्टिंग मासिक"],
    "th-TH": ["ค่าที่ปรึกษาด้านซอฟต์แวร์", "บริการโฮสติ้งรายเดือน"],
    "ru-RU": ["Консультационные услуги", "Облачный хостинг, ежемесячно"],
    "tr-TR": ["Danışmanlık hizmetleri", "Bulut barındırma, aylık"],
    "fa-IR": ["خدمات مشاوره", "میزبانی ابری ماهانه"],
    "vi-VN": ["Dịch vụ tư vấn", "Lưu trữ đám mây hàng tháng"],
    "id-ID": ["Layanan konsultasi", "Hosting awan bulanan"],
    "uk-UA": ["Консультаційні послуги", "Хмарний хостинг, щомісяця"],
    "el-GR": ["Υπηρεσίες συμβούλων", "Φιλοξενία στο νέφος, μηνιαία"],
    "fr-CA": [
      "Cafe\u{0301} et the\u{0301} (accents de\u{0301}compose\u{0301}s)",
      "Re\u{0301}paration d’e\u{0301}cran",
    ],
  ]

  /// The 22 languages, Greek (labels in English, text in Greek), and accents written as combining marks.
  static let cases =
    LanguageTests.cases + [
      LanguageTests.Case(locale: "el-GR", currency: "EUR", customer: "Ελληνική Εταιρεία Α.Ε."),
      LanguageTests.Case(
        locale: "fr-CA", currency: "CAD", customer: "Ame\u{0301}lie Co\u{0302}te\u{0301} Inc."),
    ]

  /// An invoice of `language` whose customer and items are written in its script; `items` repeats the two descriptions.
  static func renderer(_ language: LanguageTests.Case, items: Int = 2, logo: Bool = false) throws
    -> DocumentRenderer
  {
    let names = try #require(descriptions[language.locale])
    let lines = (0..<items).map { index in
      LineItem(
        description: names[index % names.count], quantity: ExactDecimal(index + 1),
        unitPrice: ExactDecimal("120.5")!, taxRate: ExactDecimal(19))
    }
    let invoice = try Invoice(
      number: "A-\(language.locale)", issueDate: CalendarDate(year: 2026, month: 3, day: 14)!,
      dueDate: CalendarDate(year: 2026, month: 4, day: 13)!, currency: Currency(code: language.currency)!,
      customer: Party(name: language.customer, address: ["1 Example Street"]), items: lines,
      locale: language.locale)
    var settings = InvoiceSettings(
      issuer: Issuer(
        seller: Party(name: "Northwind Software GmbH", address: ["Friedrichstraße 123", "10117 Berlin"]),
        bank: BankAccount(iban: "DE89 3704 0044 0532 0130 00")),
      brand: Brand())
    if logo {
      settings.brand.logo = TestSupport.packageRoot.appendingPathComponent("SampleData/logo.png").path
    }
    let prepared = InvoiceLayout.document(for: invoice, settings: settings)
    // The machine's fonts (make deps installs Noto for every script), as in LanguageTests.
    return DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: RenderResources())
  }

  /// `text` as compared: bidi controls and no-break spaces out, whitespace runs one space, NFC.
  static func normalize(_ text: String) -> String {
    LanguageTests.normalize(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
      .precomposedStringWithCanonicalMapping
  }

  /// `text` as poppler extracts it: a lam–alef ligature comes out as alef–lam, even from other tools' PDFs.
  static func popplerLigatures(_ text: String) -> String {
    var out = ""
    var previous: Character?
    for character in text {
      if previous == "ل", ["ا", "أ", "إ", "آ"].contains(character) {
        out.removeLast()
        out.append(character)
        out.append("ل")
      } else {
        out.append(character)
      }
      previous = character
    }
    return out
  }

  /// What `pdfua check` says about `path`: its exit status and report.
  static func pdfua(_ path: String) throws -> (status: Int32, output: String) {
    try TestSupport.run(validators.appendingPathComponent("pdfua").path, ["check", path])
  }

  /// The problems our own checks find in `path` (see Tests/Validators/tagged_pdf_check.py).
  static func matterhorn(_ path: String, language: String? = nil) throws -> [String] {
    try #require(try checkerReport(path, language: language)["problems"] as? [String])
  }

  /// The whole report of our checker on `path`: problems, figures and their /Alt, header cells.
  static func checkerReport(_ path: String, language: String? = nil) throws -> [String: Any] {
    let run = try TestSupport.run(
      validators.appendingPathComponent("python").path, [checker.path, path] + (language.map { [$0] } ?? []))
    let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    return try #require(object, "checker output: \(run.output)")
  }

  @Test(arguments: AccessibilityTests.cases)
  func everyLanguageIsTaggedAndExtractsAsDrawn(_ language: LanguageTests.Case) throws {
    let path = try TestSupport.temporaryFolder() + "/invoice.pdf"
    try AccessibilityTests.renderer(language).writePDF(to: path)
    let text = AccessibilityTests.normalize(try TestSupport.run("pdftotext", [path, "-"]).output)
    let expected =
      [language.customer] + (AccessibilityTests.descriptions[language.locale] ?? []).map { $0 }
    for item in expected {
      let wanted = AccessibilityTests.popplerLigatures(AccessibilityTests.normalize(item))
      #expect(text.contains(wanted), "\(language): \(wanted) not in \(text)")
    }
    let report = try AccessibilityTests.pdfua(path)
    #expect(report.status == 0 && report.output.contains("errors=0 warnings=0"), "\(report.output)")
    #expect(try AccessibilityTests.matterhorn(path, language: language.locale) == [])
  }

  @Test func anUntaggedFileIsReportedSoTheChecksCanFail() throws {
    let path = try TestSupport.temporaryFolder() + "/untagged.pdf"
    let renderer = try AccessibilityTests.renderer(LanguageTests.cases[1])
    renderer.tagged = false
    try renderer.writePDF(to: path)
    let report = try AccessibilityTests.pdfua(path)
    #expect(report.status != 0)
    for rule in ["UA-01-005", "UA-01-002", "UA-06-001"] { #expect(report.output.contains(rule)) }
    let problems = try AccessibilityTests.matterhorn(path, language: "de-DE")
    #expect(problems.contains("no /StructTreeRoot"))
    #expect(problems.contains { $0.contains("'f' outside marked content") })
  }

  /// `pdfinfo -struct-text` of `path` compared with the expected dump `name`; RECORD_STRUCTURE=1 writes it.
  static func checkTree(_ path: String, name: String) throws {
    let tree = try TestSupport.run("pdfinfo", ["-struct-text", path]).output
    let expected = expectedTrees.appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["RECORD_STRUCTURE"] == "1" {
      try tree.write(to: expected, atomically: true, encoding: .utf8)
    }
    let recorded = try String(contentsOf: expected, encoding: .utf8)
    #expect(tree == recorded, "structure of \(name) differs from \(expected.path):\n\(tree)")
  }

  @Test func theInvoicesTreeHasHeadingsTablesAndAFigure() throws {
    let language = try #require(LanguageTests.cases.first { $0.locale == "de-DE" })
    let path = try TestSupport.temporaryFolder() + "/invoice.pdf"
    try AccessibilityTests.renderer(language, logo: true).writePDF(to: path)
    try AccessibilityTests.checkTree(path, name: "invoice-de-DE")
    // The logo is a figure named after the seller; the facts are a table of row headers.
    let report = try AccessibilityTests.checkerReport(path, language: "de-DE")
    #expect(report["alts"] as? [String] == ["Northwind Software GmbH"])
    #expect(report["problems"] as? [String] == [])
  }

  @Test func theReportsTreeHasSectionsHeadingsAndDescribedCharts() throws {
    let source = TestSupport.packageRoot.appendingPathComponent("SampleData/report.json").path
    let report = try #require(ReportJSONImporter().importFile(source).report)
    let prepared = ReportLayout.document(for: report, brand: Brand(), creator: "tests")
    let renderer = DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: try TestSupport.resources())
    let path = try TestSupport.temporaryFolder() + "/report.pdf"
    try renderer.writePDF(to: path)
    try AccessibilityTests.checkTree(path, name: "report")
    // Each chart is a figure described by its title and its series' values.
    let alts = try #require(try AccessibilityTests.checkerReport(path)["alts"] as? [String])
    #expect(
      alts.count
        == report.sections.flatMap(\.blocks).filter { if case .chart = $0 { true } else { false } }.count)
    #expect(
      alts.first?.hasPrefix("Seconds per suite. this run: DataModel 18.4, PageKit 9.7") == true, "\(alts)")
    let report2 = try AccessibilityTests.pdfua(path)
    #expect(report2.status == 0 && report2.output.contains("errors=0 warnings=0"), "\(report2.output)")
    #expect(try AccessibilityTests.matterhorn(path, language: "en-GB") == [])
  }

  @Test func effectsImagesAndLinksKeepTheFileTagged() throws {
    let logo = TestSupport.packageRoot.appendingPathComponent("SampleData/logo.png").path
    let document = Document(title: "Effects") {
      Page(size: .a5, margins: EdgeInsets(24)) {
        Image(file: logo).resizable().frame(width: 60, height: 20)
        Text("Faded heading").accessibilityHeading(.h1).opacity(0.5)
        Text("Shadowed text").shadow(color: .black, radius: 2, x: 1, y: 1)
        Text("Clipped text").clipShape(RoundedRectangle(cornerRadius: 4))
        Image(file: logo).resizable().frame(width: 60, height: 20).accessibilityLabel("Logo")
        Text("A link (with parentheses) \\ and 'quotes'").link(URL(string: "https://example.com/a'b")!)
      }
    }
    let renderer = DocumentRenderer(document: document, resources: RenderResources())
    let path = try TestSupport.temporaryFolder() + "/effects.pdf"
    try renderer.writePDF(to: path)
    let text = AccessibilityTests.normalize(try TestSupport.run("pdftotext", [path, "-"]).output)
    for expected in [
      "Faded heading", "Shadowed text", "Clipped text", "A link (with parentheses) \\ and 'quotes'",
    ] {
      #expect(text.contains(expected), "\(expected) in \(text)")
    }
    let report = try AccessibilityTests.checkerReport(path, language: "en")
    #expect(report["problems"] as? [String] == [])
    #expect(report["alts"] as? [String] == ["Logo"])
    let tree = try TestSupport.run("pdfinfo", ["-struct-text", path]).output
    #expect(tree.contains("H1") && tree.contains("Link"), "\(tree)")
  }

  @Test func aTableOverSeveralPagesIsOneTableWhoseHeaderIsReadOnce() throws {
    let language = try #require(LanguageTests.cases.first { $0.locale == "en-GB" })
    let path = try TestSupport.temporaryFolder() + "/long.pdf"
    let pages = try AccessibilityTests.renderer(language, items: 90).writePDF(to: path)
    #expect(pages >= 3)
    let tree = try TestSupport.run("pdfinfo", ["-struct-text", path]).output
    let lines = tree.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    // Facts, items, totals, VAT summary, bank details: five tables however many pages the items take.
    #expect(lines.filter { $0.hasPrefix("Table") }.count == 5)
    #expect(lines.filter { $0 == "THead" }.count == 1)
    #expect(lines.filter { $0 == "TR" }.count >= 90)
    // The header is drawn on every page, but read once.
    let drawn =
      try TestSupport.run("pdftotext", [path, "-"]).output.components(separatedBy: "Description").count - 1
    #expect(drawn >= 3, "the items' header is drawn on each of their pages")
    #expect(tree.components(separatedBy: "\"Description\"").count - 1 == 1)
    #expect(try AccessibilityTests.matterhorn(path, language: "en-GB") == [])
  }
}

/// The content filter that turns markers into marked content and marks artifacts, on content cairo could write and on content it does not.
@Suite struct ArtifactMarkingTests {
  static func mark(_ content: String, markers: Bool = false, tokenizerOnly: Bool = false) throws -> String {
    String(
      decoding: try PDFFinishingPass.markContent(
        Data(content.utf8), markers: markers, tokenizerOnly: tokenizerOnly),
      as: UTF8.self)
  }

  /// The operators of `content` with the marked-content sequences they are in: "Artifact:re", "P:Tj".
  static func operators(_ content: String) -> [String] {
    var stack: [String] = []
    var out: [String] = []
    var previous = ""
    var beforeDictionary = ""  // the tag of "/P << /MCID 0 >> BDC"
    // Operators may follow a string or array without a space: `(Hello)Tj`, `[(T)70(otal)]TJ`.
    let spaced = content.replacingOccurrences(of: ")", with: ") ").replacingOccurrences(of: "]", with: "] ")
    for word in spaced.split(whereSeparator: \.isWhitespace).map(String.init) {
      if word.hasPrefix("<<") { beforeDictionary = previous }
      switch word {
      case "BMC": stack.append(previous)
      case "BDC": stack.append(beforeDictionary)
      case "EMC": _ = stack.popLast()
      case "re", "f", "Tj", "TJ", "q", "Q", "cm", "BT", "ET", "Do", "EI":
        out.append("\(stack.last ?? "none"):\(word)")
      default: break
      }
      previous = word
    }
    return out
  }

  @Test func operatorsOutsideMarkedContentBecomeArtifactsWhateverTheStringsSay() throws {
    let content = """
      q 1 0 0 -1 0 842 cm
      0 0 10 10 re f % a comment with BDC and EMC in it
      /P << /MCID 0 >> BDC
      BT (EMC \\) (BDC\\\\) nested (x) y) Tj <454D43> Tj ET
      EMC
      0 0 5 5 re f
      Q
      """
    let marked = try ArtifactMarkingTests.mark(content)
    #expect(
      ArtifactMarkingTests.operators(marked) == [
        "/Artifact:q", "/Artifact:cm", "/Artifact:re", "/Artifact:f", "/P:BT", "/P:Tj", "/P:Tj", "/P:ET",
        "/Artifact:re", "/Artifact:f", "/Artifact:Q",
      ], "\(marked)")
    // Strings and comments pass through byte for byte.
    #expect(marked.contains("(EMC \\) (BDC\\\\) nested (x) y) Tj <454D43> Tj"))
    #expect(marked.contains("% a comment with BDC and EMC in it"))
  }

  @Test func anInlineImageGoesThroughLibqpdfsTokenizer() throws {
    // Image data that reads like operators must not be taken for them.
    let content = "q BI /W 2 /H 1 /BPC 8 /CS /G ID \u{1}E\nEI Q\n/P << /MCID 0 >> BDC BT (a) Tj ET EMC\n"
    let marked = try ArtifactMarkingTests.mark(content)
    #expect(
      ArtifactMarkingTests.operators(marked).filter { !$0.hasSuffix(":EI") } == [
        "/Artifact:q", "/Artifact:Q", "/P:BT", "/P:Tj", "/P:ET",
      ], "\(marked)")
    #expect(marked.hasPrefix("\n/Artifact BMC\nq BI"), "\(marked)")
  }

  @Test func markersBecomeMarkedContentAndBothScannersAgree() throws {
    // What cairo writes for a BEGIN marker (ordinal 0, then 1), text, an END marker and decoration.
    let content = """
      1 0 0 -1 0 842 cm
      q
      0 0 0 rg /a0 gs
      40.25 50.25 0.5 0.113281 re f
      0.2 0.4 0.6 rg BT
      12 0 0 -12 10 50 Tm
      /f-0-0 1 Tf
      (Hello)Tj
      ET
      40.25 50.25 0.503906 0.113281 re f
      BT (World)Tj ET
      40.25 50.25 0.5 0.121094 re f
      0.9 g 44 104 507 18 re f
      Q
      """
    let quick = try ArtifactMarkingTests.mark(content, markers: true)
    #expect(
      ArtifactMarkingTests.operators(quick) == [
        "/Artifact:cm", "/Artifact:q", "/P:BT", "/P:Tj", "/P:ET", "/P:BT", "/P:Tj", "/P:ET", "/Artifact:re",
        "/Artifact:f", "/Artifact:Q",
      ], "\(quick)")
    #expect(quick.contains("/P <</MCID 0>> BDC") && quick.contains("/P <</MCID 1>> BDC"), "\(quick)")
    // The marker rectangles are gone; the real rectangle stays.
    #expect(!quick.contains("0.113281 re") && !quick.contains("0.121094 re"), "\(quick)")
    let tokenized = try ArtifactMarkingTests.mark(content, markers: true, tokenizerOnly: true)
    #expect(
      ArtifactMarkingTests.operators(tokenized) == ArtifactMarkingTests.operators(quick), "\(tokenized)")
  }

  @Test func insertionMarkersBecomeTheRenderersOperatorsInsideWhatIsOpen() throws {
    // An INSERT marker (27/256 pt high) inside a paragraph's content, then one in decoration.
    let content = """
      1 0 0 -1 0 842 cm
      40.25 50.25 0.5 0.113281 re f
      BT (Scan) Tj ET
      40.25 50.25 0.5 0.105469 re f
      40.25 50.25 0.5 0.121094 re f
      40.25 50.25 0.503906 0.105469 re f
      """
    let quick = try ArtifactMarkingTests.mark(content, markers: true)
    // The test pass inserts `q 0 0 ordinal+1 1 re f Q` for each.
    #expect(quick.contains("q 0 0 1 1 re f Q") && quick.contains("q 0 0 2 1 re f Q"), "\(quick)")
    #expect(!quick.contains("0.105469"), "\(quick)")
    #expect(
      ArtifactMarkingTests.operators(quick) == [
        "/Artifact:cm", "/P:BT", "/P:Tj", "/P:ET", "/P:q", "/P:re", "/P:f", "/P:Q", "/Artifact:q",
        "/Artifact:re", "/Artifact:f", "/Artifact:Q",
      ], "\(quick)")
    let tokenized = try ArtifactMarkingTests.mark(content, markers: true, tokenizerOnly: true)
    #expect(
      ArtifactMarkingTests.operators(tokenized) == ArtifactMarkingTests.operators(quick), "\(tokenized)")
  }

  @Test func bothScannersAgreeOnEveryPageCairoWrites() throws {
    // Cairo's own pages, markers and all, before the finishing pass: a table over three pages with rules and a heading.
    let writer = try PDFWriter(metadata: PDFMetadata(title: "Scanners"))
    writer.accessibility = PDFAccessibility(language: "en")
    let cairo = MemorySink()
    writer.cairoOutput = cairo
    for page in 1...3 {
      let rows = (1...12).map { ["Row \(page).\($0)", "\($0 * 7).00", "(a) <b> %c"] }
      try writer.addPage(
        VStack(alignment: .leading, spacing: 6) {
          Text("Page \(page)").font(.title).accessibilityHeading(.h1)
          Rectangle().fill(Color(white: 0.8)).frame(height: 2)
          Table(
            columns: [TableColumn("Name"), TableColumn("Amount", alignment: .trailing), TableColumn("Note")],
            rows: TableRows(rows))
        }
        .padding(30), size: CGSize(width: 400, height: 500), resources: try TestSupport.resources())
    }
    _ = try writer.finishData()
    let folder = try TestSupport.temporaryFolder()
    try cairo.data.write(to: URL(fileURLWithPath: folder + "/cairo.pdf"))
    _ = try TestSupport.run(
      "qpdf", ["--qdf", "--object-streams=disable", folder + "/cairo.pdf", folder + "/qdf.pdf"])
    let qdf = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/qdf.pdf")), as: UTF8.self)
    var checked = 0
    for part in qdf.components(separatedBy: "%% Contents for page ").dropFirst() {
      guard let start = part.range(of: "stream\n"), let end = part.range(of: "endstream") else { continue }
      let stream = String(part[start.upperBound..<end.lowerBound])
      let quick = try ArtifactMarkingTests.mark(stream, markers: true)
      let tokenized = try ArtifactMarkingTests.mark(stream, markers: true, tokenizerOnly: true)
      let operators = ArtifactMarkingTests.operators(quick)
      #expect(operators == ArtifactMarkingTests.operators(tokenized))
      // One heading, three columns of 13 rows (the header included) marked; rules are artifacts.
      #expect(operators.filter { $0 == "/P:Tj" || $0 == "/P:TJ" }.count >= 40, "\(operators)")
      #expect(operators.contains("/Artifact:re"))
      checked += 1
    }
    #expect(checked == 3)
  }
}
