import ShopCore
import Testing

@Suite("DecimalNumber")
struct DecimalNumberTests {
    @Test(
        "accepts digits with at most one point",
        arguments: [
            ("12", "12", 0), ("12.5", "12.5", 1), (".5", "0.5", 1), ("12.", "12", 0), ("0", "0", 0),
            ("007", "7", 0), ("3.490", "3.49", 3), ("300.0", "300", 1), ("0.001", "0.001", 3),
            ("999999999.9999", "999999999.9999", 4),
        ])
    func accepts(text: String, shortest: String, scale: Int) throws {
        let value = try #require(DecimalNumber(text))
        #expect(value.description == shortest)
        #expect(value.scale == scale, "the scale is the number of digits written after the point")
    }

    @Test(
        "refuses signs, exponents, separators, symbols and anything but digits",
        arguments: [
            "", ".", "-1", "+1", "-0.5", "1e3", "1E3", "1.5e-2", "3,49", "1,000.00", "1_000", "1 000", "1'000",
            "$3", "3€", "€3", "3 EUR", "abc", ".nan", ".inf", "-.inf", "0x1F", "0o17", "1..2", "1.2.3", " 1", "1 ",
            "١٢", "１２", "1/2", "½",
        ])
    func refuses(text: String) {
        #expect(DecimalNumber(text) == nil, "\(text.debugDescription) must not read as a decimal")
    }

    @Test("any number of zeros after the point is read without trouble")
    func manyZeros() throws {
        let zeros = String(repeating: "0", count: 200)
        #expect(DecimalNumber("0." + zeros) == DecimalNumber.zero)
        #expect(DecimalNumber("." + zeros) == DecimalNumber.zero)
        #expect(DecimalNumber("0." + zeros + "1") == nil, "a value too small to keep exactly")
        #expect(DecimalNumber("0." + String(repeating: "0", count: 17) + "1")?.description == "0.000000000000000001")
        #expect(DecimalNumber(String(repeating: "0", count: 200) + "7")?.description == "7")
        #expect(DecimalNumber(String(repeating: "9", count: 37)) == nil, "too many digits to be exact")
        let quantity = ValueReading.quantity("0." + zeros)
        #expect((try? quantity.get()) == nil)
    }

    @Test("trailing zeros do not count as decimals")
    func trailingZeros() throws {
        #expect(try #require(DecimalNumber("3.490")).significantDecimals == 2)
        #expect(try #require(DecimalNumber("300.0")).significantDecimals == 0)
        #expect(try #require(DecimalNumber("300.000000")).significantDecimals == 0)
        #expect(try #require(DecimalNumber("0.10")).significantDecimals == 1)
        #expect(try #require(DecimalNumber("1.005")).significantDecimals == 3)
        #expect(try #require(DecimalNumber("3.490")).normalized == DecimalNumber(units: 349, scale: 2))
    }

    @Test("equal values compare and hash equal whatever their scale")
    func equality() throws {
        let short = try #require(DecimalNumber("2.5"))
        let long = try #require(DecimalNumber("2.500"))
        #expect(short == long)
        #expect(short.hashValue == long.hashValue)
        #expect(Set([short, long]).count == 1)
        #expect(try #require(DecimalNumber("2.49")) < short)
        #expect(short < DecimalNumber(3))
        #expect(!(long < short))
    }

    @Test(
        "rounds half to even",
        arguments: [
            ("0.125", 2, "0.12"), ("0.135", 2, "0.14"), ("0.5", 0, "0"), ("1.5", 0, "2"), ("2.5", 0, "2"),
            ("2.51", 0, "3"), ("2.4999", 0, "2"), ("0.005", 2, "0.00"), ("0.015", 2, "0.02"), ("1.2345", 3, "1.234"),
            ("3", 2, "3.00"), ("4.2", 2, "4.20"), ("1.23456789", 4, "1.2346"),
        ])
    func roundsHalfToEven(text: String, decimals: Int, expected: String) throws {
        let value = try #require(DecimalNumber(text))
        #expect(value.formatted(decimals: decimals) == expected)
        #expect(value.rounded(toScale: decimals).scale == decimals)
    }

    @Test("negative values round half to even too")
    func negativeRounding() {
        #expect(DecimalNumber(units: -25, scale: 1).formatted(decimals: 0) == "-2")
        #expect(DecimalNumber(units: -35, scale: 1).formatted(decimals: 0) == "-4")
        #expect(DecimalNumber(units: -1251, scale: 3).formatted(decimals: 2) == "-1.25")
    }

    @Test("sums are exact: 100,000 × 0.10 is 10000.00")
    func exactSums() throws {
        let dime = try #require(DecimalNumber("0.10"))
        var total = DecimalNumber.zero
        for _ in 0..<100_000 { total = total + dime }
        #expect(total == DecimalNumber(10_000))
        #expect(total.formatted(decimals: 2) == "10000.00")
        var tenths = DecimalNumber.zero
        for _ in 0..<10 { tenths = tenths + (try #require(DecimalNumber("0.1"))) }
        #expect(tenths == DecimalNumber(1), "0.1 added ten times is exactly 1, unlike binary floating point")
    }

    @Test("products are exact")
    func exactProducts() throws {
        let price = try #require(DecimalNumber("3.49"))
        let quantity = try #require(DecimalNumber("0.333"))
        let product = price * quantity
        #expect(product.description == "1.16217")
        #expect(product.formatted(decimals: 2) == "1.16")
        #expect((price * DecimalNumber(6)).formatted(decimals: 2) == "20.94")
    }

    @Test("formatted pads small values with leading zeros")
    func formattedPadding() throws {
        #expect(try #require(DecimalNumber(".05")).formatted(decimals: 2) == "0.05")
        #expect(try #require(DecimalNumber("0")).formatted(decimals: 3) == "0.000")
        #expect(try #require(DecimalNumber("7")).formatted(decimals: 0) == "7")
        #expect(try #require(DecimalNumber(".0001")).formatted(decimals: 4) == "0.0001")
    }
}
