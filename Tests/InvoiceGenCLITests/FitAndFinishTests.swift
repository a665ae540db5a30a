import Foundation
import Testing

/// Rough edges a new user met (issue 15), each fixed with the behaviour checked end to end.
@Suite(.serialized) struct FitAndFinishTests {
  static let header =
    "invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency"

  static func orders(_ rows: [String]) throws -> String {
    let folder = try CommandRunner.temporaryFolder()
    let path = folder + "/orders.csv"
    try ([header] + rows).joined(separator: "\n").appending("\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func countsArePluralisedCorrectly() throws {
    let one = try FitAndFinishTests.orders(["A-1,2026-03-01,C,W,1,10,19,EUR"])
    let check = try CommandRunner.invoicegen(["--check", "--input", one])
    #expect(check.stdout.contains("1 invoice valid, 0 invalid"), "\(check.stdout)")
    let out = URL(fileURLWithPath: one).deletingLastPathComponent().path + "/out"
    let run = try CommandRunner.invoicegen(["--input", one, "--out", out, "--progress", "never"])
    #expect(run.stdout.contains("1 invoice written, 0 failed"), "\(run.stdout)")
    let bad = try FitAndFinishTests.orders(["A-1,2026-03-01,C,W,x,10,19,EUR"])
    let strict = try CommandRunner.invoicegen(["--strict", "--input", bad, "--out", out])
    #expect(strict.stderr.contains("--strict: 1 invalid invoice; nothing written"), "\(strict.stderr)")
  }

  @Test func aEuroSignInTheCurrencyColumnIsEuro() throws {
    let input = try FitAndFinishTests.orders(["E-1,2026-03-01,C,W,1,10,19,€", "D-1,2026-03-01,C,W,1,10,19,$"])
    let out = URL(fileURLWithPath: input).deletingLastPathComponent().path + "/out"
    let run = try CommandRunner.invoicegen(["--input", input, "--out", out, "--progress", "never"])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("column \"currency\": \"$\" stands for several currencies"), "\(run.stderr)")
    #expect(CommandRunner.files(out) == ["E-1.pdf"])
    #expect(try CommandRunner.text(out + "/E-1.pdf").contains("€11.90"))
  }

