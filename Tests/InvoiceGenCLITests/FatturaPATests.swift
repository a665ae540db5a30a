import Foundation
import Testing

/// Italy's FatturaPA: written with `--format fatturapa`, checked by a38, read back through `--input` (issue 35, item 3).
@Suite(.serialized) struct FatturaPATests {
  static let python = CommandRunner.packageRoot.appendingPathComponent(".build/validators/bin/python").path
  static let checker = CommandRunner.packageRoot.appendingPathComponent("Tests/Validators/fatturapa_check.py")
    .path

  /// a38's verdict on each file, with our arithmetic check.
  static func check(_ files: [String]) throws -> [[String: Any]] {
    let run = try CommandRunner.run(python, [checker] + files)
    #expect(run.status == 0, "\(run.stderr)")
    return try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
  }

  static func write(
    _ folder: String, input: String = CommandRunner.sampleData + "/italy-orders.csv",
    config: String = CommandRunner.sampleData + "/italy.json"
  )
    throws -> CommandRunner.Result
  {
    try CommandRunner.invoicegen([
      "--input", input, "--config", config, "--format", "fatturapa", "--out", folder + "/out", "--progress",
      "never",
    ])
  }

  @Test func theSampleIsValidFatturaPANamedForTheSdI() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try Self.write(folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      CommandRunner.files(folder + "/out")
        == ["IT00743110157_00001.xml", "IT00743110157_00002.xml", "fatturapa-progressivi.jsonl"])
    let files = ["00001", "00002"].map { folder + "/out/IT00743110157_\($0).xml" }
    let verdicts = try Self.check(files)
    for verdict in verdicts {
      #expect((verdict["errors"] as? [String]) == [], "\(verdict)")
      #expect((verdict["warnings"] as? [String]) == [], "\(verdict)")
    }
    #expect(verdicts.map { $0["numero"] as? String } == ["2026/0101", "2026/0102"])
    #expect(verdicts.map { $0["totale"] as? String } == ["3498.96", "317.20"])
    let first = try String(contentsOfFile: files[0], encoding: .utf8)
    for element in [
      "<ProgressivoInvio>00001</ProgressivoInvio>", "<FormatoTrasmissione>FPR12</FormatoTrasmissione>",
      "<CodiceDestinatario>M5UXCR1</CodiceDestinatario>", "<RegimeFiscale>RF01</RegimeFiscale>",
      "<TipoDocumento>TD01</TipoDocumento>", "<PrezzoUnitario>58.50</PrezzoUnitario>",
      "<IBAN>IT60X0542811101000000123456</IBAN>",
    ] {
      #expect(first.contains(element), "\(element)")
    }
    // A buyer reached by certified e-mail, identified by its codice fiscale.
    let second = try String(contentsOfFile: files[1], encoding: .utf8)
    #expect(second.contains("<CodiceDestinatario>0000000</CodiceDestinatario>"))
    #expect(second.contains("<PECDestinatario>studiorossi@pec.example.it</PECDestinatario>"))
    #expect(second.contains("<CodiceFiscale>RSSMRA80A01F839W</CodiceFiscale>"))
  }

  @Test func anInvoiceKeepsItsProgressivoAndANewOneGetsTheNext() throws {
    let folder = try CommandRunner.temporaryFolder()
    #expect(try Self.write(folder).status == 0)
    #expect(try Self.write(folder).status == 0)
    let sample = try String(contentsOfFile: CommandRunner.sampleData + "/italy-orders.csv", encoding: .utf8)
    let input = folder + "/next.csv"
    // A credit note (a returned licence): TD04 with positive amounts.
    try
      (sample.split(separator: "\n").first! + "\n"
      + "2026/0103,2026-03-04,2026-04-03,C-701,Officine Meccaniche Lombarde S.p.A.,Via Torino 45,20123,Milano,MI,IT,IT12345678903,M5UXCR1,0205,Reso licenza software gestionale,-1,pcs,2400.00,22,\n")
      .write(toFile: input, atomically: true, encoding: .utf8)
    let run = try Self.write(folder, input: input)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(CommandRunner.files(folder + "/out").filter { $0.hasSuffix(".xml") }.count == 3)
    let note = folder + "/out/IT00743110157_00003.xml"
    let text = try String(contentsOfFile: note, encoding: .utf8)
    #expect(text.contains("<TipoDocumento>TD04</TipoDocumento>"))
    #expect(text.contains("<ImportoTotaleDocumento>2928.00</ImportoTotaleDocumento>"))
    #expect(text.contains("<Quantita>1.00</Quantita>"))
    let verdict = try #require(try Self.check([note]).first)
    #expect((verdict["errors"] as? [String]) == [], "\(verdict)")
  }

  @Test func whatIsNotFatturaPAIsRefusedNamingWhatToAdd() throws {
    let folder = try CommandRunner.temporaryFolder()
    // A German seller cannot issue FatturaPA; the problem is the config's, said once.
    let run = try Self.write(folder, config: CommandRunner.sampleData + "/einvoice.json")
    #expect(run.status == 2)
    #expect(
      run.stderr.components(separatedBy: "FatturaPA is issued by an Italian seller").count - 1 == 1,
      "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/out/fatturapa-progressivi.jsonl"))
    // A buyer whose address comes as lines only.
    let lines = folder + "/lines.csv"
    try """
    invoice_number,invoice_date,customer_name,customer_address,customer_country,customer_vat_id,description,quantity,unit_price,tax_rate
    L-1,2026-03-02,Cliente S.r.l.,"Via Roma 1
    20100 Milano",IT,IT12345678903,Consulenza,1,100,22

    """.write(toFile: lines, atomically: true, encoding: .utf8)
    let refused = try Self.write(try CommandRunner.temporaryFolder(), input: lines)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("FatturaPA needs the buyer's address in parts"), "\(refused.stderr)")
    #expect(refused.stderr.contains("hint: add customer_street, customer_postcode and customer_city columns"))
  }

  @Test func theOracleFindsABrokenFile() throws {
    let folder = try CommandRunner.temporaryFolder()
    #expect(try Self.write(folder).status == 0)
    let file = folder + "/out/IT00743110157_00001.xml"
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try text.replacingOccurrences(of: "<CAP>20123</CAP>", with: "<CAP>2012</CAP>")
      .replacingOccurrences(of: "<Imposta>630.96</Imposta>", with: "<Imposta>630.00</Imposta>")
      .write(toFile: folder + "/broken.xml", atomically: true, encoding: .utf8)
    let errors = try #require(try Self.check([folder + "/broken.xml"]).first?["errors"] as? [String])
    #expect(errors.contains { $0.contains("sede.cap") }, "\(errors)")
    #expect(errors.contains { $0.contains("Imposta 630.00 at 22.00") }, "\(errors)")
  }

  @Test func aFatturaPAIsReadBackLikeCIIAndUBL() throws {
    let folder = try CommandRunner.temporaryFolder()
    #expect(try Self.write(folder).status == 0)
    let read = try CommandRunner.invoicegen([
      "--input", folder + "/out/IT00743110157_00001.xml", "--out", folder + "/read", "--progress", "never",
    ])
    #expect(read.status == 0, "\(read.stderr)")
    #expect(!read.stderr.contains("warning"), "\(read.stderr)")
    let text = try CommandRunner.text(folder + "/read/2026_0101.pdf")
    for expected in [
      "Officine Meccaniche Lombarde S.p.A.", "Laguna Software S.r.l.", "Assistenza tecnica", "2868,00 €",
      "630,96 €",
      "3498,96 €", "IT60 X054 2811 1010 0000 0123 456", "M5UXCR1 (0205)",
    ] {
      #expect(text.contains(expected), "\(expected) in \(text)")
    }
  }

  /// A lost line of the numbers gives no used progressivo again, and a progressivo that is not one
  /// is refused before anything is written (issue 58, point 6).
  @Test func progressiviFollowTheHighestAndAreValidatedWhenReadBack() throws {
    let folder = try CommandRunner.temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
    let numbers = folder + "/out/fatturapa-progressivi.jsonl"
    // Two invoices were numbered 00001 and 00002; the line of the first was lost.
    try #"{"invoice":"2026/0099","progressivo":"00002"}"#.appending("\n")
      .write(toFile: numbers, atomically: true, encoding: .utf8)
    let run = try Self.write(folder)
    #expect(run.status == 0, "\(run.stderr)")
    let written = CommandRunner.files(folder + "/out").filter { $0.hasSuffix(".xml") }.sorted()
    #expect(written == ["IT00743110157_00003.xml", "IT00743110157_00004.xml"], "\(written)")

    let hostile = try CommandRunner.temporaryFolder()
    try FileManager.default.createDirectory(atPath: hostile + "/out", withIntermediateDirectories: true)
    try #"{"invoice":"2026/0101","progressivo":"/../../PWNED"}"#.appending("\n")
      .write(toFile: hostile + "/out/fatturapa-progressivi.jsonl", atomically: true, encoding: .utf8)
    let refused = try Self.write(hostile)
    #expect(refused.status != 0)
    #expect(
      refused.stderr.contains("fatturapa-progressivi.jsonl:1: not a progressive number"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: hostile + "/PWNED.xml"))
    #expect(CommandRunner.files(hostile + "/out") == ["fatturapa-progressivi.jsonl"])
  }

  /// What FatturaPA's format cannot hold is refused with its line, never written or cut without a
  /// word (issue 58, point 7): characters outside Latin-1, a Descrizione over 1,000 characters,
  /// amounts with more than 11 digits before the decimal point.
  @Test func valuesOutsideTheFormatAreRefused() throws {
    let sample = try String(contentsOfFile: CommandRunner.sampleData + "/italy-orders.csv", encoding: .utf8)
    let rows = sample.split(separator: "\n").map(String.init)
    for (replace, with, expected) in [
      ("Assistenza tecnica", "Assistenza \u{202E}tecnica", "a character FatturaPA cannot hold (U+202E)"),
      ("Assistenza tecnica", "Assistenza 🛠", "a character FatturaPA cannot hold (U+1F6E0)"),
      (
        "Assistenza tecnica", String(repeating: "Assistenza ", count: 100),
        "has 1099 characters; FatturaPA holds at most 1000"
      ),
      (",65.00,", ",123456789012.00,", "more than 11 digits before the decimal point"),
    ] {
      let folder = try CommandRunner.temporaryFolder()
      let changed =
        rows.map { $0.replacingOccurrences(of: replace, with: with) }.joined(separator: "\n") + "\n"
      try changed.write(toFile: folder + "/in.csv", atomically: true, encoding: .utf8)
      let run = try Self.write(folder, input: folder + "/in.csv")
      #expect(run.status != 0, "\(expected)")
      #expect(run.stderr.contains(expected), "\(expected): \(run.stderr)")
      #expect(!run.stdout.contains("2 invoices written"), "\(run.stdout)")
    }
  }
}
