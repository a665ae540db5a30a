import Foundation
import PageKit

/// A test shaper: every character is 6 points wide, every line 10 points tall; breaks at spaces, then anywhere.
final class MonospaceShaper: TextShaper {
  static let advance: CGFloat = 6
  static let lineHeight: CGFloat = 10
  private(set) var shapeCount = 0

  final class Shaped: ShapedText {
    let lineStrings: [String]
    let size: CGSize
    let lines: [TextLine]

    init(lines lineStrings: [String]) {
      self.lineStrings = lineStrings
      let width = CGFloat(lineStrings.map(\.count).max() ?? 0) * MonospaceShaper.advance
      size = CGSize(width: width, height: CGFloat(lineStrings.count) * MonospaceShaper.lineHeight)
      lines = lineStrings.indices.map {
        TextLine(
          top: CGFloat($0) * MonospaceShaper.lineHeight, height: MonospaceShaper.lineHeight,
          baseline: CGFloat($0) * MonospaceShaper.lineHeight + 8)
      }
    }
  }

  func shape(_ paragraph: Paragraph, width: CGFloat?) -> any ShapedText {
    shapeCount += 1
    let text = paragraph.string
    guard let width else { return Shaped(lines: text.components(separatedBy: "\n")) }
    let perLine = max(1, Int(width / Self.advance))
    var lines: [String] = []
    for hardLine in text.components(separatedBy: "\n") {
      var current = ""
      for word in hardLine.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
        let candidate = current.isEmpty ? word : current + " " + word
        if candidate.count <= perLine {
          current = candidate
          continue
        }
        if !current.isEmpty { lines.append(current) }
        var rest = word
        while rest.count > perLine {
          lines.append(String(rest.prefix(perLine)))
          rest = String(rest.dropFirst(perLine))
        }
        current = rest
      }
      lines.append(current)
    }
    if let limit = paragraph.lineLimit, lines.count > limit { lines = Array(lines.prefix(limit)) }
    return Shaped(lines: lines)
  }
}

/// A test image loader: every image is 40 × 20 points, except files named "missing…".
final class FixedImageLoader: ImageLoader {
  final class Loaded: LoadedImage {
    let size: CGSize
    let failure: String?
    init(size: CGSize, failure: String?) {
      self.size = size
      self.failure = failure
    }
  }

  func load(_ source: ImageSource) -> any LoadedImage {
    if case .file(let path) = source, path.contains("missing") {
      return Loaded(size: CGSize(width: 64, height: 64), failure: "file not found")
    }
    return Loaded(size: CGSize(width: 40, height: 20), failure: nil)
  }
}

/// Lays out `view` with the test shaper for `proposal` and returns its frame tree.
func layout<V: View>(
  _ view: V, _ proposal: ProposedViewSize, environment: EnvironmentValues = EnvironmentValues(),
  shaper: MonospaceShaper = MonospaceShaper()
) -> Frame {
  PageLayout.frame(
    of: view, proposal: proposal, environment: environment,
    context: LayoutContext(textShaper: shaper, imageLoader: FixedImageLoader()))
}

/// The rectangles of the frames named `name`, depth first, as "(x, y, w, h)" strings.
func rects(_ frame: Frame, named name: String) -> [String] {
  frame.allFrames.filter { $0.name.hasPrefix(name) }.map { Frame.formatForTests($0.rect) }
}

extension Frame {
  static func formatForTests(_ rect: CGRect) -> String {
    func number(_ value: CGFloat) -> String {
      let rounded = (value * 100).rounded() / 100
      return rounded == rounded.rounded() ? String(Int(rounded)) : String(Double(rounded))
    }
    return "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
  }
}
