import Foundation
import Testing

@testable import PageKit

/// Content is never dropped silently: failures of row sources and content that fits no page are the document's error.
@Suite struct LayoutErrorTests {
  struct ReadFailure: Error, CustomStringConvertible {
    var description: String { "orders.csv:7: the disk went away" }
  }

  /// A table whose rows fail after `good` rows.
  static func failingTable(after good: Int) -> Table {
    Table(
      columns: [TableColumn("Item")],
      rows: TableRows {
        var index = 0
        return {
          index += 1
          if index > good { throw ReadFailure() }
          return ["row \(index)"]
        }
      })
  }

  static func document<V: View>(height: CGFloat = 100, @ViewBuilder _ content: () -> V) -> Document {
    Document {
      Page(size: .custom(width: 200, height: height), margins: EdgeInsets(0)) { content() }
    }
  }

  @Test func aRowSourceThatFailsHalfwayIsTheDocumentsError() throws {
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    let paginator = Paginator(
      document: LayoutErrorTests.document { LayoutErrorTests.failingTable(after: 12) }, context: context)
    #expect {
      try paginator.plan()
    } throws: { error in
      guard let error = error as? LayoutError else { return false }
      return error.kind == .rowSource
        && error.message.contains(
          "a table's rows could not be read after 12 rows: orders.csv:7: the disk went away")
        && error.message.hasPrefix("page ")
    }
  }

  @Test func aSourceThatCannotOpenIsTheDocumentsError() throws {
    let table = Table(columns: [TableColumn("Item")], rows: TableRows { throw ReadFailure() })
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    let paginator = Paginator(document: LayoutErrorTests.document { table }, context: context)
    #expect(throws: LayoutError.self) { try paginator.plan() }
  }

  /// A node that never fits anywhere: it defers even on an empty page.
  final class NeverFits: FlowingNode {
    func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
      CGSize(width: 10, height: 10)
    }
    func place(in rect: CGRect, context: LayoutContext) -> Frame { Frame(name: "never", rect: rect) }
    func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
      .deferred(reason: .doesNotFit(height: 500, available: space.available))
    }
  }

  struct NeverFitsView: View, SingleNodeView {
    typealias Body = Never
    func makeNode(in environment: EnvironmentValues) -> any LayoutNode { NeverFits() }
  }

  @Test func contentThatFitsNoPageIsAnErrorNotAnEmptyPage() throws {
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    let document = LayoutErrorTests.document {
      Text("before")
      NeverFitsView()
      Text("after")
    }
    let paginator = Paginator(document: document, context: context)
    #expect {
      try paginator.plan()
    } throws: { error in
      (error as? LayoutError)?.kind == .cannotPlace
        && (error as? LayoutError)?.message.contains(
          "does not fit the 100 points left, even on an empty page") == true
    }
  }

  @Test func aTableRemainderIsAValueThatLayingOutDoesNotChange() throws {
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    let rows = (1...30).map { ["r\($0)"] }
    let node = ViewResolver.node(
      of: Table(columns: [TableColumn("Item")], rows: TableRows(rows)), in: EnvironmentValues())
    let space = FlowSpace(width: 200, available: 100, pageHeight: 100, isTopOfPage: true)
    guard case .partial(_, let first) = node.layoutFlow(in: space, context: context),
      let remainder = first as? TableRemainder
    else {
      Issue.record("the table did not split")
      return
    }
    let next = remainder.nextRow
    #expect(next > 0 && next < 30)
    // Laying the same remainder out twice gives the same page and leaves it as it was.
    let shorter = FlowSpace(width: 200, available: 40, pageHeight: 100, isTopOfPage: false)
    guard case .partial(let small, let afterSmall) = remainder.flow(in: shorter, context: context),
      case .partial(let again, let afterAgain) = remainder.flow(in: shorter, context: context)
    else {
      Issue.record("the remainder did not split again")
      return
    }
    #expect(small.size == again.size)
    #expect((afterSmall as? TableRemainder)?.nextRow == (afterAgain as? TableRemainder)?.nextRow)
    #expect(remainder.nextRow == next)
    // A table whose header would stand alone at a page's foot defers, and says why.
    let tiny = FlowSpace(width: 200, available: 1, pageHeight: 100, isTopOfPage: false)
    if case .deferred(let reason) = node.layoutFlow(in: tiny, context: context) {
      #expect(reason == .headerAlone)
    } else {
      Issue.record("expected a deferral")
    }
    // Even the first page's remainder, whose rows the stream has let go, lays out the same again.
    guard case .partial(let later, _) = afterSmall.layoutFlow(in: space, context: context),
      case .partial(let pageAgain, let afterPage) = remainder.flow(in: space, context: context)
    else {
      Issue.record("the remainders did not split")
      return
    }
    #expect(later.size.height > 0)
    #expect(pageAgain.size.height > 0)
    #expect((afterPage as? TableRemainder).map { $0.nextRow > next } == true)
    #expect(context.failure == nil)
  }
}
