import Foundation

/// What the tests measure on a rendered page: the words with their boxes, and the pixels.
enum PageMeasurements {
  /// A word of a page and its box in points from the top-left corner, from `pdftotext -bbox`.
  struct Word {
    var text: String
    var xMin: Double
    var yMin: Double
    var xMax: Double
    var yMax: Double
  }

  /// The words of page `page` of `pdf`, in the order pdftotext reads them.
  static func words(_ pdf: String, page: Int = 1) throws -> [Word] {
    let html = try CommandRunner.run("pdftotext", ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf, "-"])
      .stdout
    let pattern = try NSRegularExpression(
      pattern: #"<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>"#)
    // Through NSString: a match's UTF-16 range may end inside a grapheme (Arabic with marks), which
    // a String index cannot.
    let text = html as NSString
    return pattern.matches(in: html, range: NSRange(location: 0, length: text.length)).map { match in
      let part = { (index: Int) in text.substring(with: match.range(at: index)) }
      return Word(
        text: part(5), xMin: Double(part(1))!, yMin: Double(part(2))!, xMax: Double(part(3))!,
        yMax: Double(part(4))!)
    }
  }

  /// The pixels of a page rendered by pdftoppm: `channels` bytes per pixel (1 grey, 3 RGB), row by row.
  struct Pixmap {
    var width: Int
    var channels: Int
    var bytes: Data

    /// The first channel of the pixel at column `x`, row `y`.
    func value(_ x: Int, _ y: Int) -> Int { Int(bytes[bytes.startIndex + (y * width + x) * channels]) }

    /// Sets every channel of the pixel at column `x`, row `y` to `value`.
    mutating func set(_ x: Int, _ y: Int, to value: UInt8) {
      let start = bytes.startIndex + (y * width + x) * channels
      for index in start..<start + channels { bytes[index] = value }
    }

    /// The channels of the pixel at column `x`, row `y`.
    func pixel(_ x: Int, _ y: Int) -> [Int] {
      let start = bytes.startIndex + (y * width + x) * channels
      return bytes[start..<start + channels].map { Int($0) }
    }
  }

  /// Page `page` of `pdf` at `dpi`, in grey (PGM) or colour (PPM), written beside the PDF as `STEM.pgm`/`.ppm`.
  static func pixmap(_ pdf: String, page: Int = 1, dpi: Int, gray: Bool, stem: String? = nil) throws -> Pixmap
  {
    let stem = stem ?? pdf + "-\(page)-\(dpi)"
    _ = try CommandRunner.run(
      "pdftoppm",
      ["-r", "\(dpi)", "-f", "\(page)", "-l", "\(page)", "-singlefile"] + (gray ? ["-gray"] : []) + [
        pdf, stem,
      ])
    let data = try Data(contentsOf: URL(fileURLWithPath: stem + (gray ? ".pgm" : ".ppm")))
    // The header: "P5" or "P6", the width and height, the largest value, each ended by a line feed.
    var (newlines, start) = (0, 0)
    for (index, byte) in data.enumerated() where byte == 0x0A {
      newlines += 1
      if newlines == 3 {
        start = index + 1
        break
      }
    }
    let header = String(decoding: data.prefix(start), as: UTF8.self).split(whereSeparator: \.isWhitespace)
    return Pixmap(width: Int(header[1])!, channels: gray ? 1 : 3, bytes: data.suffix(from: start))
  }

  /// Writes a grey `pixmap` as a binary PGM file at `path`.
  static func writePGM(_ pixmap: Pixmap, to path: String) throws {
    var data = Data("P5\n\(pixmap.width) \(pixmap.bytes.count / pixmap.width)\n255\n".utf8)
    data.append(pixmap.bytes)
    try data.write(to: URL(fileURLWithPath: path))
  }
}
