import DataModel
import Foundation

/// Units of measure by their UN/ECE Rec 20 code, as an invoice in each of the 22 label languages prints them.
///
/// The unit a row gives (`h`, `pcs`, `Stunde`, `HUR`) is read as its code (`UnitCode`) and printed in
/// the document's language (`Std.` in German, `時間` in Japanese); a unit the table does not know is
/// printed as given. Metric symbols are the same in most languages; Russian, Ukrainian and Arabic
/// write their own.
enum UnitNames {
  /// The name of `unit` in `locale`'s language, or `unit` as given when its code has none.
  static func name(_ unit: String, locale: Locale) -> String {
    guard let given = UnitCode.code(for: unit) else { return unit }
    // A piece (H87) and "each" (EA) print as the unit count (C62) does.
    let code = ["H87", "EA"].contains(given) ? "C62" : given
    let language = StringTable.languageKey(for: locale)
    if let local = names[language]?[code] { return local }
    return symbols[code] ?? names["en"]?[code] ?? unit
  }

  /// Metric symbols, written alike in the languages that have none of their own below.
  static let symbols: [String: String] = [
    "KGM": "kg", "GRM": "g", "TNE": "t", "LTR": "l", "MLT": "ml", "MTR": "m", "CMT": "cm", "MMT": "mm",
    "KMT": "km", "MTK": "m²", "MTQ": "m³", "KWH": "kWh",
  ]

