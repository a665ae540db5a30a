import DataModel
import Foundation
import Layouts
import PageKit
import PageRendering
import Testing

/// Every supported language renders right: labels, locale formatting, right to left, every script.
@Suite(.serialized) struct LanguageTests {
  /// A locale, its currency, and a customer written in its script.
  struct Case: Sendable, CustomStringConvertible {
    let locale: String
    let currency: String
    let customer: String
    var description: String { locale }
  }

  static let cases: [Case] = [
    Case(locale: "en-GB", currency: "GBP", customer: "Brightside Analytics Ltd"),
    Case(locale: "de-DE", currency: "EUR", customer: "Müller Maschinenbau GmbH"),
    Case(locale: "fr-FR", currency: "EUR", customer: "Atelier Lumière SARL"),
    Case(locale: "es-ES", currency: "EUR", customer: "Hotel Bellavista S.L."),
    Case(locale: "it-IT", currency: "EUR", customer: "Caffè Roma S.r.l."),
    Case(locale: "nl-NL", currency: "EUR", customer: "Bloemen & Co B.V."),
    Case(locale: "pt-PT", currency: "EUR", customer: "Pastelaria Belém Lda."),
    Case(locale: "pl-PL", currency: "PLN", customer: "Zakład Łódź Sp. z o.o."),
    Case(locale: "sv-SE", currency: "SEK", customer: "Åkesson & Söner AB"),
    Case(locale: "ja-JP", currency: "JPY", customer: "株式会社サクラ工業"),
    Case(locale: "zh-Hans-CN", currency: "CNY", customer: "上海华东贸易有限公司"),
    Case(locale: "ko-KR", currency: "KRW", customer: "한빛 무역 주식회사"),
    Case(locale: "ar-SA", currency: "SAR", customer: "شركة الندى للتجارة"),
    Case(locale: "he-IL", currency: "ILS", customer: "אלון טכנולוגיות בע״מ"),
    Case(locale: "hi-IN", currency: "INR", customer: "शर्मा ट्रेडिंग कंपनी"),
    Case(locale: "th-TH", currency: "THB", customer: "บริษัท สยามการค้า จำกัด"),
    Case(locale: "ru-RU", currency: "RUB", customer: "ООО «Северный ветер»"),
    Case(locale: "tr-TR", currency: "TRY", customer: "Yıldız Ticaret A.Ş."),
    Case(locale: "fa-IR", currency: "IRR", customer: "شرکت بازرگانی پارس"),
    Case(locale: "vi-VN", currency: "VND", customer: "Công ty TNHH Hoàng Phúc"),
    Case(locale: "id-ID", currency: "IDR", customer: "PT Nusantara Jaya Abadi"),
    Case(locale: "uk-UA", currency: "UAH", customer: "ТОВ «Світанок»"),
  ]

  static func invoice(_ language: Case) throws -> Invoice {
    let currency = Currency(code: language.currency)!
    let items = [
      LineItem(
        description: "Consulting", quantity: ExactDecimal(3), unitPrice: ExactDecimal("1234.5")!,
        taxRate: ExactDecimal(19)),
      LineItem(
        description: "Hosting", quantity: ExactDecimal("1.5")!, unitPrice: ExactDecimal("89.99")!,
        taxRate: ExactDecimal(7)),
    ]
    return try Invoice(
      number: "L-\(language.locale)", issueDate: CalendarDate(year: 2026, month: 3, day: 14)!,
      dueDate: CalendarDate(year: 2026, month: 4, day: 13)!, currency: currency,
      customer: Party(name: language.customer, address: ["1 Example Street"], vatId: "XX123456789"),
      items: items,
      locale: language.locale)
  }

