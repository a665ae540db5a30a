import DataModel
import Foundation
import Layouts
import PageKit
import PageRendering
import Testing

/// A layout is a template, not a copy (issue 57, part 1): an `InvoiceStyle` changes only what it
/// names, and everything the config and the renderer own stays.
@Suite(.serialized) struct InvoiceStyleTests {
  /// The totals replaced by their own built-in view: what `new-layout` writes.
  struct SameTotals: InvoiceStyle {
    func makeBody(configuration: Configuration) -> InvoiceBody {
      configuration.body.replacing(.totals) { configuration.view(for: .totals) }
    }
  }

  /// Every block replaced by its built-in view.
  struct EveryBlockAsBuiltIn: InvoiceStyle {
    func makeBody(configuration: Configuration) -> InvoiceBody {
      configuration.blocks.reduce(configuration.body) { body, block in
        body.replacing(block) { configuration.view(for: block) }
      }
    }
  }

  /// A greeting before the items, and the notes replaced.
  struct Greeting: InvoiceStyle {
    func makeBody(configuration: Configuration) -> InvoiceBody {
      configuration.body
        .inserting(.before, .items) { Text("Thank you for your order") }
        .replacing(.notes) { Text("Our own notes") }
        .replacing(.vatSummary) { Text("A summary the config left out") }
    }
  }

  /// A body of one's own.
  struct Plain: InvoiceStyle {
    @ViewBuilder
    func makeBody(configuration: Configuration) -> some View {
      Text("Only \(configuration.context.invoice.number)")
      Text("and nothing else")
    }
  }

  static func settings(blocks: [InvoiceBlock] = InvoiceBlock.standard) -> InvoiceSettings {
    var settings = InvoiceSettings(
      issuer: Issuer(
        seller: Party(name: "Northwind Software GmbH", address: ["Friedrichstraße 123", "10117 Berlin"]),
        bank: BankAccount(holder: "Northwind Software GmbH", iban: "DE89 3704 0044 0532 0130 00")),
      creator: "tests")
    settings.issuer.paymentCode = .epc
    settings.issuer.notes = LocalizedText("Built-in notes")
    settings.layout.blocks = blocks
    return settings
  }

  static func pdf(_ prepared: PreparedDocument) throws -> Data {
    try DocumentRenderer(
      document: prepared.document, environment: prepared.environment, resources: RenderResources()
    )
    .pdfData(creationDate: Date(timeIntervalSince1970: 1_767_225_600))
  }

  static func text(_ pdf: Data) throws -> String {
    let file = try TestSupport.temporaryFolder() + "/page.pdf"
    try pdf.write(to: URL(fileURLWithPath: file))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
    process.arguments = [file, "-"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(arguments: [InvoiceBlock.standard, [.items, .details, .totals, .paymentTerms, .bank, .paymentCode]])
  func aBlockReplacedByItsBuiltInViewRendersTheSameBytes(blocks: [InvoiceBlock]) throws {
    let invoice = try EnvelopeWindowTests.invoice()
    let settings = Self.settings(blocks: blocks)
    let builtIn = try Self.pdf(InvoiceLayout.document(for: invoice, settings: settings))
    let same = try Self.pdf(InvoiceLayout.document(for: invoice, settings: settings, style: SameTotals()))
    let every = try Self.pdf(
      InvoiceLayout.document(for: invoice, settings: settings, style: EveryBlockAsBuiltIn()))
    #expect(same == builtIn)
    #expect(every == builtIn)
    var windowed = settings
    windowed.envelope = .din5008B
    let windowBuiltIn = try Self.pdf(InvoiceLayout.document(for: invoice, settings: windowed))
    let windowEvery = try Self.pdf(
      InvoiceLayout.document(for: invoice, settings: windowed, style: EveryBlockAsBuiltIn()))
    #expect(windowEvery == windowBuiltIn)
  }

  @Test func insertedAndReplacedBlocksKeepTheConfigsOrderAndLeaveOutWhatItLeavesOut() throws {
    let invoice = try EnvelopeWindowTests.invoice()
    let settings = Self.settings(blocks: [.details, .items, .totals, .notes])
    let text = try Self.text(
      try Self.pdf(InvoiceLayout.document(for: invoice, settings: settings, style: Greeting())))
    let greeting = try #require(text.range(of: "Thank you for your order"))
    let description = try #require(text.range(of: "Beschreibung"))
    #expect(greeting.lowerBound < description.lowerBound)
    #expect(text.contains("Our own notes") && !text.contains("Built-in notes"))
    // The VAT summary is not among the config's blocks: its replacement stays out too.
    #expect(!text.contains("A summary the config left out"))
    // What the renderer owns stays: the footer's page number and the PDF's title.
    #expect(text.contains("Seite 1 von 1"), "\(text)")
  }

  @Test func aBodyOfOnesOwnKeepsTheFooterTheMetadataAndAReceivedInvoicesNotices() throws {
    let invoice = try EnvelopeWindowTests.invoice()
    var settings = Self.settings()
    settings.received = ReceivedNotes(
      amountDue: nil, details: [(label: "Project", value: "P-17")],
      disagreements: ["BR-CO-15: the total differs"])
    let prepared = InvoiceLayout.document(for: invoice, settings: settings, style: Plain())
    #expect(prepared.document.title == "Rechnung \(invoice.number)")
    let text = try Self.text(try Self.pdf(prepared))
    #expect(text.contains("Only \(invoice.number)") && text.contains("and nothing else"))
    #expect(!text.contains("Beschreibung"), "no item table")
    #expect(text.contains("BR-CO-15: the total differs") && text.contains("P-17"), "\(text)")
    #expect(text.contains("Seite 1 von 1"), "\(text)")
  }
}
