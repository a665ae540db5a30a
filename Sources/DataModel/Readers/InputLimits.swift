/// The sizes every reader enforces, so hostile or broken input fails with a clear message instead of exhausting memory.
///
/// A field over `fieldBytes` fails its invoice (CSV and JSON alike); a JSON document over
/// `jsonDocumentBytes` is refused before it is parsed (the parsed tree takes about as much memory
/// again); the CSV reader keeps at most `CSVReader.maxFieldBytes` of any field, whatever its length.
public enum InputLimits {
  /// The longest text one field of an invoice may hold, in UTF-8 bytes.
  public static let fieldBytes = 65_536
  /// The largest JSON input read, in bytes (invoices and reports).
  public static let jsonDocumentBytes = 512 << 20
  /// The largest config or label file read, in bytes: settings, not data.
  public static let configFileBytes = 4 << 20
  /// The longest text a config or label file may hold (a title, a label, a footer column), in
  /// characters: laying out a text costs more than its length, and a 60,000-character title took
  /// a minute.
  public static let configTextCharacters = 2_000
}
