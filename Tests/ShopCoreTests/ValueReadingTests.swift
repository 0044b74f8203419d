import ShopCore
import Testing

@Suite("ValueReading")
struct ValueReadingTests {
    @Test(
        "bools: true/false, yes/no, on/off in any case",
        arguments: [
            ("true", true), ("True", true), ("TRUE", true), ("yes", true), ("Yes", true), ("YES", true), ("on", true),
            ("On", true), ("ON", true), ("tRuE", true), ("false", false), ("False", false), ("FALSE", false),
            ("no", false), ("No", false), ("NO", false), ("off", false), ("Off", false), ("OFF", false),
        ])
    func bools(text: String, expected: Bool) {
        #expect(ValueReading.bool(text) == expected)
    }

    @Test(
        "anything else is not a bool",
        arguments: ["y", "n", "Y", "N", "1", "0", "maybe", "", "t", "f", "truee", "yess", "o", "nope", " true", "true "])
    func notBools(text: String) {
        #expect(ValueReading.bool(text) == nil, "\(text.debugDescription) must not read as a bool")
    }

    @Test(
        "prices with at most the currency's decimals",
        arguments: [
            ("3.49", 2, "3.49"), ("3", 2, "3"), ("4.2", 2, "4.2"), (".5", 2, "0.5"), ("12.", 2, "12"),
            ("3.490", 2, "3.49"), ("300.0", 0, "300"), ("300", 0, "300"), ("1.234", 3, "1.234"), ("0", 2, "0"),
            ("999999999.99", 2, "999999999.99"), ("0.0001", 4, "0.0001"),
        ])
    func prices(text: String, decimals: Int, expected: String) throws {
        let price = try ValueReading.price(text, decimals: decimals, currencyCode: nil).get()
        #expect(price.description == expected)
    }

    @Test(
        "quantities above 0 with at most 3 decimals",
        arguments: [("1", "1"), ("2.0", "2"), ("0.50", "0.5"), (".25", "0.25"), ("0.001", "0.001"), ("1.2500", "1.25")])
    func quantities(text: String, expected: String) throws {
        #expect(try ValueReading.quantity(text).get().description == expected)
    }

    @Test(
        "bad prices are explained",
        arguments: [
            ("3,49", 2, "EUR", "price \"3,49\" is not a decimal: use \".\" as the decimal separator"),
            ("1,000", 2, "EUR", "price \"1,000\" is not a decimal: use \".\" as the decimal separator and no thousands separators"),
            ("1,000.50", 2, "EUR", "price \"1,000.50\" is not a decimal: remove the thousands separators"),
            ("1,000,000", 2, nil, "price \"1,000,000\" is not a decimal: remove the thousands separators"),
            ("1_000", 2, nil, "price \"1_000\" is not a decimal: remove the thousands separators"),
            ("1 000", 2, nil, "price \"1 000\" is not a decimal: remove the thousands separators"),
            ("$3", 2, "USD", "price \"$3\" is not a decimal: write only the number, without a currency"),
            ("3.49 €", 2, "EUR", "price \"3.49 €\" is not a decimal: write only the number, without a currency"),
            ("3,49€", 2, "EUR", "price \"3,49€\" is not a decimal: write only the number, without a currency"),
            ("EUR 3", 2, "EUR", "price \"EUR 3\" is not a decimal: write only the number, without a currency"),
            ("-1", 2, nil, "price \"-1\" is negative; prices are 0 or more"),
            ("-0.50", 2, nil, "price \"-0.50\" is negative; prices are 0 or more"),
            ("+1", 2, nil, "price \"+1\" is not a decimal: remove the \"+\""),
            ("1e3", 2, nil, "price \"1e3\" is not a decimal: write the number without an exponent"),
            ("1.5E-2", 2, nil, "price \"1.5E-2\" is not a decimal: write the number without an exponent"),
            ("0x10", 2, nil, "price \"0x10\" is not a decimal number; write digits with \".\" for decimals, such as 3.49"),
            ("3 eggs", 2, nil, "price \"3 eggs\" is not a decimal: write the number alone (3)"),
            ("€3.49", 2, "EUR", "price \"€3.49\" is not a decimal: write only the number, without a currency"),
            ("3.49eur", 2, "EUR", "price \"3.49eur\" is not a decimal: write only the number, without a currency"),
            ("abc", 2, nil, "price \"abc\" is not a decimal number; write digits with \".\" for decimals, such as 3.49"),
            (".nan", 2, nil, "price \".nan\" is not a decimal number; write digits with \".\" for decimals, such as 3.49"),
            (".inf", 2, nil, "price \".inf\" is not a decimal number; write digits with \".\" for decimals, such as 3.49"),
            ("", 2, nil, "price \"\" is empty; write a number such as 2.50 or remove the key"),
            (" 3.49 ", 2, nil, "price \" 3.49 \" has spaces around the number; remove them"),
            ("3.499", 2, "EUR", "price \"3.499\" has 3 decimals; EUR allows 2 decimals"),
            ("3.5", 0, "JPY", "price \"3.5\" has 1 decimal; JPY allows no decimals"),
            ("1.2345", 3, "KWD", "price \"1.2345\" has 4 decimals; KWD allows 3 decimals"),
            ("1.23", 1, "XYZ", "price \"1.23\" has 2 decimals; XYZ allows 1 decimal"),
            ("1.234", 2, nil, "price \"1.234\" has 3 decimals; prices allow (without a currency) 2 decimals"),
            ("1000000000", 2, nil, "price \"1000000000\" is too large; prices must be under 1,000,000,000"),
            ("1000000000.00", 2, nil, "price \"1000000000.00\" is too large; prices must be under 1,000,000,000"),
        ] as [(String, Int, String?, String)])
    func badPrices(text: String, decimals: Int, currency: String?, message: String) {
        switch ValueReading.price(text, decimals: decimals, currencyCode: currency) {
        case .success(let value): Issue.record("\(text.debugDescription) was read as \(value)")
        case .failure(let problem): #expect(problem.message == message)
        }
    }

