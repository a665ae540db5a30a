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

/// Reads CI result files (JUnit XML test results and Cobertura XML coverage) into one `TestRun`.
public struct TestResultsImporter {
  /// The kind of an XML result file, from its root element.
  public enum Kind: String, Sendable {
    case junit, cobertura
  }

  public init() {}

  /// The results in `paths`, merged as one run, or the errors that stop it; warnings either way.
  ///
  /// `kind` forces the kind of every file; else each file's root element decides
  /// (`testsuites`/`testsuite`: JUnit; `coverage`: Cobertura).
  public func importFiles(_ paths: [(path: String, name: String)], kind: Kind? = nil) -> (
    run: TestRun?, diagnostics: [Diagnostic]
  ) {
    var run = TestRun()
    var diagnostics: [Diagnostic] = []
    var failed = false
    var sawTests = false
    for (path, name) in paths {
      do throws(XMLStreamReader.Failure) {
        let reader = try XMLStreamReader(path: path, file: name)
        var root: (name: String, isEmpty: Bool)?
        while root == nil, let node = try reader.next() {
          if case .start(let element, let isEmpty) = node { root = (element, isEmpty) }
        }
        guard let root else {
          diagnostics.append(Diagnostic(.error, SourceLocation(file: name, line: nil), "has no root element"))
          failed = true
          continue
        }
        let detected: Kind? =
          kind
          ?? (["testsuites", "testsuite"].contains(root.name)
            ? .junit : root.name == "coverage" ? .cobertura : nil)
        switch detected {
        case .junit?:
          guard ["testsuites", "testsuite"].contains(root.name) else {
            throw XMLStreamReader.Failure(
              message: "the root element is <\(root.name)>, not <testsuites> or <testsuite>",
              line: reader.line)
          }
          var junit = JUnitReader(file: name)
          try junit.read(reader, root: root)
          run.merge(junit.run)
          diagnostics += junit.warnings
          sawTests = true
        case .cobertura?:
          guard root.name == "coverage" else {
            throw XMLStreamReader.Failure(
              message: "the root element is <\(root.name)>, not Cobertura's <coverage>", line: reader.line)
          }
          let attributes = reader.attributes()
          var file = TestRun()
          file.coverage = try CoberturaReader(file: name).read(
            reader, rootAttributes: attributes, rootIsEmpty: root.isEmpty)
          run.merge(file)
        case nil:
          throw XMLStreamReader.Failure(
            message:
              "the root element <\(root.name)> is neither JUnit (<testsuites>, <testsuite>) nor Cobertura (<coverage>)",
            line: reader.line)
        }
        if let (scalar, line, field) = reader.firstUnrenderable {
          diagnostics.append(
            Diagnostic(
              .warning, SourceLocation(file: name, line: line), field: field,
              UnrenderableText.warning(for: scalar.value)))
        }
      } catch {
        diagnostics.append(
          Diagnostic(
            .error, SourceLocation(file: name, line: error.line, column: error.column), error.message))
        failed = true
      }
    }
    if !failed, !sawTests, run.coverage == nil {
      diagnostics.append(
        Diagnostic(.error, SourceLocation(file: paths.first?.name ?? "", line: nil), "has no test results"))
      failed = true
    }
    return (failed ? nil : run, diagnostics)
  }
}
