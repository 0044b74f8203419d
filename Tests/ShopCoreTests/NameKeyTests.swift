import Foundation
@testable import ShopCore
import Testing
import TestSupport

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

    @Test(
        "two characters have the same key exactly when their NFKC case folds (Python's) are equal",
        .requires(.python))
    func agreesWithUnicodeCaseFolding() throws {
        if let problem = UnicodeData.unavailability {
            if isContinuousIntegration { Issue.record("no Unicode data: \(problem)") } else { print("skipped, no Unicode data: \(problem)") }
            return
        }
        // Every assigned code point of the tables' Unicode version, with Python's reading of the same
        // rule on that version's data: NFKC, full case folding, NFKC again, white space (Unicode's
        // White_Space) collapsed.
        let script = #"""
            space = set(chr(c) for c in [9, 10, 11, 12, 13, 0x20, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000] + list(range(0x2000, 0x200B)))
            nfkc = lambda text: unicode_data.normalize('NFKC', text)
            out = []
            for cp in unicode_data.code_points():
                c = chr(cp)
                if not unicode_data.is_assigned(c):
                    continue
                k = nfkc(unicode_data.casefold(nfkc(c)))
                k = ' '.join(part for part in ''.join(' ' if ch in space else ch for ch in k).split(' ') if part)
                out.append('%x\t%s' % (cp, k.encode('utf-8').hex()))
            sys.stdout.write('\n'.join(out))
            """#
        let result = try UnicodeData.run(script)
        try #require(result.status == 0, "python3 failed: \(result.stderr)")
        var shopByPython: [Substring: Set<[UInt8]>] = [:]
        var pythonByShop: [[UInt8]: Set<Substring>] = [:]
        // The first code point with each key, to name examples in failures.
        var firstWithPythonKey: [Substring: UInt32] = [:]
        var firstWithShopKey: [[UInt8]: UInt32] = [:]
        var compared = 0
        let text = String(decoding: result.stdout, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 2, let value = UInt32(parts[0], radix: 16), let scalar = Unicode.Scalar(value) else { continue }
            let shop = NameKey(String(scalar)).bytes
            compared += 1
            shopByPython[parts[1], default: []].insert(shop)
            pythonByShop[shop, default: []].insert(parts[1])
            if firstWithPythonKey[parts[1]] == nil { firstWithPythonKey[parts[1]] = value }
            if firstWithShopKey[shop] == nil { firstWithShopKey[shop] = value }
        }
        // Unicode 17.0 assigns 297,334 code points (private use included) besides the surrogates.
        #expect(compared > 290_000, "too few characters compared")
        func name(_ value: UInt32?) -> String { String(format: "U+%04X", value ?? 0) }
        let apart = shopByPython.filter { $0.value.count > 1 }.map { entry in
            entry.value.map { name(firstWithShopKey[$0]) }.sorted().joined(separator: " ≠ ")
        }
        let merged = pythonByShop.filter { $0.value.count > 1 }.map { entry in
            entry.value.map { name(firstWithPythonKey[$0]) }.sorted().joined(separator: " = ")
        }
        #expect(apart.isEmpty, "equal by case folding, different keys: \(apart.sorted().prefix(10))")
        #expect(merged.isEmpty, "different by case folding, one key: \(merged.sorted().prefix(10))")
    }

    @Test("capital sharp s and dotless i fold as Unicode says")
    func specialLetters() {
        #expect(NameKey("GROẞ") == NameKey("groß"))
        #expect(NameKey("GROẞ") == NameKey("GROSS"))
        #expect(NameKey("ẞ").description == "ss")
        #expect(NameKey("kırmızı") != NameKey("kirmizi"), "Turkish dotless ı is another letter than i")
        #expect(NameKey("KIRMIZI") == NameKey("kirmizi"))
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

@Suite("name fingerprints")
struct NameFingerprintTests {
    /// The fast fingerprint must be the fingerprint of the key made the full way, or duplicates
    /// would go unnoticed: every Latin letter alone and inside words, in both cases, with spaces.
    @Test func theFastWayAgreesWithTheFullWay() {
        var names = ["", "   ", "Apples", "  Oat   MILK ", "Crème fraîche", "JALAPEÑOS", "Gruyère 12",
            "Ǆemal", "ǅemal", "STRASSE", "Straße", "ŉ", "Ĳssel", "ǰ", "café\u{301}", "Müsli\u{A0}bar", "日本酒", "Ａｂｃ",
            "ΣΊΣΥΦΟΣ", "İstanbul", "ı", "x\u{3000}y"]
        for value in UInt32(0xA0)...0x2FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let letter = String(Character(scalar))
            names += [letter, "a\(letter)b", "\(letter) \(letter.uppercased())", "  \(letter)x  "]
        }
        for name in names {
            var bytes = Array(name.utf8)
            let fast = bytes.withUnsafeMutableBufferPointer { NameKey.fingerprint(ofName: UnsafeBufferPointer($0)) }
            let key = NameKey(name)
            #expect(fast.fingerprint == NameKey.fingerprint(of: key.bytes), "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(fast.blank == key.isEmpty, "\(name)")
        }
    }
}

@Suite("name keys fold every letter")
struct NameKeyFoldingTests {
    /// Capitals after a letter that only the full folding handles are folded too.
    @Test func capitalsAfterOtherLettersAreFolded() {
        #expect(NameKey("ØL KØBENHAVN") == NameKey("øl københavn"))
        #expect(NameKey("ΣΟΥΒΛΑΚΙ PITA") == NameKey("σουβλακι pita"))
        #expect(NameKey("Straße HAUS") == NameKey("strasse haus"))
    }
}
