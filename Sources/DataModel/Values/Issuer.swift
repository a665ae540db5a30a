/// Who issues the invoices of a run, and how they are paid: the settings every invoice shares.
///
/// Read from the config's `seller`, `bank` and `defaults`; the invoice layouts and the e-invoice
/// writers both take it from here (neither knows the other).
public struct Issuer: Sendable {
  /// The locale of documents whose data names none and whose config sets none.
  public static let fallbackLocale = "en"

  public var seller: Party?
  /// The seller's legal line in the footer ("ACME GmbH · Amtsgericht Berlin HRB 12345 · CEO Jane Doe").
  public var legalLine: LocalizedText?
  public var bank: BankAccount?
  /// Payment terms as written ("Payable within 30 days without deduction."), per language.
  public var paymentTerms: LocalizedText?
  /// A note printed on invoices whose data gives none ("Thank you for your business."), per language.
  public var notes: LocalizedText?
  /// The discount for early payment (Skonto) every invoice offers (`defaults.earlyPayment`).
  public var earlyPayment: EarlyPaymentTerms?
  /// The config's unit words mapped to UN/ECE Recommendation 20 codes for e-invoices (`units`).
  public var unitCodes: [String: String] = [:]
  /// The locale of invoices that name none.
  public var defaultLocale: String
  /// The payment code invoices carry (`payment.qr`).
  public var paymentCode = PaymentCode.none
  /// Whether payment codes carry a structured creditor reference made from the invoice number
  /// (`payment.reference: "rf"`) instead of the text "Invoice NUMBER".
  public var usesCreditorReference = false
  /// How the issuer meets the legal particulars its data does not carry (the config's `legal`).
  public var legal = LegalSettings()
  /// The code the invoice carries for checking it with the tax authority (KSeF's QR code I), when it has one.
  public var verificationCode: VerificationCode?

  public init(
    seller: Party? = nil, legalLine: LocalizedText? = nil, bank: BankAccount? = nil,
    paymentTerms: LocalizedText? = nil,
    defaultLocale: String = Issuer.fallbackLocale
  ) {
    self.seller = seller
    self.legalLine = legalLine
    self.bank = bank
    self.paymentTerms = paymentTerms
    self.defaultLocale = defaultLocale
  }

  /// `text` for a document in `locale` (the invoice's, or the default), by the fallback chain of `LocalizedText`.
  public func text(_ text: LocalizedText?, for locale: String?) -> String? {
    text?.text(for: locale ?? defaultLocale, defaultLocale: defaultLocale)
  }
}

/// The bank account payments go to.
public struct BankAccount: Sendable, Hashable {
  public var holder: String?
  public var bankName: String?
  public var iban: String
  public var bic: String?

  public init(holder: String? = nil, bankName: String? = nil, iban: String, bic: String? = nil) {
    self.holder = holder
    self.bankName = bankName
    self.iban = iban
    self.bic = bic
  }
}
