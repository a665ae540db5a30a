import DataModel
import Foundation
import PageKit

/// Everything about an invoice that is not in the invoice data: who sells, how to pay, and how it looks.
public struct InvoiceSettings: Sendable {
  public var seller: Party?
  /// The seller's legal line in the footer ("ACME GmbH · Amtsgericht Berlin HRB 12345 · CEO Jane Doe").
  public var legalLine: String?
  public var bank: BankAccount?
  /// Payment terms as written ("Payable within 30 days without deduction.").
  public var paymentTerms: String?
  /// The locale of invoices that name none.
  public var defaultLocale: String
  public var brand: Brand
  /// The PDF author; the seller's name when `nil`.
  public var author: String?
  /// The PDF creator ("invoicegen 1.0").
  public var creator: String

  public init(
    seller: Party? = nil, legalLine: String? = nil, bank: BankAccount? = nil, paymentTerms: String? = nil,
    defaultLocale: String = "en", brand: Brand = Brand(), author: String? = nil,
    creator: String = "invoicegen"
  ) {
    self.seller = seller
    self.legalLine = legalLine
    self.bank = bank
    self.paymentTerms = paymentTerms
    self.defaultLocale = defaultLocale
    self.brand = brand
    self.author = author
    self.creator = creator
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

/// A document ready to render: the pages and the environment (locale, direction, font) to lay them out in.
public struct PreparedDocument {
  public var document: Document
  public var environment: EnvironmentValues
}

extension Locale {
  /// Whether text in this locale's language reads right to left (Arabic, Hebrew, Persian, Urdu…).
  var isRightToLeft: Bool {
    Locale.Language(identifier: identifier).characterDirection == .rightToLeft
  }
}

/// The environment documents of `locale` are laid out in: locale, direction and the brand's body font.
func documentEnvironment(locale: Locale, brand: Brand, size: CGFloat = 9.5) -> EnvironmentValues {
  var environment = EnvironmentValues()
  environment.locale = locale
  environment.layoutDirection = locale.isRightToLeft ? .rightToLeft : .leftToRight
  environment.font = brand.font(size)
  environment.foregroundStyle = AnyShapeStyle(Color(white: 0.12))
  return environment
}
