import ShopCore
import Testing

/// Totals are exact: decimal arithmetic on integers, line totals rounded half to even to the
/// currency's decimals, the total the sum of the rounded line totals.
@Suite struct ListTotalsTests {
    /// A decimal written in the test itself.
    func money(_ text: String) -> DecimalNumber {
        guard let value = DecimalNumber(text) else { preconditionFailure("not a decimal: \(text)") }
        return value
    }

    @Test func oneHundredThousandDimesAreExactlyTenThousand() throws {
        let dime = try #require(DecimalNumber("0.10"))
        var totals = ListTotals(decimals: 2)
        for _ in 0..<100_000 {
            totals.add(price: dime, quantity: DecimalNumber(1))
        }
        #expect(totals.total == DecimalNumber(10_000))
        #expect(totals.total.formatted(decimals: 2) == "10000.00")
        #expect(totals.formattedTotal(currency: Currency(code: "EUR")) == "10000.00 EUR")
        #expect(totals.itemCount == 100_000)
        #expect(totals.unpricedCount == 0)
    }

    @Test func tenThousandLinesOfTenDimesThroughTheExporters() throws {
        // The exporters add line totals with ListTotals too; 100,000 dimes as 10,000 lines of 10
        // keep the test fast in debug builds.
        var text = "currency: USD\nitems:\n"
        text.reserveCapacity(400_000)
        for index in 0..<10_000 {
            text += "  - {name: d\(index), price: 0.10, quantity: 10, buy: true}\n"
        }
        let list = try ExportFixtures.parse(text)
        let json = String(decoding: ExportFormat.json.export(list, options: ExportOptions()), as: UTF8.self)
        #expect(json.hasSuffix("\"total\": \"10000.00\"\n}\n"))
        let markdown = String(decoding: ExportFormat.markdown.export(list, options: ExportOptions()), as: UTF8.self)
        #expect(markdown.hasSuffix("**Total: 10000.00 USD**\n"))
    }

    @Test(arguments: [
        // price, quantity, decimals, line total
        ("5", "0.5", 0, "2"),  // 2.5 rounds to the even 2
        ("7", "0.5", 0, "4"),  // 3.5 rounds to the even 4
        ("300", "0.333", 0, "100"),
        ("1.125", "0.002", 3, "0.002"),  // 0.00225
        ("0.3", "0.125", 3, "0.038"),  // 0.0375 rounds to the even 0.038
        ("2.999", "1.5", 3, "4.498"),  // 4.4985 rounds to the even 4.498
        ("0.05", "0.5", 2, "0.02"),  // 0.025
        ("0.15", "0.5", 2, "0.08"),  // 0.075
        ("12.5", "0.333", 2, "4.16"),  // 4.1625
        ("999999999.99", "999999999.999", 2, "999999999989000000.00"),  // exact: ...89000000.00001
        ("0", "3", 2, "0.00"),
    ])
    func lineTotalsRoundHalfToEven(price: String, quantity: String, decimals: Int, expected: String) throws {
        let line = ListTotals.lineTotal(
            price: try #require(DecimalNumber(price)), quantity: try #require(DecimalNumber(quantity)),
            decimals: decimals)
        #expect(line.formatted(decimals: decimals) == expected)
        #expect(line.scale == decimals)
    }

    @Test func theTotalAddsTheRoundedLineTotals() throws {
        // Three lines of 0.005 each: rounded first they are 0.00 + 0.00 + 0.00 (half to even),
        // so the printed lines add up to the printed total.
        var totals = ListTotals(decimals: 2)
        for _ in 0..<3 {
            totals.add(price: money("0.01"), quantity: money("0.5"))
        }
        #expect(totals.total.formatted(decimals: 2) == "0.00")
        totals.add(price: money("0.03"), quantity: money("0.5"))
        #expect(totals.total.formatted(decimals: 2) == "0.02")
    }

    @Test func unpricedItemsAreCountedNotAdded() throws {
        var totals = ListTotals(decimals: 2)
        #expect(totals.summary(currency: nil) == "Total: 0.00")
        #expect(totals.unpricedNote == nil)
        totals.add(price: nil, quantity: DecimalNumber(2))
        #expect(totals.summary(currency: Currency(code: "EUR")) == "Total: 0.00 EUR (1 item without a price)")
        totals.add(price: money("1.50"), quantity: DecimalNumber(2))
        totals.add(price: nil, quantity: DecimalNumber(1))
        #expect(totals.summary(currency: Currency(code: "EUR")) == "Total: 3.00 EUR (2 items without a price)")
        #expect(totals.itemCount == 3)
        #expect(totals.unpricedCount == 2)
    }

    @Test func currenciesKeepTheirDecimals() {
        #expect(ListTotals(decimals: 0).formattedTotal(currency: Currency(code: "JPY")) == "0 JPY")
        #expect(ListTotals(decimals: 3).formattedTotal(currency: Currency(code: "KWD")) == "0.000 KWD")
    }
}
