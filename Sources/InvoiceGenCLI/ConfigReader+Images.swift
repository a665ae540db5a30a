import DataModel
import Foundation
import Layouts

/// The config's `layout.images` (a seal, a second logo) and `layout.options` (a layout package's own settings).
extension ConfigReader {
  /// `layout.images`: `[{"file": "seal.png", "place": "letterhead", "width": 18}]`, widths in millimetres.
  mutating func readImages(_ value: JSONValue) -> [PlacedImage] {
    var result: [PlacedImage] = []
    for (index, element) in elements(value, "$.layout.images").enumerated() {
      let path = "$.layout.images[\(index)]"
      let parts = members(element, path, known: ["file", "place", "width", "height", "description"])
      guard let fileValue = parts["file"], let file = string(fileValue, "\(path).file"), !file.isEmpty else {
        if parts["file"] == nil { error(element, path, "the key \"file\" is missing") }
        continue
      }
      var place = PlacedImage.Place.letterhead
      if let name = string(parts["place"], "\(path).place") {
        if let known = PlacedImage.Place(rawValue: name) {
          place = known
        } else {
          error(
            parts["place"]!, "\(path).place", "\(Diagnostic.quote(name)) is not a place for a picture",
            hint: "use " + PlacedImage.Place.allCases.map(\.rawValue).joined(separator: ", "))
        }
      }
      guard let width = millimetres(parts["width"], "\(path).width", required: element) else { continue }
      let height = parts["height"].flatMap { millimetres($0, "\(path).height", required: nil) }
      let description = localizedText(parts["description"], "\(path).description")
      result.append(
        PlacedImage(file: resolve(file), place: place, width: width, height: height, description: description)
      )
    }
    return result
  }

  /// A length in millimetres from 1 to 200 at `path`; a missing one is an error when `required` is given.
  mutating func millimetres(_ value: JSONValue?, _ path: String, required parent: JSONValue?) -> Double? {
    guard let value else {
      if let parent { error(parent, path, "the key \"width\" (millimetres) is missing") }
      return nil
    }
    if case .number(let text) = value.kind, let length = Double(text), length >= 1, length <= 200 {
      return length
    }
    error(value, path, "expected a length in millimetres from 1 to 200, such as 18")
    return nil
  }

  /// `layout.options`: a layout package's own settings, any JSON object, handed to the package as
  /// it is (the package validates what it reads; the built-in layout ignores them).
  mutating func readOptions(_ value: JSONValue) -> [String: JSONOption] {
    guard case .object(let members) = value.kind else {
      error(
        value, "$.layout.options", "expected an object of a layout's own settings, found \(value.kindName)")
      return [:]
    }
    var result: [String: JSONOption] = [:]
    for (key, member) in members { result[key] = Self.option(member) }
    return result
  }

  /// A JSON value as a layout option.
  static func option(_ value: JSONValue) -> JSONOption {
    switch value.kind {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .number(let text): return .number(text)
    case .string(let text): return .string(text)
    case .array(let items): return .array(items.map(option))
    case .object(let members):
      return .object(Dictionary(members.map { ($0.key, option($0.value)) }) { _, last in last })
    }
  }
}
