import JSON
import Testing

@testable import ShopLSP

/// Completion of the categories in a store's aisle order under `stores:`.
@Suite struct StoreCompletionTests {
    func context(_ marked: String) -> CompletionContext? {
        let text = MarkedText(marked)
        let document = TextDocument(uri: "file:///a", languageID: "yaml", version: 1, text: text.text)
        return CompletionContext(bytes: document.bytes, lines: document.lines, offset: text.offset)
    }

    @Test func theEntriesOfAStoreAreCategories() throws {
        let typed = try #require(context("stores:\n  Market:\n    - Bakery\n    - Da‸\nitems: []\n"))
        #expect(typed.target == .storeCategory)
        #expect(context("stores:\n  Market:\n    - ‸\nitems: []\n")?.target == .storeCategory)
        // Below another store and its categories; a compact sequence at the store's column.
        #expect(context("stores:\n  Corner:\n    - Frozen\n  Market:\n    - ‸\n")?.target == .storeCategory)
        #expect(context("stores:\n  Market:\n  - ‸\n")?.target == .storeCategory)
        // Not in `categories`, under an item, or under a key of another top-level mapping.
        #expect(context("categories:\n  - P‸\n")?.target != .storeCategory)
        #expect(context("x-shops:\n  Market:\n    - ‸\n")?.target != .storeCategory)
        #expect(context("items:\n  - name: Tea\n    x-tags:\n      - ‸\n")?.target != .storeCategory)
        // Not in a comment.
        #expect(context("stores:\n  Market:\n    - # a‸\n") == nil)
    }

    @Test func theFileCategoriesAreOffered() {
        let text = MarkedText("categories: [Produce, Dairy]\nstores:\n  Market:\n    - D‸\nitems:\n  - {name: Tea, category: Drinks}\n")
        let session = FeatureSession(text.text, [("textDocument/completion", ["position": text.position])])
        let items = session.result()?["items"]?.arrayValue ?? []
        #expect(items.compactMap { $0["label"]?.stringValue } == ["Produce", "Dairy", "Drinks"])
        let edit = items.first?["textEdit"]
        #expect(edit?["newText"] == "Produce")
        #expect(edit?["range"] == ["start": ["line": 3, "character": 6], "end": ["line": 3, "character": 7]])
    }
}
