import ShopCore
import Testing
import YAML

/// The arithmetic of `buy --from`: which units convert, exactly, and how amounts are rounded up.
@Suite("recipe amounts")
struct RecipeAmountTests {
    static func decimal(_ text: String) throws -> DecimalNumber {
        try #require(DecimalNumber(text))
    }

    @Test(
        "weights and volumes convert within their kind, exactly",
        arguments: [
            ("250", "g", "kg", "0.25"), ("1.2", "kg", "g", "1200"), ("25", "cl", "l", "0.25"), ("3", "dl", "ml", "300"),
            ("0.001", "g", "kg", "0.000001"), ("2", "l", "cl", "200"), ("7", nil, "pcs", "7"), ("7", "pcs", nil, "7"),
            ("2", "Kilos", "g", "2000"), ("3", "Pack", "packs", "3"),
        ] as [(String, String?, String?, String)])
    func converts(amount: String, from: String?, to: String?, expected: String) throws {
        let source = AmountUnit(from)
        let target = AmountUnit(to)
        #expect(source.converts(to: target))
        let converted = target.fromSmallestUnit(source.inSmallestUnit(try Self.decimal(amount)))
        #expect(converted == (try Self.decimal(expected)), "\(converted)")
    }

    @Test(
        "units of different kinds do not convert",
        arguments: [("kg", "l"), ("g", "pcs"), ("g", nil), ("pack", "g"), ("pack", "pcs"), ("bunch", "pack"), ("ml", "tbsp")]
            as [(String?, String?)])
    func refuses(from: String?, to: String?) {
        #expect(!AmountUnit(from).converts(to: AmountUnit(to)))
    }

    @Test("rounding up never gives less than the amount")
    func roundsUp() throws {
        #expect(try Self.decimal("0.0005").roundedUp(toScale: 3) == (try Self.decimal("0.001")))
        #expect(try Self.decimal("1.2501").roundedUp(toScale: 3) == (try Self.decimal("1.251")))
        #expect(try Self.decimal("1.25").roundedUp(toScale: 3) == (try Self.decimal("1.25")))
        #expect(try Self.decimal("250").wholeCount(of: try Self.decimal("500")) == DecimalNumber(1))
        #expect(try Self.decimal("1200").wholeCount(of: try Self.decimal("500")) == DecimalNumber(3))
        #expect(try Self.decimal("1000").wholeCount(of: try Self.decimal("500")) == DecimalNumber(2))
        #expect(try Self.decimal("1980.001").wholeCount(of: try Self.decimal("1980")) == DecimalNumber(2))
        let sixPack = try #require(PackSize("6 x 330 ml"))
        #expect(sixPack.contentInSmallestUnit == DecimalNumber(1980))
        #expect(try #require(PackSize("1.5 l")).contentInSmallestUnit == DecimalNumber(1500))
    }

    @Test("the editor plans the recipe's items as one batch, and plans nothing when one is refused")
    func editorPlansOrRefusesAll() throws {
        let list = ShoppingList(document: try Document(parsing: Array("items:\n  - name: Flour\n    unit: kg\n  - name: Milk\n    unit: l\n".utf8)))
        let good = ShoppingList(document: try Document(parsing: Array("items:\n  - name: Flour\n    quantity: 500\n    unit: g\n".utf8)))
        let bad = ShoppingList(document: try Document(parsing: Array("items:\n  - name: Milk\n    quantity: 1\n    unit: kg\n".utf8)))
        var editor = try ListEditor(list: list)
        try editor.buy(from: [Recipe(list: good, fileName: "good.yaml")], times: DecimalNumber(3))
        #expect(String(decoding: CanonicalForm.format(editor.document), as: UTF8.self)
            == "items:\n  - name: Flour\n    quantity: 1.5\n    unit: kg\n    buy: true\n  - name: Milk\n    unit: l\n")
        var refused = try ListEditor(list: list)
        #expect(throws: EditRefusal.self) {
            try refused.buy(from: [Recipe(list: good, fileName: "good.yaml"), Recipe(list: bad, fileName: "bad.yaml")], times: DecimalNumber(1))
        }
        #expect(!refused.changed)
    }
}
