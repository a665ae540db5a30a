import DataModel
import Foundation

/// What every block of an invoice layout reads: the invoice, the run's settings, and the labels and
/// formats of the invoice's language.
///
/// A layout of one's own makes one per invoice and hands it to the built-in blocks
/// (`InvoiceItems(context)`, `InvoiceTotals(context)`…), so it needs none of their internals.
public final class InvoiceContext {
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
    format = DocumentFormatter.forCurrentThread(locale: locale, dateStyle: settings.layout.dateStyle)
  }

  public var brand: Brand { settings.brand }

  /// What the customer is asked to pay: a received invoice's stated amount due, else the total.
  public var amountDue: Money { settings.received?.amountDue ?? invoice.totals.grandTotal }

  /// The early payment discount the config offers, applied to this invoice (nil for a credit note).
  public var earlyPayment: EarlyPayment? {
    settings.issuer.earlyPayment?.applied(to: invoice, amountDue: amountDue)
  }
  /// The language tag texts of the config are chosen by.
  public var languageTag: String { invoice.locale ?? settings.issuer.defaultLocale }

  /// The document's title: the config's for this kind and language, else the one the seller
  /// country's law asks for ("Tax invoice"), else "Invoice" or "Credit note".
  public var title: String {
    let kind: DocumentKind = invoice.isCreditNote ? .creditNote : .invoice
    if let custom = settings.layout.titles[kind] { return FooterTemplate.fill(text(custom), self) }
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
    case .text, .link:
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

  /// The address of a `link` field's value: http, https or mailto; nil for anything else (printed as text).
  public static func linkURL(_ value: String) -> URL? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
      ["http", "https", "mailto"].contains(scheme), !trimmed.contains(where: \.isWhitespace)
    else { return nil }
    return url
  }

  /// `value` as an exact decimal, with `.` or `,` before the fraction.
  static func decimal(_ value: String) -> ExactDecimal? {
    ExactDecimal(value) ?? ExactDecimal(value, decimalSeparator: ",")
  }
}
