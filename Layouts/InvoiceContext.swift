import DataModel
import Foundation

/// What every block of an invoice layout reads: the invoice, the run's settings, and the labels and
/// formats of the invoice's language.
///
/// A layout of one's own makes one per invoice and hands it to the built-in blocks
/// (`InvoiceItems(context)`, `InvoiceTotals(context)`…), so it needs none of their internals.
public struct InvoiceContext {
  public let invoice: Invoice
  public let settings: InvoiceSettings
  /// The invoice's locale (its own, else the config's default).
  public let locale: Locale
  /// The labels in the invoice's language, with the config's labels over the shipped ones.
  public let strings: StringTable
  /// Amounts, numbers and dates in the invoice's locale.
  public let format: DocumentFormatter
  /// What the rule table knows of the invoice: the texts, marks and title the law of the seller's country asks for.
  public let legal: LegalFacts

  public init(invoice: Invoice, settings: InvoiceSettings) {
    self.invoice = invoice
    self.settings = settings
    locale = Locale(identifier: invoice.locale ?? settings.issuer.defaultLocale)
    legal = LegalFacts(invoice: invoice, issuer: settings.issuer)
    // The tax's legal name (GST) under the config's labels, over the shipped ones.
    let language = StringTable.languageKey(for: locale)
    let labels = TaxLabels.labels(sellerCountry: legal.sellerCountry, language: language).merging(
      settings.layout.labels.labels(for: locale.identifier.replacingOccurrences(of: "_", with: "-"))
    ) { $1 }
    strings =
      labels.isEmpty
      ? StringTable(locale: locale, custom: settings.layout.labels)
      : StringTable(
        language: language, salesTax: StringTable.salesTaxRegions.contains(locale.region?.identifier ?? ""),
        custom: labels)
    format = DocumentFormatter.forCurrentThread(locale: locale)
  }

  public var brand: Brand { settings.brand }
  /// The language tag texts of the config are chosen by.
  public var languageTag: String { invoice.locale ?? settings.issuer.defaultLocale }

  /// The document's title: the config's for this kind and language, else the one the seller
  /// country's law asks for ("Tax invoice"), else "Invoice" or "Credit note".
  public var title: String {
    let kind: DocumentKind = invoice.isCreditNote ? .creditNote : .invoice
    if let custom = settings.layout.titles[kind] { return text(custom) }
    if let legal = LegalNotes.title(for: legal, language: languageTag) { return legal }
    return invoice.isCreditNote ? strings(.creditNote) : strings(.invoice)
  }

  /// The notes on tax the law of the seller's country asks the invoice to print ("Reverse charge").
  public var legalNotes: [String] { LegalNotes.texts(for: legal, language: languageTag) }

  /// "VAT ID", or the name the seller country's law gives its tax number ("登録番号", "ABN").
  public var sellerRegistrationLabel: String {
    LegalNotes.sellerRegistrationLabel(for: legal, language: languageTag) ?? strings(.vatId)
  }

  /// A config text in the invoice's language.
  public func text(_ text: LocalizedText) -> String {
    text.text(for: languageTag, defaultLocale: settings.issuer.defaultLocale)
  }

  /// A custom field's value as its format prints it; the text as written when it is not of that format.
  public func formatted(_ value: String, as fieldFormat: FieldFormat) -> String {
    switch fieldFormat {
    case .text:
      return value
    case .number:
      return Self.decimal(value).map(format.number) ?? value
    case .money:
      return Self.decimal(value).map { format.money(Money($0, invoice.currency)) } ?? value
    case .date:
      let bytes = Array(value.utf8)
      let date = DateFormat.iso8601.parse(bytes) ?? settings.layout.inputDateFormat.parse(bytes)
      return date.map(format.date) ?? value
    }
  }

  /// `value` as an exact decimal, with `.` or `,` before the fraction.
  static func decimal(_ value: String) -> ExactDecimal? {
    ExactDecimal(value) ?? ExactDecimal(value, decimalSeparator: ",")
  }
}
