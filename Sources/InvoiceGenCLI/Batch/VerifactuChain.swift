import CPDFContent
import DataModel
import Foundation

/// A Spanish seller's VERI*FACTU records, chained by their huella in `verifactu.jsonl` beside the
/// documents: appended in input order and synced to disk before any document is written, never rewritten.
///
/// Each line is one record (RegistroAlta's fields, the previous record's huella and its own). A later
/// run checks the chain, continues it, and records only the invoices it does not hold yet, so a
/// nightly run over the same input adds nothing twice. The file is locked while a run reads and
/// extends it, so shards writing to one folder chain in turn.
struct VerifactuChain {
  static let fileName = "verifactu.jsonl"
  let path: String

  init(folder: String) {
    path = folder + "/" + Self.fileName
  }

  /// What the chain holds already: its last huella, and each recorded invoice's total by number.
  struct Recorded {
    var lastHash = ""
    var totals: [String: String] = [:]
  }

  /// The huella of `text`: its SHA-256 in upper-case hex digits, as the AEAT writes it.
  static func huella(_ text: String) -> String {
    var hex = [CChar](repeating: 0, count: 65)
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { ig_sha256_hex($0.baseAddress, $0.count, &hex) }
    return String(decoding: hex.prefix(64).map { UInt8(bitPattern: $0) }, as: UTF8.self).uppercased()
  }

  /// "2026-12-03T10:15:00+01:00": `date` in this machine's time zone, as FechaHoraHusoGenRegistro.
  static func timestamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
    return formatter.string(from: date)
  }

  /// Appends the records of `records` the chain does not hold, made at `date`; returns how many were
  /// added, and each invoice recorded before with other amounts, with why it may not be written again.
  func append(_ records: [VerifactuRecord], at date: Date) throws(CLIError) -> (
    added: Int, refused: [(number: String, reason: String)]
  ) {
    guard let issuer = records.first?.issuerNIF else { return (0, []) }
    let log = try LockedLog(path: path, what: "VERI*FACTU records")
    var recorded = try read(log, issuer: issuer)
    var text = ""
    var refused: [(number: String, reason: String)] = []
    let generatedAt = Self.timestamp(date)
    for var record in records {
      if let total = recorded.totals[record.number] {
        if total != record.grandTotal.description {
          // A record is never changed, and a document with amounts no record holds is never made.
          refused.append(
            (
              record.number,
              "\(path): it was recorded with the total \(total), now \(record.grandTotal.description); a recorded invoice's document is not made again with other amounts: issue a corrective invoice (rectificativa) instead"
            ))
        }
        continue
      }
      record.previousHash = recorded.lastHash
      record.generatedAt = generatedAt
      let hash = Self.huella(record.hashInput)
      text += Self.line(record, hash: hash) + "\n"
      recorded.lastHash = hash
      recorded.totals[record.number] = record.grandTotal.description
    }
    guard !text.isEmpty else { return (0, refused) }
    try log.append(text)
    return (text.utf8.filter { $0 == 0x0A }.count, refused)
  }

  /// Reads and checks the chain: every line a record of `issuer` whose huella is that of its fields
  /// and the line before. A chain is one issuer's: another's records (even consistently re-hashed)
  /// stop the run, or that issuer's invoice numbers would hide this one's.
  private func read(_ log: LockedLog, issuer: String) throws(CLIError) -> Recorded {
    var recorded = Recorded()
    let lines = try log.lines()
    if let note = log.repairNote { Console.warning(note) }
    for (offset, line) in lines.enumerated() {
      guard let record = Self.record(line), record.record.previousHash == recorded.lastHash,
        Self.huella(record.record.hashInput) == record.hash
      else {
        throw .output(
          "\(path):\(offset + 1): the VERI*FACTU chain is broken here (a record changed, removed or not invoicegen's); nothing written"
        )
      }
      guard record.record.issuerNIF == issuer else {
        throw .output(
          "\(path):\(offset + 1): the VERI*FACTU chain holds the records of issuer \(record.record.issuerNIF), not of this run's seller \(issuer); a chain is one issuer's: write this seller's documents to another --out folder; nothing written"
        )
      }
      recorded.lastHash = record.hash
      recorded.totals[record.record.number] = record.record.grandTotal.description
    }
    return recorded
  }

  /// The JSON line of `record` and its `hash`, its keys in a fixed order.
  static func line(_ record: VerifactuRecord, hash: String) -> String {
    let fields: [(String, String)] = [
      ("IDEmisorFactura", record.issuerNIF), ("NumSerieFactura", record.number),
      ("FechaExpedicionFactura", VerifactuRecord.date(record.issueDate)), ("TipoFactura", record.type),
      ("CuotaTotal", record.taxTotal.description), ("ImporteTotal", record.grandTotal.description),
      ("HuellaAnterior", record.previousHash), ("FechaHoraHusoGenRegistro", record.generatedAt),
      ("Huella", hash),
    ]
    return "{" + fields.map { "\(LockedLog.quoted($0.0)):\(LockedLog.quoted($0.1))" }.joined(separator: ",")
      + "}"
  }

  /// The record and huella of a line, or nil when it is not one.
  static func record(_ line: [UInt8]) -> (record: VerifactuRecord, hash: String)? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: String],
      let nif = object["IDEmisorFactura"], let number = object["NumSerieFactura"],
      let date = object["FechaExpedicionFactura"].flatMap(Self.date), let type = object["TipoFactura"],
      let tax = object["CuotaTotal"].flatMap({ ExactDecimal($0) }),
      let total = object["ImporteTotal"].flatMap({ ExactDecimal($0) }), let hash = object["Huella"]
    else { return nil }
    var record = VerifactuRecord(
      issuerNIF: nif, number: number, issueDate: date, type: type, taxTotal: tax, grandTotal: total)
    record.previousHash = object["HuellaAnterior"] ?? ""
    record.generatedAt = object["FechaHoraHusoGenRegistro"] ?? ""
    return (record, hash)
  }

  /// "01-09-2024" as a date.
  static func date(_ text: String) -> CalendarDate? {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    return CalendarDate(year: parts[2], month: parts[1], day: parts[0])
  }

}
