import Foundation

/// A word of a PDF page as poppler reads it, with its box in points from the page's top-left corner.
///
/// The same words and boxes as `pdftotext -bbox`; `diff` compares pages by them, so a changed amount
/// is a change whatever share of the pixels it covers.
public struct PageWord: Sendable, Equatable {
  public var text: String
  public var box: PageBox

  public init(text: String, box: PageBox) {
    self.text = text
    self.box = box
  }
}

/// A rectangle on a page in points, from the top-left corner, as poppler and `pdftotext -bbox` give it.
public struct PageBox: Sendable, Equatable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Double { x + width }
  public var maxY: Double { y + height }

  /// The smallest box holding both.
  public func union(_ other: PageBox) -> PageBox {
    let minX = min(x, other.x)
    let minY = min(y, other.y)
    return PageBox(
      x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
  }

  /// The box grown by `margin` on every side.
  public func grown(by margin: Double) -> PageBox {
    PageBox(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
  }

  /// Whether the two boxes overlap or touch.
  public func touches(_ other: PageBox) -> Bool {
    x <= other.maxX && other.x <= maxX && y <= other.maxY && other.y <= maxY
  }

  /// The smallest box holding all of `boxes`; nil for none.
  public static func union(_ boxes: some Sequence<PageBox>) -> PageBox? {
    boxes.reduce(nil) { $0?.union($1) ?? $1 }
  }
}

extension PageWord {
  /// The words of `text`, whose character `i` has the box `boxes[i]` (poppler's text layout): runs
  /// of characters without white space, broken too where a gap or a new line parts two characters
  /// (poppler joins a table's cells without a space), each with the union of its characters' boxes.
  static func words(text: String, boxes: [PageBox]) -> [PageWord] {
    var words: [PageWord] = []
    var current = ""
    var box: PageBox?
    var previous: PageBox?
    func finish() {
      if let box, !current.isEmpty { words.append(PageWord(text: current, box: box)) }
      current = ""
      box = nil
    }
    for (index, scalar) in text.unicodeScalars.enumerated() {
      if scalar.properties.isWhitespace {
        finish()
        previous = nil
        continue
      }
      // Poppler gives empty boxes to characters it made up: they belong to no word's box.
      let charBox =
        index < boxes.count && (boxes[index].width > 0 || boxes[index].height > 0) ? boxes[index] : nil
      if let charBox, let previous, parts(previous, charBox) { finish() }
      current.unicodeScalars.append(scalar)
      if let charBox {
        box = box?.union(charBox) ?? charBox
        previous = charBox
      }
    }
    finish()
    return words
  }

  /// Whether two neighbouring characters belong to different words: not on one line, or further
  /// apart than a fifth of their height (a word space is about a quarter).
  static func parts(_ a: PageBox, _ b: PageBox) -> Bool {
    let overlap = min(a.maxY, b.maxY) - max(a.y, b.y)
    guard overlap > 0.3 * min(a.height, b.height) else { return true }
    let gap = max(b.x - a.maxX, a.x - b.maxX)
    return gap > 0.2 * max(a.height, b.height)
  }
}
