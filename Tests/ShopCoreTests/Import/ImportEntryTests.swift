import ShopCore
import Testing

/// An entry keeps every value it is given in its compact layout, and compares numbers by value.
@Suite struct ImportEntryTests {
    @Test func anEntryTakesAtMost152Bytes() {
        #expect(MemoryLayout<ImportEntry>.stride <= 152)
    }

    @Test func numbersOfAnySizeComeBackAsGiven() {
        let numbers = [
            DecimalNumber(units: 150, scale: 2), DecimalNumber(units: -7, scale: 0),
            DecimalNumber(units: Int128(Int64.max), scale: 18), DecimalNumber(units: Int128(Int64.max) + 1, scale: 3),
            DecimalNumber(units: Int128(Int64.min) - 1, scale: 36), DecimalNumber(units: 10, scale: 36),
        ]
        for number in numbers {
            var entry = ImportEntry(line: 3, name: "Tea", quantity: number, price: number)
            #expect(entry.quantity?.units == number.units && entry.quantity?.scale == number.scale)
            #expect(entry.price?.units == number.units && entry.price?.scale == number.scale)
            entry.price = nil
            #expect(entry.price == nil && entry.quantity?.units == number.units)
        }
        var entry = ImportEntry(line: 1, name: "Tea")
        entry.line = 8_388_608
        #expect(entry.line == 8_388_608)
        // 1.5 and 1.50 are one price, as numbers are compared.
        #expect(
            ImportEntry(line: 1, name: "Tea", price: DecimalNumber(units: 15, scale: 1))
                == ImportEntry(line: 1, name: "Tea", price: DecimalNumber(units: 150, scale: 2)))
        #expect(
            Set([
                ImportEntry(line: 1, name: "Tea", price: DecimalNumber(units: 15, scale: 1)),
                ImportEntry(line: 1, name: "Tea", price: DecimalNumber(units: 150, scale: 2)),
            ]).count == 1)
    }
}
