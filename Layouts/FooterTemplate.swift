import DataModel
import Foundation
import PageKit

/// The `{placeholders}` a config's footer texts may use, and how each is filled for an invoice.
public enum FooterTemplate {
  /// Every placeholder but `{field.NAME}`, which prints the custom field NAME.
  public static let placeholders: [String] = [
    "seller.name", "seller.vatId", "seller.taxNumber", "seller.email", "seller.address", "seller.legalLine",
    "bank.holder", "bank.bankName", "bank.iban", "bank.bic", "invoice.number", "invoice.date",
    "invoice.dueDate",
    "invoice.purchaseOrder", "customer.name", "customer.id", "page", "pages",
  ]

  /// The names inside braces in `text`, in order (`"{seller.name} · {page}"` → `["seller.name", "page"]`).
  public static func names(in text: String) -> [String] {
    var names: [String] = []
    var rest = text[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      names.append(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
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

  /// `text` with every placeholder filled for `context`'s invoice on `page` (an empty value for a missing one).
  public static func fill(_ text: String, _ context: InvoiceContext, page: PageContext) -> String {
    var result = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      result += value(name, context, page: page) ?? ""
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// The value of one placeholder.
  static func value(_ name: String, _ context: InvoiceContext, page: PageContext) -> String? {
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
    case "invoice.number": return invoice.number
    case "invoice.date": return context.format.date(invoice.issueDate)
    case "invoice.dueDate": return invoice.dueDate.map(context.format.date)
    case "invoice.purchaseOrder": return invoice.purchaseOrder
    case "customer.name": return invoice.customer.name
    case "customer.id": return invoice.customer.id
    case "page": return context.format.integer(page.pageNumber)
    case "pages": return context.format.integer(page.pageCount)
    default:
      guard name.hasPrefix("field.") else { return nil }
      return invoice.fields[String(name.dropFirst(6))]
    }
  }
}
