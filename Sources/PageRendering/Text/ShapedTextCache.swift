import Foundation
import PageKit

/// The paragraphs a shaper shaped lately, by paragraph and width, so a batch shapes its labels once.
///
/// A batch of invoices shapes the same headings, column titles and footer lines on every page, and
/// shaping is a fifth of an invoice's cost. Entries live in two generations of at most `capacity`
/// each: a paragraph found in the older one moves to the newer one, and when the newer one is full
/// the older one is dropped, so memory stays bounded whatever the run's length and what every page
/// shapes stays.
struct ShapedTextCache {
  /// A paragraph and the width it was wrapped to (nil: unwrapped).
  struct Key: Hashable {
    let paragraph: Paragraph
    let width: CGFloat?
  }

  let capacity: Int
  private var newer: [Key: PangoShapedText] = [:]
  private var older: [Key: PangoShapedText] = [:]

  init(capacity: Int = 512) {
    self.capacity = capacity
  }

  /// The text shaped for `key`, if it is still kept.
  mutating func text(for key: Key) -> PangoShapedText? {
    if let text = newer[key] { return text }
    guard let text = older.removeValue(forKey: key) else { return nil }
    insert(text, for: key)
    return text
  }

  /// Keeps `text` as the shape of `key`.
  mutating func insert(_ text: PangoShapedText, for key: Key) {
    if newer.count >= capacity {
      older = newer
      newer = [:]
      newer.reserveCapacity(capacity)
    }
    newer[key] = text
  }
}
