import Foundation
import Testing

/// Text that extracts exactly (issue 25): names and descriptions mixing directions and scripts, Thai and Devanagari.
@Suite(.serialized) struct ExactTextTests {
  /// An invoice in `locale` whose customer and items mix scripts.
  struct Case: CustomStringConvertible, Sendable {
    var locale: String
    var currency: String
    var customer: String
    var items: [String]
    var description: String { locale }
  }

  static let cases = [
    Case(
      locale: "he-IL", currency: "ILS", customer: "גולדנברג Ltd",
      items: ["שירותי ייעוץ Cloud Pro", "רישיון Office 365 לשנה"]),
    Case(
      locale: "ar-SA", currency: "SAR", customer: "شركة النخيل Ltd",
      items: ["استضافة سحابية AWS شهرية", "ترخيص Microsoft Office"]),
    Case(
      locale: "fa-IR", currency: "IRR", customer: "شرکت پارس Co", items: ["میزبانی ابری Azure ماهانه"]),
    Case(
      locale: "th-TH", currency: "THB", customer: "บริษัท น้ำใจ Software จำกัด",
      items: [
        "ค่าบริการดูแลระบบ ERP และฐานข้อมูล PostgreSQL รายเดือน รวมการสำรองข้อมูลทุกวันและการตรวจสอบความปลอดภัย",
        "น้ำดื่มบรรจุขวด 600 มล. (แพ็ก 12 ขวด)", "เงื่อนไขพิเศษ Microsoft 365 ต่อผู้ใช้",
      ]),
    Case(
      locale: "hi-IN", currency: "INR", customer: "शर्मा Traders Pvt Ltd",
      items: ["क्लाउड होस्टिंग AWS मासिक", "सॉफ़्टवेयर विकास सेवाएँ (Java और Python)"]),
  ]

