import DataModel
import Foundation

/// Turns an invoice into a safe file name inside the output folder, from a pattern such as `{number}.pdf`.
///
/// Letters and digits of any script (after NFC normalization), `.`, `_` and `-` are kept; anything
/// else, path separators included, becomes `_`. A name that ends up empty, `.` or `..` is refused,
/// so nothing is ever written outside the folder.
public enum OutputName {
  /// Why an invoice cannot be given a file name.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    case unusable(String)

    /// The reason, as people read it (never the Swift form `unusable("…")`).
    public var description: String {
      switch self {
      case .unusable(let reason): return reason
      }
    }
  }

  /// The safe file name of `invoice` from `pattern`; a batch parses its pattern once with `Pattern`.
  public static func make(pattern: String, invoice: Invoice) -> Result<String, Failure> {
    Pattern(pattern).name(for: invoice)
  }

  /// A file name pattern split once into literal text and placeholders, so naming 50,000 invoices searches nothing.
  public struct Pattern: Sendable {
    enum Part: Sendable {
      case text(String)
      case number, customer, date, customerId
    }

    let parts: [Part]

    public init(_ pattern: String) {
      var parts: [Part] = []
      var rest = Substring(pattern)
      let placeholders: [(String, Part)] = [
        ("{number}", .number), ("{customer}", .customer), ("{date}", .date), ("{customerId}", .customerId),
      ]
      var literal = ""
      while let first = rest.first {
        if first == "{", let (token, part) = placeholders.first(where: { rest.hasPrefix($0.0) }) {
          if !literal.isEmpty { parts.append(.text(literal)) }
          literal = ""
          parts.append(part)
          rest = rest.dropFirst(token.count)
        } else {
          literal.append(first)
          rest = rest.dropFirst()
        }
      }
      if !literal.isEmpty { parts.append(.text(literal)) }
      self.parts = parts
    }

    /// The safe file name of `invoice`, or why it has none.
    public func name(for invoice: Invoice) -> Result<String, Failure> {
      var name = ""
      for part in parts {
        switch part {
        case .text(let text): name += text
        case .number: name += sanitize(invoice.number)
        case .customer: name += sanitize(invoice.customer.name)
        case .date: name += invoice.issueDate.description
        case .customerId: name += sanitize(invoice.customer.id ?? "")
        }
      }
      name = sanitize(name)
      guard name.isEmpty || name.hasPrefix(".") || name.allSatisfy({ $0 == "." || $0 == "_" }) else {
        return .success(name)
      }
      let way =
        "set output.fileName in the config to a pattern that gives every invoice a name, such as \"{date}-{number}.pdf\""
      let invoice = Diagnostic.quote(invoice.number)
      if name.isEmpty || name.allSatisfy({ $0 == "." || $0 == "_" }) {
        return .failure(
          .unusable(
            "invoice \(invoice): its file name would be \"\(name)\", which has no letter or digit left once characters a file name cannot hold become _; \(way)"
          ))
      }
      if name.hasPrefix(".") {
        return .failure(
          .unusable(
            "invoice \(invoice): its file name would be \"\(name)\", which is not allowed: it starts with \".\" (a hidden file, and \"..\" is the folder above); \(way)"
          ))
      }
      return .success(name)
    }
  }

  /// `text` with everything but letters, digits, `.`, `_` and `-` replaced by `_`.
  public static func sanitize(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII, the common case: nothing to normalize, no Unicode properties to look up.
      var bytes = Array(text.utf8)
      for index in bytes.indices {
        switch bytes[index] {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
          continue
        default: bytes[index] = UInt8(ascii: "_")
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
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
  public static func fnv1a(_ text: String) -> UInt64 { InvoiceShard.fnv1a(text.utf8) }
}
