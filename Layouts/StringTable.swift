import Foundation

/// The labels of the built-in layouts; every label a layout prints goes through this table.
public enum StringKey: String, CaseIterable, Sendable {
  case invoice, creditNote, billTo, invoiceNumber, creditNoteNumber, invoiceDate, dueDate, customerId
  case purchaseOrder, vatId, position, description, quantity, unit, unitPrice, discount, vat, amount
  case subtotal, vatAtRate, total, pageOfCount, carriedForward, broughtForward, pricesIncludeVat
  case paymentTerms, paymentDue, bankDetails, accountHolder, iban, bic, notes, vatSummary, rate, netAmount
  case taxAmount, report, invoiceFor, creditNoteFor, creditNoteSettlement, columnsOfCount
  /// The labels of charges and allowances on the whole invoice, when the data gives no reason.
  case itemsTotal, shipping, charge, allowance, precedingInvoice, deliveryDate, servicePeriod, deliverTo,
    companyId
  /// The labels of CI reports (JUnit test results, Cobertura coverage, run history).
  case ciTestResults, ciTests, ciPassed, ciFailed, ciErrors, ciSkipped, ciFlaky, ciDuration, ciCoverage
  case ciSuites, ciSuite, ciSeconds, ciFailures, ciSlowestTests, ciTest, ciPackage, ciLines, ciCovered
  case ciHistory, ciPassRate, ciSecondsPerSuite, ciCoverageByPackage, ciMoreFailures, ciNoFailures, ciRun
  /// The early payment discount's line ("If paid by %2: %1 …, please pay %3.") and the amount-due block.
  case earlyPayment, amountDueBy
  /// The labels of countries with a sales tax instead of a VAT, used in their place there.
  case salesTax, salesTaxAtRate, salesTaxSummary, pricesIncludeSalesTax
  /// The caption of a payment QR code.
  case scanToPay
  /// The amount due, the "more" heading and the arithmetic notice of a received e-invoice.
  case amountDue, receivedDetails, receivedArithmetic

  /// The sales-tax label to use instead of this VAT label, where one applies.
  var salesTaxVariant: StringKey? {
    switch self {
    case .vat, .taxAmount: return .salesTax
    case .vatAtRate: return .salesTaxAtRate
    case .vatSummary: return .salesTaxSummary
    case .pricesIncludeVat: return .pricesIncludeSalesTax
    default: return nil
    }
  }
}

/// Labels in one language, with English for any key a language lacks.
///
/// The shipped tables are JSON files in `Layouts/Strings/` (one per language, the format the
/// config's `layout.labels` reads), compiled into the binary: a copied `invoicegen` still has them.
/// A config's labels override them per language, or add a language that is not shipped.
/// `%1`, `%2` in a label are replaced by arguments ("Page %1 of %2").
public struct StringTable: Sendable {
  /// The language the table was asked for ("de", "zh-Hans").
  public let language: String
  private let entries: [StringKey: String]
  /// Whether the region taxes sales rather than value added, so "VAT" labels read "Tax".
  public let usesSalesTax: Bool

  /// Regions whose invoices show a sales tax, not a VAT.
  public static let salesTaxRegions: Set<String> = ["US"]

  /// The table for `locale`'s language (then its base language, then English), with its region's tax words.
  public init(locale: Locale, custom: CustomLabels = CustomLabels()) {
    self.init(
      language: StringTable.languageKey(for: locale),
      salesTax: StringTable.salesTaxRegions.contains(locale.region?.identifier ?? ""),
      custom: custom.labels(for: locale.identifier.replacingOccurrences(of: "_", with: "-")))
  }

  /// The table for `language` ("de", "zh-Hans"), with `custom` labels over the shipped ones.
  public init(language: String, salesTax: Bool = false, custom: [StringKey: String] = [:]) {
    self.language = language
    usesSalesTax = salesTax
    let base = String(language.split(separator: "-").first ?? "en")
    let shipped = StringTable.tables[language] ?? StringTable.tables[base] ?? [:]
    entries = custom.isEmpty ? shipped : shipped.merging(custom) { $1 }
  }

  /// The label for `key`, with `%1`, `%2`… replaced by `arguments`.
  public func callAsFunction(_ key: StringKey, _ arguments: String...) -> String {
    let key = usesSalesTax ? key.salesTaxVariant ?? key : key
    var text = entries[key] ?? StringTable.english[key] ?? key.rawValue
    for (index, argument) in arguments.enumerated() {
      text = text.replacingOccurrences(of: "%\(index + 1)", with: argument)
    }
    return text
  }

  /// Whether this language has its own label for `key` (otherwise English is used).
  public func hasOwnLabel(_ key: StringKey) -> Bool { entries[key] != nil }

  /// The language codes that have a table.
  public static var languages: [String] { tables.keys.sorted() }

  static func languageKey(for locale: Locale) -> String {
    let code = locale.language.languageCode?.identifier ?? "en"
    if code == "zh" {
      let script = locale.language.script?.identifier
      let region = locale.region?.identifier
      if script == "Hant" || ["TW", "HK", "MO"].contains(region ?? "") { return "zh-Hant" }
      return "zh-Hans"
    }
    return code
  }

  /// The tables by language code, read once from the JSON files compiled in.
  static let tables: [String: [StringKey: String]] = {
    var tables: [String: [StringKey: String]] = [:]
    for (language, bytes) in shippedFiles {
      let file = LabelFile(bytes: bytes, file: "Layouts/Strings/\(language).json")
      precondition(file.diagnostics.isEmpty, "a shipped label file is broken: \(file.diagnostics)")
      tables[language] = file.labels
    }
    return tables
  }()

  /// English, also the fallback for any key another language lacks.
  static var english: [StringKey: String] { tables["en"] ?? [:] }
}
