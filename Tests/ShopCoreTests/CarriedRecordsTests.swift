@testable import ShopCore
import Testing
import TestSupport
import YAML

/// A list an edit made keeps the records of the items the edit did not touch: they are exactly
/// what decoding the edited document afresh gives.
@Suite("records carried across an edit")
struct CarriedRecordsTests {
    /// A record as text, every field of it.
    static func describe(_ record: ItemRecord) -> String {
        let offsets = (0..<9).map { String(record.offsets[$0]) }.joined(separator: ",")
        return "\(record.node) \(record.marks.rawValue) \(record.priceUnits) \(record.quantityThousandths) "
            + "\(record.nameFingerprint) [\(offsets)]"
    }

    static func names(_ list: ShoppingList) -> [String] {
        list.items.compactMap(\.name)
    }

    @Test("every kind of edit, on small lists and on lists decoded on two threads", arguments: [1, 40, 2_500])
    func carriedRecordsAreFreshOnes(count: Int) throws {
        var random = SeededGenerator(seed: UInt64(count))
        let list = try ShoppingList.read(SecondThreadTests.list(count)).get()
        let names = Self.names(list)
        for round in 0..<12 {
            var editor = try ListEditor(list: list)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let name = names[Int.random(in: 0..<names.count, using: &random)]
                switch Int.random(in: 0..<8, using: &random) {
                case 0: try? editor.buy(name)
                case 1: try? editor.markDone(name)
                case 2: try? editor.unbuy(name)
                case 3: try? editor.edit(name, values: ItemValues([.price: "\(round).25"]), unset: [])
                case 4: try? editor.edit(name, values: ItemValues([.name: "Renamed \(round)"]), unset: [])
                case 5: try? editor.remove(name)
                case 6: try? editor.add(ItemValues([.name: "Added \(round)", .price: "1", .buy: "true"]))
                default: try? editor.clear(all: false)
                }
            }
            guard editor.changed else { continue }
            let carried = editor.editedList
            let fresh = ShoppingList(document: carried.document)
            let differing = zip(carried.records, fresh.records).enumerated().first { Self.describe($0.element.0) != Self.describe($0.element.1) }
            #expect(
                carried.records.count == fresh.records.count && differing == nil,
                "round \(round): \(carried.records.count) records for \(fresh.records.count); first differing: \(differing.map { "\($0.offset): \(Self.describe($0.element.0)) for \(Self.describe($0.element.1))" } ?? "none")")
            #expect(carried.document.formatted() == editor.document.formatted())
        }
    }

    @Test("a row the edit changed, moved or inserted is not taken for an old one")
    func correspondence() throws {
        let document = try Document(parsing: "items:\n  - name: A\n  - name: B\n    price: 1\n  - name: C\n")
        let list = ShoppingList(document: document)
        var editor = try ListEditor(list: list)
        try editor.buy("B")
        let edited = editor.editedList
        let (_, rows) = document.applyingWithRows(DocumentEdit())
        #expect(rows.oldRow(ofCopied: 0..<document.withRawNodes { $0.count }) == 0, "no edit: every row is itself")
        // A and C are carried (C moved by the two rows buy: true added); B was decoded again.
        let byName = Dictionary(uniqueKeysWithValues: zip(Self.names(edited), edited.records))
        #expect(byName["B"]?.buy == true)
        #expect(byName["A"].map(Self.describe) == list.records.first.map(Self.describe))
        #expect(byName["C"]?.node == (list.records.last?.node ?? 0) + 2)
    }
}
