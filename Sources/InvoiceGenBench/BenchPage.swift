import Foundation
import PageKit

/// The page `make bench` renders: the same content as `floor pages` in ../shared/bench/floor.c.
///
/// A filled header bar with a title, then rows of a wrapped description 300 points wide and a
/// right-aligned amount, each followed by a hairline rule; 12-point DejaVu Sans as the floor's
/// "DejaVu Sans 9" at Pango's default 96 dpi. Like the floor, rows stop at the bottom margin.
struct BenchPage: View {
  static let size = CGSize(width: 595, height: 842)
  static let words = [
    "consulting", "services", "quarterly", "maintenance", "licence", "Müller", "café", "Zürich", "hosting",
    "support", "migration", "analysis", "design", "workshop", "travel", "expenses", "training", "review",
    "audit",
    "integration",
  ]

  let seed: Int
  let rowCount: Int

  static func sentence(_ seed: Int, _ count: Int) -> String {
    (0..<count).map { words[(seed * 7 + $0 * 13) % 20] }.joined(separator: " ")
  }

  static func amount(_ seed: Int, _ index: Int) -> String {
    String(format: "%d.%02d", (seed + index) * 37 % 9000, (index * 7) % 100)
  }

  var body: some View {
    VStack(alignment: .leading, spacing: 0) {
      Text("Invoice INV-" + String(format: "%06d", seed))
        .font(.custom("DejaVu Sans", size: 24).bold())
        .foregroundStyle(Color.white)
        .padding(.leading, 40)
        .frame(maxWidth: .infinity, minHeight: 70, maxHeight: 70, alignment: .leading)
        .background(Color(red: 0.06, green: 0.29, blue: 0.55))
      VStack(alignment: .leading, spacing: 2) {
        ForEach(0..<rowCount) { index in
          HStack(alignment: .top, spacing: 0) {
            Text(BenchPage.sentence(seed + index, 4 + (index % 5) * 3)).frame(width: 300, alignment: .leading)
            Spacer()
            Text(BenchPage.amount(seed, index)).frame(width: 120, alignment: .trailing)
          }
          Rectangle().fill(Color(white: 0.1)).frame(height: 0.5)
        }
      }
      .font(.custom("DejaVu Sans", size: 12))
      .foregroundStyle(Color(white: 0.1))
      .padding(.horizontal, 40)
      .padding(.top, 20)
      Spacer(minLength: 0)
    }
    .frame(width: BenchPage.size.width, height: BenchPage.size.height, alignment: .top)
  }
}
