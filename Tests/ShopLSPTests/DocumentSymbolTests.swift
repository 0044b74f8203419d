import JSON
import ShopLSP
import Testing

/// `textDocument/documentSymbol`: the title, the categories in aisle order and their items.
@Suite struct DocumentSymbolTests {
    static let list = """
        title: Weekly 😀
        categories:
          - Produce
          - Frozen
          - Dairy
        items:
          - name: Milk
            category: dairy
            buy: true
          - name: Apples
            category: Produce
          - {name: Tea, category: Drinks, done: true}
          - name: Salt
          - name: Cheese
            category: Dairy
            buy: true
            done: true
          - name: "  "
            category: Drinks
        """

    func symbols(_ text: String, hierarchical: Bool = true) -> [JSONValue] {
        let capabilities: JSONObject = hierarchical ? FeatureSession.fullCapabilities : [:]
        return FeatureSession(text, capabilities: capabilities, [("textDocument/documentSymbol", [:])]).result()?.arrayValue ?? []
    }

    static func range(_ line: Int, _ start: Int, _ endLine: Int, _ end: Int) -> JSONValue {
        ["start": ["line": .int(line), "character": .int(start)], "end": ["line": .int(endLine), "character": .int(end)]]
    }

    @Test func titleCategoriesAndItems() throws {
        let found = symbols(Self.list)
        #expect(found.map { $0["name"] } == ["Weekly 😀", "Produce", "Frozen", "Dairy", "Drinks", "Other"])
        let title = found[0]
        #expect(title["kind"] == 15 && title["detail"] == "title")
        #expect(title["range"] == Self.range(0, 0, 0, 16))
        #expect(title["selectionRange"] == Self.range(0, 7, 0, 16))
        let children = found.map { ($0["children"]?.arrayValue ?? []).map { $0["name"] } }
        #expect(children == [[], ["Apples"], [], ["Milk", "Cheese"], ["Tea", "(no name)"], ["Salt"]])
        // A listed category is chosen at its entry; its range spans the entry and its items.
        let dairy = found[3]
        #expect(dairy["kind"] == 3 && dairy["detail"] == "2 items")
        #expect(dairy["selectionRange"] == Self.range(4, 4, 4, 9))
        #expect(dairy["range"] == Self.range(4, 4, 16, 14))
        let milk = try #require(dairy["children"]?[0])
        #expect(milk["kind"] == 19 && milk["detail"] == "on the list")
        #expect(milk["range"] == Self.range(6, 4, 8, 13))
        #expect(milk["selectionRange"] == Self.range(6, 10, 6, 14))
        #expect(dairy["children"]?[1]?["detail"] == "on the list, done")
        // An empty listed category is there, over its entry.
        #expect(found[2]["range"] == Self.range(3, 4, 3, 10) && found[2]["detail"] == "0 items")
        // A category the list does not name is chosen at its first item's category.
        #expect(found[4]["selectionRange"] == Self.range(11, 26, 11, 32))
        #expect(found[4]["children"]?[0]?["detail"] == "done")
    }

    @Test func everySymbolLiesInItsParent() {
        func contains(_ outer: JSONValue?, _ inner: JSONValue?) -> Bool {
            func key(_ position: JSONValue?) -> [Int] { [position?["line"]?.intValue ?? -1, position?["character"]?.intValue ?? -1] }
            return key(outer?["start"]).lexicographicallyPrecedes(key(inner?["start"])) || key(outer?["start"]) == key(inner?["start"])
                ? !key(outer?["end"]).lexicographicallyPrecedes(key(inner?["end"])) : false
        }
        for symbol in symbols(Self.list) {
            #expect(contains(symbol["range"], symbol["selectionRange"]))
            for child in symbol["children"]?.arrayValue ?? [] {
                #expect(contains(symbol["range"], child["range"]))
                #expect(contains(child["range"], child["selectionRange"]))
            }
        }
    }

    @Test func withoutCategoriesTheItemsStandAlone() {
        let found = symbols("items:\n  - name: Tea\n  - name: Milk\n")
        #expect(found.map { $0["name"] } == ["Tea", "Milk"])
        #expect(symbols("title:\nitems: []\n").map { $0["name"] } == ["(no title)"])
    }

    @Test func aFlatListForClientsWithoutHierarchies() {
        let found = symbols(Self.list, hierarchical: false)
        #expect(found.count == 6 + 6)
        let milk = found.first { $0["name"] == "Milk" }
        #expect(milk?["containerName"] == "Dairy")
        #expect(milk?["location"] == ["uri": .string(FeatureSession.uri), "range": Self.range(6, 4, 8, 13)])
        #expect(found.first?["containerName"] == nil)
    }

    @Test func aDocumentThatDoesNotReadHasNoOutline() {
        #expect(symbols("items:\n  - name: \"Tea\n").isEmpty)
        #expect(FeatureSession("items: []\n", []).messages.first?["result"]?["capabilities"]?["documentSymbolProvider"] == true)
    }
}
