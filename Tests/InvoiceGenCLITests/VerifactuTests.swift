import DataModel
import Foundation
import Testing

@testable import InvoiceGenCLI

/// Spain's VERI*FACTU: the QR code on the page, and the chained records beside the documents (issue 35, item 4).
@Suite(.serialized) struct VerifactuTests {
  static let python = CommandRunner.packageRoot.appendingPathComponent(".build/validators/bin/python").path
  static let oracle = CommandRunner.packageRoot.appendingPathComponent(
    "Tests/Validators/verifactu_chain_check.py"
  ).path

  @Test func theHuellaOfTheAEATsPublishedExamples() {
    // The AEAT's "especificaciones técnicas para generación de la huella", first and second record.
    var first = VerifactuRecord(
      issuerNIF: "89890001K", number: "12345678/G33", issueDate: CalendarDate(year: 2024, month: 1, day: 1)!,
      type: "F1", taxTotal: ExactDecimal("12.35")!, grandTotal: ExactDecimal("123.45")!)
    first.generatedAt = "2024-01-01T19:20:30+01:00"
    #expect(
      first.hashInput
        == "IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00"
    )
    let hash = VerifactuChain.huella(first.hashInput)
    #expect(hash == "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60")
    var second = first
    second.number = "12345679/G34"
    second.previousHash = hash
    second.generatedAt = "2024-01-01T19:20:35+01:00"
    #expect(
      VerifactuChain.huella(second.hashInput)
        == "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97")
    // The QR code's URL escapes what a number may hold.
    #expect(
      first.qrURL
        == "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%2FG33&fecha=01-01-2024&importe=123.45"
    )
  }

  /// Runs the Spanish sample (with `extra` arguments) into `folder/out`.
  static func run(
    _ folder: String, input: String = CommandRunner.sampleData + "/spain-orders.csv", _ extra: [String] = []
  )
    throws -> CommandRunner.Result
  {
    try CommandRunner.invoicegen(
      [
        "--input", input, "--config", CommandRunner.sampleData + "/spain.json", "--out", folder + "/out",
        "--progress", "never",
      ] + extra)
  }

  static func chain(_ folder: String) throws -> [[String: String]] {
    try String(contentsOfFile: folder + "/out/verifactu.jsonl", encoding: .utf8).split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])
    }
  }

  @Test func theQRCodeOnThePageIsTheAEATsURLAndTheChainPassesAnIndependentHash() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try Self.run(folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("note: 2 VERI*FACTU records added"), "\(run.stderr)")
    #expect(
      try PaymentCodeCommandTests.decode(folder + "/out/2027-A-0001.pdf")
        == "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=2027-A-0001&fecha=04-01-2027&importe=2904.00"
    )
    // The legend wraps below the code: compare with single spaces.
    let text = try CommandRunner.text(folder + "/out/2027-A-0001.pdf").split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    #expect(
      text.contains("VERI*FACTU") && text.contains("Factura verificable en la sede electrónica de la AEAT"))
    let records = try Self.chain(folder)
    #expect(records.map { $0["NumSerieFactura"] } == ["2027-A-0001", "2027-A-0002"])
    #expect(records.map { $0["TipoFactura"] } == ["F1", "F1"])
    #expect(records[0]["ImporteTotal"] == "2904.00" && records[0]["CuotaTotal"] == "504.00")
    #expect(records[1]["HuellaAnterior"] == records[0]["Huella"])
    let oracle = try CommandRunner.run(Self.python, [Self.oracle, folder + "/out/verifactu.jsonl"])
    #expect(oracle.stdout.contains(#""records": 2, "problems": []"#), "\(oracle.stdout) \(oracle.stderr)")
  }

  @Test func aSecondRunContinuesTheChainAndRecordsNothingTwice() throws {
    let folder = try CommandRunner.temporaryFolder()
    #expect(try Self.run(folder).status == 0)
    let first = try Self.chain(folder)
    // The same input again: nothing added.
    let again = try Self.run(folder)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try Self.chain(folder) == first)
    // A new invoice continues the chain from the last record.
    let input = folder + "/next.csv"
    let sample = try String(contentsOfFile: CommandRunner.sampleData + "/spain-orders.csv", encoding: .utf8)
    try
      (sample.split(separator: "\n").first! + "\n"
      + "2027-A-0003,2027-01-08,2027-02-07,2027-01-08,C-502,Librería El Quijote,Calle Mayor 3,ES,12345678Z,Formación,4,h,60.00,21\n")
      .write(toFile: input, atomically: true, encoding: .utf8)
    #expect(try Self.run(folder, input: input).status == 0)
    let records = try Self.chain(folder)
    #expect(records.count == 3)
    #expect(Array(records.prefix(2)) == first)
    #expect(records[2]["HuellaAnterior"] == first[1]["Huella"])
    let oracle = try CommandRunner.run(Self.python, [Self.oracle, folder + "/out/verifactu.jsonl"])
    #expect(oracle.stdout.contains(#""records": 3, "problems": []"#), "\(oracle.stdout) \(oracle.stderr)")
    // --check records nothing.
    let checkFolder = try CommandRunner.temporaryFolder()
    #expect(try Self.run(checkFolder, ["--check"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: checkFolder + "/out/verifactu.jsonl"))
  }

  @Test func aChangedRecordStopsTheRunBeforeAnythingIsWritten() throws {
    let folder = try CommandRunner.temporaryFolder()
    #expect(try Self.run(folder).status == 0)
    let path = folder + "/out/verifactu.jsonl"
    let chain = try String(contentsOfFile: path, encoding: .utf8)
    try chain.replacingOccurrences(of: "\"2904.00\"", with: "\"2900.00\"").write(
      toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: folder + "/out/2027-A-0002.pdf")
    let run = try Self.run(folder)
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr.contains("verifactu.jsonl:1: the VERI*FACTU chain is broken here"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/out/2027-A-0002.pdf"))
  }

  /// A torn last line (a run killed mid-append, a full disk) is cut back with a note and the chain
  /// goes on (issue 58, point 9); a chain file that is a symbolic link is never followed (point 17).
  @Test func aTornTailIsCutBackAndALinkIsNotFollowed() throws {
    let folder = try CommandRunner.temporaryFolder()
    #expect(try Self.run(folder).status == 0)
    let path = folder + "/out/verifactu.jsonl"
    let whole = try String(contentsOfFile: path, encoding: .utf8)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(#"{"IDEmisorFactura":"B12345678","NumSerieFa"#.utf8))
    try handle.close()
    let run = try Self.run(folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("verifactu.jsonl: its last line was incomplete"), "\(run.stderr)")
    // Every invoice was recorded before: the chain is as it was before the torn write.
    #expect(try String(contentsOfFile: path, encoding: .utf8) == whole)
    let oracle = try CommandRunner.run(Self.python, [Self.oracle, path])
    #expect(oracle.stdout.contains(#""problems": []"#), "\(oracle.stdout) \(oracle.stderr)")

    let linked = try CommandRunner.temporaryFolder()
    try FileManager.default.createDirectory(atPath: linked + "/out", withIntermediateDirectories: true)
    try Data().write(to: URL(fileURLWithPath: linked + "/outside.jsonl"))
    try FileManager.default.createSymbolicLink(
      atPath: linked + "/out/verifactu.jsonl", withDestinationPath: linked + "/outside.jsonl")
    let refused = try Self.run(linked)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("is a symbolic link"), "\(refused.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: linked + "/outside.jsonl")).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: linked + "/out/2027-A-0001.pdf"))
  }

  /// A recorded invoice whose amounts changed is not rendered again over its document (issue 58,
  /// point 8): the record stays the only truth until a corrective invoice is issued.
  @Test func aRecordedInvoiceWithOtherAmountsIsRefusedAndItsDocumentStays() throws {
    let folder = try CommandRunner.temporaryFolder()
    #expect(try Self.run(folder).status == 0)
    let pdf = folder + "/out/2027-A-0001.pdf"
    let before = try Data(contentsOf: URL(fileURLWithPath: pdf))
    let chain = try String(contentsOfFile: folder + "/out/verifactu.jsonl", encoding: .utf8)
    let sample = try String(contentsOfFile: CommandRunner.sampleData + "/spain-orders.csv", encoding: .utf8)
    let changed = try #require(sample.range(of: ",16,h,75.00,21"))
    try sample.replacingCharacters(in: changed, with: ",16,h,999.00,21").write(
      toFile: folder + "/changed.csv", atomically: true, encoding: .utf8)
    let run = try Self.run(folder, input: folder + "/changed.csv")
    #expect(run.status != 0, "\(run.stderr)")
    #expect(run.stderr.contains("invoice \"2027-A-0001\""), "\(run.stderr)")
    #expect(run.stderr.contains("issue a corrective invoice (rectificativa)"), "\(run.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)) == before)
    #expect(try String(contentsOfFile: folder + "/out/verifactu.jsonl", encoding: .utf8) == chain)
    #expect(run.stdout.contains("1 invoice written, 1 failed"), "\(run.stdout)")
  }

  /// A chain of another issuer, even re-hashed so that every huella holds, stops the run: its
  /// invoice numbers would otherwise hide this seller's (issue 58, point 8).
  @Test func aChainOfAnotherIssuerIsRefused() throws {
    let folder = try CommandRunner.temporaryFolder()
    #expect(try Self.run(folder).status == 0)
    let path = folder + "/out/verifactu.jsonl"
    var previous = ""
    var lines: [String] = []
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      var record = try #require(VerifactuChain.record(Array(line.utf8))).record
      record.issuerNIF = "A87654321"
      record.previousHash = previous
      previous = VerifactuChain.huella(record.hashInput)
      lines.append(VerifactuChain.line(record, hash: previous))
    }
    let foreign = lines.joined(separator: "\n") + "\n"
    try foreign.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: folder + "/out/2027-A-0001.pdf")
    let run = try Self.run(folder)
    #expect(run.status == 3, "\(run.stderr)")
    #expect(
      run.stderr.contains("verifactu.jsonl:1: the VERI*FACTU chain holds the records of issuer A87654321"),
      "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/out/2027-A-0001.pdf"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == foreign)
  }
}
