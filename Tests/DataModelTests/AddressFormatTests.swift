import DataModel
import Foundation
import Testing

/// Postal addresses written as each country's post wants them.
@Suite struct AddressFormatTests {
  static func lines(
    _ country: String, street: String = "1 Main St", postcode: String?, city: String?, region: String? = nil
  ) -> [String] {
    let address = PostalAddress(
      street: street, postcode: postcode, city: city, region: region, country: country)
    return address.lines(locale: Locale(identifier: "en"))
  }

  @Test func eachCountryOrdersItsLinesAsItsPostAsks() {
    let cases: [([String], [String])] = [
      (Self.lines("US", postcode: "78701", city: "Austin", region: "TX"), ["1 Main St", "AUSTIN, TX 78701"]),
      (
        Self.lines("CA", postcode: "M5V 2T6", city: "Toronto", region: "ON"),
        ["1 Main St", "TORONTO ON M5V 2T6"]
      ),
      (Self.lines("AU", postcode: "2000", city: "Sydney", region: "NSW"), ["1 Main St", "SYDNEY NSW 2000"]),
      // The UK's region (ENG, a county) is not part of a postal address; the post town is in capitals.
      (
        Self.lines("GB", postcode: "SW1A 1AA", city: "London", region: "ENG"),
        ["1 Main St", "LONDON", "SW1A 1AA"]
      ),
      (Self.lines("DE", postcode: "10117", city: "Berlin", region: "BE"), ["1 Main St", "10117 Berlin"]),
      (Self.lines("AT", postcode: "1010", city: "Wien"), ["1 Main St", "1010 Wien"]),
      (Self.lines("CH", postcode: "8001", city: "Zürich", region: "ZH"), ["1 Main St", "8001 Zürich"]),
      (Self.lines("FR", postcode: "75008", city: "Paris", region: "IDF"), ["1 Main St", "75008 PARIS"]),
      (Self.lines("IT", postcode: "00144", city: "Roma", region: "RM"), ["1 Main St", "00144 ROMA RM"]),
      (
        Self.lines("ES", postcode: "28001", city: "Madrid", region: "Madrid"),
        ["1 Main St", "28001 MADRID MADRID"]
      ),
      (Self.lines("NL", postcode: "1012 AB", city: "Amsterdam"), ["1 Main St", "1012 AB Amsterdam"]),
      (Self.lines("LU", postcode: "1111", city: "Luxembourg"), ["1 Main St", "L-1111 Luxembourg"]),
      (Self.lines("SE", postcode: "114 55", city: "Stockholm"), ["1 Main St", "114 55 STOCKHOLM"]),
      (
        Self.lines("JP", street: "千代田1-1", postcode: "100-0001", city: "千代田区", region: "東京都"),
        ["〒100-0001", "東京都千代田区", "千代田1-1"]
      ),
      (
        Self.lines("BR", postcode: "01310-100", city: "São Paulo", region: "SP"),
        ["1 Main St", "SÃO PAULO-SP", "01310-100"]
      ),
      (
        Self.lines("MX", postcode: "06600", city: "Ciudad de México", region: "CDMX"),
        ["1 Main St", "06600 CIUDAD DE MÉXICO, CDMX"]
      ),
      (
        Self.lines("IN", postcode: "400001", city: "Mumbai", region: "Maharashtra"),
        ["1 Main St", "Mumbai 400001", "Maharashtra"]
      ),
      (
        Self.lines("IE", postcode: "D02 X285", city: "Dublin", region: "Co. Dublin"),
        ["1 Main St", "DUBLIN", "Co. Dublin", "D02 X285"]
      ),
      (
        Self.lines("RU", postcode: "101000", city: "Москва", region: "Москва"),
        ["1 Main St", "МОСКВА", "Москва", "101000"]
      ),
    ]
    for (actual, expected) in cases {
      #expect(Array(actual.dropLast()) == expected, "\(actual)")
    }
  }

  @Test func missingPartsTakeTheirSeparatorsAlong() {
    #expect(
      Array(Self.lines("US", postcode: "78701", city: "Austin").dropLast()) == ["1 Main St", "AUSTIN 78701"])
    #expect(
      Array(Self.lines("US", postcode: nil, city: nil, region: "TX").dropLast()) == ["1 Main St", "TX"])
    #expect(
      Array(Self.lines("JP", street: "千代田1-1", postcode: nil, city: "千代田区").dropLast()) == ["千代田区", "千代田1-1"])
    #expect(Array(Self.lines("DE", postcode: nil, city: nil).dropLast()) == ["1 Main St"])
    // A country without a format of its own: "postcode town", no region.
    #expect(
      Array(Self.lines("EE", postcode: "10111", city: "Tallinn", region: "Harju").dropLast()) == [
        "1 Main St", "10111 Tallinn",
      ])
    #expect(Self.lines("DE", postcode: "10117", city: "Berlin").last == "Germany")
  }

  @Test func aMultiLineAddressSplitsAtEveryLineBreakAndDropsBlankLines() {
    #expect(Party.addressLines("Main Street 1\n10115 Berlin") == ["Main Street 1", "10115 Berlin"])
    #expect(
      Party.addressLines("  Main Street 1 \r\n\r\n 10115 Berlin\r") == ["Main Street 1", "10115 Berlin"])
    #expect(Party.addressLines("\u{00A0}Rue de Rivoli 1\rParis\u{3000}\n\n") == ["Rue de Rivoli 1", "Paris"])
    #expect(Party.addressLines("東京都千代田区\n丸の内1-1") == ["東京都千代田区", "丸の内1-1"])
    #expect(Party.addressLines("") == [])
    #expect(Party.addressLines("\n \r\n\t") == [])
    #expect(Party.addressLines("one line") == ["one line"])
  }
}
