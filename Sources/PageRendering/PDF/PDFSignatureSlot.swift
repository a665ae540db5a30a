import CPDFContent
import Foundation

/// The placeholders of a PDF's signature dictionary, filled once the file is complete.
///
/// The byte range covers the whole file but the `/Contents` hex string; it is written first, since
/// it is itself signed. The signed bytes are then read back in chunks (memory stays flat however
/// large the file), and the signature's hex replaces the zeros of `/Contents`, which keep padding it.
struct PDFSignatureSlot {
  let slot: ig_signature_slot

  /// The bytes read and signed at a time.
  static let chunkSize = 1 << 16

  /// The placeholders in `data`, a PDF the finishing pass wrote with a signature field and a rewrite
  /// (libqpdf's encryption) then wrote again: found by the byte range's digits, which rewrites keep.
  static func find(in data: Data) -> PDFSignatureSlot? {
    let ascii = { (text: String) in Data(text.utf8) }
    guard let digits = data.range(of: ascii("9999999999 9999999999 9999999999")),
      let open = data[..<digits.lowerBound].lastIndex(of: UInt8(ascii: "[")),
      let close = data[digits.upperBound...].firstIndex(of: UInt8(ascii: "]")),
      let key = data.range(of: ascii("/Contents <"), in: close..<data.endIndex),
      let end = data[key.upperBound...].firstIndex(of: UInt8(ascii: ">"))
    else { return nil }
    let start = key.upperBound - 1  // the `<`
    return PDFSignatureSlot(
      slot: ig_signature_slot(
        byte_range: UInt64(open - data.startIndex), byte_range_width: close - open + 1,
        contents: UInt64(start - data.startIndex), contents_width: end - start + 1))
  }

  /// Signs `output` with `signer`; `path` names the file in errors.
  func fill(_ output: any PatchableOutput, signer: any PDFSigner, path: String) throws {
    let end = output.length
    let gapStart = slot.contents
    let gapEnd = slot.contents + UInt64(slot.contents_width)
    guard gapEnd <= end, slot.byte_range + UInt64(slot.byte_range_width) <= gapStart else {
      throw RenderError.signature(
        path: path, reason: "the signature's placeholders are not where the file says")
    }
    var range = "[0 \(gapStart) \(gapEnd) \(end - gapEnd)]"
    guard range.utf8.count <= slot.byte_range_width else {
      throw RenderError.signature(path: path, reason: "the file is too large for its byte range")
    }
    range =
      String(range.dropLast()) + String(repeating: " ", count: slot.byte_range_width - range.utf8.count) + "]"
    try output.overwrite(Array(range.utf8), at: slot.byte_range)
    let der = try signer.signature { take in
      try feed(output, from: 0, to: gapStart, into: take)
      try feed(output, from: gapEnd, to: end, into: take)
    }
    let capacity = (slot.contents_width - 2) / 2
    guard der.count <= capacity else {
      throw RenderError.signature(
        path: path, reason: "the signature takes \(der.count) bytes, more than the \(capacity) reserved")
    }
    try output.overwrite(Self.hex(der), at: gapStart + 1)
  }

  /// Gives the bytes from `start` to `end` of `output` to `take`, a chunk at a time.
  private func feed(
    _ output: any PatchableOutput, from start: UInt64, to end: UInt64,
    into take: (UnsafeRawBufferPointer) -> Bool
  ) throws {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    var offset = start
    while offset < end {
      let count = Int(min(UInt64(Self.chunkSize), end - offset))
      let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
      try output.read(at: offset, into: chunk)
      guard take(UnsafeRawBufferPointer(chunk)) else { return }
      offset += UInt64(count)
    }
  }

  /// `bytes` as upper-case hex digits.
  static func hex(_ bytes: [UInt8]) -> [UInt8] {
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0xF)])
    }
    return out
  }
}
