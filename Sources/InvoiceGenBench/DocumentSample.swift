import Foundation
import PageKit
import PageRendering

/// A multi-page sample: sections, paragraphs that split, a table with repeated headers and a running total.
enum DocumentSample {
  static func document(rows: Int) -> Document {
    let data = (0..<rows).map { index -> [String] in
      [
        "2026-\(index % 12 + 1 < 10 ? "0" : "")\(index % 12 + 1)-15", "R-\(1000 + index)",
        index % 7 == 0
          ? "Customer with a much longer name that wraps onto a second line" : "Customer \(index)",
        ["North", "South", "East", "West"][index % 4], "\(index % 9 + 1)",
        "\(index * 37 % 1000).\(index % 10)0",
      ]
    }
    let paragraph =
      "Pagination is a value: laying out a node into the space left on a page answers everything fits, part fits with a remainder, or nothing fits here. Paragraphs split between lines, never inside one, and keep at least two lines on each side of a break."
    return Document(
      title: "Sample report", author: "invoicegen", subject: "Pagination", keywords: ["sample"],
      creator: "invoicegen samples"
    ) {
      Page(size: .a4, margins: EdgeInsets(top: 36, leading: 40, bottom: 36, trailing: 40)) {
        Section(title: "Introduction") {
          Text("Introduction").font(.title2.bold()).keepWithNext()
          Text(paragraph)
          Text("Jump to the table").underline().foregroundColor(.blue).link(to: "table")
          Text("Open the project site").underline().foregroundColor(.blue).link(
            URL(string: "https://example.com/invoicegen")!)
        }
        Section(title: "Orders") {
          Text("Orders").font(.title2.bold()).keepWithNext().anchor("table")
          Table(
            columns: [
              TableColumn("Date", width: .fit), TableColumn("ID", width: .fit),
              TableColumn("Customer", width: .fraction(2)),
              TableColumn("Region", width: .fraction(1)),
              TableColumn("Qty", width: .fit, alignment: .trailing),
              TableColumn("Amount", width: .fixed(70), alignment: .trailing),
            ],
            rows: TableRows(data), footer: [["", "", "Total", "", "", "—"]],
            continuation: TableContinuation(column: 5, initial: "0.00") { total, _, cells in
              String(format: "%.2f", (Double(total) ?? 0) + (Double(cells[5]) ?? 0))
            })
        }
      }
      .header { page in
        HStack {
          Text("Sample report").bold()
          Spacer()
          Text(page.sectionTitle ?? "")
        }
        .font(.caption)
      }
      .footer { page in
        Text("Page \(page.pageNumber) of \(page.pageCount)").font(.caption).frame(maxWidth: .infinity)
      }
    }
  }
}