    @Test(
        "bad quantities are explained",
        arguments: [
            ("0", "quantity \"0\" must be more than 0; to take an item off the list, use \"buy: false\""),
            ("0.000", "quantity \"0.000\" must be more than 0; to take an item off the list, use \"buy: false\""),
            ("-2", "quantity \"-2\" is negative; quantities are more than 0"),
            ("1.2345", "quantity \"1.2345\" has 4 decimals; at most 3 are allowed"),
            ("2,5", "quantity \"2,5\" is not a decimal: use \".\" as the decimal separator"),
            ("two", "quantity \"two\" is not a decimal number; write digits with \".\" for decimals, such as 2 or 0.5"),
            ("½", "quantity \"½\" is not a decimal: write 0.5"),
            ("1/4", "quantity \"1/4\" is not a decimal: write 0.25"),
            ("1 1/2", "quantity \"1 1/2\" is not a decimal: write 1.5"),
            ("1½", "quantity \"1½\" is not a decimal: write 1.5"),
            ("1/3", "quantity \"1/3\" is not a decimal number; write digits with \".\" for decimals, such as 2 or 0.5"),
            ("2x", "quantity \"2x\" is not a decimal: write the number alone (2)"),
            ("2kg", "quantity \"2kg\" is not a decimal: write the number alone (2) and \"kg\" under \"unit:\""),
            ("0x10", "quantity \"0x10\" is not a decimal number; write digits with \".\" for decimals, such as 2 or 0.5"),
            ("2e2", "quantity \"2e2\" is not a decimal: write the number without an exponent"),
            ("1000000000", "quantity \"1000000000\" is too large; quantities must be under 1,000,000,000"),
        ])
    func badQuantities(text: String, message: String) {
        switch ValueReading.quantity(text) {
        case .success(let value): Issue.record("\(text.debugDescription) was read as \(value)")
        case .failure(let problem): #expect(problem.message == message)
        }
    }

    @Test("the limit is 1,000,000,000 exclusive")
    func limit() throws {
        #expect(try ValueReading.price("999999999.99", decimals: 2, currencyCode: nil).get() < ValueReading.limit)
        #expect(try ValueReading.quantity("999999999.999").get() < ValueReading.limit)
        #expect((try? ValueReading.quantity("1000000000.0").get()) == nil)
    }
}

@Suite("SpellingSuggestion")
struct SpellingSuggestionTests {
    static let itemKeys = ItemKey.allCases.map(\.rawValue)

    @Test(
        "suggests the known word that was meant",
        arguments: [
            ("prize", "price"), ("Price", "price"), ("nmae", "name"), ("qty", "quantity"), ("amount", "quantity"),
            ("note", "notes"), ("cost", "price"), ("categroy", "category"), ("bought", "done"), ("uuid", "id"),
        ])
    func suggests(word: String, expected: String) {
        #expect(SpellingSuggestion.closest(to: word, among: Self.itemKeys) == expected)
    }

    @Test("suggests nothing for words too far from every known one", arguments: ["colour", "x", "barcode", "tags", "quantityquantity"])
    func nothing(word: String) {
        #expect(SpellingSuggestion.closest(to: word, among: Self.itemKeys) == nil)
    }

    @Test("currency codes: one letter off")
    func currencies() {
        let codes = Array(Currency.minorUnits.keys).sorted()
        #expect(SpellingSuggestion.closest(to: "UDS", among: codes) == "USD")
        #expect(SpellingSuggestion.closest(to: "EURO", among: codes) == "EUR")
        #expect(SpellingSuggestion.closest(to: String(repeating: "E", count: 10_000), among: codes) == nil)
    }

    @Test("onlyClose: the one candidate close enough, as closest measures it; none when several are")
    func onlyClose() {
        let categories = ["Produce", "Dairy", "Bakery", "Bakers"]
        #expect(SpellingSuggestion.onlyClose(to: "Diary", among: categories) == "Dairy")
        #expect(SpellingSuggestion.onlyClose(to: "produse", among: categories) == "Produce")
        #expect(SpellingSuggestion.closest(to: "Diary", among: categories) == "Dairy")
        // One letter from two categories: which was meant is a guess.
        #expect(SpellingSuggestion.onlyClose(to: "Bakert", among: categories) == nil)
        #expect(SpellingSuggestion.onlyClose(to: "Frozen", among: categories) == nil)
        #expect(SpellingSuggestion.onlyClose(to: "Dairy", among: []) == nil)
    }
}
