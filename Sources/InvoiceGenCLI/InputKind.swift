/// How an input is read: an orders CSV or invoice JSON (for reports: any CSV or report JSON).
public enum InputKind: String, Sendable {
  case csv, json

  /// The kind an input's name suggests: `.json` files are JSON, everything else (standard input too) is CSV.
  public static func detect(path: String) -> InputKind {
    path.lowercased().hasSuffix(".json") ? .json : .csv
  }
}
