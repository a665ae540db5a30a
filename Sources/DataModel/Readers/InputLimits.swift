/// The sizes every reader enforces, so hostile or broken input fails with a clear message instead of exhausting memory.
///
/// A field over `fieldBytes` fails its invoice (CSV and JSON alike); a JSON document over
/// `jsonDocumentBytes` is refused before it is parsed (the parsed tree takes about as much memory
/// again); the CSV reader keeps at most `CSVReader.maxFieldBytes` of any field, whatever its length.
public enum InputLimits {
  /// The longest text one field of an invoice may hold, in UTF-8 bytes.
  public static let fieldBytes = 65_536
  /// The largest JSON input read, in bytes (invoices, reports and configs).
  public static let jsonDocumentBytes = 512 << 20
}
