@testable import ShopCore
import Testing

/// Each form a text line may take, the lines that are skipped, and the lines that are refused with
/// a reason.
@Suite struct TextLineParserTests {
    static func item(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> TextLineItem? {
        guard case .item(let item) = TextLineParser.read(line) else {
            Issue.record("\(line.debugDescription) reads as \(TextLineParser.read(line))", sourceLocation: sourceLocation)
            return nil
        }
        return item
    }

    static func failure(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        guard case .failure(let failure) = TextLineParser.read(line) else {
            Issue.record("\(line.debugDescription) reads as \(TextLineParser.read(line))", sourceLocation: sourceLocation)
            return nil
        }
        return failure.reason
    }

    @Test(arguments: [
        // [QUANTITY] [UNIT] NAME
        ("3 apples", "apples", "3", nil), ("500 g flour", "flour", "500", "g"), ("500g flour", "flour", "500", "g"),
        ("2 cans of beans", "beans", "2", "can"), ("a bag of rice", "rice", "1", "bag"), ("an onion", "an onion", nil, nil),
        // NAME [QUANTITY][UNIT]
        ("apples 3", "apples", "3", nil), ("flour 500 g", "flour", "500", "g"), ("flour 500g", "flour", "500", "g"),
        ("milk (2 l)", "milk", "2", "l"), ("milk: 2 l", "milk", "2", "l"), ("milk - 2 l", "milk", "2", "l"),
        // 3 x NAME, NAME x3
        ("3 x milk", "milk", "3", nil), ("3x milk", "milk", "3", nil), ("3 × milk", "milk", "3", nil),
        ("milk x3", "milk", "3", nil), ("milk x 3", "milk", "3", nil), ("milk ×3", "milk", "3", nil),
        ("milk 3x", "milk", "3", nil), ("x3 milk", "milk", "3", nil),
        // Counts of packs
        ("2 x 500 g butter", "butter", "2", nil), ("2x500g butter", "butter", "2", nil),
        ("butter 500g x 2", "butter", "2", nil), ("2 x butter 500 g", "butter", "2", nil),
        // Fractions
        ("½ lemon", "lemon", "0.5", nil), ("1/2 lemon", "lemon", "0.5", nil), ("1 1/2 l milk", "milk", "1.5", "l"),
        ("1½ l milk", "milk", "1.5", "l"), ("1 ½ l milk", "milk", "1.5", "l"), ("3⁄4 cup oats", "oats", "0.75", "cup"),
        // Decimals
        ("1.5 kg potatoes", "potatoes", "1.5", "kg"), ("1,5 kg potatoes", "potatoes", "1.5", "kg"),
        (".5 l cream", "cream", "0.5", "l"), ("0,250 kg cheese", "cheese", "0.25", "kg"), ("milk 2.", "milk", "2", nil),
        // Units: case, plurals, abbreviations
        ("2 KG apples", "apples", "2", "kg"), ("2 Kilos apples", "apples", "2", "kg"), ("3 Pcs. rolls", "rolls", "3", "pcs"),
        ("2 packets crisps", "crisps", "2", "pack"), ("2 loaves bread", "bread", "2", "loaf"),
        ("6 bottles water", "water", "6", "bottle"), ("1 LTR juice", "juice", "1", "l"),
        // A unit word alone is what is bought
        ("2 rolls", "rolls", "2", nil), ("3 bottles", "bottles", "3", nil),
        // Numbers that belong to the name
        ("7Up", "7Up", nil, nil), ("Vitamin B12", "Vitamin B12", nil, nil), ("Rioja 2019", "Rioja 2019", nil, nil),
        ("2% milk", "2% milk", nil, nil), ("3-in-1 coffee", "3-in-1 coffee", nil, nil), ("Shirt XL", "Shirt XL", nil, nil),
        ("Tomatoes (cherry)", "Tomatoes (cherry)", nil, nil), ("Pan de molde", "Pan de molde", nil, nil),
    ] as [(String, String, String?, String?)])
    func forms(line: String, name: String, quantity: String?, unit: String?) throws {
        let item = try #require(Self.item(line))
        #expect(item.name == name)
        #expect(item.quantity == quantity.flatMap { DecimalNumber($0) })
        #expect(item.unit == unit)
    }

    /// A count of packs gives the size of one; a price without `@` after an amount of weight or
    /// volume is the price of that amount, one pack of it; with `@`, of one unit.
    @Test(arguments: [
        ("2 x 500 g butter", "butter", "2", nil, "500 g", nil), ("butter 500g x 2", "butter", "2", nil, "500 g", nil),
        ("coffee 500 g 7.99", "coffee", "1", nil, "500 g", "7.99"), ("250 g butter 2.49 €", "butter", "1", nil, "250 g", "2.49"),
        ("2 x coffee 500 g 7.99", "coffee", "2", nil, "500 g", "7.99"), ("Tomatoes 1 kg @ 2.99", "Tomatoes", "1", "kg", nil, "2.99"),
        ("milk 1.29", "milk", nil, nil, nil, "1.29"), ("milk 2x 1.29", "milk", "2", nil, nil, "1.29"),
        ("Milch 1,29", "Milch", nil, nil, nil, "1.29"), ("Butter 2.29 EUR", "Butter", nil, nil, nil, "2.29"),
        ("Coke 1.5 l", "Coke", "1.5", "l", nil, nil), ("Eggs 12 pcs 4.20", "Eggs", "12", "pcs", nil, "4.20"),
    ] as [(String, String, String?, String?, String?, String?)])
    func packsAndPrices(line: String, name: String, quantity: String?, unit: String?, size: String?, price: String?) throws {
        let item = try #require(Self.item(line))
        #expect(item.name == name)
        #expect(item.quantity == quantity.flatMap { DecimalNumber($0) })
        #expect(item.unit == unit)
        #expect(item.size == size)
        #expect(item.price == price.flatMap { DecimalNumber($0) })
        #expect(item.countsPacks == (size != nil))
    }

    @Test func aSpreadsheetRowAndAListOfNames() throws {
        #expect(TextLineParser.read("Apples\t3\t3,59") == .item(TextLineItem(name: "Apples", quantity: DecimalNumber(3), price: DecimalNumber("3.59"))))
        #expect(TextLineParser.read("Eggs\t12\tpcs\t@ 0.30") == .item(TextLineItem(name: "Eggs", quantity: DecimalNumber(12), unit: "pcs", price: DecimalNumber("0.30"))))
        #expect(TextLineParser.read("- bread, rolls,butter") == .items(["bread", "rolls", "butter"].map { TextLineItem(name: $0) }))
        #expect(TextLineParser.read("salt, 2 kg flour") != .items(["salt", "2 kg flour"].map { TextLineItem(name: $0) }))
        guard case .failure = TextLineParser.read("Apples\t3\tcheap") else {
            Issue.record("a third cell that is no price is refused")
            return
        }
    }

    @Test(arguments: [
        ("- milk", TextLineItem.Checkbox.none), ("* milk", .none), ("+ milk", .none), ("• milk", .none), ("•milk", .none),
        ("◦ milk", .none), ("– milk", .none), ("1. milk", .none), ("12) milk", .none), ("- [ ] milk", .unticked),
        ("- [x] milk", .ticked), ("- [X] milk", .ticked), ("* [ ] milk", .unticked), ("[ ] milk", .unticked),
        ("[] milk", .unticked), ("[x] milk", .ticked), ("☐ milk", .unticked), ("☑ milk", .ticked), ("✅ milk", .ticked),
        ("✔️ milk", .ticked), ("✓ milk", .ticked), ("1. [x] milk", .ticked),
    ])
    func bulletsAndCheckboxes(line: String, checkbox: TextLineItem.Checkbox) throws {
        let item = try #require(Self.item(line))
        #expect(item.name == "milk")
        #expect(item.checkbox == checkbox)
        #expect(item.isTicked == (checkbox == .ticked))
    }

    @Test func bulletsThatAreNotBullets() throws {
        #expect(Self.item("-5 degrees freezer bags")?.name == "-5 degrees freezer bags")
        #expect(Self.item("*special* offer")?.name == "*special* offer")
        #expect(Self.item("[brand] milk")?.name == "[brand] milk")
    }

    @Test(arguments: [
        ("milk @ 1.99", "1.99", nil), ("milk @1.99", "1.99", nil), ("milk @ 1.90", "1.90", nil), ("milk @ 2", "2", nil),
        ("milk @ .99", ".99", nil), ("milk @ 1,99", "1.99", nil), ("milk @ €1.99", "1.99", "€"), ("milk @ 1.99 €", "1.99", "€"),
        ("milk @ 1.99€", "1.99", "€"), ("milk @ $2 each", "2", "$"), ("milk @ 1.99 EUR", "1.99", "EUR"),
        ("milk @ kr 12", "12", "kr"), ("milk @ 0.99 ea", "0.99", nil), ("milk 1.99€", "1.99", "€"),
        ("milk € 1.99", "1.99", "€"), ("milk 1,99 €", "1.99", "€"), ("milk £0.89", "0.89", "£"),
        ("milk @ US$2", "2", "US$"), ("milk @ 300円", "300", "円"), ("milk 30元", "30", "元"), ("milk ₡500", "500", "₡"),
        ("milk 99¢", "0.99", nil), ("milk @ 5¢ each", "0.05", nil), ("milk @ 1 234,56", "1234.56", nil),
        ("milk @ EUR 1 234", "1234", "EUR"),
    ] as [(String, String, String?)])
    func prices(line: String, price: String, currency: String?) throws {
        let item = try #require(Self.item(line))
        #expect(item.name == "milk")
        let written = try #require(item.price)
        // Exactly as written: the number of decimals is kept.
        #expect(written.formatted(decimals: written.scale) == (price.hasPrefix(".") ? "0" + price : price))
        #expect(item.priceCurrency == currency)
    }

    @Test func pricePerUnit() throws {
        let grapes = try #require(Self.item("grapes @ 3.49/kg"))
        #expect(grapes.unit == "kg" && grapes.quantity == nil && grapes.price == DecimalNumber("3.49"))
        let cheese = try #require(Self.item("cheese 0.5 kg @ 12.90 per kg"))
        #expect(cheese.unit == "kg" && cheese.quantity == DecimalNumber("0.5"))
        #expect(Self.failure("cheese 500 g @ 12.90/kg")?.contains("per kg but the quantity is in g") == true)
    }

    @Test func anAtSignBeforeWordsIsPartOfTheName() throws {
        #expect(Self.item("cake @home")?.name == "cake @home")
        #expect(Self.item("flowers @ Lidl")?.price == nil)
        #expect(Self.item("flowers @ Lidl")?.name == "flowers @ Lidl")
    }

    @Test func namesAreTrimmedAndInnerWhiteSpaceCollapsed() throws {
        #expect(Self.item("  peanut \t  butter\u{A0} ")?.name == "peanut butter")
        #expect(Self.item("2 x   oat\u{3000}milk")?.name == "oat milk")
    }

    @Test func anInexactFractionIsRoundedToThreeDecimalsAndSaysSo() throws {
        let third = try #require(Self.item("⅓ cup milk"))
        #expect(third.quantity == DecimalNumber("0.333"))
        #expect(third.quantityRoundedFrom == "⅓")
        let twoThirds = try #require(Self.item("2/3 cup milk"))
        #expect(twoThirds.quantity == DecimalNumber("0.667"))
        #expect(twoThirds.quantityRoundedFrom == "2/3")
        // Half to even: 1/16 is 0.0625.
        #expect(Self.item("1/16 tsp salt")?.quantity == DecimalNumber("0.062"))
        #expect(Self.item("3/16 tsp salt")?.quantity == DecimalNumber("0.188"))
        #expect(Self.item("1 1/3 cups flour")?.quantity == DecimalNumber("1.333"))
        let half = try #require(Self.item("1/2 cup milk"))
        #expect(half.quantityRoundedFrom == nil)
        #expect(Self.item("1/8 tsp salt")?.quantityRoundedFrom == nil)
    }

    @Test(arguments: ["", "   ", "\t", "# a comment", "#", "## Dairy", "- ", "-", "- [ ]", "- [x] ", "☐", "Dairy:", "Fruit & veg:"])
    func skippedLines(line: String) {
        #expect(TextLineParser.read(line) == .skipped)
    }

    @Test func aHeadingWithABulletIsAnItem() {
        #expect(Self.item("- milk:")?.name == "milk")
    }

    @Test(arguments: [
        ("2-3 apples", "\"2-3\" is a range"), ("apples 2–3", "\"2–3\" is a range"), ("200-250g cheese", "is a range"),
        ("1,500 g sugar", "could mean 1500 or 1.500"), ("1,000,000 g sugar", "thousands separators"),
        ("0 apples", "must be more than 0"), ("apples x0", "must be more than 0"), ("0.3333 kg flour", "has 4 decimals"),
        ("1000000000 grains of rice", "too large"), ("500 g", "no name"), ("3", "no name"), ("x3", "no name"),
        ("milk @", "nothing follows \"@\""), ("milk @ 1.2.3", "\"1.2.3\" has separators that are not between thousands"), ("milk @ 1,999", "could mean 1999 or 1.999"),
        ("milk @ 1000000000", "too large"), ("1/0 cup milk", "divides by zero"), ("milk @ €", "is not a price"),
        ("milk @ -1.99", "\"-1.99\" after \"@\" is not a price; prices are 0 or more"), ("milk @ +2", "prices are 0 or more"),
        ("milk @ −1.99", "prices are 0 or more"), ("water @ 0 50", "\"0 50\" after \"@\" is not a price"),
        ("juice @ 1 2 3", "is not a price"), ("tea @ １.９９", "with the digits 0 to 9"), ("bread @ ½", "with the digits 0 to 9"),
        ("tea @ ١٫٩٩", "with the digits 0 to 9"), ("butter @ 1.99 @ 2.99", "two prices"),
    ])
    func refusals(line: String, reason: String) throws {
        let failure = try #require(Self.failure(line))
        #expect(failure.contains(reason), "\(failure)")
    }

    /// Separators that can only be between thousands are read as such; one that could be a
    /// decimal separator too is, except in a currency without decimals.
    @Test(arguments: [
        ("tv @ 1,299.99", 2, "1299.99"), ("tv @ 1.299,99 €", 2, "1299.99"), ("tv @ $12,345,678.90", 2, "12345678.90"),
        ("car @ 1.500.000", 2, "1500000"), ("car @ 1,500,000 €", 2, "1500000"), ("tv 1.299,00 €", 2, "1299.00"),
        ("sake @ ¥1,500", 0, "1500"), ("sake @ 1.500円", 0, "1500"), ("sake @ ¥1,500,000", 0, "1500000"),
        ("sake @ ¥1500", 0, "1500"), ("tea @ 0,5", 2, "0.5"), ("tea @ 1.500", 3, "1.500"), ("tea @ 0,500 €", 2, "0.500"),
    ])
    func groupsOfThousands(line: String, decimals: Int, price: String) throws {
        guard case .item(let item) = TextLineParser.read(line, priceDecimals: decimals) else {
            Issue.record("\(line) reads as \(TextLineParser.read(line, priceDecimals: decimals))")
            return
        }
        #expect(item.price == DecimalNumber(price), "\(line)")
        #expect(item.price?.scale == DecimalNumber(price)?.scale, "\(line)")
    }

    @Test(arguments: [
        ("tv @ 1,50.00", 2, "\"1,50.00\" has separators that are not between thousands"),
        ("tv @ 1,2,3", 2, "not between thousands"), ("tv @ 12,3456.00", 2, "not between thousands"),
        ("tv @ 1.000,000.00", 2, "mixes \".\" and \",\""), ("tv @ 1,500", 2, "could mean 1500 or 1.500"),
        ("tv @ 1,500", 3, "could mean 1500 or 1.500"), ("sake @ ¥1,50", 0, ""), ("sake @ ¥1,5000", 0, ""),
    ])
    func separatorsThatAreNotThousands(line: String, decimals: Int, reason: String) throws {
        switch TextLineParser.read(line, priceDecimals: decimals) {
        case .failure(let failure): #expect(failure.reason.contains(reason), "\(failure.reason)")
        // A decimal comma in yen is read, and refused where the list's decimals are checked.
        case .item(let item): #expect(reason.isEmpty && item.price?.scale != 0, "\(line) reads as \(item)")
        case .skipped: Issue.record("\(line) was skipped")
        case .items(let items): Issue.record("\(line) reads as \(items)")
        }
    }

    @Test func aVeryLongLineIsRefusedWithoutBeingRead() throws {
        let line = String(repeating: "a", count: TextLineParser.maximumLineLength + 1)
        #expect(Self.failure(line)?.contains("at most 4096 bytes") == true)
        #expect(Self.item(String(repeating: "a", count: TextLineParser.maximumLineLength))?.name.count == 4_096)
    }
}
