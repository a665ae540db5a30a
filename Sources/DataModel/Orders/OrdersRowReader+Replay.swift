import Foundation

/// The second pass: one invoice's rows, read back from the stream, checked and assembled.
extension OrdersRowReader {
  /// A reader of the second pass, with the index's header and what the first pass learned.
  init(replaying index: OrdersIndex) {
    self.init(options: index.options, file: index.file)
    header = index.header
    learnedSeparator = index.learnedSeparator
    dateEvidence = index.dates
  }

  /// Reads the rows of `entry` (cut from the stream, in file order) and builds its invoice;
  /// `failed` when the first pass could not read the file to its end.
  mutating func replay(
    _ entry: OrdersIndex.Entry, rows: [(bytes: [UInt8], line: Int)], delimiter: UInt8, failed: Bool
  ) -> IndexedInvoice {
    diagnostics = []
    currencyMarks = [:]
    let invoice = PendingInvoice(number: entry.number, line: Int(entry.line), levelCount: headers.count)
    if entry.variantOfLine > 0 {
      // Swift compares NFC and NFD spellings as equal; like a repeated number in JSON, the later one is refused.
      fail(
        invoice,
        Diagnostic(
          .error, SourceLocation(file: file, line: Int(entry.line)),
          field: columnName(columnOf[.invoiceNumber]),
          "invoice number \(Diagnostic.quote(entry.number)) is used again (first at \(file):\(entry.variantOfLine)), written in another Unicode normalization form (NFC and NFD)",
          hint: "invoice numbers must be unique; write them the same way on every row"))
    }
    var record = CSVRecord()
    for (bytes, line) in rows {
      let reader = CSVReader(rows: bytes, name: file, delimiter: delimiter, line: line)
      while (try? reader.next(into: &record)) == true {
        prepareDecimalSeparator(forLine: record.line)
        readRow(record, into: invoice)
      }
    }
    // Numbers read before the file showed that it writes decimals with "," fail, wherever it showed it.
    if learnedSeparator?.separator == UInt8(ascii: ",") {
      for (pending, diagnostic) in ambiguousNumbers { fail(pending, diagnostic) }
    }
    ambiguousNumbers = []
    if failed { invoice.failed = true }
    // One assembler for every invoice of the reader: making one is a good part of an invoice's cost.
    if replayAssembler == nil { replayAssembler = makeAssembler() }
    replayAssembler!.prepare(currencyMarks: currencyMarks)
    let custom = customValues(invoice)
    let outcome: IndexedInvoice.Outcome
    switch invoice.failed ? .failed : replayAssembler!.build(invoice) {
    case .invoice(var built):
      if !custom.isEmpty { built.fields = custom }
      outcome = .invoice(built)
    case .skipped(let skip): outcome = .skipped(skip)
    case .failed: outcome = .failed
    }
    var refundNote: Invoice?
    if case .invoice = outcome { refundNote = replayAssembler!.refundNote }
    return IndexedInvoice(
      number: entry.number, outcome: outcome, refundNote: refundNote, rowDiagnostics: diagnostics,
      assemblyDiagnostics: replayAssembler!.diagnostics)
  }

  /// The assembler of this reader's invoices, with what the first pass learned of the file.
  private func makeAssembler() -> InvoiceAssembler {
    var assembler = InvoiceAssembler(
      options: options, file: file, columnOf: columnOf, columnNames: columnNames, currencyMarks: [:])
    assembler.decimalSeparator = options.decimalSeparator ?? learnedSeparator?.separator ?? UInt8(ascii: ".")
    assembler.unreadHeaders = header.unreadHeaders
    assembler.backups = header.backups
    assembler.dateEvidence = dateEvidence
    return assembler
  }

  /// Sets the decimal separator a whole-file read would have had on `line`: the learned one after the
  /// line that teaches it, unknown (`.`) before it, the configured one always.
  private mutating func prepareDecimalSeparator(forLine line: Int) {
    guard options.decimalSeparator == nil else { return }
    if let learned = learnedSeparator, line > learned.line {
      decimalSeparator = learned.separator
      decimalSeparatorLine = learned.line
      decimalSeparatorIsKnown = true
    } else {
      decimalSeparator = UInt8(ascii: ".")
      decimalSeparatorLine = nil
      decimalSeparatorIsKnown = false
    }
  }

  /// The values of the config's custom invoice-level fields: each column's first non-blank value.
  func customValues(_ invoice: PendingInvoice) -> [String: String] {
    var values: [String: String] = [:]
    for (name, column) in header.customColumns {
      if let bytes = invoice.levelValue(column) {
        values[name] = String(decoding: bytes, as: UTF8.self).trimmingSpaces
      }
    }
    return values
  }

  /// Reads a row of `invoice`: its shape, its invoice-level values, then its item or charge.
  mutating func readRow(_ record: CSVRecord, into invoice: PendingInvoice) {
    let location = SourceLocation(file: file, line: record.line)
    guard isWhole(record, location, invoice) else { return }
    mergeLevelValues(record, location, invoice)
    if Self.isChargeRow(record, columnOf: columnOf) {
      if !readCharge(record, location, invoice) { invoice.failed = true }
    } else if let item = readItem(record, location, invoice) {
      invoice.items.append(item)
    } else {
      invoice.failed = true
    }
  }
}
