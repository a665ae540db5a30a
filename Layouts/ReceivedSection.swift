import DataModel
import Foundation
import PageKit

/// What a received e-invoice says beyond the invoice: a notice when its amounts do not add up,
/// and the terms the invoice model has no place for.
struct ReceivedSection: View {
  enum Part {
    /// The notice at the top of the first page, listing every rule the stated amounts break.
    case notice
    /// The "more" section after the payment details.
    case details
  }

  let notes: ReceivedNotes
  let part: Part
  let strings: StringTable
  let brand: Brand

  var body: some View {
    switch part {
    case .notice:
      if !notes.disagreements.isEmpty {
        VStack(alignment: .leading, spacing: 2) {
          Text(strings(.receivedArithmetic)).bold()
          ForEach(Array(notes.disagreements.indices), id: \.self) { index in
            Text("• " + notes.disagreements[index])
          }
        }
        .font(brand.font(8.5))
        .foregroundColor(Color(red: 0.6, green: 0.05, blue: 0.05))
        .padding(8)
        .background { RoundedRectangle(cornerRadius: 4).fill(Color(red: 1, green: 0.93, blue: 0.93)) }
        .keepTogether()
      }
    case .details:
      if !notes.details.isEmpty {
        VStack(alignment: .leading, spacing: 2) {
          Text(strings(.receivedDetails)).bold().accessibilityHeading(.h2)
          Grid(alignment: .leading, horizontalSpacing: 10, verticalSpacing: 1) {
            ForEach(Array(notes.details.indices), id: \.self) { index in
              GridRow {
                Text(notes.details[index].label).foregroundColor(Color(white: 0.35))
                Text(notes.details[index].value)
              }
            }
          }
          .accessibilityTable(headers: .firstColumn)
          .font(brand.font(8))
        }
        .keepTogether()
      }
    }
  }
}
