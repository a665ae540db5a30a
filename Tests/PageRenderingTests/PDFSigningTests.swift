import Foundation
import PageKit
import Testing

@testable import PageRendering

/// The signature slot of a sealed PDF (issue 61): where the placeholders are, what is signed, and
/// that a failed signature leaves nothing behind. The signer here is a stand-in that keeps what it
/// is given; real seals are checked with pdfsig and pyHanko in the command-line tests.
@Suite(.serialized) struct PDFSigningTests {
  /// A signer that records the bytes it signs and answers with `answer`, or fails.
  final class RecordingSigner: PDFSigner, @unchecked Sendable {
    var signed: [UInt8] = []
    let answer: [UInt8]
    let fails: Bool
    let signatureCapacity: Int
    let fieldName = "Seal"
    let fieldDescription = "Electronic seal of the test"

    init(answer: [UInt8] = Array(repeating: 0xA5, count: 300), capacity: Int = 512, fails: Bool = false) {
      self.answer = answer
      self.fails = fails
      signatureCapacity = capacity
    }

    struct Refusal: Error {}

    func signature(_ feed: ((UnsafeRawBufferPointer) -> Bool) throws -> Void) throws -> [UInt8] {
      try feed { chunk in
        signed.append(contentsOf: chunk)
        return true
      }
      if fails { throw Refusal() }
      return answer
    }
  }

  /// A three-page document sealed by `signer` at `path` (tagged unless `tagged` is false).
  func write(to path: String, signer: RecordingSigner, tagged: Bool = true) throws {
    let renderer = DocumentRenderer(
      document: DocumentTests.document(rows: 120), environment: TestSupport.environment,
      resources: try TestSupport.resources())
    renderer.tagged = tagged
    renderer.signer = signer
    try renderer.writePDF(to: path)
  }

  /// The four numbers of the file's /ByteRange.
  static func byteRange(_ bytes: [UInt8]) throws -> [Int] {
    let text = String(decoding: bytes, as: UTF8.self)
    let start = try #require(text.range(of: "/ByteRange ["))
    let end = try #require(text[start.upperBound...].firstIndex(of: "]"))
    return text[start.upperBound..<end].split(separator: " ").compactMap { Int($0) }
  }

  @Test(arguments: [true, false])
  func theByteRangeCoversAllButTheSignatureWhichFillsContents(tagged: Bool) throws {
    let path = try TestSupport.temporaryFolder() + "/sealed.pdf"
    let signer = RecordingSigner()
    try write(to: path, signer: signer, tagged: tagged)
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let range = try Self.byteRange(bytes)
    #expect(range.count == 4 && range[0] == 0)
    // The gap is exactly the hex string of /Contents, and the second range ends the file.
    #expect(bytes[range[1]] == UInt8(ascii: "<") && bytes[range[2] - 1] == UInt8(ascii: ">"))
    #expect(range[2] + range[3] == bytes.count)
    #expect(signer.signed == Array(bytes[0..<range[1]] + bytes[range[2]...]))
    let hex = String(decoding: bytes[(range[1] + 1)..<(range[2] - 1)], as: UTF8.self)
    #expect(hex == String(repeating: "A5", count: 300) + String(repeating: "0", count: 2 * (512 - 300)))
    let check = try TestSupport.run("qpdf", ["--check", path])
    #expect(check.status == 0, "\(check.output)")
    // The field is on the first page, its widget zero-sized and printed; the form is a signature form.
    let dump = try TestSupport.run("qpdf", ["--qdf", "--object-streams=disable", path, "-"]).output
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(dump.contains("/Rect [ 0 0 0 0 ]") && dump.contains("/FT /Sig") && dump.contains("/F 132"))
    #expect(dump.contains("/SigFlags 3") && dump.contains("/SubFilter /ETSI.CAdES.detached"))
    #expect(dump.contains("/TU (Electronic seal of the test)"))
    #expect(try TestSupport.run("pdfinfo", ["-struct", path]).output.contains("Form") == tagged)
  }

  @Test func aFailedOrOversizedSignatureLeavesNoFile() throws {
    let folder = try TestSupport.temporaryFolder()
    #expect(throws: (any Error).self) {
      try write(to: folder + "/failed.pdf", signer: RecordingSigner(fails: true))
    }
    #expect(throws: RenderError.self) {
      try write(
        to: folder + "/oversized.pdf", signer: RecordingSigner(answer: Array(repeating: 1, count: 600)))
    }
    // Neither the file nor its temporary copy is left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test func aDocumentMadeInMemoryIsSealedTheSameWay() throws {
    let folder = try TestSupport.temporaryFolder()
    let onDisk = RecordingSigner()
    try write(to: folder + "/disk.pdf", signer: onDisk)
    let renderer = DocumentRenderer(
      document: DocumentTests.document(rows: 120), environment: TestSupport.environment,
      resources: try TestSupport.resources())
    let inMemory = RecordingSigner()
    renderer.signer = inMemory
    let data = Array(try renderer.pdfData())
    let range = try Self.byteRange(data)
    #expect(range[2] + range[3] == data.count)
    #expect(inMemory.signed == Array(data[0..<range[1]] + data[range[2]...]))
  }
}
