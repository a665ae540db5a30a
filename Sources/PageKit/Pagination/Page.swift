import Foundation

/// A paper size in points (1/72 inch).
public struct PageSize: Hashable, Sendable {
  public var width: CGFloat
  public var height: CGFloat

  public init(width: CGFloat, height: CGFloat) {
    self.width = width
    self.height = height
  }

  /// ISO A4, 210 × 297 mm.
  public static let a4 = PageSize(width: 595.28, height: 841.89)
  /// ISO A5, 148 × 210 mm.
  public static let a5 = PageSize(width: 419.53, height: 595.28)
  /// US Letter, 8.5 × 11 in.
  public static let letter = PageSize(width: 612, height: 792)
  /// US Legal, 8.5 × 14 in.
  public static let legal = PageSize(width: 612, height: 1008)

  /// Any size, in points.
  public static func custom(width: CGFloat, height: CGFloat) -> PageSize {
    PageSize(width: width, height: height)
  }

  /// The same paper turned sideways.
  public var landscape: PageSize { PageSize(width: max(width, height), height: min(width, height)) }

  /// The paper named `name` ("a4", "A5", "letter", "legal"), or `nil`.
  public init?(named name: String) {
    switch name.lowercased() {
    case "a4": self = .a4
    case "a5": self = .a5
    case "letter", "us-letter": self = .letter
    case "legal": self = .legal
    default: return nil
    }
  }

  public var size: CGSize { CGSize(width: width, height: height) }
}

/// What a page's header, footer and background know: the page number, the page count and the running section.
public struct PageContext: Hashable, Sendable {
  /// The page number, from 1.
  public var pageNumber: Int
  /// The number of pages of the document: exact, never an estimate.
  public var pageCount: Int
  /// The title of the section the page's content belongs to, if any.
  public var sectionTitle: String?
  /// The size of the page.
  public var pageSize: CGSize

  public init(pageNumber: Int, pageCount: Int, sectionTitle: String?, pageSize: CGSize) {
    self.pageNumber = pageNumber
    self.pageCount = pageCount
    self.sectionTitle = sectionTitle
    self.pageSize = pageSize
  }
}

/// A page template: size, margins, a flowing body, and a header, footer and background drawn on every page it makes.
public struct Page {
  public var size: PageSize
  public var margins: EdgeInsets
  let content: ViewList
  var header: ((PageContext) -> AnyView)?
  var footer: ((PageContext) -> AnyView)?
  var background: ((PageContext) -> AnyView)?
  var slip: Slip?
  /// Space between the header and the body, and between the body and the footer.
  public var regionSpacing: CGFloat = 12

  /// Pages of `size` with `margins` around the header, body and footer; the body flows over as many pages as it needs.
  public init(
    size: PageSize = .a4, margins: EdgeInsets = EdgeInsets(40), @ViewBuilder content: () -> ViewList
  ) {
    self.size = size
    self.margins = margins
    self.content = content()
  }

  /// These pages with a header at the top of every page.
  public func header<V: View>(@ViewBuilder _ make: @escaping (PageContext) -> V) -> Page {
    var copy = self
    copy.header = { AnyView(make($0)) }
    return copy
  }

  /// These pages with a footer at the bottom of every page.
  public func footer<V: View>(@ViewBuilder _ make: @escaping (PageContext) -> V) -> Page {
    var copy = self
    copy.footer = { AnyView(make($0)) }
    return copy
  }

  /// These pages with a tear-off slip `height` points high at the bottom edge of the last one,
  /// across the whole page (margins do not apply), such as the Swiss QR-bill's payment part.
  ///
  /// The footer of that page moves up above the slip. When the body's end leaves too little room,
  /// the slip gets a page of its own after it, with the header and footer of the other pages.
  public func slip<V: View>(height: CGFloat, @ViewBuilder _ make: @escaping () -> V) -> Page {
    var copy = self
    copy.slip = Slip(height: height, make: { AnyView(make()) })
    return copy
  }

  /// These pages with a view behind everything, offered the whole page.
  public func background<V: View>(@ViewBuilder _ make: @escaping (PageContext) -> V) -> Page {
    var copy = self
    copy.background = { AnyView(make($0)) }
    return copy
  }
}

/// A view fixed to the bottom edge of the last page of a template (`Page.slip(height:_:)`).
struct Slip {
  var height: CGFloat
  var make: () -> AnyView
}

/// Builds the page templates of a document.
@resultBuilder
public enum PageTemplateBuilder {
  public static func buildExpression(_ page: Page) -> [Page] { [page] }
  public static func buildBlock(_ parts: [Page]...) -> [Page] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Page]?) -> [Page] { part ?? [] }
  public static func buildEither(first: [Page]) -> [Page] { first }
  public static func buildEither(second: [Page]) -> [Page] { second }
  public static func buildArray(_ parts: [[Page]]) -> [Page] { parts.flatMap { $0 } }
}

/// A multi-page document: metadata and one or more page templates, each starting on a new page.
public struct Document {
  public var title: String?
  public var author: String?
  public var subject: String?
  public var keywords: [String]
  public var creator: String?
  public var pages: [Page]

  public init(
    title: String? = nil, author: String? = nil, subject: String? = nil, keywords: [String] = [],
    creator: String? = nil, @PageTemplateBuilder pages: () -> [Page]
  ) {
    self.title = title
    self.author = author
    self.subject = subject
    self.keywords = keywords
    self.creator = creator
    self.pages = pages()
  }
}
