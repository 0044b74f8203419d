import ShopCore
import Testing

@Suite("NameKey")
struct NameKeyTests {
    @Test(
        "names that differ only in case, compatibility forms, accents' encoding or spacing are equal",
        arguments: [
            ("ﬁsh", "fish"),
            ("ＭＩＬＫ", "milk"),
            ("ｏａｔ ｍｉｌｋ", "Oat Milk"),
            ("Cre\u{300}me frai\u{302}che", "Crème fraîche"),
            ("CRÈME FRAÎCHE", "crème fraîche"),
            ("Straße", "STRASSE"),
            ("straße", "strasse"),
            ("ΣΟΦΙΑ", "σοφια"),
            ("Oat Milk", "oat milk"),
            ("  Oat   Milk  ", "Oat Milk"),
            ("Oat\tMilk", "oat milk"),
            ("Oat\u{A0}Milk", "oat milk"),
            ("Oat\u{3000}Milk", "oat milk"),
            ("\u{3000}Oat milk\u{A0}", "oat milk"),
            ("Oat \u{2003} Milk", "oat milk"),
            ("Ⅻ", "xii"),
            ("㎏", "kg"),
            ("\u{212B}", "\u{C5}"),
            ("\u{212B}", "a\u{30A}"),
            ("한국", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}"),
        ])
    func equal(lhs: String, rhs: String) {
        #expect(NameKey(lhs) == NameKey(rhs), "\(lhs.debugDescription) and \(rhs.debugDescription)")
        #expect(NameKey(lhs).hashValue == NameKey(rhs).hashValue)
    }

    @Test(
        "names that are different stay different",
        arguments: [
            ("milk", "milks"), ("Oat milk", "Oatmilk"), ("café", "cafe"), ("a b", "ab"), ("1", "l"),
            ("Apfel", "Äpfel"), ("寿司", "すし"),
        ])
    func different(lhs: String, rhs: String) {
        #expect(NameKey(lhs) != NameKey(rhs), "\(lhs.debugDescription) and \(rhs.debugDescription)")
    }

    @Test("the key is trimmed, collapsed and lower case")
    func description() {
        #expect(NameKey("  Oat \t  MILK ").description == "oat milk")
        #expect(NameKey("ＭＩＬＫ").description == "milk")
        #expect(NameKey("ﬁ").description == "fi")
    }

    @Test("a name of white space only is empty", arguments: ["", " ", "\t", "\u{A0}", "\u{3000}", " \u{2003}\n "])
    func blank(name: String) {
        #expect(NameKey(name).isEmpty)
    }

    @Test("a name with content is not empty", arguments: ["a", ".", " x ", "\u{200B}"])
    func notBlank(name: String) {
        #expect(!NameKey(name).isEmpty)
    }

    @Test("check reports names equal after normalization as duplicates")
    func duplicatesInCheck() {
        let source = """
            items:
              - name: Straße
              - name: STRASSE
              - name: ﬁsh
              - name: "  FISH "
              - name: Cre\u{300}me
              - name: Crème
              - name: Oat\u{3000}milk
              - name: oat milk
              - name: Oatmilk
            """
        let duplicates = checkDiagnostics(source).filter { $0.rule == .duplicateName }
        #expect(duplicates.map(\.location.line) == [3, 5, 7, 9])
        #expect(duplicates.map(\.message) == [
            "duplicate item name \"STRASSE\" (first defined at line 2)",
            "duplicate item name \"  FISH \" (first defined at line 4)",
            "duplicate item name \"Crème\" (first defined at line 6)",
            "duplicate item name \"oat milk\" (first defined at line 8)",
        ])
    }
}
