/// How a country's post wants the lines of an address below the recipient's name: the order of the
/// parts, where the postcode goes, which parts are upper-cased, and whether the region is written.
///
/// A format is a pattern in the notation of Google's address data (libaddressinput), which follows
/// the postal services' own guides: `%A` the street lines, `%C` the town, `%S` the region (state,
/// province), `%Z` the postcode, `%n` a line break; anything else is written as it is. A line whose
/// parts are all missing is left out. The region is only written where the pattern has `%S`: US
/// states, Canadian provinces, Australian states, Italian and Spanish provinces, not the regions of
/// the UK, Germany or France that shop exports carry anyway.
public struct AddressFormat: Sendable {
  public let pattern: String
  /// The parts written in capitals (`C`, `S`, `Z`), as the post asks.
  public let upper: Set<Character>

  init(_ pattern: String, upper: String = "") {
    self.pattern = pattern
    self.upper = Set(upper)
  }

  /// The format of `country` (ISO 3166-1 alpha-2): the table's, else "postcode town" as most of the world writes it.
  public static func of(_ country: String?) -> AddressFormat {
    country.flatMap { table[$0.uppercased()] } ?? AddressFormat("%A%n%Z %C")
  }

  /// The lines of `address` (without the country) in this format.
  public func lines(_ address: PostalAddress) -> [String] {
    var lines: [String] = []
    for linePattern in pattern.components(separatedBy: "%n") {
      if linePattern == "%A" {
        lines += [address.street, address.street2].compactMap { $0 }.filter { !$0.isEmpty }
        continue
      }
      if let line = fill(linePattern, address) { lines.append(line) }
    }
    return lines
  }

  /// One line of the pattern with the address's parts, or nil when it has none of them.
  private func fill(_ line: String, _ address: PostalAddress) -> String? {
    var text = ""
    var pending = ""
    var filled = false
    var characters = line.makeIterator()
    while let character = characters.next() {
      guard character == "%", let field = characters.next() else {
        pending.append(character)
        continue
      }
      let value: String?
      switch field {
      case "C": value = address.city
      case "S": value = address.region
      case "Z": value = address.postcode
      default: value = nil
      }
      guard let value, !value.isEmpty else {
        // A missing part takes the separator before it along ("Austin, TX" without a state is "Austin").
        pending = ""
        continue
      }
      // Before the first part only a literal such as "〒" or "L-" is written, not a separator.
      if filled || pending.contains(where: { $0.isLetter || $0.isSymbol }) { text += pending }
      text += upper.contains(field) ? value.uppercased() : value
      pending = ""
      filled = true
    }
    guard filled else { return nil }
    return (text + pending).trimmingSpaces
  }

  /// The formats by country, from the postal services' guides as libaddressinput records them.
  static let table: [String: AddressFormat] = [
    "US": AddressFormat("%A%n%C, %S %Z", upper: "CS"),
    "CA": AddressFormat("%A%n%C %S %Z", upper: "CSZ"),
    "AU": AddressFormat("%A%n%C %S %Z", upper: "CS"),
    "NZ": AddressFormat("%A%n%C %Z"),
    "PR": AddressFormat("%A%n%C PR %Z", upper: "CZ"),
    "GB": AddressFormat("%A%n%C%n%Z", upper: "CZ"),
    "IE": AddressFormat("%A%n%C%n%S%n%Z", upper: "CZ"),
    "DE": AddressFormat("%A%n%Z %C"),
    "AT": AddressFormat("%A%n%Z %C"),
    "CH": AddressFormat("%A%n%Z %C"),
    "LI": AddressFormat("%A%n%Z %C"),
    "FR": AddressFormat("%A%n%Z %C", upper: "C"),
    "BE": AddressFormat("%A%n%Z %C"),
    "LU": AddressFormat("%A%nL-%Z %C"),
    "NL": AddressFormat("%A%n%Z %C"),
    "IT": AddressFormat("%A%n%Z %C %S", upper: "CS"),
    "ES": AddressFormat("%A%n%Z %C %S", upper: "CS"),
    "PT": AddressFormat("%A%n%Z %C"),
    "PL": AddressFormat("%A%n%Z %C"),
    "CZ": AddressFormat("%A%n%Z %C"),
    "SE": AddressFormat("%A%n%Z %C", upper: "C"),
    "NO": AddressFormat("%A%n%Z %C"),
    "DK": AddressFormat("%A%n%Z %C"),
    "FI": AddressFormat("%A%n%Z %C", upper: "C"),
    "GR": AddressFormat("%A%n%Z %C"),
    "TR": AddressFormat("%A%n%Z %C/%S"),
    "RU": AddressFormat("%A%n%C%n%S%n%Z", upper: "C"),
    "UA": AddressFormat("%A%n%C%n%S%n%Z"),
    "JP": AddressFormat("〒%Z%n%S%C%n%A"),
    "CN": AddressFormat("%Z%n%S%C%n%A"),
    "KR": AddressFormat("%S %C%n%A%n%Z"),
    "IN": AddressFormat("%A%n%C %Z%n%S"),
    "BR": AddressFormat("%A%n%C-%S%n%Z", upper: "CS"),
    "MX": AddressFormat("%A%n%Z %C, %S", upper: "CS"),
    "AR": AddressFormat("%A%n%Z %C%n%S", upper: "CS"),
    "IL": AddressFormat("%A%n%C %Z"),
    "AE": AddressFormat("%A%n%S", upper: "S"),
    "SA": AddressFormat("%A%n%C %Z"),
    "TH": AddressFormat("%A%n%C%n%S %Z", upper: "S"),
    "SG": AddressFormat("%A%nSINGAPORE %Z"),
    "HK": AddressFormat("%A%n%C%n%S", upper: "S"),
  ]
}
