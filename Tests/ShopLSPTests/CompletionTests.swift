import JSON
import ShopCore
import ShopLSP
import Testing

/// `textDocument/completion` through the server: keys from the schema, values from the list.
@Suite struct CompletionTests {
    /// The completion items at the marked place, with `before` sent between opening and asking.
    func items(_ marked: String, opened: String? = nil, before: [UInt8] = [], encodings: [String]? = nil) -> [JSONValue] {
        let text = MarkedText(marked)
        let position: JSONValue =
            encodings == ["utf-8"] ? ["line": .int(text.line), "character": .int(text.utf8Column)] : text.position
        let session = FeatureSession(
            opened ?? text.text, encodings: encodings, before: before, [("textDocument/completion", ["position": position])])
        return session.result()?["items"]?.arrayValue ?? []
    }

    func labels(_ items: [JSONValue]) -> [String] {
        items.compactMap { $0["label"]?.stringValue }
    }

    func newTexts(_ items: [JSONValue]) -> [String] {
        items.compactMap { $0["textEdit"]?["newText"]?.stringValue }
    }

    @Test func itemKeysTheMappingDoesNotHave() throws {
        let found = items("items:\n  - name: Tea\n    price: 2\n    ‸\n")
        #expect(labels(found) == ["id", "quantity", "unit", "size", "category", "buy", "done", "notes"])
        #expect(newTexts(found).first == "id: ")
        let quantity = try #require(found.first { $0["label"] == "quantity" })
        #expect(quantity["documentation"] == .string(ItemKey.quantity.definition.meaning))
        #expect(quantity["kind"] == 10)
        #expect(quantity["detail"] == "quantity")
        #expect(quantity["textEdit"]?["range"] == ["start": ["line": 3, "character": 4], "end": ["line": 3, "character": 4]])
        // A key typed half, in a document that does not read: the word is replaced.
        let half = items("items:\n  - name: Tea\n    cat‸\n")
        #expect(labels(half).count == 9)
        #expect(half.first { $0["label"] == "category" }?["textEdit"] == [
            "range": ["start": ["line": 2, "character": 4], "end": ["line": 2, "character": 7]], "newText": "category: ",
        ])
        // Right after a bare `-`, the key comes after a space.
        let bare = items("items:\n  - name: Tea\n  -‸\n")
        #expect(labels(bare).first == "name" && newTexts(bare).first == " name: ")
        #expect(bare.first?["textEdit"]?["range"] == ["start": ["line": 2, "character": 3], "end": ["line": 2, "character": 3]])
        // With its colon there already, only the key is written.
        #expect(newTexts(items("items:\n  - name: Tea\n    pr‸: 2\n")).contains("price"))
    }

    @Test func topLevelKeys() {
        let found = items("title: Weekly\n‸\nitems: []\n")
        #expect(labels(found) == ["currency", "catalog", "categories", "stores"])
        #expect(newTexts(found) == ["currency: ", "catalog: ", "categories:\n  - ", "stores:\n  "])
        #expect(found.first?["documentation"] == .string(ListKey.currency.meaning))
    }

    @Test func categoriesListedThenUsed() {
        let text = """
            categories: [Produce, "Fruit: fresh", Dairy]
            items:
              - name: Tea
                category: Drinks
              - name: Milk
                category: dairy
              - name: Yes
                category: "yes"
              - name: Bread
                category: ‸
            """
        let found = items(text)
        #expect(labels(found) == ["Produce", "Fruit: fresh", "Dairy", "Drinks", "yes"])
        // What YAML would read as something else is quoted.
        #expect(newTexts(found) == ["Produce", "\"Fruit: fresh\"", "Dairy", "Drinks", "\"yes\""])
        #expect(found.first?["sortText"] == "0000")
        // In a flow mapping a comma needs quotes too.
        let flow = items("categories: [\"Fruit, Veg\"]\nitems:\n  - {name: Tea, category: ‸}\n")
        #expect(newTexts(flow) == ["\"Fruit, Veg\""])
    }

    @Test func theWordBeingTypedIsNoCandidate() {
        // Only the item being written uses `P` or `Pro`: they are not offered.
        #expect(labels(items("categories: [Produce]\nitems:\n  - {name: a, category: P‸}\n")) == ["Produce"])
        #expect(labels(items("categories: [Produce]\nitems:\n  - name: a\n    category: Pro‸\n")) == ["Produce"])
        #expect(labels(items("items:\n  - {name: A, unit: kg}\n  - name: D\n    unit: k‸\n")) == ["kg"])
        // Another item's, or one `categories` lists, is.
        #expect(labels(items("items:\n  - {name: a, category: Pro}\n  - name: b\n    category: Pro‸\n")) == ["Pro"])
        #expect(labels(items("categories: [Pro]\nitems:\n  - name: b\n    category: Pro‸\n")) == ["Pro"])
    }

    @Test func unitsTheItemsUseMostUsedFirst() {
        let text = "items:\n  - {name: A, unit: kg}\n  - {name: B, unit: pcs}\n  - {name: C, unit: pcs}\n  - name: D\n    unit:‸\n"
        let found = items(text)
        #expect(labels(found) == ["pcs", "kg"])
        // Right after the colon, a space comes first.
        #expect(newTexts(found) == [" pcs", " kg"])
    }

    /// The sizes the items have, as a list writes them, the most used first; one of another form
    /// (which `bad-size` reports) is not offered.
    @Test func sizesTheItemsHaveMostUsedFirst() {
        let text = "items:\n  - {name: A, size: 1 l}\n  - {name: B, size: 500 g}\n  - {name: C, size: 500 g}\n  - {name: E, size: 500g}\n  - name: D\n    size: ‸\n"
        #expect(labels(items(text)) == ["500 g", "1 l"])
    }

    @Test func flagsAndCurrencyCodes() throws {
        let flags = items("items:\n  - name: Tea\n    done: t‸\n")
        #expect(labels(flags) == ["true", "false"])
        #expect(newTexts(flags) == ["true", "false"])
        let codes = items("currency: ‸\nitems: []\n")
        #expect(codes.count == Currency.minorUnits.count)
        let yen = try #require(codes.first { $0["label"] == "JPY" })
        #expect(yen["detail"] == "0 decimals")
        #expect(codes.first { $0["label"] == "EUR" }?["detail"] == "2 decimals")
        #expect(labels(codes) == labels(codes).sorted())
        // Names after name: come from a catalog, which lists do not name yet.
        #expect(items("items:\n  - name: ‸\n").isEmpty)
        #expect(items("title: ‸\nitems: []\n").isEmpty)
    }

    @Test func valuesWhileTheDocumentDoesNotRead() throws {
        // The line being typed stops the document from reading; without it, it reads.
        let quoted = items("categories: [Produce]\nitems:\n  - name: Tea\n    category: \"Pro‸\n")
        #expect(labels(quoted) == ["Produce"])
        #expect(quoted.first?["filterText"] == "\"Produce")
        #expect(quoted.first?["textEdit"]?["range"] == ["start": ["line": 3, "character": 14], "end": ["line": 3, "character": 18]])
        // Broken elsewhere too: the last text of the document that read gives the values.
        let good = "categories: [Produce, Dairy]\nitems:\n  - name: Tea\n    category: Dairy\n"
        let broken = MarkedText("categories: [Produce, Dairy]\nitems:\n  - name: Tea\n    category: ‸\n  - name: \"Milk\n")
        let change = Frames.notification(
            "textDocument/didChange",
            ["textDocument": ["uri": .string(FeatureSession.uri), "version": 2], "contentChanges": [["text": .string(broken.text)]]])
        let session = FeatureSession(good, before: change, [("textDocument/completion", ["position": broken.position])])
        #expect(session.diagnostics.first?["code"] == "syntax")
        #expect(labels(session.result()?["items"]?.arrayValue ?? []) == ["Produce", "Dairy"])
    }

    @Test func placesInUTF8AndUTF16() {
        let text = "items:\n  - {name: Grüße 😀, un‸}\n"
        for encodings in [nil, ["utf-8"]] as [[String]?] {
            let found = items(text, encodings: encodings)
            let start = encodings == nil ? 21 : 25
            #expect(found.first { $0["label"] == "unit" }?["textEdit"]?["range"] == [
                "start": ["line": 1, "character": .int(start)], "end": ["line": 1, "character": .int(start + 2)],
            ])
        }
    }

    @Test func nothingWhereNothingIsTyped() {
        #expect(items("# note ‸\nitems: []\n").isEmpty)
        let session = FeatureSession("items: []\n", [("textDocument/completion", [:])])
        #expect(session.response()?.errorCode == ErrorCode.invalidParams.rawValue)
    }

    @Test func completionIsAnnounced() {
        let capabilities = FeatureSession("items: []\n", []).messages.first?["result"]?["capabilities"]
        #expect(capabilities?["completionProvider"] == ["triggerCharacters": [":", " "], "resolveProvider": false])
    }
}
