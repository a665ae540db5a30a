import Foundation
import PageKit

/// What can go wrong while rendering, with the file or object concerned.
public enum RenderError: Error, Equatable, CustomStringConvertible {
  /// Fonts could not be set up.
  case fontConfiguration(String)
  /// Cairo reported an error status for a surface or context.
  case cairo(String, operation: String)
  /// An image could not be read and the caller asked for that to be an error.
  case image(String)
  /// A file could not be written.
  case output(path: String, reason: String)
  /// The libqpdf rewrite of a finished PDF failed.
  case pdfRewrite(path: String, reason: String)
  /// A finished PDF could not be signed: nothing is written then.
  case signature(path: String, reason: String)
  /// A setting asks for something this renderer cannot do.
  case unsupported(String)
  /// Text has characters no installed font can show, and the caller asked for that to be an error.
  case missingGlyphs(String)
  /// The document could not be laid out completely (a table's rows failed to read, content fits no page).
  case layout(LayoutError)

  public var description: String {
    switch self {
    case .fontConfiguration(let message): return "fonts: \(message)"
    case .cairo(let status, let operation): return "cairo: \(operation) failed: \(status)"
    case .image(let message): return "image: \(message)"
    case .output(let path, let reason): return "\(path): cannot write: \(reason)"
    case .pdfRewrite(let path, let reason): return "\(path): PDF rewrite failed: \(reason)"
    case .signature(let path, let reason): return "\(path): cannot sign: \(reason)"
    case .unsupported(let message): return message
    case .missingGlyphs(let message): return message
    case .layout(let error): return "layout: \(error.message)"
    }
  }
}
