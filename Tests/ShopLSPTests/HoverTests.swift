import JSON
import ShopCore
import ShopLSP
import Testing

/// `textDocument/hover`: key meanings from the schema, items' line totals and where they stand.
@Suite struct HoverTests {
    static let list = """
        currency: EUR
        items:
          - name: Oat *milk*
            price: 0.99
            quantity: 1.5
            unit: l
            buy: true
          - name: Bread
            price: 2.5
            buy: true
            done: true
          - {name: Tea, price: free}
          - name: Jam
            done: true
            x-shelf: 3
          - name: Salt
        """

    func hover(_ marked: String, markdown: Bool = true, encodings: [String]? = nil) -> JSONValue? {
        let text = MarkedText(marked)
        let capabilities: JSONObject = markdown ? FeatureSession.fullCapabilities : [:]
        let position: JSONValue =
            encodings == ["utf-8"] ? ["line": .int(text.line), "character": .int(text.utf8Column)] : text.position
        return FeatureSession(text.text, encodings: encodings, capabilities: capabilities, [("textDocument/hover", ["position": position])])
            .result()
    }

    func value(_ hover: JSONValue?) -> String? { hover?["contents"]?["value"]?.stringValue }

    func marked(at needle: String, offset: Int = 0) -> String {
        var text = Self.list
        let index = text.range(of: needle)!.lowerBound
        text.insert("‸", at: text.index(index, offsetBy: offset))
        return text
    }

    @Test func keysSayWhatTheyMean() throws {
        let price = try #require(hover(marked(at: "price: 0.99", offset: 2)))
        #expect(value(price) == "**price** (item key): " + ItemKey.price.definition.meaning)
        #expect(price["contents"]?["kind"] == "markdown")
        #expect(price["range"] == ["start": ["line": 3, "character": 4], "end": ["line": 3, "character": 9]])
        for key in ItemKey.allCases {
            let text = "items:\n  - \(key.rawValue)‸: x\n"
            #expect(value(hover(text)) == "**\(key.rawValue)** (item key): " + key.definition.meaning.replacingMarkup())
        }
        for key in ListKey.allCases {
            #expect(value(hover("\(key.rawValue)‸: []\n")) == "**\(key.rawValue)** (top-level key): " + key.meaning.replacingMarkup())
        }
        #expect(value(hover(marked(at: "x-shelf", offset: 3))) == "**x-shelf**: a user extension, kept as written and never checked.")
        #expect(value(hover(marked(at: "currency", offset: 1), markdown: false)) == "currency (top-level key): " + ListKey.currency.meaning)
    }

    @Test func itemsShowTheirLineTotalAndWhereTheyStand() throws {
        // 0.99 × 1.5 = 1.485, rounded half to even as exports add it up.
        let milk = try #require(hover(marked(at: "0.99", offset: 1)))
        #expect(value(milk) == "**Oat \\*milk\\***\n\nLine total: 1.48 EUR (1.5 l × 0.99)\n\nOn the shopping list, not done yet.")
        #expect(milk["range"] == ["start": ["line": 2, "character": 4], "end": ["line": 6, "character": 13]])
        #expect(
            value(hover(marked(at: "Bread"), markdown: false))
                == "Bread\nLine total: 2.50 EUR (1 × 2.50)\nOn the shopping list, and done: in the basket.")
        #expect(
            value(hover(marked(at: "Tea"), markdown: false)) == "Tea\nThe price is not valid, so there is no line total.\nNot on the shopping list.")
        #expect(value(hover(marked(at: "Jam"), markdown: false))?.hasSuffix("\nDone, but not on the shopping list (buy is not true).") == true)
        #expect(value(hover(marked(at: "Salt", offset: 4), markdown: false)) == "Salt\nNo price, so no line total.\nNot on the shopping list.")
        #expect(value(hover("currency: JPY\nitems:\n  - name: Rice‸\n    price: 300\n    quantity: 2\n"))?.contains("600 JPY (2 × 300)") == true)
    }

    @Test func rangesInEitherEncoding() {
        let text = "items:\n  - {name: Grüße 😀, price: 1}\n  - name: Käse‸\n"
        #expect(hover(text)?["range"] == ["start": ["line": 2, "character": 4], "end": ["line": 2, "character": 14]])
        #expect(hover(text, encodings: ["utf-8"])?["range"] == ["start": ["line": 2, "character": 4], "end": ["line": 2, "character": 15]])
        let flow = "items:\n  - {name: Grüße 😀, pri‸ce: 1}\n"
        #expect(hover(flow)?["range"] == ["start": ["line": 1, "character": 21], "end": ["line": 1, "character": 26]])
        #expect(hover(flow, encodings: ["utf-8"])?["range"] == ["start": ["line": 1, "character": 25], "end": ["line": 1, "character": 30]])
    }

    @Test func nothingElsewhere() {
        #expect(hover(marked(at: "EUR", offset: 1)) == .null)
        #expect(hover("items:\n  - name: Tea\n\n‸\n") == .null)
        #expect(hover("items:\n  ‸- name: Tea\n") == .null)
        #expect(hover("items:\n  - name: \"Tea‸\n") == .null)
        #expect(hover("‸") == .null)
    }
}

extension String {
    /// The text as a hover writes it in Markdown.
    fileprivate func replacingMarkup() -> String {
        var result = ""
        for character in self {
            if "\\`*_[]<>|~".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
