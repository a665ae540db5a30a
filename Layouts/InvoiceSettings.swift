import DataModel
import Foundation
import PageKit

/// Everything about an invoice that is not in the invoice data: who issues it (`Issuer`) and how it looks.
public struct InvoiceSettings: Sendable {
  /// The seller, bank, payment terms and default locale every invoice shares.
  public var issuer: Issuer
  public var brand: Brand
  /// The PDF author; the seller's name when `nil`.
  public var author: String?
  /// The PDF creator ("invoicegen 1.0").
  public var creator: String
  /// The window envelope the first page is laid out for (DIN 5008 form A or B, or a window of one's
  /// own), or `nil` for no window.
  public var envelope: EnvelopeWindow?
  /// What a received e-invoice states beyond the invoice model: its amount due when it differs from
  /// the total, the terms the model has no place for, and where its arithmetic does not hold.
  public var received: ReceivedNotes?
  /// What the config's `layout` section changes: fields, columns, blocks, footer, titles, labels.
  public var layout = LayoutConfiguration()

  public init(
    issuer: Issuer = Issuer(), brand: Brand = Brand(), author: String? = nil, creator: String = "invoicegen"
  ) {
    self.issuer = issuer
    self.brand = brand
    self.author = author
    self.creator = creator
  }
}

/// A document ready to render: the pages and the environment (locale, direction, font) to lay them out in.
public struct PreparedDocument {
  public var document: Document
  public var environment: EnvironmentValues

  public init(document: Document, environment: EnvironmentValues) {
    self.document = document
    self.environment = environment
  }
}

extension Locale {
  /// Whether text in this locale's language reads right to left (Arabic, Hebrew, Persian, Urdu…).
  var isRightToLeft: Bool {
    Locale.Language(identifier: identifier).characterDirection == .rightToLeft
  }
}

/// The environment documents of `locale` are laid out in: locale, direction and the brand's body font.
public func documentEnvironment(locale: Locale, brand: Brand, size: CGFloat = 9.5) -> EnvironmentValues {
  var environment = EnvironmentValues()
  environment.locale = locale
  environment.layoutDirection = locale.isRightToLeft ? .rightToLeft : .leftToRight
  environment.font = brand.font(size)
  environment.foregroundStyle = AnyShapeStyle(Color(white: 0.12))
  return environment
}

/// The parts of a received e-invoice the invoice layout shows besides the invoice itself.
public struct ReceivedNotes: Sendable {
  /// The amount due as the document states it, when it differs from the grand total (prepaid, rounding).
  public var amountDue: Money?
  /// Terms with no place in the model, as label and value ("Project", "P-17").
  public var details: [(label: String, value: String)]
  /// The EN 16931 rules the stated amounts break: shown in a notice at the top of the first page.
  public var disagreements: [String]

  public init(amountDue: Money?, details: [(label: String, value: String)], disagreements: [String]) {
    self.amountDue = amountDue
    self.details = details
    self.disagreements = disagreements
  }
}
