import DataModel
import Foundation

/// Turns an invoice into a safe file name inside the output folder, from a pattern such as `{number}.pdf`.
///
/// Letters and digits of any script (after NFC normalization), `.`, `_` and `-` are kept; anything
/// else, path separators included, becomes `_`. A name that ends up empty, `.` or `..` is refused,
/// so nothing is ever written outside the folder.
public enum OutputName {
  /// Why an invoice cannot be given a file name.
  public enum Failure: Error, Equatable {
    case unusable(String)
  }

  public static func make(pattern: String, invoice: Invoice) -> Result<String, Failure> {
    var name = pattern
    name = name.replacingOccurrences(of: "{number}", with: sanitize(invoice.number))
    name = name.replacingOccurrences(of: "{customer}", with: sanitize(invoice.customer.name))
    name = name.replacingOccurrences(of: "{date}", with: invoice.issueDate.description)
    name = name.replacingOccurrences(of: "{customerId}", with: sanitize(invoice.customer.id ?? ""))
    name = sanitize(name)
    let stem = name.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    if name.isEmpty || name == "." || name == ".." || stem.isEmpty
      || name.allSatisfy({ $0 == "." || $0 == "_" })
    {
      return .failure(.unusable("the file name pattern gives \"\(name)\" for invoice \"\(invoice.number)\""))
    }
    return .success(name)
  }

  /// `text` with everything but letters, digits, `.`, `_` and `-` replaced by `_`.
  public static func sanitize(_ text: String) -> String {
    var out = ""
    for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
      let properties = scalar.properties
      if properties.isAlphabetic || properties.numericType == .decimal || scalar == "." || scalar == "_"
        || scalar == "-"
      {
        out.unicodeScalars.append(scalar)
      } else if properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
        out.unicodeScalars.append(scalar)  // vowel signs of Indic scripts belong to their letter
      } else {
        out.append("_")
      }
    }
    return out
  }

  /// The name without its extension: `INV-1.pdf` → `INV-1`, for per-page PNG and SVG names.
  public static func stem(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// FNV-1a 64-bit hash of `text`'s UTF-8 bytes: the shard key of an invoice number.
  public static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
