import CCairo
import Foundation

/// The fonts text is shaped with: fontconfig's system fonts, plus folders of font files registered by the caller.
///
/// A registered folder makes output independent of what the machine has installed: its families
/// are found first, and fontconfig still falls back per script to the system fonts when
/// `includeSystemFonts` is true.
public final class FontConfiguration {
  let config: OpaquePointer

  /// Fontconfig's current configuration with the font files in `directories` added.
  public init(fontDirectories directories: [String] = [], includeSystemFonts: Bool = true) throws {
    guard let config = includeSystemFonts ? FcInitLoadConfigAndFonts() : FcConfigCreate() else {
      throw RenderError.fontConfiguration("fontconfig could not load its configuration")
    }
    self.config = config
    if !includeSystemFonts {
      // An empty configuration has no cache folder; give it the user's, as the system configuration does.
      let cache = "<fontconfig><cachedir prefix=\"xdg\">fontconfig</cachedir></fontconfig>"
      _ = FcConfigParseAndLoadFromMemory(config, cache, 0)
    }
    for directory in directories {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
        FcConfigDestroy(config)
        throw RenderError.fontConfiguration("font folder \(directory) does not exist")
      }
      guard isDirectory.boolValue else {
        FcConfigDestroy(config)
        throw RenderError.fontConfiguration("font folder \(directory) is a file, not a folder")
      }
      guard FcConfigAppFontAddDir(config, directory) != 0 else {
        FcConfigDestroy(config)
        throw RenderError.fontConfiguration("fontconfig could not read the font folder \(directory)")
      }
    }
  }

  deinit { FcConfigDestroy(config) }

  /// The families this configuration knows, sorted.
  public var families: [String] {
    guard let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    let objects = FcObjectSetCreate()
    defer { FcObjectSetDestroy(objects) }
    FcObjectSetAdd(objects, FC_FAMILY)
    guard let list = FcFontList(config, pattern, objects) else { return [] }
    defer { FcFontSetDestroy(list) }
    var names = Set<String>()
    for index in 0..<Int(list.pointee.nfont) {
      var value: UnsafeMutablePointer<FcChar8>?
      if FcPatternGetString(list.pointee.fonts[index], FC_FAMILY, 0, &value) == FcResultMatch, let value {
        names.insert(String(cString: value))
      }
    }
    return names.sorted()
  }
}
