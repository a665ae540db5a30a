import Foundation

/// How the run issues a document, as far as the law cares: its format, its title and whether the
/// notes on tax are printed.
public struct LegalDocument: Sendable, Hashable {
  /// The forms an invoice is issued in.
  public enum Format: String, Sendable, Hashable {
    case pdf
    case facturX = "facturx"
    case cii, ubl
    case fatturaPA = "fatturapa"
    case ksef
  }

  public var format: Format
  /// The title the config gives this kind of document in the document's language, or nil for the
  /// built-in title (which follows `LegalNotes.title`).
  public var customTitle: String?
  /// Whether the layout prints the notes on tax (the VAT summary block), where the texts the rule
  /// table asks for are printed.
  public var printsTaxNotes: Bool
  /// Whether the layout prints the item table, where items carry the marks the law asks for.
  public var printsItemTable: Bool

  public init(
    format: Format = .pdf, customTitle: String? = nil, printsTaxNotes: Bool = true,
    printsItemTable: Bool = true
  ) {
    self.format = format
    self.customTitle = customTitle
    self.printsTaxNotes = printsTaxNotes
    self.printsItemTable = printsItemTable
  }
}

/// The config's `legal` settings: how an issuer meets particulars its data does not carry.
public struct LegalSettings: Sendable, Hashable {
  /// Whether invoices are checked against the rules of the seller's country (`legal.check`).
  public var checks = true
  /// Whether every invoice is delivered on its date of issue, so that the date of issue is printed
  /// as the date of supply (`legal.deliveryDate: "issue-date"`).
  public var deliveryIsIssueDate = false
  /// Whether a Spanish seller issues through VERI*FACTU (`legal.verifactu`): the QR code and legend
  /// printed, the chained records written.
  public var verifactu = false
  /// Whether a French seller pays VAT on its services when invoiced rather than when paid
  /// (`legal.vatOnDebits`): the invoice then says so.
  public var vatOnDebits = false
  /// What the invoices supply when their data does not say (`legal.operations`).
  public var operationNature: OperationNature?
  /// When a Polish seller must issue through KSeF (`legal.ksef`): `large` from 1 February 2026 (sales
  /// over PLN 200 million in 2024), `standard` from 1 April 2026, `micro` from 1 January 2027.
  public var ksefGroup = "standard"
  /// The first day of KSeF for each group of taxpayers (ustawa z 5 sierpnia 2025, art. 145m).
  public static let ksefStart: [String: (year: Int, month: Int, day: Int)] = [
    "large": (2026, 2, 1), "standard": (2026, 4, 1), "micro": (2027, 1, 1),
  ]
  /// An Italian seller's fiscal regime in FatturaPA (`legal.regimeFiscale`): RF01 ordinario unless set.
  public var regimeFiscale = "RF01"
  /// The seller's country as the config reader found it (its address, VAT id or address's last
  /// line), so that a run does not look a country name up per invoice; nil to find it per invoice.
  public var sellerCountry: String?

  public init() {}
}

/// What the rules read of one invoice: the invoice, its issuer and the document, with the facts
/// derived once (countries, gross amount, VAT categories and rates); a class, so that every rule
/// reads the one instance of an invoice's facts.
public final class LegalFacts: Sendable {
  public let invoice: Invoice
  public let issuer: Issuer
  public let document: LegalDocument
  /// The seller's country: its address's, else its VAT id's prefix, else its address's last line.
  public let sellerCountry: String?
  /// The buyer's country: its address's, else its VAT id's prefix (found when a rule asks).
  public var buyerCountry: String? { Self.country(of: invoice.customer, fromAddressLines: false) }
  /// The gross total without its sign (a credit note's is negative).
  public let gross: ExactDecimal
  /// The VAT categories of the items: given, else S above 0 % and Z at 0 %.
  public let categories: VATCategories
  /// The tax rates of the items and charges, in percent, each once.
  public let rates: [ExactDecimal]
  /// The seller, or a party without name or address when the config has none.
  public let seller: Party
  /// Whether the invoice may be a simplified one: at most its seller country's limit, in its currency.
  public let isSimplified: Bool

