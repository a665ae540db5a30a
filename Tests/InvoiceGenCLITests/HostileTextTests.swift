import Foundation
import Testing

/// Legal but hostile text and XML end to end: noncharacters in every input kind, entity bombs, huge logos.
@Suite(.serialized) struct HostileTextTests {
  /// U+FDD0 and U+10FFFF: Unicode noncharacters, legal in XML, JSON and UTF-8, refused by cairo.
  /// (Swift refuses noncharacters in string literals, so they are made from their code points.)
  static let nonCharacter = scalar(0xFDD0)

  static func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }

  /// Runs invoicegen under `/usr/bin/time`; the peak resident memory in KB comes back with the result.
  static func measured(_ arguments: [String], directory: String? = nil) throws -> (CommandRunner.Result, Int)
  {
    let folder = try CommandRunner.temporaryFolder()
    let report = folder + "/time.txt"
    let result = try CommandRunner.run(
      "/usr/bin/time", ["-f", "%M", "-o", report, CommandRunner.binary] + arguments,
      directory: directory ?? CommandRunner.sampleData)
    let kilobytes =
      Int(try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").last ?? "") ?? 0
    return (result, kilobytes)
  }

  @Test(arguments: [false, true])
  func aNonCharacterInACIReportIsShownAsReplacementAndWarned(untagged: Bool) throws {
    let folder = try CommandRunner.temporaryFolder()
    try """
    <testsuite name="s" tests="1"><testcase classname="c" name="t&#x10FFFF;"/></testsuite>

    """.write(toFile: folder + "/nc.xml", atomically: true, encoding: .utf8)
    try "Name,Total\nx\(HostileTextTests.nonCharacter)y,1\n".write(
      toFile: folder + "/nc.csv", atomically: true, encoding: .utf8)
    for name in ["nc.xml", "nc.csv"] {
      let pdf = folder + "/\(name).pdf"
      let result = try CommandRunner.invoicegen(
        ["report", "--input", folder + "/" + name, "--out", pdf] + (untagged ? ["--untagged"] : []))
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(try CommandRunner.run("qpdf", ["--check", pdf]).status == 0)
      let text = try CommandRunner.text(pdf)
      #expect(text.contains(name == "nc.xml" ? "t\u{FFFD}" : "x\u{FFFD}y"), "\(text)")
      let warning =
        name == "nc.xml"
        ? "nc.xml:1: attribute name of <testcase>: contains U+10FFFF"
        : "nc.csv:2: column \"Name\": contains U+FDD0"
      #expect(result.stderr.contains("\(warning), a Unicode noncharacter"), "\(result.stderr)")
    }
  }

  @Test func aNonCharacterInEveryInputKindIsWarnedOnceAndPrinted() throws {
    let folder = try CommandRunner.temporaryFolder()
    let bad = HostileTextTests.nonCharacter
    let orders = """
      invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency
      N-1,2026-01-05,Kunde \(bad),Widget \(bad),1,10,19,EUR
      N-1,2026-01-05,Kunde \(bad),Gadget \u{85},1,10,19,EUR
      N-2,2026-01-05,Plain,Widget,1,10,19,EUR

      """
    try orders.write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    let batch = try CommandRunner.invoicegen([
      "--input", folder + "/orders.csv", "--out", folder + "/csv", "--progress", "never",
    ])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(batch.stdout.contains("2 invoices written, 0 failed"))
    // Once per invoice, naming the file, the line and the column.
    let csvWarnings = batch.stderr.split(separator: "\n").filter {
      $0.contains("noncharacter") || $0.contains("control character")
    }
    #expect(csvWarnings.count == 1, "\(batch.stderr)")
    #expect(
      csvWarnings.first?.contains("orders.csv:2: column \"description\": contains U+FDD0") == true,
      "\(batch.stderr)")
    #expect(try CommandRunner.text(folder + "/csv/N-1.pdf").contains("Widget \u{FFFD}"))

    let json = """
      [{"invoiceNumber": "J-1", "invoiceDate": "2026-01-05", "currency": "EUR",
        "customer": {"name": "Kunde"}, "notes": "lone \\uD800 surrogate",
        "items": [{"description": "Widget \\uFDEF", "quantity": 1, "unitPrice": "10", "taxRate": 19}]}]
      """
    try json.write(toFile: folder + "/invoices.json", atomically: true, encoding: .utf8)
    let fromJSON = try CommandRunner.invoicegen([
      "--input", folder + "/invoices.json", "--out", folder + "/json", "--progress", "never",
    ])
    #expect(fromJSON.status == 0, "\(fromJSON.stderr)")
    #expect(fromJSON.stderr.contains("invoices.json:3:"), "\(fromJSON.stderr)")
    #expect(fromJSON.stderr.contains("$[0].items[0].description: contains U+FDEF"), "\(fromJSON.stderr)")
    #expect(try CommandRunner.text(folder + "/json/J-1.pdf").contains("Widget \u{FFFD}"))

    let reportJSON = """
      {"title": "Q\(bad)", "sections": [{"heading": "H", "blocks": [{"type": "paragraph", "text": "a\\uD800b"}]}]}
      """
    try reportJSON.write(toFile: folder + "/report.json", atomically: true, encoding: .utf8)
    let report = try CommandRunner.invoicegen([
      "report", "--input", folder + "/report.json", "--out", folder + "/r.pdf",
    ])
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stderr.contains("report.json:1:11: contains U+FDD0"), "\(report.stderr)")
    #expect(try CommandRunner.text(folder + "/r.pdf").contains("a\u{FFFD}b"))

    try """
    <?xml version="1.0"?>
    <coverage lines-valid="2" lines-covered="1"><packages><package name="pkg\(HostileTextTests.scalar(0x1FFFF))"><classes><class name="c">
    <lines><line number="1" hits="1"/><line number="2" hits="0"/></lines></class></classes></package></packages></coverage>

    """.write(toFile: folder + "/coverage.xml", atomically: true, encoding: .utf8)
    let coverage = try CommandRunner.invoicegen([
      "report", "--input", folder + "/coverage.xml", "--out", folder + "/c.pdf",
    ])
    #expect(coverage.status == 0, "\(coverage.stderr)")
    #expect(
      coverage.stderr.contains("coverage.xml:2: attribute name of <package>: contains U+1FFFF"),
      "\(coverage.stderr)")

    try """
    {"seller": {"name": "Northwind \(bad) GmbH"}}
    """.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
    let configured = try CommandRunner.invoicegen([
      "--input", folder + "/orders.csv", "--config", folder + "/config.json", "--out", folder + "/cfg",
      "--progress", "never",
    ])
    #expect(configured.status == 0, "\(configured.stderr)")
    #expect(configured.stderr.contains("config.json:1:21: contains U+FDD0"), "\(configured.stderr)")
    #expect(try CommandRunner.text(folder + "/cfg/N-2.pdf").contains("Northwind \u{FFFD} GmbH"))
  }

  /// Billion laughs in the shapes that got past the old pre-scan: each refused at once, in little memory.
  @Test func entityBombsAreRefusedBeforeAnyExpansion() throws {
    let folder = try CommandRunner.temporaryFolder()
    var entities = "<!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      entities += "<!ENTITY lol\(level) \"\(String(repeating: "&\(previous);", count: 10))\">\n"
    }
    let declaration = "<!DOCTYPE lolz [\n\(entities)]>\n"
    let body = "<testsuite name=\"s\"><testcase name=\"x\">&lol9;</testcase></testsuite>\n"
    let cases: [(String, Data)] = [
      ("plain", Data(("<?xml version=\"1.0\"?>\n" + declaration + body).utf8)),
      ("comment", Data(("<?xml version=\"1.0\"?>\n<!-- <!DOCTYPE x> -->\n" + declaration + body).utf8)),
      (
        "padding",
        Data(
          ("<?xml version=\"1.0\"?>\n<!--" + String(repeating: " ", count: 70_000) + "-->\n" + declaration
            + body).utf8)
      ),
      (
        "attribute", Data(("<?xml version=\"1.0\"?>\n" + declaration + "<testsuite name=\"&lol9;\"/>\n").utf8)
      ),
      ("utf16", ("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + declaration + body).data(using: .utf16)!),
    ]
    for (name, bytes) in cases {
      let path = folder + "/\(name).xml"
      try bytes.write(to: URL(fileURLWithPath: path))
      let (result, kilobytes) = try HostileTextTests.measured([
        "report", "--input", path, "--out", folder + "/\(name).pdf",
      ])
      #expect(result.status == 1, "\(name): \(result.stderr)")
      #expect(
        result.stderr.contains("has a DOCTYPE that declares its own entities"), "\(name): \(result.stderr)")
      #expect(kilobytes > 0 && kilobytes < 100_000, "\(name): \(kilobytes) KB")
      #expect(!FileManager.default.fileExists(atPath: folder + "/\(name).pdf"))
    }
    // An entity that was never declared is refused too, never looked up anywhere.
    try "<testsuite name=\"s\"><testcase name=\"&xxe;\"/></testsuite>\n".write(
      toFile: folder + "/undeclared.xml", atomically: true, encoding: .utf8)
    let undeclared = try CommandRunner.invoicegen([
      "report", "--input", folder + "/undeclared.xml", "--out", folder + "/u.pdf",
    ])
    #expect(undeclared.status == 1)
    #expect(undeclared.stderr.contains("undeclared.xml:1:"), "\(undeclared.stderr)")
  }

  /// A 12000 × 12000 logo (440 KB as PNG) costs little more memory than no logo: it is decoded at the size drawn.
  @Test(arguments: ["png", "jpg"])
  func aHugeLogoIsDecodedAtTheSizeDrawn(format: String) throws {
    let folder = try CommandRunner.temporaryFolder()
    let logo = folder + "/logo.\(format)"
    let script = """
      from PIL import Image, ImageDraw
      image = Image.new('RGB', (12000, 12000), (20, 80, 180))
      ImageDraw.Draw(image).rectangle((0, 6000, 12000, 12000), fill=(230, 120, 30))
      image.save('\(logo)', quality=80) if '\(format)' == 'jpg' else image.save('\(logo)', compress_level=1)
      """
    let made = try CommandRunner.run(EInvoiceTests.python, ["-c", script])
    #expect(made.status == 0, "\(made.stderr)")
    let input = CommandRunner.sampleData + "/orders.csv"
    var peaks: [String: Int] = [:]
    for (name, value) in [("none", ""), ("huge", logo)] {
      try (value.isEmpty ? "{}" : "{\"brand\": {\"logo\": \"\(value)\"}}").write(
        toFile: folder + "/\(name).json", atomically: true, encoding: .utf8)
      let (result, kilobytes) = try HostileTextTests.measured([
        "--input", input, "--config", folder + "/\(name).json", "--out", folder + "/\(name)", "--jobs", "1",
        "--only", "INV-2026001", "--progress", "never",
      ])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      peaks[name] = kilobytes
    }
    let extra = (peaks["huge"] ?? 0) - (peaks["none"] ?? 0)
    #expect(extra < 60_000, "a 12000×12000 \(format) logo cost \(extra) KB more (\(peaks))")
    let images = try CommandRunner.run("pdfimages", ["-list", folder + "/huge/INV-2026001.pdf"]).stdout
    // One image, embedded at a few hundred pixels, not 12000.
    let rows = images.split(separator: "\n").dropFirst(2)
    #expect(rows.count == 1, "\(images)")
    let width = rows.first.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[3]) } ?? 0
    #expect(width > 50 && width < 1000, "\(images)")
  }

  @Test func smallOnesStaySmall() throws {
    let folder = try CommandRunner.temporaryFolder()
    // A NUL in an invoice number is one error, not a second "is empty" one.
    try
      "invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency\nX\u{0}-1,2026-01-05,C,W,1,10,19,EUR\nX-2,2026-01-05,C,W,1,10,19,EUR\n"
      .write(toFile: folder + "/nul.csv", atomically: true, encoding: .utf8)
    let nul = try CommandRunner.invoicegen([
      "--input", folder + "/nul.csv", "--out", folder + "/nul", "--progress", "never",
    ])
    #expect(nul.stderr.contains("contains the control character U+0000"), "\(nul.stderr)")
    #expect(!nul.stderr.contains("is empty"), "\(nul.stderr)")
    #expect(nul.stdout.contains("1 invoice written, 1 failed"), "\(nul.stdout)")
    // Two invalid invoices whose numbers differ only in normalization are two failures.
    let twin = """
      {"invoiceDate": "2026-01-05", "currency": "EUR", "customer": {"name": "C"},
       "items": [{"description": "W", "quantity": "x", "unitPrice": "10", "taxRate": 19}]
      """
    try "[\(twin), \"invoiceNumber\": \"Caf\\u00e9-1\"}, \(twin), \"invoiceNumber\": \"Cafe\\u0301-1\"}]"
      .write(
        toFile: folder + "/twins.json", atomically: true, encoding: .utf8)
    let twins = try CommandRunner.invoicegen([
      "--input", folder + "/twins.json", "--out", folder + "/twins", "--progress", "never",
    ])
    #expect(twins.stdout.contains("0 invoices written, 2 failed"), "\(twins.stdout)\(twins.stderr)")
    // A report that cannot be written names its file once.
    let limited = try FaultTests.invoicegenLimited(
      blocks: 1, ["report", "--input", "report.csv", "--out", folder + "/big.pdf"])
    #expect(limited.status == 3, "\(limited.stderr)")
    let line = limited.stderr.split(separator: "\n").first { $0.contains("big.pdf") } ?? ""
    #expect(line.components(separatedBy: "big.pdf").count == 2, "\(limited.stderr)")
  }
}
