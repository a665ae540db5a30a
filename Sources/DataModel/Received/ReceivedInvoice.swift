/// A received e-invoice (CII or UBL) read into the invoice model, with what the document states.
///
/// `invoice` and `issuer` are what the layouts render; `stated` keeps the document's own amounts,
/// which are never replaced: `disagreements` lists every EN 16931 rule (BR-CO-10 to BR-CO-16, the
/// VAT breakdown, each line's net amount) where the stated amounts and the arithmetic differ.
public struct ReceivedInvoice: Sendable {
  /// The XML syntax the invoice came in.
  public enum Syntax: String, Sendable {
    case cii, ubl
    case fatturaPA = "fatturapa"
    /// Poland's FA(3), as KSeF holds it.
    case ksef
  }

  /// A business term the invoice model has no place for, shown in the rendered invoice's "more" section.
  public struct Detail: Sendable, Hashable {
    /// The EN 16931 term ("BT-11", "BG-24").
    public var term: String
    /// An English label ("Project reference").
    public var label: String
    public var value: String

    public init(term: String, label: String, value: String) {
      self.term = term
      self.label = label
      self.value = value
    }
  }

  public var syntax: Syntax
  public var invoice: Invoice
  /// The seller, its bank account and payment terms, as the document gives them.
  public var issuer: Issuer
  /// The document type code (BT-3): 380 invoice, 381 credit note, 384 corrected invoice…
  public var typeCode: String
  public var stated: StatedTotals
  public var details: [Detail]
  public var disagreements: [String]
  /// What was read but not fully understood (an unknown unit code), each naming its line.
  public var warnings: [String]

  /// The amount due as the document states it (BT-115).
  public var amountDue: Money { Money(stated.due, invoice.currency) }
}

/// The totals a received invoice states (BG-22), its VAT breakdown (BG-23) and each line's net amount.
public struct StatedTotals: Sendable, Hashable {
  /// One VAT breakdown entry as stated.
  public struct Breakdown: Sendable, Hashable {
    public var category: String
    public var rate: ExactDecimal?
    public var basis: ExactDecimal
    public var tax: ExactDecimal
    public var exemptionReason: String?
  }

  public var lineTotal: ExactDecimal
  public var allowanceTotal: ExactDecimal?
  public var chargeTotal: ExactDecimal?
  public var taxBasis: ExactDecimal
  public var taxTotal: ExactDecimal?
  public var grandTotal: ExactDecimal
  public var prepaid: ExactDecimal?
  public var rounding: ExactDecimal?
  public var due: ExactDecimal
  public var breakdown: [Breakdown]
  /// Each line's net amount (BT-131), in document order.
  public var lineAmounts: [ExactDecimal]
}

/// Why a received invoice could not be read: where, and what.
public struct ReceivedInvoiceError: Error, Sendable, CustomStringConvertible {
  public var file: String
  public var line: Int?
  public var message: String

  public init(file: String, line: Int?, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}