  static func renderer(_ language: Case) throws -> DocumentRenderer {
    let settings = InvoiceSettings(
      issuer: Issuer(
        seller: Party(name: "Northwind Software GmbH", address: ["Friedrichstraße 123", "10117 Berlin"]),
        bank: BankAccount(iban: "DE89 3704 0044 0532 0130 00")),
      brand: Brand())
    let prepared = InvoiceLayout.document(for: try invoice(language), settings: settings)
    return DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: RenderResources())
  }

  /// pdftotext output normalized: plain spaces, no bidi controls.
  static func normalize(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0xA0, 0x202F, 0x2009: out.unicodeScalars.append(" ")
      case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: continue
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  @Test func everyTableHasEveryKey() {
    #expect(StringTable.languages.count == 22)
    for language in StringTable.languages {
      let table = StringTable(language: language)
      for key in StringKey.allCases {
        #expect(table.hasOwnLabel(key), "\(language) lacks \(key)")
      }
    }
    #expect(StringTable(locale: Locale(identifier: "de_AT"))(.invoice) == "Rechnung")
    #expect(StringTable(locale: Locale(identifier: "zh_CN"))(.invoice) == "发票")
    #expect(StringTable(locale: Locale(identifier: "sw_KE"))(.invoice) == "Invoice")  // English fallback
    #expect(StringTable(language: "de")(.pageOfCount, "3", "7") == "Seite 3 von 7")
  }

  @Test(arguments: cases)
  func invoiceRendersInItsLanguage(_ language: Case) throws {
    let folder = try TestSupport.temporaryFolder()
    let renderer = try LanguageTests.renderer(language)
    try renderer.writePDF(to: folder + "/invoice.pdf")
    #expect(!renderer.warnings.contains { $0.kind == .missingGlyphs }, "\(renderer.warnings)")
    let text = LanguageTests.normalize(
      try TestSupport.run("pdftotext", [folder + "/invoice.pdf", "-"]).output)
    let locale = Locale(identifier: language.locale)
    let strings = StringTable(locale: locale)
    let total = LanguageTests.normalize(
      DocumentFormatter(locale: locale).money(try LanguageTests.invoice(language).totals.grandTotal))
    let rightToLeft = ["ar", "he", "fa"].contains { language.locale.hasPrefix($0) }
    if rightToLeft {
      // pdftotext gives right-to-left runs in visual order around neutral characters: compare the parts.
      #expect(
        text.contains(String(strings(.invoice).reversed())) || text.contains(strings(.invoice)),
        "title in \(language)")
      // The number itself: the longest run of digits and separators in the formatted total.
      let runs = total.split { !($0.isNumber || $0 == "," || $0 == "." || $0 == "٬" || $0 == "٫") }
      let digits = String(runs.max { $0.count < $1.count } ?? "").trimmingCharacters(
        in: CharacterSet(charactersIn: ".,"))
      #expect(text.contains(digits), "\(language): \(digits)")
    } else {
      #expect(text.contains(strings(.invoice)), "title in \(language)")
      #expect(text.contains(total), "\(language): total \(total)")
      #expect(text.contains(strings(.pageOfCount, "1", "1")), "\(language)")
    }
  }

  @Test(arguments: ["de-DE", "ar-SA", "he-IL", "ja-JP", "zh-Hans-CN", "hi-IN", "th-TH"])
  func goldenFirstPages(_ locale: String) throws {
    let language = try #require(LanguageTests.cases.first { $0.locale == locale })
    let folder = try TestSupport.temporaryFolder()
    try LanguageTests.renderer(language).writePNGs(scale: 0.6) { folder + "/page-\($0).png" }
    try GoldenImage.check(
      try Data(contentsOf: URL(fileURLWithPath: folder + "/page-1.png")), name: "invoice-\(locale)")
  }

  @Test func mixedDirectionLineKeepsEachRunsOrder() throws {
    var environment = EnvironmentValues()
    environment.layoutDirection = .rightToLeft
    environment.locale = Locale(identifier: "ar")
    environment.font = .custom("Noto Sans", size: 14)
    let renderer = ImageRenderer(
      content: Text("شركة الندى للتجارة · VAT SA-300123456700003 · ٢٠٢٦ · 2026").padding(6))
    renderer.environment = environment
    renderer.resources = RenderResources()
    renderer.isOpaque = true
    try GoldenImage.check(try renderer.pngData(), name: "mixed-direction")
    #expect(!renderer.warnings.contains { $0.kind == .missingGlyphs })
  }

  @Test func chineseAndJapaneseGetTheirOwnGlyphForms() throws {
    // 直 and 骨 are drawn differently in Chinese and Japanese; the Pango language picks the form.
    func pixels(_ locale: String) throws -> PixelBuffer {
      var environment = EnvironmentValues()
      environment.locale = Locale(identifier: locale)
      environment.font = .custom("Noto Sans CJK SC", size: 40)
      let renderer = ImageRenderer(content: Text("直骨").padding(4))
      renderer.environment = environment
      renderer.resources = RenderResources()
      renderer.isOpaque = true
      return try renderer.pixelBuffer()
    }
    let chinese = try pixels("zh-Hans")
    let japanese = try pixels("ja")
    #expect(chinese.width == japanese.width)
    #expect(chinese.bytes != japanese.bytes)
  }

  @Test func missingGlyphsAreNamedAndCanBeErrors() throws {
    let fonts = try FontConfiguration(fontDirectories: [TestSupport.fontFolder], includeSystemFonts: false)
    var language = LanguageTests.cases.first { $0.locale == "th-TH" }!
    language = Case(locale: "en-GB", currency: "GBP", customer: language.customer)
    let renderer = try LanguageTests.renderer(language)
    renderer.resources = RenderResources(fonts: fonts)
    let folder = try TestSupport.temporaryFolder()
    try renderer.writePDF(to: folder + "/warn.pdf")
    let warning = renderer.warnings.first { $0.kind == .missingGlyphs }
    #expect(warning?.message.contains("script Thai") == true)
    renderer.missingGlyphsAreErrors = true
    #expect(throws: RenderError.self) { try renderer.writePDF(to: folder + "/error.pdf") }
    #expect(!FileManager.default.fileExists(atPath: folder + "/error.pdf"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["warn.pdf"])
  }
}
