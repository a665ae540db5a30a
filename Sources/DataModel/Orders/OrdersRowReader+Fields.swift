import Foundation

/// Reading and checking single fields: text, numbers, column names in messages.
extension OrdersRowReader {
  func columnName(_ column: Int?) -> String {
    guard let column else { return "column" }
    return columnNames[column]
  }

  func isBlank(_ record: CSVRecord, _ column: Int) -> Bool { Self.isBlank(record, column) }

  /// Whether field `column` of `record` holds only spaces and tabs.
  static func isBlank(_ record: CSVRecord, _ column: Int) -> Bool {
    record.bytes[record.range(column)].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// Field `column` as checked text: valid UTF-8, not too long, no control characters but tab and line breaks.
  mutating func text(
    _ record: CSVRecord, _ column: Int, _ location: SourceLocation, invoice: PendingInvoice?,
    named: Int? = nil
  ) -> String? {
    let range = record.range(column)
    switch FieldText.check(record.bytes[range], length: record.clippedLengths[column]) {
    case .success(let value):
      if let invoice,
        let warning = FieldText.unrenderableWarning(
          value, location, field: columnName(named ?? column), invoice: invoice)
      {
        diagnostics.append(warning)
      }
      return value
    case .failure(let violation):
      report(invoice, Diagnostic(location, field: columnName(named ?? column), violation))
      return nil
    }
  }

  mutating func optionalText(
    _ record: CSVRecord, _ column: Int, _ location: SourceLocation, _ invoice: PendingInvoice
  ) -> String? {
    guard let value = text(record, column, location, invoice: invoice)?.trimmingSpaces else {
      invoice.failed = true
      return nil
    }
    return value.isEmpty ? nil : value
  }

  mutating func number(
    _ record: CSVRecord, _ column: Int, _ location: SourceLocation, _ invoice: PendingInvoice,
    maxDecimals: Int,
    required: Bool, percent: Bool = false, allowsCurrencyMark: Bool = false
  ) -> ExactDecimal? {
    var range = record.range(column)
    if percent {
      var end = range.upperBound
      while end > range.lowerBound, record.bytes[end - 1] == 0x20 { end -= 1 }
      if end > range.lowerBound, record.bytes[end - 1] == UInt8(ascii: "%") {
        range = range.lowerBound..<(end - 1)
      }
    }
    if !decimalSeparatorIsKnown {
      learnDecimalSeparator(record.bytes[range], record, column, location, invoice, maxDecimals: maxDecimals)
    }
    switch parseAmount(record.bytes[range], maxDecimals: maxDecimals) {
    case .success(let value):
      return value
    case .failure(.empty):
      if required { fail(invoice, Diagnostic(.error, location, field: columnName(column), "is empty")) }
      return nil
    case .failure(let error):
      if error == .notANumber, allowsCurrencyMark, let mark = CurrencyMark(record.bytes[range]),
        let value = markedAmount(mark, record, column, location, invoice, maxDecimals: maxDecimals)
      {
        return value
      }
      let shown = Diagnostic.quote(
        record.string(column) ?? String(decoding: record.field(column), as: UTF8.self))
      fail(
        invoice,
        OrdersRowReader.numberDiagnostic(
          error, shown: shown, location: location, field: columnName(column),
          decimalSeparator: decimalSeparator,
          learnedAt: decimalSeparator == UInt8(ascii: ",") ? decimalSeparatorLine : nil))
      return nil
    }
  }

  /// The amount beside a currency mark, remembering the invoice's first mark for the currency check.
  mutating func markedAmount(
    _ mark: CurrencyMark, _ record: CSVRecord, _ column: Int, _ location: SourceLocation,
    _ invoice: PendingInvoice, maxDecimals: Int
  ) -> ExactDecimal? {
    let amount = mark.amount[...]
    if !decimalSeparatorIsKnown {
      learnDecimalSeparator(amount, record, column, location, invoice, maxDecimals: maxDecimals)
    }
    guard case .success(let value) = parseAmount(amount, maxDecimals: maxDecimals) else { return nil }
    if currencyMarks[ObjectIdentifier(invoice)] == nil {
      currencyMarks[ObjectIdentifier(invoice)] = (mark, location, columnName(column))
    }
    return value
  }

  /// Reads a number with the file's decimal separator, group separators included when unambiguous.
  func parseAmount(_ bytes: ArraySlice<UInt8>, maxDecimals: Int) -> Result<ExactDecimal, NumberError> {
    OrdersRowReader.parseAmount(
      bytes, decimalSeparator: decimalSeparator, isKnown: decimalSeparatorIsKnown, maxDecimals: maxDecimals)
  }

  /// Reads a number with `decimalSeparator`, group separators included when unambiguous (`isKnown`: the separator is certain).
  static func parseAmount(
    _ bytes: ArraySlice<UInt8>, decimalSeparator: UInt8, isKnown: Bool, maxDecimals: Int
  ) -> Result<ExactDecimal, NumberError> {
    let plain = ExactDecimal.parse(bytes, decimalSeparator: decimalSeparator, maxFractionDigits: maxDecimals)
    guard case .failure(.notANumber) = plain,
      let grouped = GroupedNumber(
        bytes, decimalSeparator: isKnown ? decimalSeparator : nil, maxFractionDigits: maxDecimals)
    else { return plain }
    return .success(grouped.value)
  }

  /// Learns the file's decimal separator from a number that can only be read one way.
  ///
  /// "80,00", "9.99" and "1.234,50" show it; "1.234" could be thousands, so it is read with `.` and
  /// remembered, and becomes an error if the file turns out to write decimals with `,`.
  mutating func learnDecimalSeparator(
    _ bytes: ArraySlice<UInt8>, _ record: CSVRecord, _ column: Int, _ location: SourceLocation,
    _ invoice: PendingInvoice, maxDecimals: Int
  ) {
    switch GroupedNumber.separatorEvidence(bytes, maxFractionDigits: maxDecimals) {
    case .shows(let separator):
      adoptDecimalSeparator(separator, line: location.line)
    case .ambiguous(UInt8(ascii: ".")) where ambiguousNumbers.count < 1000:
      let shown = Diagnostic.quote(record.string(column) ?? "")
      ambiguousNumbers.append(
        (
          invoice,
          Diagnostic(
            .error, location, field: columnName(column),
            "\(shown) is ambiguous: this file writes decimals with \",\", where it means thousands",
            hint: "write it without group separators, or set csv.decimalSeparator in the config")
        ))
    default:
      break
    }
  }

  /// Makes `separator` the file's decimal separator, failing the invoices of numbers it makes ambiguous.
  mutating func adoptDecimalSeparator(_ separator: UInt8, line: Int?) {
    decimalSeparator = separator
    decimalSeparatorLine = line
    decimalSeparatorIsKnown = true
    if separator == UInt8(ascii: ",") {
      for (invoice, diagnostic) in ambiguousNumbers { fail(invoice, diagnostic) }
    }
    ambiguousNumbers = []
  }

  static func numberDiagnostic(
    _ error: NumberError, shown: String, location: SourceLocation, field: String, decimalSeparator: UInt8,
    learnedAt: Int? = nil
  ) -> Diagnostic {
    switch error {
    case .empty:
      return Diagnostic(.error, location, field: field, "is empty")
    case .notANumber:
      let separator = decimalSeparator == UInt8(ascii: ",") ? "," : "."
      let other = separator == "." ? "," : "."
      let hint: String?
      if !shown.contains(other) {
        hint = nil
      } else if let line = learnedAt {
        hint =
          "this file writes decimals with \"\(separator)\" (learned from line \(line)); set csv.decimalSeparator in the config if that is wrong"
      } else {
        hint =
          "numbers use \"\(separator)\" as the decimal separator; set csv.decimalSeparator in the config for \"\(other)\""
      }
      return Diagnostic(.error, location, field: field, "\(shown) is not a number", hint: hint)
    case .tooManyDecimals(let allowed):
      return Diagnostic(.error, location, field: field, "\(shown) has more than \(allowed) decimals")
    case .tooLarge:
      return Diagnostic(
        .error, location, field: field, "\(shown) is too large",
        hint: "amounts may have at most \(ExactDecimal.maxDigits) digits")
    }
  }

  mutating func fail(_ invoice: PendingInvoice, _ diagnostic: Diagnostic) {
    invoice.failed = true
    var diagnostic = diagnostic
    diagnostic.invoiceNumber = invoice.number
    diagnostics.append(diagnostic)
  }

  mutating func report(_ invoice: PendingInvoice?, _ diagnostic: Diagnostic) {
    if let invoice { fail(invoice, diagnostic) } else { diagnostics.append(diagnostic) }
  }
}