  /// Names by language and code: counts, times and packages in every label language, metric symbols where they differ.
  static let names: [String: [String: String]] = [
    "en": [
      "C62": "pcs", "HUR": "h", "MIN": "min", "DAY": "day", "WEE": "wk", "MON": "mo", "ANN": "yr",
      "SET": "set",
      "PR": "pair", "XPK": "pack", "XBX": "box", "LS": "lump sum",
    ],
    "de": [
      "C62": "Stk.", "HUR": "Std.", "MIN": "Min.", "DAY": "Tag", "WEE": "Wo.", "MON": "Mon.", "ANN": "Jahr",
      "SET": "Satz", "PR": "Paar", "XPK": "Pck.", "XBX": "Kart.", "LS": "pauschal",
    ],
    "fr": [
      "C62": "pce", "HUR": "h", "MIN": "min", "DAY": "jour", "WEE": "sem.", "MON": "mois", "ANN": "an",
      "SET": "lot", "PR": "paire", "XPK": "paquet", "XBX": "carton", "LS": "forfait",
    ],
    "es": [
      "C62": "ud.", "HUR": "h", "MIN": "min", "DAY": "día", "WEE": "sem.", "MON": "mes", "ANN": "año",
      "SET": "juego", "PR": "par", "XPK": "paquete", "XBX": "caja", "LS": "global",
    ],
    "it": [
      "C62": "pz.", "HUR": "h", "MIN": "min", "DAY": "giorno", "WEE": "sett.", "MON": "mese", "ANN": "anno",
      "SET": "set", "PR": "paio", "XPK": "conf.", "XBX": "scatola", "LS": "forfait",
    ],
    "nl": [
      "C62": "st.", "HUR": "uur", "MIN": "min", "DAY": "dag", "WEE": "wk", "MON": "mnd", "ANN": "jaar",
      "SET": "set", "PR": "paar", "XPK": "pak", "XBX": "doos", "LS": "forfait",
    ],
    "pt": [
      "C62": "un.", "HUR": "h", "MIN": "min", "DAY": "dia", "WEE": "sem.", "MON": "mês", "ANN": "ano",
      "SET": "conj.", "PR": "par", "XPK": "pacote", "XBX": "caixa", "LS": "global",
    ],
    "pl": [
      "C62": "szt.", "HUR": "godz.", "MIN": "min", "DAY": "dzień", "WEE": "tydz.", "MON": "mies.",
      "ANN": "rok", "SET": "kpl.", "PR": "para", "XPK": "opak.", "XBX": "karton", "LS": "ryczałt",
    ],
    "sv": [
      "C62": "st", "HUR": "tim", "MIN": "min", "DAY": "dag", "WEE": "v.", "MON": "mån", "ANN": "år",
      "SET": "set", "PR": "par", "XPK": "förp.", "XBX": "kartong", "LS": "klumpsumma",
    ],
    "tr": [
      "C62": "adet", "HUR": "saat", "MIN": "dk", "DAY": "gün", "WEE": "hafta", "MON": "ay", "ANN": "yıl",
      "SET": "takım", "PR": "çift", "XPK": "paket", "XBX": "kutu", "LS": "götürü",
    ],
    "ru": [
      "C62": "шт.", "HUR": "ч", "MIN": "мин", "DAY": "дн.", "WEE": "нед.", "MON": "мес.", "ANN": "г.",
      "SET": "компл.", "PR": "пара", "XPK": "уп.", "XBX": "кор.", "LS": "паушально", "KGM": "кг", "GRM": "г",
      "TNE": "т", "LTR": "л", "MLT": "мл", "MTR": "м", "CMT": "см", "MMT": "мм", "KMT": "км", "MTK": "м²",
      "MTQ": "м³", "KWH": "кВт·ч",
    ],
    "uk": [
      "C62": "шт.", "HUR": "год", "MIN": "хв", "DAY": "дн.", "WEE": "тиж.", "MON": "міс.", "ANN": "р.",
      "SET": "компл.", "PR": "пара", "XPK": "уп.", "XBX": "кор.", "LS": "паушально", "KGM": "кг", "GRM": "г",
      "TNE": "т", "LTR": "л", "MLT": "мл", "MTR": "м", "CMT": "см", "MMT": "мм", "KMT": "км", "MTK": "м²",
      "MTQ": "м³", "KWH": "кВт·год",
    ],
    "ar": [
      "C62": "قطعة", "HUR": "ساعة", "MIN": "دقيقة", "DAY": "يوم", "WEE": "أسبوع", "MON": "شهر", "ANN": "سنة",
      "SET": "طقم", "PR": "زوج", "XPK": "عبوة", "XBX": "صندوق", "LS": "مبلغ مقطوع", "KGM": "كغ", "GRM": "غ",
      "TNE": "طن", "LTR": "لتر", "MLT": "مل", "MTR": "م", "CMT": "سم", "MMT": "مم", "KMT": "كم", "MTK": "م²",
      "MTQ": "م³", "KWH": "كيلوواط ساعة",
    ],
    "he": [
      "C62": "יח׳", "HUR": "שעה", "MIN": "דקה", "DAY": "יום", "WEE": "שבוע", "MON": "חודש", "ANN": "שנה",
      "SET": "סט", "PR": "זוג", "XPK": "חבילה", "XBX": "קרטון", "LS": "סכום כולל",
    ],
    "fa": [
      "C62": "عدد", "HUR": "ساعت", "MIN": "دقیقه", "DAY": "روز", "WEE": "هفته", "MON": "ماه", "ANN": "سال",
      "SET": "دست", "PR": "جفت", "XPK": "بسته", "XBX": "جعبه", "LS": "مقطوع",
    ],
    "hi": [
      "C62": "नग", "HUR": "घंटा", "MIN": "मिनट", "DAY": "दिन", "WEE": "सप्ताह", "MON": "माह", "ANN": "वर्ष",
      "SET": "सेट", "PR": "जोड़ी", "XPK": "पैक", "XBX": "डिब्बा", "LS": "एकमुश्त",
    ],
    "th": [
      "C62": "ชิ้น", "HUR": "ชม.", "MIN": "นาที", "DAY": "วัน", "WEE": "สัปดาห์", "MON": "เดือน", "ANN": "ปี",
      "SET": "ชุด", "PR": "คู่", "XPK": "แพ็ก", "XBX": "กล่อง", "LS": "เหมาจ่าย",
    ],
    "ja": [
      "C62": "個", "HUR": "時間", "MIN": "分", "DAY": "日", "WEE": "週", "MON": "か月", "ANN": "年", "SET": "セット",
      "PR": "組", "XPK": "パック", "XBX": "箱", "LS": "一式",
    ],
    "zh-Hans": [
      "C62": "件", "HUR": "小时", "MIN": "分钟", "DAY": "天", "WEE": "周", "MON": "月", "ANN": "年", "SET": "套",
      "PR": "双", "XPK": "包", "XBX": "箱", "LS": "一次性",
    ],
    "ko": [
      "C62": "개", "HUR": "시간", "MIN": "분", "DAY": "일", "WEE": "주", "MON": "개월", "ANN": "년", "SET": "세트",
      "PR": "켤레", "XPK": "팩", "XBX": "상자", "LS": "일괄",
    ],
    "vi": [
      "C62": "cái", "HUR": "giờ", "MIN": "phút", "DAY": "ngày", "WEE": "tuần", "MON": "tháng", "ANN": "năm",
      "SET": "bộ", "PR": "đôi", "XPK": "gói", "XBX": "hộp", "LS": "trọn gói",
    ],
    "id": [
      "C62": "pcs", "HUR": "jam", "MIN": "menit", "DAY": "hari", "WEE": "minggu", "MON": "bulan",
      "ANN": "tahun", "SET": "set", "PR": "pasang", "XPK": "pak", "XBX": "kotak", "LS": "borongan",
    ],
  ]
}
