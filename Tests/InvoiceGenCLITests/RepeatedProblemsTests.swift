import Foundation
import Testing

/// The same problem on many invoices is shown on its first three and counted after (issue 35, item 2).
@Suite(.serialized) struct RepeatedProblemsTests {
  @Test func aProblemOfEveryInvoiceIsShownThreeTimesThenCounted() throws {
    let folder = try CommandRunner.temporaryFolder()
    let rows =
      (1...10).map { "Q-\($0),2026-03-01,EUR,ACME,Widget,x,10,19" } + [
        "Q-11,2026-03-01,EUR,ACME,Widget,1,10,19"
      ]
    try
      (["invoice_number,invoice_date,currency,customer_name,description,quantity,unit_price,tax_rate"] + rows)
      .joined(separator: "\n").appending("\n").write(
        toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--out", "out", "--progress", "never", "--summary", "summary.json"],
      directory: folder)
    #expect(run.status == 2)
    let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
    #expect(
      errors.filter { $0.contains(#"column "quantity": "x" is not a number"#) }.count == 4, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        #"error: the same on 7 more invoices ("Q-4", "Q-5", "Q-6", "Q-7", "Q-8", …; every one in --summary): column "quantity": "x" is not a number"#
      ), "\(run.stderr)")
    // The summary still names every invoice that failed.
    let summary = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/summary.json")))
        as? [String: Any])
    #expect((summary["invalidInvoices"] as? [Any])?.count == 10, "\(summary)")
    #expect(CommandRunner.files(folder + "/out") == ["Q-11.pdf"])
  }

  @Test func anEInvoiceRunWithoutTheBuyersCountrySaysSoOnceWithTheCount() throws {
    let folder = try CommandRunner.temporaryFolder()
    let rows = (1...6).map { "E-\($0),2026-03-01,EUR,ACME GmbH,Hauptstr. 1,Widget,1,10,19" }
    try
      ([
        "invoice_number,invoice_date,currency,customer_name,customer_address,description,quantity,unit_price,tax_rate"
      ]
      + rows).joined(separator: "\n").appending("\n").write(
        toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen(
      [
        "--input", "orders.csv", "--config", CommandRunner.sampleData + "/einvoice.json", "--format", "cii",
        "--out",
        "out", "--progress", "never",
      ], directory: folder)
    #expect(run.status == 2)
    #expect(
      run.stderr.components(separatedBy: "needs the buyer's country (BT-55)").count - 1 == 4, "\(run.stderr)")
    #expect(run.stderr.components(separatedBy: "hint: add a customer_country column").count - 1 == 3)
    #expect(
      run.stderr.contains(
        #"error: the same on 3 more invoices ("E-4", "E-5", "E-6"; every one in --summary)"#))
  }
}
