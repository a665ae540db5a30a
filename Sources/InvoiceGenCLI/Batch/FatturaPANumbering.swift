import DataModel
import EInvoicing
import Foundation

/// The SdI's file names of a FatturaPA run, `IT{partita IVA}_{progressivo}.xml`, with progressive
/// numbers kept in `fatturapa-progressivi.jsonl` beside the documents.
///
/// Each invoice number gets the next progressivo (five characters, 0–9 and A–Z, counting up) the
/// first time it is written and keeps it: a later run over the same invoice writes the same file,
/// and no two invoices share a name. The file is appended to under a lock and synced before any
/// document is written.
struct FatturaPANumbering {
  static let fileName = "fatturapa-progressivi.jsonl"
  let path: String

  init(folder: String) {
    path = folder + "/" + Self.fileName
  }

  /// `count` as a progressivo: five base-36 digits ("0000A").
  static func progressivo(_ count: Int) -> String {
    let digits = String(count, radix: 36, uppercase: true)
    return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
  }

  /// The progressivo of each of `numbers`, in order: the recorded one, or the next (recorded now).
  func progressivi(for numbers: [String]) throws(CLIError) -> [String] {
    let log = try LockedLog(path: path, what: "FatturaPA progressive numbers")
    var known: [String: String] = [:]
    var highest = 0
    let lines = try log.lines()
    if let note = log.repairNote { Console.warning(note) }
    for (offset, line) in lines.enumerated() {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: String],
        let invoice = object["invoice"], let progressivo = object["progressivo"],
        let value = Self.value(of: progressivo)
      else {
        throw .output("\(path):\(offset + 1): not a progressive number invoicegen wrote; nothing written")
      }
      known[invoice] = progressivo
      highest = max(highest, value)
    }
    // After the highest one, not after the count: a lost line must not give a used number again.
    var next = highest + 1
    var text = ""
    let assigned = numbers.map { number in
      if let known = known[number] { return known }
      let progressivo = Self.progressivo(next)
      next += 1
      known[number] = progressivo
      text += "{\"invoice\":\(LockedLog.quoted(number)),\"progressivo\":\(LockedLog.quoted(progressivo))}\n"
      return progressivo
    }
    guard next <= 60_466_175 else { throw .output("\(path): the progressive numbers ZZZZZ are used up") }
    if !text.isEmpty { try log.append(text) }
    return assigned
  }

  /// The number a progressivo read back stands for: one to five of 0–9 and A–Z, nothing else (a
  /// value that is no progressivo could name a file anywhere); nil otherwise.
  static func value(of progressivo: String) -> Int? {
    guard (1...5).contains(progressivo.utf8.count),
      progressivo.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) })
    else { return nil }
    return Int(progressivo, radix: 36)
  }

  /// `IT01234567890_0000A.xml` for a seller with VAT id `vatId`.
  static func name(vatId: String, progressivo: String) -> String {
    let id = FatturaPAWriter.split(vatId: vatId, country: "IT")
    return "\(id.country)\(id.code)_\(progressivo).xml"
  }

  /// The progressivo in a file name made by `name(vatId:progressivo:)`.
  static func progressivo(inName name: String) -> String {
    String(OutputName.stem(name).split(separator: "_").last ?? "00001")
  }
}
