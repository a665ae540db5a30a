/// Checks the bytes of one text field: not too long, no control characters but tab and line breaks, valid UTF-8.
///
/// Noncharacters and C1 controls pass (they are printed as U+FFFD); `unrenderable(in:)` finds them
/// for a warning, looking at non-ASCII text only.
///
/// The orders CSV reader checks item fields with it as rows arrive, and the invoice assembler
/// checks invoice-level values with it once per invoice: one rule, one message for each problem.
enum FieldText {
  /// The text of `bytes`, whose true length is `length` when the reader kept only a prefix of them.
  static func check(_ bytes: ArraySlice<UInt8>, length: Int? = nil) -> Result<String, InvoiceRules.Violation>
  {
    if let violation = InvoiceRules.textLength(length ?? bytes.count) {
      return .failure(
        InvoiceRules.Violation(violation.message, hint: "a quoted field may be missing its closing quote"))
    }
    // One pass over the bytes: control characters (C0 but tab and line breaks, and DEL), and whether all is ASCII.
    var ascii = true
    var control: UInt8?
    bytes.withUnsafeBufferPointer { buffer in
      for byte in buffer {
        if byte >= 0x80 {
          ascii = false
        } else if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
          control = byte
          break
        }
      }
    }
    if let control {
      return .failure(
        InvoiceRules.Violation(
          "contains the control character U+\(String(control, radix: 16, uppercase: true).leftPadded(4))"))
    }
    if ascii { return .success(String(decoding: bytes, as: UTF8.self)) }
    guard let value = String(validating: bytes, as: UTF8.self) else {
      return .failure(
        InvoiceRules.Violation(
          "is not valid UTF-8",
          hint: "export the file as UTF-8, or set csv.encoding in the config (such as \"windows-1252\")"))
    }
    return .success(value)
  }

  /// The warning for the first noncharacter or C1 control in `value` (which `check` lets through),
  /// once per invoice; nil at once for ASCII text.
  static func unrenderableWarning(
    _ value: String, _ location: SourceLocation, field: String, invoice: PendingInvoice
  ) -> Diagnostic? {
    let beyondLatin = { (bytes: UnsafeBufferPointer<UInt8>) in bytes.contains { $0 >= 0xC2 } }
    guard !invoice.warnedUnrenderable,
      value.utf8.withContiguousStorageIfAvailable(beyondLatin) ?? value.utf8.contains(where: { $0 >= 0xC2 }),
      let scalar = value.unicodeScalars.first(where: UnrenderableText.isUnrenderable)
    else { return nil }
    invoice.warnedUnrenderable = true
    var warning = Diagnostic(.warning, location, field: field, UnrenderableText.warning(for: scalar.value))
    warning.invoiceNumber = invoice.number
    return warning
  }
}
