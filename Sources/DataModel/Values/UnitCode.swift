import Foundation

/// Units of measure as UN/ECE Recommendation 20 codes, which EN 16931 requires (BT-130).
public enum UnitCode {
  /// Codes invoices use most, accepted as written.
  public static let known: Set<String> = [
    "C62", "H87", "EA", "HUR", "MIN", "SEC", "DAY", "WEE", "MON", "ANN", "QAN", "KGM", "GRM", "MGM", "TNE",
    "LTR",
    "MLT", "MTQ", "MTR", "CMT", "MMT", "KMT", "MTK", "KWH", "MWH", "SET", "PR", "XPK", "XBX", "XPA", "XCT",
    "E48",
    "LS", "P1", "NAR", "NPR", "LTN", "KTM", "GB", "MB", "TB", "D64", "XST", "XRO", "XBG", "XBO", "XCR",
  ]

  /// The common words for units, lower-cased, and their codes.
  public static let words: [String: String] = [
    "h": "HUR", "hr": "HUR", "hrs": "HUR", "hour": "HUR", "hours": "HUR", "std": "HUR", "std.": "HUR",
    "stunde": "HUR", "stunden": "HUR", "heure": "HUR", "heures": "HUR", "min": "MIN", "minute": "MIN",
    "minutes": "MIN", "d": "DAY", "day": "DAY", "days": "DAY", "tag": "DAY", "tage": "DAY", "jour": "DAY",
    "jours": "DAY", "pt": "DAY", "wk": "WEE", "week": "WEE", "weeks": "WEE", "woche": "WEE", "mo": "MON",
    "month": "MON", "months": "MON", "monat": "MON", "monate": "MON", "mois": "MON", "yr": "ANN",
    "year": "ANN",
    "years": "ANN", "jahr": "ANN", "pcs": "C62", "pc": "C62", "piece": "C62", "pieces": "C62", "stk": "C62",
    "stk.": "C62", "stück": "C62", "st": "C62", "ea": "C62", "each": "C62", "unit": "C62", "units": "C62",
    "x": "C62", "pièce": "C62", "pièces": "C62", "kg": "KGM", "g": "GRM", "t": "TNE", "l": "LTR",
    "liter": "LTR",
    "litre": "LTR", "ml": "MLT", "m": "MTR", "km": "KMT", "cm": "CMT", "mm": "MMT", "m2": "MTK", "m²": "MTK",
    "qm": "MTK", "m3": "MTQ", "m³": "MTQ", "kwh": "KWH", "set": "SET", "sets": "SET", "pair": "PR",
    "pairs": "PR",
    "paar": "PR", "pack": "XPK", "pkg": "XPK", "box": "XBX", "lump sum": "LS", "pauschal": "LS", "psch": "LS",
    "flat": "LS", "license": "C62", "licence": "C62", "lizenz": "C62",
    // Polish invoices' units: sztuka (piece), usługa (a service), godzina (hour), komplet (set).
    "szt": "C62", "szt.": "C62", "usł": "C62", "usł.": "C62", "godz": "HUR", "godz.": "HUR", "kpl": "SET",
    "kpl.": "SET", "dzień": "DAY", "mies": "MON", "mies.": "MON",
  ]

  /// The Rec 20 code for `unit` (a code, or a common word), C62 ("one") when no unit is given, or nil when unknown.
  public static func code(for unit: String?) -> String? {
    guard let unit, !unit.trimmingCharacters(in: .whitespaces).isEmpty else { return "C62" }
    let trimmed = unit.trimmingCharacters(in: .whitespaces)
    if known.contains(trimmed.uppercased()) { return trimmed.uppercased() }
    return words[trimmed.lowercased()]
  }
}
