import Foundation
import Testing

/// Real shop exports (issue 11): columns that must not print, orders without a customer name.
@Suite struct ShopExportTests {
  @Test func staffNotesMappedToNullNeverPrintAndCashSalesGetADefaultName() throws {
    let folder = try CommandRunner.temporaryFolder()
    try """
    Name,Created at,Lineitem name,Lineitem quantity,Lineitem price,Currency,Notes
    #1001,2026-03-01,Photo mug,1,12.50,EUR,SAME PHOTO / FULFILLED!!

    """.write(toFile: folder + "/shop.csv", atomically: true, encoding: .utf8)
    try """
    {"columns": {"Name": "invoice_number", "Created at": "invoice_date", "Lineitem name": "description",
                 "Lineitem quantity": "quantity", "Lineitem price": "unit_price", "Notes": null},
     "defaults": {"customerName": "Cash sale", "taxRate": 19}}
    """.write(toFile: folder + "/shop.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/shop.csv", "--out", folder + "/out", "--config", folder + "/shop.json",
      "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("Notes"), "\(run.stderr)")
    let text = try CommandRunner.text(folder + "/out/_1001.pdf")
    #expect(text.contains("Cash sale"))
    #expect(!text.contains("SAME PHOTO"))
  }
}
