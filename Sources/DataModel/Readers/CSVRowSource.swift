/// The rows of a CSV file, read again from the file each time they are iterated; only one row is in memory.
public struct CSVRowSource: TableRowSource {
  public let path: String
  public let name: String
  public let delimiter: UInt8
  public let columnCount: Int
  public let count: Int
  /// The file's columns each row shows, in order; nil for all of them.
  public let columns: [Int]?

  /// Rows after the header of the CSV at `path`; `count` and `delimiter` come from a first read.
  public init(
    path: String, name: String, delimiter: UInt8, columnCount: Int, count: Int, columns: [Int]? = nil
  ) {
    self.path = path
    self.name = name
    self.delimiter = delimiter
    self.columnCount = columnCount
    self.count = count
    self.columns = columns
  }

  public func makeCursor() throws -> any TableRowCursor {
    let reader = try CSVReader(path: path, name: name, delimiter: delimiter)
    let cursor = Cursor(reader: reader, columns: columns ?? Array(0..<columnCount))
    _ = try cursor.next()  // the header
    return cursor
  }

  /// Reads one row at a time from the file.
  final class Cursor: TableRowCursor {
    let reader: CSVReader
    let columns: [Int]
    var record = CSVRecord()

    init(reader: CSVReader, columns: [Int]) {
      self.reader = reader
      self.columns = columns
    }

    func next() throws -> [String]? {
      guard try reader.next(into: &record) else { return nil }
      var cells: [String] = []
      cells.reserveCapacity(columns.count)
      for column in columns {
        cells.append(column < record.count ? (record.string(column) ?? "\u{FFFD}") : "")
      }
      return cells
    }
  }
}
