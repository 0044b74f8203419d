import ShopCore
import Testing
import TestSupport
import YAML

/// Items decoded while a document is read are the items decoded after it: on small files (read on
/// one thread) and large ones (two), whatever the order of the top-level keys.
@Suite("decoding while reading")
struct StreamingDecodeTests {
    /// Everything a list says, for comparing two decodings of one text.
    static func summary(_ list: ShoppingList) -> [String] {
        let items = list.items.map { item in
            [
                item.name, item.id, item.price?.description, item.quantity?.description, item.unit, item.category,
                item.notes, "\(item.buy)", "\(item.done)", "\(item.node.index)",
            ].map { $0 ?? "-" }.joined(separator: "|")
        }
        let findings = list.check().map { "\($0.rule.rawValue) \($0.span.start)-\($0.span.end)" }
        let formatted = String(decoding: list.document.formatted(policy: CanonicalForm.policy(for: list)), as: UTF8.self)
        return items + findings + [formatted]
    }

    static func expectSame(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let bytes = Array(text.utf8)
        let streamed = try ShoppingList.read(bytes).get()
        let after = ShoppingList(document: try Document(parsing: bytes))
        #expect(Self.summary(streamed) == Self.summary(after), sourceLocation: sourceLocation)
    }

    @Test("generated files, small and large")
    func generated() throws {
        var generator = ShopFileGenerator(seed: 0x5EED_5EED, sizes: true)
        for _ in 0..<300 {
            let text = generator.file()
            guard (try? Document(parsing: text)) != nil else { continue }
            try Self.expectSame(text)
            // The same items many times over: read on two threads.
            if let items = text.range(of: "items:\n") {
                let body = text[items.upperBound...]
                let large = String(text[..<items.upperBound]) + String(repeating: String(body), count: max(1, 70_000 / max(body.count, 1)))
                if (try? Document(parsing: large)) != nil { try Self.expectSame(large) }
            }
        }
    }

    @Test(
        "the currency after the items, two items keys, items that are not mappings, no mapping at the top",
        arguments: [
            "items:\n  - {name: A, price: 3.5}\ncurrency: JPY\n",
            "items:\n  - {name: A, price: 3.5}\ncurrency: KWD\n",
            "currency: JPY\nitems:\n  - {name: A, price: 3.5}\nitems:\n  - {name: B}\n",
            "items:\n  - a\n  - {name: A}\n  - [b]\n",
            "- {name: A}\n",
            "title: x\nx-store: {name: A, price: 1}\nitems: []\n",
            "currency: EUR\ncurrency: JPY\nitems:\n  - {name: A, price: 3.50}\n",
        ])
    func orders(text: String) throws {
        try Self.expectSame(text)
        let large = text + String(repeating: "# padding so that the read is on two threads\n", count: 2_000)
        try Self.expectSame(large)
    }
}
