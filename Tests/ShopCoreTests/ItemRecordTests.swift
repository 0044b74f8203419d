import Testing

@testable import ShopCore

/// The decoder's record of an item has a place for the value of every known key.
@Suite struct ItemRecordTests {
    @Test func everyKnownKeyHasAnOffset() {
        // The offsets of every key but `size`, and the size's beside them.
        #expect(ItemRecord(node: 0).offsets.count + 1 == ItemKey.allCases.count)
        var record = ItemRecord(node: 0)
        for key in ItemKey.allCases { record.setOffset(UInt8(key.rank + 1), of: key) }
        #expect(ItemKey.allCases.map { record.offset($0) } == ItemKey.allCases.map { UInt8($0.rank + 1) })
    }
}