  @Test func slurmArraysShardFromTheirFirstTaskId() throws {
    // The same 3 shards from Kubernetes indexes 0…2, a Slurm array 0-2 and a Slurm array 1-3.
    let schedulers: [[String: String]] = [
      ["JOB_COMPLETION_INDEX": "0"], ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0"],
      ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1"],
    ]
    var shards: [[String]] = []
    for offset in 0..<3 {
      var union: [String] = []
      for task in 0..<3 {
        var environment = schedulers[offset]
        for (key, value) in environment where key != "SLURM_ARRAY_TASK_MIN" {
          environment[key] = String(Int(value)! + task)
        }
        let out = try CommandRunner.temporaryFolder()
        let run = try CommandRunner.invoicegen(
          ["--input", "orders.csv", "--out", out, "--shards", "3", "--progress", "never"],
          environment: environment)
        #expect(run.status == 0, "\(environment): \(run.stderr)")
        union += CommandRunner.files(out)
      }
      shards.append(union.sorted())
    }
    #expect(shards[0].count == 34)
    #expect(shards[1] == shards[0] && shards[2] == shards[0])
    let outside = try CommandRunner.invoicegen(
      ["--input", "orders.csv", "--out", "/tmp/unused", "--shards", "3"],
      environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1"])
    #expect(outside.status == 1 && outside.stderr.contains("SLURM_ARRAY_TASK_ID"))
  }

  @Test func aReportRefusesFilesThatAreNotCSV() throws {
    let folder = try CommandRunner.temporaryFolder()
    try "<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"a\" tests=\"1\"/></testsuites>\n".write(
      toFile: folder + "/results.csv", atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
      atPath: CommandRunner.sampleData + "/logo.png", toPath: folder + "/logo.csv")
    for (file, kind) in [("results.csv", "XML or HTML"), ("logo.csv", "binary data")] {
      let run = try CommandRunner.invoicegen([
        "report", "--input", folder + "/" + file, "--out", folder + "/r.pdf",
      ])
      #expect(run.status == 1, "\(file): \(run.stderr)")
      #expect(run.stderr.contains("\(file):1: is \(kind), not CSV"), "\(run.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/r.pdf"))
    // An .xml file is CI results: anything but JUnit or Cobertura is named by its root element.
    try "<html><body>results</body></html>".write(
      toFile: folder + "/page.xml", atomically: true, encoding: .utf8)
    let html = try CommandRunner.invoicegen([
      "report", "--input", folder + "/page.xml", "--out", folder + "/r.pdf",
    ])
    #expect(html.status == 1)
    #expect(
      html.stderr.contains(
        "page.xml:1: the root element <html> is neither JUnit (<testsuites>, <testsuite>) nor Cobertura"),
      "\(html.stderr)")
  }

  @Test func theSummaryListsEachFailedInvoiceOnceInInputOrderWithItsPhases() throws {
    let input = try FitAndFinishTests.orders([
      "B-1,2026-03-01,C,W,x,10,19,EUR", "A-1,2026-03-01,C,W,1,10,19,EUR", "B-1,2026-03-01,C,W,y,10,19,EUR",
      ",2026-03-01,C,W,1,10,19,EUR", "C-1,2026-03-01,C,W,1,z,19,EUR", "B-1,2026-03-01,C,W,1,10,-5,EUR",
    ])
    let folder = URL(fileURLWithPath: input).deletingLastPathComponent().path
    let run = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out", "--progress", "never", "--summary", folder + "/s.json",
    ])
    #expect(run.status == 2)
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/s.json"))
    let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let failures = try #require(summary["failures"] as? [[String: Any]])
    // B-1 (three bad rows), the row without a number, C-1: three failures, as many as "failed".
    #expect(summary["failed"] as? Int == failures.count)
    #expect(failures.count == 3)
    #expect(failures.map { $0["invoice"] as? String } == ["B-1", nil, "C-1"])
    #expect((failures.first?["messages"] as? [String])?.count == 3)
    let phases = try #require(summary["phases"] as? [String: Double])
    #expect(Set(phases.keys) == ["parse", "name", "render"])
  }

  @Test func onlyReportsAndCountsWhatItSelected() throws {
    let input = try FitAndFinishTests.orders([
      "A-1,2026-03-01,C,W,1,10,19,EUR", "B-1,2026-03-01,C,W,x,10,19,EUR", ",2026-03-01,C,W,1,10,19,EUR",
    ])
    let out = URL(fileURLWithPath: input).deletingLastPathComponent().path + "/out"
    let run = try CommandRunner.invoicegen([
      "--input", input, "--out", out, "--progress", "never", "--only", "A-1",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("1 invoice written, 0 failed"), "\(run.stdout)")
    #expect(!run.stderr.contains("\"x\""), "\(run.stderr)")
    #expect(
      run.stderr.contains("note: 2 errors in invoices --only did not select, not reported"), "\(run.stderr)")
    let bad = try CommandRunner.invoicegen([
      "--input", input, "--out", out, "--progress", "never", "--only", "B-1",
    ])
    #expect(bad.status == 2)
    #expect(bad.stdout.contains("0 invoices written, 1 failed"), "\(bad.stdout)")
  }

  @Test func aMissingLogoAndAnUnreadableOneAreTreatedAlike() throws {
    let input = try FitAndFinishTests.orders([
      "A-1,2026-03-01,C,W,1,10,19,EUR", "B-1,2026-03-01,C,W,1,10,19,EUR",
    ])
    let folder = URL(fileURLWithPath: input).deletingLastPathComponent().path
    try "not an image".write(toFile: folder + "/broken.png", atomically: true, encoding: .utf8)
    for (logo, reason) in [("missing.png", "file not found"), ("broken.png", "not a PNG, JPEG or SVG image")]
    {
      let config = folder + "/\(logo).json"
      try "{\"brand\": {\"logo\": \"\(logo)\"}}".write(toFile: config, atomically: true, encoding: .utf8)
      let out = folder + "/out-\(logo)"
      let run = try CommandRunner.invoicegen([
        "--input", input, "--out", out, "--config", config, "--progress", "never",
      ])
      #expect(run.status == 0, "\(logo): \(run.stderr)")
      // Said once, at the config key, not once per invoice.
      #expect(
        run.stderr.components(
          separatedBy: "\(logo).json:1:20: brand.logo: image \(folder)/\(logo): \(reason)"
        )
        .count == 2, "\(run.stderr)")
      #expect(!run.stderr.contains("placeholder"), "\(run.stderr)")
      #expect(CommandRunner.files(out) == ["A-1.pdf", "B-1.pdf"])
      let strict = try CommandRunner.invoicegen([
        "--input", input, "--out", out + "-strict", "--config", config, "--progress", "never", "--strict",
      ])
      #expect(strict.status == 1, "\(logo): \(strict.stderr)")
      #expect(
        strict.stderr.components(separatedBy: "brand.logo: image \(folder)/\(logo): \(reason)").count == 2,
        "\(strict.stderr)")
      #expect(CommandRunner.files(out + "-strict").isEmpty)
    }
  }

  @Test func aFontFamilyThatIsNotInstalledIsAConfigError() throws {
    let folder = try CommandRunner.temporaryFolder()
    let config = folder + "/config.json"
    try "{\"brand\": {\"fontFamily\": \"Noto Sanz\"}}".write(
      toFile: config, atomically: true, encoding: .utf8)
    for arguments in [
      ["--input", "orders.csv", "--out", folder + "/out"],
      ["report", "--input", "report.json", "--out", folder + "/r.pdf"],
    ] {
      let run = try CommandRunner.invoicegen(arguments + ["--config", config])
      #expect(run.status == 1, "\(run.stderr)")
      #expect(
        run.stderr.contains(
          "brand.fontFamily: \"Noto Sanz\" is not installed; the closest installed families: Noto Sans"))
    }
    #expect(CommandRunner.files(folder) == ["config.json"])
  }

  @Test func creditNotesSayHowTheyAreSettledAndUSInvoicesSayTax() throws {
    let folder = try CommandRunner.temporaryFolder()
    let input = folder + "/orders.csv"
    try """
    invoice_number,invoice_date,due_date,customer_name,description,quantity,unit_price,tax_rate,currency,locale
    CN-1,2026-03-01,2026-03-31,Refund Ltd,Returned widget,-2,10,19,EUR,en-GB
    US-1,2026-03-01,2026-03-31,Pacific Inc,Widget,1,10,7.25,USD,en-US
    GB-1,2026-03-01,2026-03-31,London Ltd,Widget,1,10,20,GBP,en-GB

    """.write(toFile: input, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out", "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let credit = try CommandRunner.text(folder + "/out/CN-1.pdf")
    #expect(credit.contains("Credit note"))
    #expect(
      credit.contains("The amount of €23.80 will be credited to your account or refunded."), "\(credit)")
    #expect(!credit.contains("Due date") && !credit.contains("Please pay"), "\(credit)")
    let info = try CommandRunner.run("pdfinfo", [folder + "/out/CN-1.pdf"]).stdout
    #expect(info.contains("Subject:         Credit note Refund Ltd"), "\(info)")
    let us = try CommandRunner.text(folder + "/out/US-1.pdf")
    // The seller's own "VAT ID" (a German seller here) stays; the tax of the invoice is "Tax".
    #expect(
      us.contains("Tax 7.25%") && !us.replacingOccurrences(of: "VAT ID", with: "").contains("VAT"), "\(us)")
    let gb = try CommandRunner.text(folder + "/out/GB-1.pdf")
    #expect(gb.contains("VAT 20%") && gb.contains("Due date") && gb.contains("Please pay"), "\(gb)")
  }

  @Test func aCSVReportTotalsMeasuresNotIdentifiersAndShowsItsTitleOnce() throws {
    let folder = try CommandRunner.temporaryFolder()
    let rows = (0..<10).map { index in
      "\(12346 + index),UK,\(index % 3 + 1),€\(index + 1).50,€\(2 * index + 3).00,\(10115 + index)"
    }
    try (["CustomerID,Country,Quantity,UnitPrice,Amount,Postal Code"] + rows).joined(separator: "\n").write(
      toFile: folder + "/sales.csv", atomically: true, encoding: .utf8)
    func text(_ extra: [String]) throws -> String {
      let run = try CommandRunner.invoicegen(
        ["report", "--input", folder + "/sales.csv", "--out", folder + "/r.pdf"] + extra)
      #expect(run.status == 0, "\(run.stderr)")
      return try CommandRunner.text(folder + "/r.pdf")
    }
    let auto = try text([])
    let footer = auto.split(separator: "\n").first { $0.contains("Total") }.map(String.init) ?? ""
    // Quantities 1+2+3+1+2+3+1+2+3+1 = 19, prices 1.50…10.50 = €60.00, amounts 3…21 = €120.00; no id or postcode sum.
    #expect(footer.contains("19") && footer.contains("€60.00") && footer.contains("€120.00"), "\(footer)")
    #expect(!footer.contains("123505") && !footer.contains("101195"), "\(footer)")
    #expect(
      auto.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces) == "sales" }.count == 1)
    #expect(!(try text(["--totals", "none"])).contains("Total"))
    let chosen = try text(["--totals", "CustomerID,5"])
    let chosenFooter = chosen.split(separator: "\n").first { $0.contains("123505") }.map(String.init) ?? ""
    #expect(chosenFooter.contains("€120.00") && !chosenFooter.contains("€60.00"), "\(chosen)")
    let unknown = try CommandRunner.invoicegen([
      "report", "--input", folder + "/sales.csv", "--out", folder + "/bad.pdf", "--totals", "Amout",
    ])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("sales.csv:1: --totals: no column \"Amout\""), "\(unknown.stderr)")
    #expect(unknown.stderr.contains("did you mean \"Amount\"?"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/bad.pdf"))
  }

  @Test func numbersDatesAndAmountsNeverBreakWhileTextWraps() throws {
    let folder = try CommandRunner.temporaryFolder()
    let long = String(repeating: "a long description of what was sold and why ", count: 4)
    let rows = (1...12).map { index in
      "11/\(String(format: "%02d", index))/2026,ACME Corporation International,\(long),\(100 + index).00 $,\(20 + index).36 $,\(120 + index).36 $,INV-2026-000\(100 + index)"
    }
    try (["Date,Customer,Description,Net,Tax,Gross,Reference"] + rows).joined(separator: "\n").write(
      toFile: folder + "/wide.csv", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "report", "--input", folder + "/wide.csv", "--out", folder + "/r.pdf",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let text = try CommandRunner.text(folder + "/r.pdf")
    for index in 1...12 {
      for whole in [
        "11/\(String(format: "%02d", index))/2026", "\(100 + index).00 $", "\(120 + index).36 $",
        "INV-2026-000\(100 + index)",
      ] {
        #expect(text.contains(whole), "\(whole) was broken")
      }
    }
  }

  @Test func wideCSVReportsPrintInGroupsOfColumnsThatRepeatTheFirst() throws {
    let folder = try CommandRunner.temporaryFolder()
    let header = (1...30).map { $0 == 1 ? "Order" : "Field \($0)" }.joined(separator: ",")
    let rows = (1...5).map { row in
      (1...30).map { $0 == 1 ? "Order-\(row)" : "v\(row)x\($0)" }.joined(separator: ",")
    }
    try ([header] + rows).joined(separator: "\n").write(
      toFile: folder + "/wide.csv", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "report", "--input", folder + "/wide.csv", "--out", folder + "/r.pdf",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let text = try CommandRunner.text(folder + "/r.pdf")
    for caption in [
      "Columns 2–10 of 30", "Columns 11–19 of 30", "Columns 20–28 of 30", "Columns 29–30 of 30",
    ] {
      #expect(text.contains(caption), "\(caption)")
    }
    // Every value printed whole, and each row's key in every one of the four groups.
    for row in 1...5 {
      #expect(text.components(separatedBy: "Order-\(row) ").count - 1 == 4, "Order-\(row)")
      for column in 2...30 { #expect(text.contains("v\(row)x\(column)"), "v\(row)x\(column)") }
    }
  }

  @Test func reportColumnsAreChosenOrderedExcludedAndKeyed() throws {
    let folder = try CommandRunner.temporaryFolder()
    let header = (1...30).map { $0 == 1 ? "Order" : $0 == 2 ? "Customer" : "Field \($0)" }.joined(
      separator: ",")
    let rows = (1...3).map { row in
      (1...30).map { $0 == 1 ? "Order-\(row)" : $0 == 2 ? "Buyer-\(row)" : "v\(row)x\($0)" }.joined(
        separator: ",")
    }
    try ([header] + rows).joined(separator: "\n").write(
      toFile: folder + "/wide.csv", atomically: true, encoding: .utf8)
    func report(_ extra: [String]) throws -> CommandRunner.Result {
      try CommandRunner.invoicegen(
        ["report", "--input", folder + "/wide.csv", "--out", folder + "/r.pdf"] + extra)
    }
    // Chosen and ordered: only these three, Field 5 first.
    #expect(try report(["--columns", "Field 5,order,2"]).status == 0)
    let chosen = try CommandRunner.text(folder + "/r.pdf")
    #expect(chosen.contains("v1x5") && chosen.contains("Order-1") && chosen.contains("Buyer-1"))
    #expect(!chosen.contains("v1x6"))
    let line = chosen.split(separator: "\n").first { $0.contains("Order-1") }.map(String.init) ?? ""
    #expect(line.range(of: "v1x5")!.lowerBound < line.range(of: "Order-1")!.lowerBound, "\(line)")
    // Excluded, and both key columns in every group.
    #expect(try report(["--exclude-columns", "Field 3,4", "--key-columns", "Order,Customer"]).status == 0)
    let keyed = try CommandRunner.text(folder + "/r.pdf")
    let words = Set(keyed.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    #expect(!words.contains("v1x3") && !words.contains("v1x4") && words.contains("v1x30"))
    #expect(keyed.components(separatedBy: "Buyer-1 ").count - 1 == 4, "\(keyed)")
    let unknown = try report(["--columns", "Custmer"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("--columns: no column \"Custmer\""))
    #expect(unknown.stderr.contains("did you mean \"Customer\"?"))
  }

  @Test func rightToLeftInvoicesUseTheNotoFamilyOfThePage() throws {
    let folder = try CommandRunner.temporaryFolder()
    let input = folder + "/orders.csv"
    try """
    invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency,locale
    AR-1,2026-03-01,شركة الندى للتجارة,استشارات,1,10,15,SAR,ar-SA
    HE-1,2026-03-01,חברת הדוגמה בע״מ,ייעוץ,1,10,17,ILS,he-IL

    """.write(toFile: input, atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", input, "--out", folder + "/out", "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    for (number, family) in [("AR-1", "NotoSansArabic"), ("HE-1", "NotoSansHebrew")] {
      let fonts = try CommandRunner.run("pdffonts", [folder + "/out/\(number).pdf"]).stdout
      #expect(fonts.contains(family), "\(number): \(fonts)")
      #expect(!fonts.contains("DejaVu"), "\(number): \(fonts)")
    }
  }
}