  /// The PDF of `invoice` written by invoicegen with the sample config (`flags` added).
  static func render(_ invoice: Case, flags: [String] = []) throws -> String {
    let folder = try CommandRunner.temporaryFolder()
    let items = invoice.items.map {
      ["description": $0, "quantity": 1, "unitPrice": 100, "taxRate": 7] as [String: Any]
    }
    let document: [String: Any] = [
      "invoices": [
        [
          "invoiceNumber": "X-1", "invoiceDate": "2026-04-01", "currency": invoice.currency,
          "locale": invoice.locale,
          "customer": ["name": invoice.customer, "address": ["1 Example Street"]], "items": items,
        ] as [String: Any]
      ]
    ]
    try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: folder + "/in.json"))
    let run = try CommandRunner.invoicegen(
      ["--input", folder + "/in.json", "--out", folder + "/out", "--progress", "never"] + flags)
    #expect(run.status == 0, "\(run.stderr)")
    return folder + "/out/X-1.pdf"
  }

  /// `text` with bidi controls out, no-break spaces plain, whitespace runs one space, NFC.
  static func normalize(_ text: String) -> String {
    CommandRunner.normalize(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
      .precomposedStringWithCanonicalMapping
  }

  /// What `pdftotext` reads, normalized.
  static func pdftotext(_ pdf: String) throws -> String {
    normalize(try CommandRunner.run("pdftotext", [pdf, "-"]).stdout)
  }

  /// The structure text (`pdfinfo -struct-text`): every marked-content string in the tree's order, one per line.
  static func structureText(_ pdf: String) throws -> [String] {
    let dump = try CommandRunner.run("pdfinfo", ["-struct-text", pdf]).stdout
    return dump.split(separator: "\n").compactMap { line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return nil }
      return normalize(String(trimmed.dropFirst().dropLast()))
    }
  }

  @Test(arguments: cases)
  func everyNameAndDescriptionExtractsExactly(_ invoice: Case) throws {
    let pdf = try ExactTextTests.render(invoice)
    let plain = try ExactTextTests.pdftotext(pdf)
    let structure = try ExactTextTests.structureText(pdf)
    for expected in [invoice.customer] + invoice.items {
      let wanted = ExactTextTests.normalize(expected)
      let found = plain.contains(wanted) || structure.contains { $0.contains(wanted) }
      #expect(found, "\(invoice): \(wanted)\npdftotext: \(plain)\nstructure: \(structure)")
    }
  }

  @Test func theStructureTextFollowsTheTextsOrderAndCarriesEveryCharacter() throws {
    // Right-to-left lines are drawn run by run in the text's order, so a Latin suffix follows the
    // Hebrew or Arabic name it ends; every Thai glyph maps to its character (no U+FFFD, no text cut
    // off after a nested ActualText span), even a tone mark stacked on a vowel or SARA AM.
    for invoice in ExactTextTests.cases where invoice.locale != "hi-IN" {
      let structure = try ExactTextTests.structureText(try ExactTextTests.render(invoice))
      for expected in [invoice.customer] + invoice.items {
        let wanted = ExactTextTests.normalize(expected)
        #expect(structure.contains { $0.contains(wanted) }, "\(invoice): \(wanted) not in \(structure)")
      }
      #expect(!structure.joined().contains("\u{FFFD}"), "\(invoice): \(structure)")
    }
  }

  @Test func pdftotextReadsThaiAndDevanagariExactlyTaggedOrNot() throws {
    // Thai marks drawn as outlines with their characters on the baseline (tagged), or the run as one
    // ActualText (untagged); Devanagari runs as one ActualText either way.
    for invoice in ExactTextTests.cases where ["th-TH", "hi-IN"].contains(invoice.locale) {
      for flags in [[], ["--untagged"]] {
        let plain = try ExactTextTests.pdftotext(try ExactTextTests.render(invoice, flags: flags))
        for expected in [invoice.customer] + invoice.items.dropFirst() {
          let wanted = ExactTextTests.normalize(expected)
          #expect(plain.contains(wanted), "\(invoice) \(flags): \(wanted) not in \(plain)")
        }
      }
    }
  }

  /// Thai names with marks above (ิ ี ั), below (ุ ู) and stacked (ู่, ิ์, ้ with ำ), and consonants with tails below (ฐ ญ ฎ).
  static let thaiMarks = Case(
    locale: "th-TH", currency: "THB", customer: "ฐิติกุล ธูปหอม",
    items: ["สุภาพร ศรีสุข", "ปู่ย่า น้ำใจ", "ฤทธิ์ ชูใจ", "ญาติ ฎีกา กตัญญู", "คุณภาพสูงสุด ๑๒ ชิ้น"])

  @Test func thaiMarksAboveBelowAndStackedExtractWholeInEveryMode() throws {
    for flags in [[], ["--untagged"]] {
      let pdf = try ExactTextTests.render(ExactTextTests.thaiMarks, flags: flags)
      // Each text on its own line in pdftotext's default mode (what search tools run) and in -raw.
      let modes = [
        ("default", try CommandRunner.run("pdftotext", [pdf, "-"]).stdout),
        ("raw", try CommandRunner.run("pdftotext", ["-raw", pdf, "-"]).stdout),
      ]
      for (mode, output) in modes {
        let lines = output.split(separator: "\n").map { ExactTextTests.normalize(String($0)) }
        for expected in [ExactTextTests.thaiMarks.customer] + ExactTextTests.thaiMarks.items {
          let wanted = ExactTextTests.normalize(expected)
          #expect(
            lines.contains { $0.contains(wanted) },
            "\(flags) \(mode): \(wanted) not on one line of\n\(output)")
        }
      }
      if flags.isEmpty {
        let structure = try ExactTextTests.structureText(pdf)
        for expected in [ExactTextTests.thaiMarks.customer] + ExactTextTests.thaiMarks.items {
          #expect(
            structure.contains { $0.contains(ExactTextTests.normalize(expected)) },
            "\(expected): \(structure)")
        }
      }
    }
  }

  /// Descriptions long enough to wrap over three or more lines of their cell, mixing scripts.
  static let wrapped = [
    Case(
      locale: "he-IL", currency: "ILS", customer: "גולדנברג Ltd",
      items: [
        "שירותי ייעוץ מקצועיים עבור פרויקט Alpha 2026 כולל תמיכה טכנית מלאה, הדרכת צוות, תיעוד מערכת ו-API integration עם SAP ERP בשלושה אתרים שונים ברחבי הארץ"
      ]),
    Case(
      locale: "th-TH", currency: "THB", customer: "บริษัท น้ำใจ Software จำกัด",
      items: [
        "บริการ ให้คำปรึกษา ด้านเทคโนโลยี สารสนเทศ สำหรับ โครงการ ใหม่ รวมถึง การสนับสนุน ทางเทคนิค เต็มรูปแบบ การฝึกอบรม พนักงาน และ การจัดทำ เอกสาร ระบบ ที่ครบถ้วน ทุกขั้นตอน"
      ]),
    Case(
      locale: "ar-SA", currency: "SAR", customer: "شركة النخيل Ltd",
      items: [
        "خدمات استشارية مهنية لمشروع Alpha 2026 تشمل الدعم الفني الكامل وتدريب الموظفين وتوثيق النظام والتكامل مع SAP ERP في ثلاثة مواقع مختلفة"
      ]),
  ]

  /// A wrapped cell reaches screen readers whole (issue 58, point 11): Pango empties the glyph of a
  /// line's final space, cairo wrote that as an empty ActualText span, and poppler's structure text
  /// ended the cell there, so every later line of a Hebrew description was lost.
  @Test(arguments: wrapped)
  func aWrappedCellIsWholeInTheStructureText(_ invoice: Case) throws {
    let pdf = try ExactTextTests.render(invoice)
    let structure = try ExactTextTests.structureText(pdf)
    let plain = try ExactTextTests.pdftotext(pdf)
    for expected in invoice.items {
      let wanted = ExactTextTests.normalize(expected)
      #expect(structure.contains(wanted), "\(invoice): \(wanted) not a cell of \(structure)")
      // Wrapped over lines in pdftotext's layout (its lines are the cell's): every word is there
      // (poppler's own bidi moves a comma or hyphen beside a right-to-left word to its other side).
      for word in wanted.split(separator: " ") where word.allSatisfy(\.isLetter) {
        #expect(plain.contains(word), "\(invoice): \(word) not in \(plain)")
      }
    }
  }
}
