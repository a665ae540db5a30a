import Foundation

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
        if try read(reader, root: root, kind: kind, file: name, into: &run, diagnostics: &diagnostics) {
          sawTests = true
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

  /// Reads one file from its root element on, as `kind` or the kind its root names, into `run`;
  /// true when it held test results (JUnit), false for coverage.
  func read(
    _ reader: XMLStreamReader, root: (name: String, isEmpty: Bool), kind: Kind?, file name: String,
    into run: inout TestRun, diagnostics: inout [Diagnostic]
  ) throws(XMLStreamReader.Failure) -> Bool {
    let detected: Kind? =
      kind
      ?? (["testsuites", "testsuite"].contains(root.name)
        ? .junit : root.name == "coverage" ? .cobertura : nil)
    switch detected {
    case .junit?:
      guard ["testsuites", "testsuite"].contains(root.name) else {
        throw XMLStreamReader.Failure(
          message: "the root element is <\(root.name)>, not <testsuites> or <testsuite>", line: reader.line)
      }
      var junit = JUnitReader(file: name)
      try junit.read(reader, root: root)
      run.merge(junit.run)
      diagnostics += junit.warnings
      return true
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
      return false
    case nil:
      throw XMLStreamReader.Failure(
        message:
          "the root element <\(root.name)> is neither JUnit (<testsuites>, <testsuite>) nor Cobertura (<coverage>)",
        line: reader.line)
    }
  }
}
