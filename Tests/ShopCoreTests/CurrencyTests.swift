import ShopCore
import Testing

@Suite("Currency")
struct CurrencyTests {
    @Test(
        "knows the minor units of ISO 4217",
        arguments: [
            ("JPY", 0), ("KRW", 0), ("ISK", 0), ("CLP", 0), ("VND", 0), ("EUR", 2), ("USD", 2), ("GBP", 2), ("CHF", 2),
            ("KWD", 3), ("BHD", 3), ("JOD", 3), ("OMR", 3), ("TND", 3), ("CLF", 4), ("UYW", 4),
        ])
    func minorUnits(code: String, decimals: Int) throws {
        let currency = try #require(Currency(code: code))
        #expect(currency.decimals == decimals)
        #expect(currency.code == code)
    }

    @Test("accepts a code in any case and keeps it in upper case", arguments: ["eur", "Eur", "eUR", "EUR"])
    func anyCase(code: String) throws {
        let currency = try #require(Currency(code: code))
        #expect(currency.code == "EUR")
        #expect(currency.description == "EUR")
        #expect(currency.decimals == 2)
    }

    @Test(
        "refuses codes without a minor unit and codes that are not ISO 4217",
        arguments: [
            "XAU", "XAG", "XPT", "XPD", "XDR", "XTS", "XXX", "XBA", "XSU", "XUA", "EURO", "EU", "", "€", "E U R",
            "US$", "ABC", "DEM", "eur ",
        ])
    func refuses(code: String) {
        #expect(Currency(code: code) == nil, "\(code.debugDescription) must not be accepted")
    }

    @Test("the table is complete and consistent")
    func table() {
        #expect(Currency.minorUnits.count >= 150, "ISO 4217 list one has about 180 active codes")
        for (code, decimals) in Currency.minorUnits {
            #expect(code.count == 3 && code.allSatisfy { $0.isASCII && $0.isUppercase }, "\(code)")
            #expect((0...4).contains(decimals), "\(code) has \(decimals) decimals")
        }
        for code in ["XAF", "XOF", "XPF"] {
            #expect(Currency(code: code)?.decimals == 0, "\(code) is a real currency with no decimals")
        }
        #expect(Currency(code: "XCD")?.decimals == 2)
        #expect(Currency.defaultDecimals == 2)
    }
}
