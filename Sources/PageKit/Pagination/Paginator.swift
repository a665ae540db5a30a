import Foundation

/// Breaks a document's flowing bodies into pages, in two passes, so "Page N of M" is exact while pages stream.
///
/// Pass 1 (`plan`) lays every page out to count them and find each page's running section, keeping
/// nothing else. Pass 2 (`layOutPages`) lays them out again, page by page, with the page count known,
/// and hands each page's frames to the caller, which draws and drops them. Body pagination never
/// depends on the page count: header and footer heights are measured with a placeholder count.
package final class Paginator {
  /// What pass 1 learns: how many pages there are and the running section of each.
  public struct Plan: Sendable {
    public var pageCount: Int
    public var sectionTitles: [String?]
  }

  /// One laid-out page: its number, size and frames (background, header, body, footer, in drawing order).
  public struct LaidOutPage {
    public var number: Int
    public var size: CGSize
    public var frames: [Frame]
  }

  /// The count used for headers and footers while measuring, before the real count is known.
  public static let placeholderPageCount = 9999
  /// The most pages one document may have; a body that cannot make progress stops here.
  public static let maxPages = 1_000_000

  let document: Document
  let environment: EnvironmentValues
  let context: LayoutContext
  private let bodies: [any LayoutNode]
  /// Header and footer heights by template and page, measured in the first pass and reused in the second.
  private var regionHeights: [String: (CGFloat, CGFloat)] = [:]

  public init(
    document: Document, environment: EnvironmentValues = EnvironmentValues(), context: LayoutContext
  ) {
    self.document = document
    self.environment = environment
    self.context = context
    var inner = environment
    inner.stackAxis = .vertical
    bodies = document.pages.map { page in
      StackNode(
        axis: .vertical, alignment: HorizontalAlignment.leading.fraction(in: environment.layoutDirection),
        spacing: StackNode.defaultSpacing, children: ViewResolver.nodes(of: page.content, in: inner),
        direction: environment.layoutDirection)
    }
  }

  /// Pass 1: the page count and each page's running section; throws when the body cannot be laid out completely.
  public func plan() throws -> Plan {
    keptPages = []
    var titles: [String?] = []
    var current: String?
    try walk(pageCount: nil, sectionTitles: nil) { _, body in
      var markers: [String] = []
      body.forEachFrame { frame in
        if case .outline(let title, _) = frame.content { markers.append(title) }
      }
      titles.append(markers.first ?? current)
      if let last = markers.last { current = last }
    }
    return Plan(pageCount: max(titles.count, 1), sectionTitles: titles)
  }

  /// Pass 2: lays out the pages in order and hands each to `body` with its header and footer resolved.
  ///
  /// A document of at most `keptPageBudget` pages reuses the bodies pass 1 laid out (they never
  /// depend on the page count) and only lays out headers, footers and backgrounds again; a longer one
  /// flows again page by page, so memory stays flat.
  public func layOutPages(plan: Plan, _ body: (LaidOutPage) throws -> Void) throws {
    if let kept = keptPages, kept.count == plan.pageCount {
      for page in kept {
        let frames = assemble(page, pageCount: plan.pageCount, sectionTitles: plan.sectionTitles)
        try body(LaidOutPage(number: page.number, size: page.size, frames: frames))
      }
      return
    }
    try walk(pageCount: plan.pageCount, sectionTitles: plan.sectionTitles) { page, _ in try body(page) }
  }

  /// A page of pass 1: where its body went and the frames of the body.
  struct KeptPage {
    var template: Int
    var number: Int
    var size: CGSize
    var contentWidth: CGFloat
    var headerHeight: CGFloat
    var footerHeight: CGFloat
    var body: Frame
    /// Whether the template's slip is at the bottom of this page (its last).
    var hasSlip = false
  }

  /// The most pages whose bodies pass 1 keeps for pass 2.
  public static let keptPageBudget = 64
  private var keptPages: [KeptPage]? = []

  /// The page's frames: background, header, body and footer, with the real page count.
  private func assemble(_ kept: KeptPage, pageCount: Int, sectionTitles: [String?]) -> [Frame] {
    let template = document.pages[kept.template]
    let size = kept.size
    let page = PageContext(
      pageNumber: kept.number, pageCount: pageCount,
      sectionTitle: sectionTitles.indices.contains(kept.number - 1) ? sectionTitles[kept.number - 1] : nil,
      pageSize: size)
    var frames: [Frame] = []
    if let background = template.background {
      frames.append(Paginator.artifact(place(background(page), in: CGRect(origin: .zero, size: size))))
    }
    if let header = template.header {
      let rect = CGRect(
        x: template.margins.leading, y: template.margins.top, width: kept.contentWidth,
        height: kept.headerHeight)
      frames.append(Paginator.artifact(place(header(page), in: rect)))
    }
    frames.append(kept.body)
    let slip = kept.hasSlip ? template.slip : nil
    if let footer = template.footer {
      let bottom =
        slip.map { size.height - $0.height - template.regionSpacing } ?? size.height - template.margins.bottom
      let rect = CGRect(
        x: template.margins.leading, y: bottom - kept.footerHeight, width: kept.contentWidth,
        height: kept.footerHeight)
      frames.append(Paginator.artifact(place(footer(page), in: rect)))
    }
    if let slip {
      frames.append(
        place(
          slip.make(), in: CGRect(x: 0, y: size.height - slip.height, width: size.width, height: slip.height))
      )
    }
    return frames
  }

  /// Page furniture (background, running header and footer) as an artifact: readers hear it once, not per page.
  static func artifact(_ frame: Frame) -> Frame {
    Frame(name: "artifact", rect: frame.rect, content: .accessibility(.artifact), children: [frame])
  }

  /// The flow loop both passes share; `emit` gets each page and its body frame.
  ///
  /// Content is never dropped: a body that cannot be placed on an empty page, a table whose rows
  /// fail to read, or a body that does not end within `maxPages` pages throws the `LayoutError`.
  private func walk(
    pageCount: Int?, sectionTitles: [String?]?, emit: (LaidOutPage, Frame) throws -> Void
  ) throws {
    var number = 0
    for (templateIndex, (template, body)) in zip(document.pages, bodies).enumerated() {
      var next: (any LayoutNode)? = body
      var slipPlaced = template.slip == nil
      while let current = next, number < Paginator.maxPages {
        number += 1
        var kept = frameOfPage(number, template: templateIndex)
        let space = FlowSpace(
          width: kept.contentWidth, available: kept.body.rect.height, pageHeight: kept.body.rect.height,
          isTopOfPage: true)
        let piece: FlowPiece
        switch current.layoutFlow(in: space, context: context) {
        case .complete(let whole):
          piece = whole
          next = nil
        case .partial(let part, let remainder):
          piece = part
          next = remainder
        case .deferred(let reason):
          throw LayoutError(.cannotPlace, "page \(number): \(reason), even on an empty page")
        }
        if let failure = context.failure {
          throw LayoutError(failure.kind, "page \(number): \(failure.message)")
        }
        kept.body = piece.place(kept.body.rect.origin, context)
        if next == nil, let slip = template.slip {
          // The body's end must clear the footer, lifted above the slip.
          let footerTop =
            kept.size.height - slip.height - template.regionSpacing - kept.footerHeight
            - (kept.footerHeight > 0 ? template.regionSpacing : 0)
          kept.hasSlip = kept.body.rect.maxY <= footerTop
          slipPlaced = kept.hasSlip
        }
        try keepOrEmit(kept, pageCount: pageCount, sectionTitles: sectionTitles, emit: emit)
      }
      if next != nil {
        throw LayoutError(.tooManyPages, "the body did not end within \(Paginator.maxPages) pages")
      }
      if !slipPlaced {
        // A page of its own for the slip: the header and footer as on the other pages, no body.
        number += 1
        var kept = frameOfPage(number, template: templateIndex)
        kept.body = Frame(name: "body", rect: CGRect(origin: kept.body.rect.origin, size: .zero))
        kept.hasSlip = true
        try keepOrEmit(kept, pageCount: pageCount, sectionTitles: sectionTitles, emit: emit)
      }
    }
  }

  /// Page `number` of template `templateIndex` before its body is laid out: its header and footer
  /// heights (measured once per page and pass) and, as the body's frame, the space the body may fill.
  private func frameOfPage(_ number: Int, template templateIndex: Int) -> KeptPage {
    let template = document.pages[templateIndex]
    let size = template.size.size
    let contentWidth = max(0, size.width - template.margins.horizontal)
    let measuring = PageContext(
      pageNumber: number, pageCount: Paginator.placeholderPageCount, sectionTitle: nil, pageSize: size)
    let key = "\(templateIndex)/\(number)"
    let (headerHeight, footerHeight) =
      regionHeights[key]
      ?? (
        regionHeight(template.header, measuring, width: contentWidth),
        regionHeight(template.footer, measuring, width: contentWidth)
      )
    regionHeights[key] = (headerHeight, footerHeight)
    let bodyTop = template.margins.top + headerHeight + (headerHeight > 0 ? template.regionSpacing : 0)
    let bodyBottom =
      size.height - template.margins.bottom - footerHeight
      - (footerHeight > 0 ? template.regionSpacing : 0)
    return KeptPage(
      template: templateIndex, number: number, size: size, contentWidth: contentWidth,
      headerHeight: headerHeight, footerHeight: footerHeight,
      body: Frame(
        name: "body",
        rect: CGRect(
          x: template.margins.leading, y: bodyTop, width: contentWidth, height: max(0, bodyBottom - bodyTop)))
    )
  }

  /// Hands a laid-out page on: with its header and footer in pass 2; in pass 1 of a small document, kept for pass 2.
  private func keepOrEmit(
    _ kept: KeptPage, pageCount: Int?, sectionTitles: [String?]?, emit: (LaidOutPage, Frame) throws -> Void
  ) throws {
    var frames: [Frame] = []
    if let pageCount, let sectionTitles {
      frames = assemble(kept, pageCount: pageCount, sectionTitles: sectionTitles)
    } else if keptPages != nil {
      // Pass 1 of a small document keeps its bodies: they do not depend on the page count.
      if keptPages!.count < Paginator.keptPageBudget { keptPages!.append(kept) } else { keptPages = nil }
    }
    try emit(LaidOutPage(number: kept.number, size: kept.size, frames: frames), kept.body)
  }

  private func regionHeight(_ make: ((PageContext) -> AnyView)?, _ page: PageContext, width: CGFloat)
    -> CGFloat
  {
    guard let make else { return 0 }
    let node = ViewResolver.node(of: make(page), in: environment)
    return node.sizeThatFits(ProposedViewSize(width: width, height: nil), context: context).height
  }

  private func place(_ view: AnyView, in rect: CGRect) -> Frame {
    let node = ViewResolver.node(of: view, in: environment)
    return node.place(in: rect, context: context)
  }
}
