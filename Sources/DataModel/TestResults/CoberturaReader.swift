/// Reads Cobertura XML coverage (coverage.py `coverage xml`, gcovr, JaCoCo and llvm-cov converters) into a `Coverage`, streaming.
///
/// Each package's lines are counted from its classes' `<line>` elements (a line with hits above 0
/// is covered); the `<line>` elements gcovr repeats under `<methods>` are not counted twice. The
/// totals are the root's `lines-valid` and `lines-covered` when the file states them.
struct CoberturaReader {
  let file: String

  /// Reads the document from `reader`, whose root `<coverage>` element has just been read.
  func read(_ reader: XMLStreamReader, rootAttributes: [String: String], rootIsEmpty: Bool)
    throws(XMLStreamReader.Failure)
    -> Coverage
  {
    var packages: [Coverage.Package] = []
    var current: Coverage.Package?
    var methodDepth = 0
    if !rootIsEmpty {
      while let node = try reader.next() {
        switch node {
        case .start(let name, let isEmpty):
          switch name {
          case "package":
            current = Coverage.Package(
              name: reader.attributes()["name"].flatMap { $0.isEmpty ? nil : $0 } ?? ".", linesValid: 0,
              linesCovered: 0)
            if isEmpty, let done = current {
              packages.append(done)
              current = nil
            }
          case "method":
            if !isEmpty { methodDepth += 1 }
          case "line":
            guard methodDepth == 0, current != nil else { continue }
            current!.linesValid += 1
            if let hits = reader.attributes()["hits"].flatMap({ Double($0) }), hits > 0 {
              current!.linesCovered += 1
            }
          default:
            continue
          }
        case .end(let name):
          if name == "method" { methodDepth = max(0, methodDepth - 1) }
          if name == "package", let done = current {
            packages.append(done)
            current = nil
          }
        case .text:
          continue
        }
      }
    }
    let valid = rootAttributes["lines-valid"].flatMap { Int($0) } ?? packages.reduce(0) { $0 + $1.linesValid }
    let covered =
      rootAttributes["lines-covered"].flatMap { Int($0) } ?? packages.reduce(0) { $0 + $1.linesCovered }
    return Coverage(packages: packages, linesValid: valid, linesCovered: covered)
  }
}
