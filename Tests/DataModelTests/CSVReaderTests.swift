import DataModel
import Foundation
import Testing

@Suite struct CSVReaderTests {
  /// Reads all records of `text` with `chunkSize`-byte chunks; each record as its fields joined by "|".
  static func records(_ text: String, delimiter: UInt8? = nil, chunkSize: Int = 1 << 16) throws -> [String] {
    try records(Array(text.utf8), delimiter: delimiter, chunkSize: chunkSize)
  }

  static func records(_ bytes: [UInt8], delimiter: UInt8? = nil, chunkSize: Int = 1 << 16) throws -> [String]
  {
    let reader = CSVReader(bytes: bytes, name: "t.csv", delimiter: delimiter, chunkSize: chunkSize)
    var record = CSVRecord()
    var out: [String] = []
    while try reader.next(into: &record) {
      out.append(
        "\(record.line):" + (0..<record.count).map { record.string($0) ?? "<bad>" }.joined(separator: "|"))
    }
    return out
  }

  static let cases: [(String, String, [String])] = [
    ("plain", "a,b,c\n1,2,3\n", ["1:a|b|c", "2:1|2|3"]),
    ("crlf", "a,b\r\n1,2\r\n", ["1:a|b", "2:1|2"]),
    ("no final newline", "a,b\n1,2", ["1:a|b", "2:1|2"]),
    ("quoted delimiter", "a,b\n\"x,y\",2\n", ["1:a|b", "2:x,y|2"]),
    ("doubled quotes", "a\n\"say \"\"hi\"\"\"\n", ["1:a", "2:say \"hi\""]),
    ("newline in quotes", "a,b\n\"line1\nline2\",x\nnext,y\n", ["1:a|b", "2:line1\nline2|x", "4:next|y"]),
    ("crlf in quotes", "a\r\n\"l1\r\nl2\"\r\n", ["1:a", "2:l1\r\nl2"]),
    ("bom", "\u{FEFF}a,b\n1,2\n", ["1:a|b", "2:1|2"]),
    ("blank lines", "a\n\n1\n\n\n2\n\n", ["1:a", "3:1", "6:2"]),
    ("empty fields", "a,b,c\n,,\n", ["1:a|b|c", "2:||"]),
    ("trailing empty field", "a,b\n1,\n", ["1:a|b", "2:1|"]),
    ("semicolon detected", "a;b;c\n1,5;2;3\n", ["1:a|b|c", "2:1,5|2|3"]),
    ("tab detected", "a\tb\n1\t2\n", ["1:a|b", "2:1|2"]),
    ("utf8", "name\nMüller 東京 مرحبا\n", ["1:name", "2:Müller 東京 مرحبا"]),
    ("quote inside unquoted", "a\nab\"c\n", ["1:a", "2:ab\"c"]),
  ]

  @Test(arguments: cases)
  func readsTrickyInputs(_ name: String, _ text: String, _ expected: [String]) throws {
    #expect(try CSVReaderTests.records(text) == expected, "\(name)")
  }

  @Test(arguments: cases)
  func recordsSplitAcrossChunkBoundariesReadTheSame(_ name: String, _ text: String, _ expected: [String])
    throws
  {
    for chunk in [4, 5, 7, 13] {
      #expect(
        try CSVReaderTests.records(text, chunkSize: chunk) == expected, "\(name) with \(chunk)-byte chunks")
    }
  }

  @Test func errorsNameTheLine() throws {
    #expect(throws: CSVError.unterminatedQuote(file: "t.csv", line: 2)) {
      try CSVReaderTests.records("a\n\"open\nmore\n")
    }
    // Text after a closing quote is kept and the record flagged; NUL bytes are kept for the importer to report.
    let reader = CSVReader(bytes: Array("a\n\"x\"y,z\n".utf8), name: "t.csv")
    var record = CSVRecord()
    _ = try reader.next(into: &record)
    #expect(try reader.next(into: &record))
    #expect(record.string(0) == "xy" && record.problemLine == 2)
    #expect(try CSVReaderTests.records([0x61, 0x0A, 0x62, 0x00, 0x0A]) == ["1:a", "2:b\u{0}"])
  }

  @Test func invalidUTF8IsDetectedPerField() throws {
    let reader = CSVReader(
      bytes: [0x61, 0x2C, 0x62, 0x0A, 0xC3, 0x28, 0x2C, 0x6F, 0x6B, 0x0A], name: "t.csv")
    var record = CSVRecord()
    _ = try reader.next(into: &record)
    _ = try reader.next(into: &record)
    #expect(record.string(0) == nil)
    #expect(record.string(1) == "ok")
  }

  @Test func explicitDelimiterWins() throws {
    #expect(try CSVReaderTests.records("a;b\n1;2\n", delimiter: UInt8(ascii: ",")) == ["1:a;b", "2:1;2"])
  }
}
