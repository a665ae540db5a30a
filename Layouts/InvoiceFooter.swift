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
          // One to three columns side by side, as wide as `footerStyle.widths` says, else equally wide.
          let widths = columnWidths(columns)
          ForEach(Array(columns.indices), id: \.self) { index in
            column(index, columns[index])
              .frame(width: widths?[index], alignment: .leading)
              .frame(maxWidth: widths == nil ? .infinity : nil, alignment: .leading)
          }
          // Columns of set widths start at the margin; what is left goes before the page number.
          if widths != nil { Spacer(minLength: 0) }
        }
        if PlacedImages.any(context, at: .footer) { PlacedImages(context, place: .footer) }
        if !showsPage(columns) {
          Text(pageOfCount).fixedSize()
        }
      }
    }
    .font(settings.brand.font(settings.layout.footerSize))
    .foregroundColor(Color(white: 0.4))
  }

  /// Footer column `index` with its placeholders filled; a link column (`{"link": …}`) as a
  /// clickable link when its address is one (http, https or mailto).
  @ViewBuilder
  func column(_ index: Int, _ text: String) -> some View {
    let filled = FooterTemplate.fill(text, context, page: page)
    let links = context.settings.layout.footerLinks
    if index < links.count, let link = links[index],
      let url = InvoiceContext.linkURL(FooterTemplate.fill(context.text(link), context, page: page))
    {
      Text(filled).underline().lineLimit(3).link(url)
    } else {
      Text(filled).lineLimit(3)
    }
  }

  /// "Page 2 of 5" in the document's language and digits.
  var pageOfCount: String {
    context.strings(
      .pageOfCount, context.format.integer(page.pageNumber), context.format.integer(page.pageCount))
  }

  /// Each column's width in points from `footerStyle.widths`: the page's text width less the page
  /// number's room, shared in those proportions; nil for equal columns.
  func columnWidths(_ columns: [String]) -> [CGFloat]? {
    let weights = context.settings.layout.footerWidths
    guard weights.count == columns.count, weights.count > 1 else { return nil }
    let margins = InvoiceLayout.margins(context.settings)
    let spacing = 8.0 * Double(columns.count - 1)
    let pageNumberRoom = showsPage(columns) ? 0 : 14 * context.settings.layout.footerSize
    let width = page.pageSize.width - margins.leading - margins.trailing - spacing - pageNumberRoom
    let total = weights.reduce(0, +)
    return weights.map { max(10, width * $0 / total) }
  }

  /// Whether a footer column prints the page number itself.
  func showsPage(_ columns: [String]) -> Bool {
    columns.contains(where: FooterTemplate.showsPage)
  }
}
