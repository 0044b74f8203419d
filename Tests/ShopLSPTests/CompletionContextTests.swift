import Testing

@testable import ShopLSP

/// What is being typed, read from the lines around the cursor, on texts that read as YAML and on
/// texts that do not.
@Suite struct CompletionContextTests {
    func context(_ marked: String) -> CompletionContext? {
        let text = MarkedText(marked)
        let document = TextDocument(uri: "file:///a", languageID: "yaml", version: 1, text: text.text)
        return CompletionContext(bytes: document.bytes, lines: document.lines, offset: text.offset)
    }

    /// The replaced bytes as text.
    func replaced(_ marked: String) -> String? {
        let text = MarkedText(marked)
        guard let found = context(marked) else { return nil }
        return String(decoding: Array(text.text.utf8)[found.replaced], as: UTF8.self)
    }

    @Test func topLevelKeys() throws {
        let found = try #require(context("title: Weekly\n# groceries\n‸\nitems: []\n"))
        #expect(found.target == .listKey)
        #expect(found.presentKeys == ["title", "items"])
        #expect(found.replaced.isEmpty && !found.hasColon)
        let typed = try #require(context("cur‸\nitems:\n  - name: Tea\n"))
        #expect(typed.target == .listKey && typed.presentKeys == ["items"])
        #expect(replaced("cur‸\nitems: []\n") == "cur")
        // A byte order mark is no part of the first line.
        #expect(context("\u{FEFF}title: x\n‸\n")?.presentKeys == ["title"])
        #expect(replaced("\u{FEFF}ti‸\nitems: []\n") == "ti")
    }

    @Test func itemKeysInBlockMappings() throws {
        let half = try #require(context("items:\n  - name: Tea\n    price: 2\n    cat‸\n  - name: Milk\n    unit: l\n"))
        #expect(half.target == .itemKey)
        #expect(half.presentKeys == ["name", "price"])
        #expect(replaced("items:\n  - name: Tea\n    cat‸\n") == "cat")
        // The first key after the dash, a line of spaces, and entries at column 0.
        #expect(context("items:\n  - ‸\n")?.target == .itemKey)
        #expect(context("items:\n  - name: Tea\n    ‸\n    unit: l\n")?.presentKeys == ["name", "unit"])
        #expect(context("items:\n- name: Tea\n  ‸\n")?.presentKeys == ["name"])
        // Right after a bare `-` that ends the line: a new item's first key, after a space.
        let bare = try #require(context("items:\n  - name: Tea\n  -‸\n"))
        #expect(bare.target == .itemKey && bare.needsSpace && bare.presentKeys.isEmpty && bare.replaced.isEmpty)
        #expect(context("items:\n-‸\n")?.needsSpace == true)
        #expect(context("items:\n  - ‸\n")?.needsSpace == false)
        // Not under another key, and not before the dash or with text after it.
        #expect(context("categories:\n  -‸\nitems: []\n") == nil)
        #expect(context("items:\n  ‸-\n")?.needsSpace != true)
        #expect(context("items:\n  -‸x\n") == nil)
        // A key completed in the middle of a word that has its colon already.
        let middle = try #require(context("items:\n  - name: Tea\n    pr‸ice: 2\n"))
        #expect(middle.hasColon && middle.presentKeys == ["name"])
        #expect(replaced("items:\n  - name: Tea\n    pr‸ice: 2\n") == "price")
    }

    @Test func linesDeeperThanTheKeysBelongToTheirValues() throws {
        let text = "items:\n  - name: Tea\n    notes: |\n      price: 3\n    x-tags:\n    - a\n    ‸\n"
        let found = try #require(context(text))
        #expect(found.presentKeys == ["name", "notes", "x-tags"])
        // Inside a block scalar, or under a nested key, nothing is completed.
        #expect(context("items:\n  - name: Tea\n    notes: |\n      some text ‸\n") == nil)
        #expect(context("items:\n  - name: Tea\n    x-extra:\n      ‸\n") == nil)
    }

    @Test func values() throws {
        let category = try #require(context("items:\n  - name: Tea\n    category: Pro‸duce # aisle 1\n"))
        #expect(category.target == .itemValue("category"))
        #expect(!category.needsSpace)
        #expect(replaced("items:\n  - name: Tea\n    category: Pro‸duce # aisle 1\n") == "Produce")
        let flag = try #require(context("items:\n  - name: Tea\n    buy:‸\n"))
        #expect(flag.target == .itemValue("buy") && flag.needsSpace && flag.replaced.isEmpty)
        #expect(context("currency: e‸\nitems: []\n")?.target == .listValue("currency"))
        #expect(replaced("items:\n  - name: Tea\n    unit: \"k‸\n") == "\"k")
        #expect(context("items:\n  - name: Tea\n    unit: [k‸\n") == nil)
    }

    @Test func flowMappings() throws {
        let key = try #require(context("items:\n  - {name: Tea, un‸}\n"))
        #expect(key.target == .itemKey && key.inFlow && key.presentKeys == ["name"])
        #expect(replaced("items:\n  - {name: Tea, un‸}\n") == "un")
        let value = try #require(context("items:\n  - {name: Tea, unit: k‸g, buy: true}\n"))
        #expect(value.target == .itemValue("unit") && value.presentKeys == ["name", "buy"])
        #expect(replaced("items:\n  - {name: Tea, unit: k‸g, buy: true}\n") == "kg")
        let sequence = try #require(context("items: [{name: Tea}, {name: Milk, pr‸\n"))
        #expect(sequence.target == .itemKey && sequence.presentKeys == ["name"])
        #expect(context("x-more: [{name: Milk, pr‸\nitems: []\n") == nil)
        #expect(context("items:\n  - {name: Tea, x-more: {a‸\n") == nil)
    }

    @Test func placesWithoutCompletions() {
        #expect(context("# a comment ‸\nitems: []\n") == nil)
        #expect(context("items:\n  - name: Tea # note ‸\n") == nil)
        #expect(context("x-stuff:\n  - name: Tea\n    pr‸\n") == nil)
        #expect(context("categories:\n  - Pro‸\nitems: []\n") == nil)
        // At the sequence's column a new entry needs its dash first.
        #expect(context("items:\n  - name: Tea\n  ‸\n") == nil)
        #expect(context("items:\n  - - ‸\n") == nil)
        #expect(context("  ‸items: []\n") == nil)
    }
}
