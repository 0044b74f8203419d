import Testing
import TestSupport

@testable import ShopCore

/// A version that is not a list is told by its first finding, the others counted: what is kept
/// does not grow with the findings, and what is said is what the whole check would say.
@Suite struct FirstFindingTests {
    func list(_ text: String) throws -> ShoppingList {
        try ShoppingList.read(Array(text.utf8)).get()
    }

    @Test("the first finding and the count are those of the whole check", arguments: [
        "items:\n  - milk\n  - name: Tea\n  - bread\n",
        "items:\n  - name: Tea\n  - name: tea\n  - price: 2\n  - name: Tea\n",
        "items:\n  - name: A\n    id: x\n  - name: B\n    id: x\n  - 5\n",
        "items:\n  - name: A\n  - name: B\n",
        "title: 3\nitems: {a: 1}\n",
    ])
    func sameAsTheWholeCheck(_ text: String) throws {
        let list = try list(text)
        let rules = VersionReading.mergeRules
        let whole = list.check(rules)
        let first = list.firstFinding(rules)
        #expect(first.count == whole.count)
        #expect(first.first?.span == whole.first?.span)
        #expect(first.first?.rule == whole.first?.rule)
    }

    @Test("random lists with mistakes: the same first finding as the whole check")
    func randomLists() throws {
        var generator = SeededGenerator(seed: 38)
        let lines = ["  - milk\n", "  - name: Tea\n", "  - name: tea\n", "  - price: 2\n", "  - name: A\n    id: x\n",
            "  - name: B\n    id: x\n", "  - name: C\n    name: D\n", "  - [1, 2]\n"]
        for _ in 0..<200 {
            let text = "items:\n" + (0..<Int.random(in: 1...12, using: &generator)).map { _ in lines.randomElement(using: &generator)! }.joined()
            let list = try list(text)
            let whole = list.check(VersionReading.mergeRules)
            let first = list.firstFinding(VersionReading.mergeRules)
            #expect(first.count == whole.count, "\(text)")
            #expect(first.first?.span == whole.first?.span && first.first?.rule == whole.first?.rule, "\(text)")
        }
    }

    @Test("a version of 100,000 items that are single values is refused with its first line and a count")
    func manyFindings() {
        let text = "items:\n" + (0..<100_000).map { "  - item \($0)\n" }.joined()
        guard case .failure(let refusal) = VersionReading.mergeableList(Array(text.utf8), emptyIsEmptyList: false) else {
            Issue.record("read as a list")
            return
        }
        #expect(refusal.reason.hasPrefix("line 2: an item must be a mapping"))
        #expect(refusal.reason.hasSuffix("[structure] (and 99999 more)"))
    }
}
