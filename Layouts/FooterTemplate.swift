import DataModel
import Foundation
import PageKit

/// The `{placeholders}` a config's texts may use (footer, titles, field labels, notes, payment
/// terms), and how each is filled for an invoice.
///
/// `{{` and `}}` print a brace. An unknown placeholder or an unclosed brace is the config's error,
/// never printed to a customer.
public enum FooterTemplate {
  /// Every placeholder but `{field.NAME}`, which prints the custom field NAME.
  public static let placeholders: [String] = [
    "seller.name", "seller.vatId", "seller.taxNumber", "seller.email", "seller.address", "seller.legalLine",
    "bank.holder", "bank.bankName", "bank.iban", "bank.bic", "invoice.number", "invoice.date",
    "invoice.dueDate", "invoice.total", "invoice.amountDue", "invoice.net", "invoice.tax", "invoice.currency",
    "invoice.earlyPaymentDate", "invoice.earlyPaymentAmount", "invoice.earlyPaymentPercent",
    "invoice.purchaseOrder", "customer.name", "customer.id", "page", "pages",
  ]
  /// The placeholders only a footer can fill: the rest of a document is laid out before the page count is known.
  public static let pagePlaceholders: Set<String> = ["page", "pages"]

  /// A piece of a template: text printed as it is, or a placeholder's name.
  enum Piece: Equatable {
    case text(Substring)
    case placeholder(String)
  }

  /// The pieces of `text`; nil when a brace is not closed (`"abc {seller.name"`) or a `}` stands alone.
  static func pieces(_ text: String) -> [Piece]? {
    var pieces: [Piece] = []
    var rest = text[...]
    while let brace = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
      if brace > rest.startIndex { pieces.append(.text(rest[..<brace])) }
      let next = rest.index(after: brace)
      if next < rest.endIndex, rest[next] == rest[brace] {
        pieces.append(.text(rest[brace..<next]))
        rest = rest[rest.index(after: next)...]
        continue
      }
      guard rest[brace] == "{", let close = rest[next...].firstIndex(where: { $0 == "}" || $0 == "{" }),
        rest[close] == "}"
      else { return nil }
      pieces.append(.placeholder(String(rest[next..<close])))
      rest = rest[rest.index(after: close)...]
    }
    if !rest.isEmpty { pieces.append(.text(rest)) }
    return pieces
  }

  /// The names inside braces in `text`, in order (`"{seller.name} · {page}"` → `["seller.name", "page"]`).
  public static func names(in text: String) -> [String] {
    (pieces(text) ?? []).compactMap { piece in
      if case .placeholder(let name) = piece { return name }
      return nil
    }
  }

  /// Why `text` cannot be filled (an unclosed brace, an unknown placeholder, or a page number outside
  /// a footer), or nil when it can.
  public static func problem(inText text: String, allowsPage: Bool) -> String? {
    guard pieces(text) != nil else {
      return "a brace is not closed: write {{ and }} for braces that are no placeholder"
    }
    for name in names(in: text) {
      if let problem = problem(name) { return problem }
      if !allowsPage, pagePlaceholders.contains(name) { return "{\(name)} can only be used in the footer" }
    }
    return nil
  }

  /// Why `name` is no placeholder, or nil when it is one.
  public static func problem(_ name: String) -> String? {
    if placeholders.contains(name) { return nil }
    if name.hasPrefix("field."), name.count > 6 { return nil }
    return "{\(name)} is not a placeholder"
  }

  /// Whether a text shows the page number, so the footer needs no "Page N of M" of its own.
  public static func showsPage(_ text: String) -> Bool {
    names(in: text).contains { $0 == "page" || $0 == "pages" }
  }

  /// `text` with every placeholder filled for `context`'s invoice on `page` (an empty value for a
  /// missing one; the config reader refused texts that are no template, which print as written).
  public static func fill(_ text: String, _ context: InvoiceContext, page: PageContext? = nil) -> String {
    guard text.utf8.contains(where: { $0 == 0x7B || $0 == 0x7D }), let pieces = pieces(text) else {
      return text
    }
    var result = ""
    for piece in pieces {
      switch piece {
      case .text(let plain): result += plain
      case .placeholder(let name): result += value(name, context, page: page) ?? ""
      }
    }
    return result
  }

  /// The value of one placeholder.
  static func value(_ name: String, _ context: InvoiceContext, page: PageContext?) -> String? {
    if name.hasPrefix("invoice.") { return invoiceValue(name, context) }
    let invoice = context.invoice
    let issuer = context.settings.issuer
    let seller = issuer.seller
    let bank = issuer.bank
    switch name {
    case "seller.name": return seller?.name
    case "seller.vatId": return seller?.vatId
    case "seller.taxNumber": return seller?.taxNumber
    case "seller.email": return seller?.email
    case "seller.address":
      guard let seller else { return nil }
      let lines =
        seller.address.isEmpty ? seller.postalAddress?.lines(locale: context.locale) ?? [] : seller.address
      return lines.joined(separator: ", ")
    case "seller.legalLine": return issuer.text(issuer.legalLine, for: invoice.locale)
    case "bank.holder": return bank?.holder ?? seller?.name
    case "bank.bankName": return bank?.bankName
    case "bank.iban": return bank?.iban
    case "bank.bic": return bank?.bic
    case "customer.name": return invoice.customer.name
    case "customer.id": return invoice.customer.id
    case "page": return page.map { context.format.integer($0.pageNumber) }
    case "pages": return page.map { context.format.integer($0.pageCount) }
    default:
      guard name.hasPrefix("field.") else { return nil }
      return invoice.fields[String(name.dropFirst(6))]
    }
  }

  /// The value of an `{invoice.…}` placeholder: its number, dates and amounts in the document's formats.
  static func invoiceValue(_ name: String, _ context: InvoiceContext) -> String? {
    let invoice = context.invoice
    let format = context.format
    switch name {
    case "invoice.number": return invoice.number
    case "invoice.date": return format.date(invoice.issueDate)
    case "invoice.dueDate": return invoice.dueDate.map(format.date)
    case "invoice.total": return format.money(invoice.totals.grandTotal)
    case "invoice.amountDue": return format.money(context.amountDue)
    case "invoice.net": return format.money(invoice.totals.subtotal)
    case "invoice.tax": return format.money(invoice.totals.taxTotal)
    case "invoice.currency": return invoice.currency.code
    case "invoice.purchaseOrder": return invoice.purchaseOrder
    case "invoice.earlyPaymentDate": return context.earlyPayment.map { format.date($0.date) }
    case "invoice.earlyPaymentAmount": return context.earlyPayment.map { format.money($0.amount) }
    case "invoice.earlyPaymentPercent": return context.earlyPayment.map { format.percent($0.terms.percent) }
    default: return nil
    }
  }
}
