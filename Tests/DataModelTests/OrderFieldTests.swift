import Testing

@testable import DataModel

/// The orders CSV's fields: each field's ordinal is its place among all fields.
struct OrderFieldTests {
  @Test func everyOrdinalIsTheFieldsPlace() {
    #expect(OrderField.allCases.count < 256)
    for (index, field) in OrderField.allCases.enumerated() {
      #expect(field.ordinal == index, "\(field)")
    }
  }
}
