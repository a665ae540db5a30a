import DataModel
import Foundation

/// An invoice checked and prepared for EN 16931: every amount the XML writes, with its tax category, from the invoice's exact totals.
///
/// Nothing is recomputed differently: line amounts, the per-rate bases and taxes and the totals
/// are `InvoiceTotals`' own. A credit note (negative total) is written as type 381 with its
/// amounts turned positive, as EN 16931 expects. Every problem is collected, each naming the
/// business term (BT-…) and what to add, so one `--check` run lists them all.
public struct EInvoiceDocument: Sendable {
  /// One invoice line as the XML writes it.
  public struct Line: Sendable {
    public var id: String
    public var name: String
    public var sku: String?
    public var quantity: ExactDecimal
    public var unitCode: String
    /// The price per unit after a percent discount (BT-146).
    public var netPrice: ExactDecimal
    /// The price before a percent discount (BT-148), when there is one, and the discount per unit (BT-147).
    public var grossPrice: ExactDecimal?
    public var priceDiscount: ExactDecimal?
    /// A money discount off the whole line (BT-136).
    public var allowance: ExactDecimal?
    public var category: String
    public var rate: ExactDecimal
    /// The line's net amount (BT-131).
    public var amount: ExactDecimal
  }

  /// A document-level charge or allowance (BG-20, BG-21).
  public struct Charge: Sendable {
    public var isCharge: Bool
    public var amount: ExactDecimal
    public var reason: String
    public var category: String
    public var rate: ExactDecimal
  }

  /// One VAT breakdown entry (BG-23): per category and rate.
  public struct Breakdown: Sendable {
    public var category: String
    public var rate: ExactDecimal
    public var basis: ExactDecimal
    public var tax: ExactDecimal
    /// The exemption reason (BT-120), required for E, AE, K, G and O.
    public var exemptionReason: String?
  }

  public let invoice: Invoice
  public let profile: EInvoiceProfile
  public let seller: Party
  public let bank: BankAccount?
  public let paymentTerms: String?
  /// The remittance information (BT-83) when the payment codes use a reference (RF, QRR); else the invoice number is.
  public var remittance: String?
  /// Whether VAT is due when invoiced (a French seller's option for the debits): BT-8 code 5 in CII.
  public var vatOnDebits = false
  /// What the invoice supplies, when the data or the config says (France's nature des opérations).
  public var operationNature: OperationNature?
  /// 380 for an invoice, 381 for a credit note (BT-3).
  public let typeCode: String
  public let lines: [Line]
  public let charges: [Charge]
  public let breakdown: [Breakdown]
  public let lineTotal: ExactDecimal
  public let chargeTotal: ExactDecimal
  public let allowanceTotal: ExactDecimal
  public let taxBasis: ExactDecimal
  public let taxTotal: ExactDecimal
  public let grandTotal: ExactDecimal
  public let buyerCountry: String
  public let sellerCountry: String
  /// Where the buyer receives e-invoices (BT-49): its electronic address, or its e-mail.
  public let buyerElectronicAddress: ElectronicAddress?

  /// The default exemption reasons (BT-120) by category, used when the invoice gives none.
  static let defaultExemptionReasons: [String: String] = [
    "AE": "Reverse charge", "K": "Intra-community supply", "G": "Export outside the EU",
    "O": "Not subject to VAT",
  ]

  /// Prepares `invoice` for `profile`, or lists everything that keeps it from being a valid e-invoice.
  public static func make(
    _ invoice: Invoice, issuer: Issuer, profile: EInvoiceProfile
  ) -> Result<EInvoiceDocument, EInvoiceFailure> {
    var builder = EInvoiceBuilder(invoice: invoice, issuer: issuer, profile: profile)
    return builder.build()
  }

  /// The street lines of `party`'s postal address (BT-35, 36, 162 / BT-50, 51, 163), at most three:
  /// its street parts, or, when the data gave the address only as lines (no street, postcode or
  /// town), those lines, so that no part of an address given that way is lost.
  static func streetLines(of party: Party) -> [String] {
    let postal = party.postalAddress
    if postal?.street != nil || postal?.postcode != nil || postal?.city != nil {
      return [postal?.street, postal?.street2].compactMap { $0 }
    }
    return Array(party.address.prefix(3))
  }

  /// `value` as EN 16931 writes an amount: the currency's decimals, `.`, no grouping.
  func amount(_ value: ExactDecimal) -> String {
    value.rounded(toScale: invoice.currency.minorUnits).description
  }

  /// A date as `YYYYMMDD` (format 102).
  static func date(_ date: CalendarDate) -> String {
    String(format: "%04d%02d%02d", date.year, date.month, date.day)
  }
}
