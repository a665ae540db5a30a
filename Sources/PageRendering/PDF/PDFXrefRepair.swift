import Foundation

/// Streams an untagged PDF from cairo to its destination, marking free the cross-reference entries
/// of objects cairo never wrote.
///
/// Cairo 1.16 numbers an object for some link annotations that it never writes, and its
/// cross-reference table gives that number another object's offset, which `qpdf --check` reports.
/// This sink forwards every byte as it comes, noting where each `N 0 obj` line starts, and holds
/// back only the final cross-reference section. At the end each entry whose offset is not where
/// its object starts becomes a free entry (a reference to it reads as null, as in libqpdf's
/// repair); entries keep their 20 bytes, so `startxref` and every offset stay right. A file with
/// nothing to repair comes out byte for byte as cairo wrote it.
final class PDFXrefRepair: ByteSink {
  let destination: any ByteSink
  /// Bytes seen so far.
  private var offset = 0
  /// Where each object's `N 0 obj` line starts (-1: not seen), by object number.
  private var starts: [Int] = []
  /// The first bytes of the current line, and where it starts.
  private var line: [UInt8] = []
  private var lineStart = 0
  /// The bytes after the line `xref`, held until the end (nil: no such line yet, or an object came after it).
  private var held: [UInt8]?
  /// How many entries the repair marked free.
  private(set) var freed = 0

  /// How much of a line is kept to recognise it: `xref`, or an object number and ` 0 obj`.
  private static let lineKept = 24

  init(destination: any ByteSink) {
    self.destination = destination
  }

  func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
    var from = 0
    while from < bytes.count {
      // Compressed streams have few line feeds: memchr skips from one to the next.
      let found = memchr(base + from, 0x0A, bytes.count - from)
      let end = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? bytes.count
      if line.count < Self.lineKept {
        line.append(contentsOf: bytes[from..<min(end, from + Self.lineKept - line.count)])
      }
      guard found != nil else { break }
      lineEnded(pending: UnsafeRawBufferPointer(rebasing: bytes[from...end]))
      from = end + 1
      line.removeAll(keepingCapacity: true)
      lineStart = offset + from
    }
    let rest = UnsafeRawBufferPointer(rebasing: bytes[min(from, bytes.count)...])
    offset += bytes.count
    return forward(rest)
  }

  /// Notes the line that just ended (its first bytes in `line`), then forwards or holds `pending`,
  /// this write's bytes up to its end.
  private func lineEnded(pending: UnsafeRawBufferPointer) {
    if line.elementsEqual("xref".utf8) {
      // A cross-reference section starts: what follows its first line is held.
      if let earlier = held { _ = earlier.withUnsafeBytes { destination.write($0) } }
      _ = destination.write(pending)
      held = []
      return
    }
    if let number = objectNumber() {
      if held != nil {
        // An object after it: that was not the last cross-reference section.
        _ = held!.withUnsafeBytes { destination.write($0) }
        held = nil
      }
      if number >= starts.count { starts += Array(repeating: -1, count: number + 1 - starts.count) }
      if starts[number] < 0 { starts[number] = lineStart }
    }
    _ = forward(pending)
  }

  /// The number of the object the current line starts (`N 0 obj`), or nil.
  private func objectNumber() -> Int? {
    guard let space = line.firstIndex(of: 0x20), space > 0, space < 10,
      line[space...].starts(with: " 0 obj".utf8)
    else { return nil }
    var number = 0
    for digit in line[..<space] {
      guard digit >= 0x30, digit <= 0x39 else { return nil }
      number = number * 10 + Int(digit - 0x30)
    }
    return number
  }

  /// Sends `bytes` on, or holds them after the line `xref`.
  private func forward(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard held == nil else {
      held!.append(contentsOf: bytes)
      return destination.writeFailure == nil
    }
    return bytes.isEmpty || destination.write(bytes)
  }

  var writeFailure: String? { destination.writeFailure }

  var name: String { destination.name }

  /// Writes the held cross-reference section, repaired; false when it is not one cairo writes (it is then written as it came).
  func finish() -> Bool {
    guard var section = held else { return true }
    held = nil
    let repaired = repair(&section)
    _ = section.withUnsafeBytes { destination.write($0) }
    return repaired
  }

  /// Marks free, in `section` (`0 N`, N entries of 20 bytes, the trailer), each entry in use whose
  /// offset is not where its object starts, chaining the free entries from entry 0.
  private func repair(_ section: inout [UInt8]) -> Bool {
    guard let firstEntry = section.firstIndex(of: 0x0A).map({ $0 + 1 }),
      case let header = section[..<(firstEntry - 1)].split(separator: 0x20), header.count == 2,
      header[0].elementsEqual("0".utf8), let count = Int(String(decoding: header[1], as: UTF8.self)),
      count > 0, section.count >= firstEntry + 20 * count
    else { return false }
    var missing: [Int] = []
    for number in 1..<count {
      let start = firstEntry + 20 * number
      guard section[start + 17] == UInt8(ascii: "n") else { continue }
      let offset = Int(String(decoding: section[start..<(start + 10)], as: UTF8.self)) ?? -1
      if number >= starts.count || starts[number] != offset { missing.append(number) }
    }
    guard !missing.isEmpty else { return true }
    // Entry 0 heads the list of free objects; each free entry names the next (0 ends it).
    let chain = missing + [0]
    section.replaceSubrange(
      firstEntry..<(firstEntry + 20), with: Self.freeEntry(next: chain[0], generation: 65535))
    for (position, number) in missing.enumerated() {
      let start = firstEntry + 20 * number
      section.replaceSubrange(
        start..<(start + 20), with: Self.freeEntry(next: chain[position + 1], generation: 1))
    }
    freed = missing.count
    return true
  }

  /// A free cross-reference entry: the next free object's number and the generation it would reuse.
  private static func freeEntry(next: Int, generation: Int) -> [UInt8] {
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return Array((padded(next, 10) + " " + padded(generation, 5) + " f \n").utf8)
  }
}
