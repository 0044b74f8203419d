import ShopCore
import Testing

/// The values of an item's keys: texts as written, numbers with every digit, flags as `true` and
/// `false`.
@Suite struct ItemFieldsTests {
    @Test func numbersOfAnySizeComeBackAsGiven() {
        let numbers = [
            DecimalNumber(units: 150, scale: 2), DecimalNumber(units: -7, scale: 0), DecimalNumber(units: 0, scale: 3),
            DecimalNumber(units: Int128(Int64.max), scale: 18), DecimalNumber(units: Int128(Int64.max) + 1, scale: 3),
            DecimalNumber(units: Int128(Int64.min) - 1, scale: 18), DecimalNumber(units: 10, scale: 18),
        ]
        for number in numbers {
            var fields: ItemFields = [.name: "Tea"]
            fields[decimal: .quantity] = number
            fields[decimal: .price] = number
            #expect(fields[decimal: .quantity]?.units == number.units && fields[decimal: .quantity]?.scale == number.scale)
            #expect(fields[decimal: .price]?.units == number.units && fields[decimal: .price]?.scale == number.scale)
            fields[decimal: .price] = nil
            #expect(fields[.price] == nil && fields[decimal: .quantity] == number)
            #expect(fields.keys == [.name, .quantity])
        }
    }

    @Test func valuesAreKeptAsWrittenAndReadByKind() {
        var fields: ItemFields = [.price: "1.50", .unit: "kg", .buy: "true", .done: "yes", .notes: nil]
        #expect(fields[.price] == "1.50" && fields[decimal: .price] == DecimalNumber(units: 150, scale: 2))
        #expect(fields[decimal: .unit] == nil)
        #expect(fields[flag: .buy] == true && fields[flag: .done] == nil && fields[.done] == "yes")
        fields[flag: .done] = false
        #expect(fields[.done] == "false" && fields[flag: .done] == false)
        #expect(fields.keys == [.price, .unit, .buy, .done])
        #expect(ItemFields().keys.isEmpty)
    }
}
