import DataModel
import Foundation
import PageKit

/// The foot of every invoice page: a rule, the seller's legal line (or the config's footer columns)
/// and "Page N of M".
public struct InvoiceFooter: View {
  let context: InvoiceContext
  let page: PageContext

  /// The footer of `context`'s invoice on `page`.
  public init(_ context: InvoiceContext, page: PageContext) {
    self.context = context
    self.page = page
  }

  public var body: some View {
    let settings = context.settings
    let columns = settings.layout.footer.map { context.text($0) }
    return VStack(spacing: 4) {
      Rectangle().fill(Color(white: 0.8)).frame(height: 0.5)
      HStack(alignment: .top) {
        if columns.isEmpty {
          Text(
            settings.issuer.text(settings.issuer.legalLine, for: context.invoice.locale) ?? settings.issuer
              .seller?.name ?? ""
          )
          .lineLimit(2)
          Spacer()
        } else {
          // One to three columns side by side, each as wide as the others.
          ForEach(Array(columns.indices), id: \.self) { index in
            Text(FooterTemplate.fill(columns[index], context, page: page)).lineLimit(3)
              .frame(maxWidth: .infinity, alignment: .leading)
          }
        }
        if !showsPage(columns) {
          Text(pageOfCount).fixedSize()
        }
      }
    }
    .font(settings.brand.font(7.5))
    .foregroundColor(Color(white: 0.4))
  }

  /// "Page 2 of 5" in the document's language and digits.
  var pageOfCount: String {
    context.strings(
      .pageOfCount, context.format.integer(page.pageNumber), context.format.integer(page.pageCount))
  }

  /// Whether a footer column prints the page number itself.
  func showsPage(_ columns: [String]) -> Bool {
    columns.contains(where: FooterTemplate.showsPage)
  }
}