  public init(invoice: Invoice, issuer: Issuer, document: LegalDocument = LegalDocument()) {
    self.invoice = invoice
    self.issuer = issuer
    self.document = document
    sellerCountry =
      issuer.legal.sellerCountry ?? issuer.seller.flatMap { Self.country(of: $0, fromAddressLines: true) }
    let total = invoice.totals.grandTotal.amount
    gross = total.isNegative ? total.negated : total
    var categories = VATCategories()
    var rates: [ExactDecimal] = []
    for item in invoice.items {
      if let code = item.taxCategory {
        categories.insert(VATCategories(code: code))
      } else {
        categories.insert(item.taxRate.isZero ? .zeroRated : .standard)
      }
      if !rates.contains(item.taxRate) { rates.append(item.taxRate) }
    }
    for charge in invoice.allowancesCharges {
      if let rate = charge.taxRate, !rates.contains(rate) { rates.append(rate) }
    }
    self.categories = categories
    self.rates = rates
    seller = issuer.seller ?? Party(name: "")
    if let country = sellerCountry, let limit = LegalRuleBook.simplifiedLimits[country] {
      isSimplified = invoice.currency.code == limit.currency && gross <= ExactDecimal(limit.amount)
    } else {
      isSimplified = false
    }
  }

  /// Whether the gross total is over `limit` in `currency`; an invoice in another currency counts as
  /// over (its amount is not converted, so the stricter rule applies).
  public func isOver(_ limit: Int, _ currency: String) -> Bool {
    guard invoice.currency.code == currency else { return true }
    return gross > ExactDecimal(limit)
  }

  /// Whether the gross total is `limit` or more in `currency` (another currency counts as more).
  public func isAtLeast(_ limit: Int, _ currency: String) -> Bool {
    guard invoice.currency.code == currency else { return true }
    return gross >= ExactDecimal(limit)
  }

  /// Whether the buyer is known to be a business: it has a VAT id, or a category that only a
  /// business can receive (reverse charge, intra-community supply).
  public var buyerIsBusiness: Bool {
    invoice.customer.vatId != nil || !categories.isDisjoint(with: [.reverseCharge, .intraCommunity])
  }

  /// Whether buyer and seller are known to be in the same country.
  public var isDomestic: Bool { sellerCountry != nil && sellerCountry == buyerCountry }

  /// Whether `party` has a postal address (lines, or parts with at least a city).
  public static func hasAddress(_ party: Party) -> Bool {
    !party.address.isEmpty || party.postalAddress?.city != nil
  }

  /// Whether the invoice states when it was delivered: a delivery date or period, or the config
  /// saying delivery is on the date of issue.
  public var statesDeliveryDate: Bool {
    invoice.deliveryDate != nil || invoice.billingPeriod != nil || issuer.legal.deliveryIsIssueDate
  }

  /// What the invoice supplies: its data's word, else the config's (`legal.operations`).
  public var operationNature: OperationNature? { invoice.operationNature ?? issuer.legal.operationNature }

  /// Whether the invoice states when it is to be paid: a due date or the config's payment terms.
  public var statesPaymentTerms: Bool {
    invoice.dueDate != nil || issuer.paymentTerms != nil
  }

  /// The country of `party`: its address's code, its VAT id's prefix, or (for the seller, whose
  /// address the config writes as lines) the name on its address's last line.
  public static func country(of party: Party, fromAddressLines: Bool) -> String? {
    if let code = party.postalAddress?.country { return code }
    if let vat = party.vatId, let code = TaxIdentifier.country(ofVATId: vat) { return code }
    guard fromAddressLines, let last = party.address.last else { return nil }
    return PostalAddress.countryCode(last, locale: Locale(identifier: "en"))
  }
}
