import Foundation
import ShopCore
import Testing
import YAML

/// Checking hostile input takes time in proportion to its size: files shaped to hit a quadratic
/// path (very many keys in one item, very many categories) grow four times, and so may the time,
/// within a generous factor, but not sixteen times.
@Suite("check scales linearly")
struct ScalingTests {
    static func seconds(_ text: String) throws -> Double {
        let document = try Document(parsing: text)
        var best = Double.infinity
        for _ in 0..<2 {
            let clock = ContinuousClock()
            let elapsed = clock.measure { _ = ShoppingList(document: document).diagnostics }
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }

    static func expectLinear(_ make: (Int) -> String, small: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let smallTime = try seconds(make(small))
        let largeTime = try seconds(make(small * 4))
        #expect(
            largeTime < max(smallTime * 9, 0.05), "4× the input took \(largeTime / smallTime)× the time",
            sourceLocation: sourceLocation)
    }

    @Test("an item with thousands of unknown keys")
    func unknownKeys() throws {
        try Self.expectLinear({ count in
            "items:\n  - name: a\n" + (0..<count).map { "    key\($0): 1\n" }.joined()
        }, small: 2_000)
    }

    @Test("thousands of categories and items in them")
    func categories() throws {
        try Self.expectLinear({ count in
            "categories:\n" + (0..<count).map { "  - c\($0)\n" }.joined() + "items:\n"
                + (0..<count).map { "  - name: n\($0)\n    category: c\($0)\n" }.joined()
        }, small: 2_000)
    }

    @Test("very long unknown keys and currency codes are not measured against every known word for long")
    func longWords() throws {
        let keys = "items:\n  - name: a\n" + (0..<2_000).map { "    k\($0)" + String(repeating: "q", count: 1_000) + ": 1\n" }.joined()
        #expect(try Self.seconds(keys) < 5)
        let currency = "currency: " + String(repeating: "E", count: 200_000) + "\nitems: []\n"
        #expect(try Self.seconds(currency) < 5)
    }

    @Test("thousands of categories and items in other, unknown ones")
    func unknownCategories() throws {
        try Self.expectLinear({ count in
            "categories:\n" + (0..<count).map { "  - c\($0)\n" }.joined() + "items:\n"
                + (0..<count).map { "  - name: n\($0)\n    category: d\($0)\n" }.joined()
        }, small: 1_000)
    }

    @Test("thousands of findings on one long line")
    func oneLine() throws {
        try Self.expectLinear({ count in
            "{items: [" + (0..<count).map { "{price: x\($0)}" }.joined(separator: ", ") + "]}\n"
        }, small: 1_000)
    }

    @Test("thousands of items with the same name, id and category")
    func duplicates() throws {
        try Self.expectLinear({ count in
            "categories: [A]\nitems:\n" + (0..<count).map { _ in "  - name: Same\n    id: x\n    category: B\n" }.joined()
        }, small: 2_000)
    }
}
