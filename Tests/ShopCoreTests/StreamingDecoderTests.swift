import Testing
import YAML

@testable import ShopCore

/// The decoder that runs during a read does decode the items, on both schedules: the list then
/// takes its records instead of decoding them again.
@Suite("the decoder that runs during a read")
struct StreamingDecoderTests {
    @Test("it decodes the items of small and large files as they are read", arguments: [10, 5_000])
    func decodesWhileReading(count: Int) throws {
        let text = "currency: EUR\nitems:\n" + (0..<count).map { "  - name: Item \($0)\n    price: 1.5\n" }.joined()
        let decoder = StreamingItemDecoder()
        let document = try Document(parsing: Array(text.utf8), observer: decoder)
        #expect(decoder.records.count == count)
        #expect(decoder.decimals == 2)
        #expect(decoder.itemsNode == document.root?["items"]?.id.index)
        let list = ShoppingList(document: document, streamed: decoder)
        #expect(list.items.count == count && list.items.last?.price == DecimalNumber(units: 150, scale: 2))
    }

    @Test("a currency after the items is noticed, and the list decodes them again")
    func currencyAfterItems() throws {
        let decoder = StreamingItemDecoder()
        let document = try Document(parsing: Array("items:\n  - {name: A, price: 3.5}\ncurrency: JPY\n".utf8), observer: decoder)
        #expect(decoder.currencyAfterItems)
        let list = ShoppingList(document: document, streamed: decoder)
        // In yen a price has no decimals: 3.5 is a bad price there.
        #expect(list.items[0].price == nil)
        #expect(list.check().contains { $0.rule == .badPrice })
    }
}
