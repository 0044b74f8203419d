import Testing
import TestSupport
import YAML

@testable import ShopCore

/// `clear`, a rename, `rm` and `add` made as the list is read in parts write what the whole list's
/// edit writes and say what it says: `clear` counts the items of every part, a new name is refused
/// (by the whole list) when an item of any part has it, a removal that reaches into the next part
/// is made on the whole list, and a new item goes after the last item of its category, wherever
/// that is.
@Suite("clearing, renaming, removing and adding in a list read in parts")
struct PartsListEditTests {
    /// A list of 300 items with comments and blank lines, every third on the list, every seventh
    /// checked off: read in many parts even with large chunks.
    static let longList: [UInt8] = {
        var text = "title: T\ncurrency: EUR\ncategories: [Dairy]\nitems:\n"
        for index in 0..<300 {
            text += index % 7 == 0 ? "  # item \(index)\n" : ""
            text += "  - name: Item \(index) # \(index)\n    price: \(index).50\n"
            text += index % 3 == 0 ? "    buy: true\n" : ""
            text += index % 7 == 0 ? "    done: true\n" : ""
            text += index % 11 == 0 ? "\n" : ""
        }
        text += "  # the end of the items\nx-after: 1\n"
        return Array(text.utf8)
    }()

    /// Whether `clear` was made in parts; records a difference from the whole list's.
    @discardableResult
    static func expectSameClear(
        _ bytes: [UInt8], all: Bool, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Bool {
        let whole = PartsEditTests.wholeEdit(bytes, names: ["-"]) { editor, _ throws(EditRefusal) in
            try editor.clear(all: all)
        }
        return PartsEditTests.expectSameEdit(whole: whole, name, sourceLocation: sourceLocation) { capacity, sink in
            ListEditor.clearInParts(bytes, all: all, chunkCapacity: capacity, configure: { _ in }, into: sink)
        }
    }

    /// Whether renaming `name` to `newName` (and setting a price) was made in parts; records a
    /// difference from the whole list's edit.
    @discardableResult
    static func expectSameRename(
        _ bytes: [UInt8], _ name: String, to newName: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Bool {
        PartsEditTests.expectSameEdit(
            bytes, names: [name], claiming: newName,
            change: { editor, name throws(EditRefusal) in
                try editor.edit(name, values: ItemValues(name: newName, price: "2"), unset: [])
            }, "\(name) -> \(newName)", sourceLocation: sourceLocation)
    }

    @Test("clear and clear --all count the items of every part")
    func clearLongList() throws {
        for all in [false, true] {
            #expect(Self.expectSameClear(Self.longList, all: all, "all: \(all)"))
        }
        // The count is the whole list's: the 100 items on the list and the 28 checked off that are not.
        var text: [UInt8] = []
        let result = ListEditor.clearInParts(Self.longList, all: true, chunkCapacity: 4, configure: { _ in }) {
            text.append(contentsOf: $0)
        }
        guard case .success(.edited(let notes, true)) = result else {
            Issue.record("not cleared in parts: \(result)")
            return
        }
        #expect(notes == [EditNote(.changed, "took 128 items off the list")])
        let cleared = String(decoding: text, as: UTF8.self)
        #expect(!cleared.contains("buy:") && !cleared.contains("done:"))
        #expect(cleared.contains("  # item 294\n") && cleared.hasSuffix("  # the end of the items\nx-after: 1\n"))
    }

    @Test("a clear with nothing to clear says so and changes nothing")
    func clearNothing() {
        var text = "items:\n"
        for index in 0..<100 { text += "  - name: Item \(index)\n" + (index % 2 == 0 ? "    buy: true\n" : "") }
        var printed: [UInt8] = []
        let result = ListEditor.clearInParts(Array(text.utf8), all: false, chunkCapacity: 4, configure: { _ in }) {
            printed.append(contentsOf: $0)
        }
        guard case .success(.edited(let notes, let changed)) = result else {
            Issue.record("not read in parts: \(result)")
            return
        }
        #expect(!changed)
        #expect(notes == [EditNote(.unchanged, "no item is checked off; nothing to clear")])
        #expect(Self.expectSameClear(Array(text.utf8), all: false, "nothing checked off"))
    }

    @Test("an item to clear with a key written twice is left to the whole list, which refuses")
    func clearRefused() {
        var text = "items:\n"
        for index in 0..<100 { text += "  - name: Item \(index)\n" }
        text += "  - name: Last\n    done: true\n    done: true\n"
        #expect(!Self.expectSameClear(Array(text.utf8), all: false, "a key written twice"))
    }

    /// Whether the edit `inParts` makes (with events handed over 1, 4 and 40 at a time) is refused
    /// in parts at least once, and every refusal is the whole list's: `whole` on an editor of the
    /// whole list.
    static func expectSameRefusal(
        _ bytes: [UInt8], _ label: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
        whole: (inout ListEditor) throws(EditRefusal) -> Void,
        inParts: (Int) -> Result<ListEditor.PartsEdit, ReadFailure>
    ) -> Bool {
        var expected: EditRefusal?
        guard case .success(let list) = ShoppingList.read(bytes) else {
            Issue.record("\(label): not read", sourceLocation: sourceLocation)
            return false
        }
        do throws(EditRefusal) {
            var editor = try ListEditor(list: list)
            try whole(&editor)
        } catch {
            expected = error
        }
        guard let expected else {
            Issue.record("\(label): not refused whole", sourceLocation: sourceLocation)
            return false
        }
        var refusedInParts = false
        for capacity in [1, 4, 40] {
            switch inParts(capacity) {
            case .success(.refused(let refusal)):
                #expect(refusal == expected, "\(label), chunks of \(capacity)", sourceLocation: sourceLocation)
                refusedInParts = true
            case .success(.edited):
                Issue.record("\(label): made in parts, chunks of \(capacity)", sourceLocation: sourceLocation)
            case .success(.readWhole), .failure:
                break
            }
        }
        return refusedInParts
    }

    @Test("a new name is searched for in every part")
    func renameLongList() {
        // A name no item has, and an item's own name in other letters: made in parts.
        #expect(Self.expectSameRename(Self.longList, "Item 5", to: "Fresh name"))
        #expect(Self.expectSameRename(Self.longList, "Item 250", to: "ITEM 250"))
        #expect(Self.expectSameRename(Self.longList, "Item 0", to: "  Spaced out  "))
        // Another item's name, in a later part, an earlier one, or the same: refused as the whole
        // list refuses it, naming the first item that has it (in the same part, by the whole list).
        for (name, newName) in [("Item 5", "Item 290"), ("Item 290", "item 3"), ("Item 5", "Item 6"), ("Item 150", "ITEM 299")] {
            #expect(Self.expectSameRefusal(Self.longList, newName) { editor throws(EditRefusal) in
                try editor.edit(name, values: ItemValues(name: newName, price: "2"), unset: [])
            } inParts: { capacity in
                ListEditor.editInParts(
                    Self.longList, names: [name], claiming: newName, chunkCapacity: capacity, configure: { _ in },
                    change: { editor, name throws(EditRefusal) in
                        try editor.edit(name, values: ItemValues(name: newName, price: "2"), unset: [])
                    }, into: { _ in })
            })
        }
    }

    /// Whether removing `names` was made in parts; records a difference from the whole list's.
    @discardableResult
    static func expectSameRemoval(
        _ bytes: [UInt8], _ names: [String], capacities: [Int] = [1, 4, 40],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Bool {
        let whole = PartsEditTests.wholeEdit(bytes, names: names) { editor, name throws(EditRefusal) in
            try editor.remove(name)
        }
        return PartsEditTests.expectSameEdit(
            whole: whole, "rm \(names)", capacities: capacities, sourceLocation: sourceLocation
        ) {
            capacity, sink in
            ListEditor.removeInParts(bytes, names: names, chunkCapacity: capacity, configure: { _ in }, into: sink)
        }
    }

    @Test("removing any item of a long list, or two, writes what the whole list's removal writes")
    func removeLongList() {
        // Every item of a list like the long one, with parts of a few items: the removals at the
        // ends of parts are made on the whole list (their blank lines go to the next part).
        var text = "items:\n"
        for index in 0..<100 {
            text += index % 7 == 0 ? "  # item \(index)\n" : ""
            text += "  - name: Item \(index) # \(index)\n" + (index % 3 == 0 ? "    buy: true\n" : "")
            text += index % 4 == 0 ? "\n" : ""
        }
        text += "  # the end\n"
        var inParts = 0
        for index in 0..<100 where Self.expectSameRemoval(Array(text.utf8), ["Item \(index)"], capacities: [40, 100]) {
            inParts += 1
        }
        #expect(inParts > 50, "\(inParts) of 100 removed in parts")
        #expect(Self.expectSameRemoval(Self.longList, ["Item 0", "Item 299"], capacities: [40]))
        #expect(Self.expectSameRemoval(Self.longList, ["Item 76", "item 77", "Item 78"], capacities: [1000]))
        #expect(!Self.expectSameRemoval(Self.longList, ["Item 76", "No such item"]))
    }

    @Test("removing every item: in parts when the list is one part, else on the whole list")
    func removeEverything() {
        var text = "items:\n"
        for index in 0..<40 { text += "  - name: Item \(index)\n" }
        let names = (0..<40).map { "Item \($0)" }
        #expect(Self.expectSameRemoval(Array(text.utf8), names, capacities: [1000]))
        #expect(!Self.expectSameRemoval(Array(text.utf8), names, capacities: [4]))
        var printed: [UInt8] = []
        _ = ListEditor.removeInParts(Array(text.utf8), names: names, chunkCapacity: 1000, configure: { _ in }) {
            printed.append(contentsOf: $0)
        }
        #expect(String(decoding: printed, as: UTF8.self) == "items: []\n")
    }

    /// Whether adding an item with `values` was made in parts; records a difference from the whole
    /// list's edit.
    @discardableResult
    static func expectSameAddition(
        _ bytes: [UInt8], _ values: ItemValues, capacities: [Int] = [1, 4, 40],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Bool {
        let whole = PartsEditTests.wholeEdit(bytes, names: ["-"]) { editor, _ throws(EditRefusal) in
            try editor.add(values)
        }
        return PartsEditTests.expectSameEdit(
            whole: whole, "add \(values.name ?? "") \(values.category ?? "")", capacities: capacities,
            sourceLocation: sourceLocation
        ) { capacity, sink in
            ListEditor.addInParts(bytes, values: values, chunkCapacity: capacity, configure: { _ in }, into: sink)
        }
    }

    @Test("a new item goes after the last item of its category, in whichever part it is")
    func addLongList() {
        let categories = ["Dairy", "Bakery", "Produce", "Frozen"]
        var text = "categories: [Dairy, Bakery, Produce, Frozen]\nitems:\n"
        for index in 0..<200 {
            text += index % 7 == 0 ? "  # item \(index)\n" : ""
            text += "  - name: Item \(index) # \(index)\n"
            // Frozen items are the first few only; Produce ends the list.
            let category = index < 10 ? "Frozen" : index == 199 ? "produce" : categories[index % 3]
            text += index % 5 == 4 ? "" : "    category: \(category)\n"
            text += index % 11 == 0 ? "\n" : ""
        }
        text += "  # the end\n"
        let bytes = Array(text.utf8)
        var inParts = 0
        for category in [nil, "Dairy", "BAKERY", "Produce", "Frozen", "Snacks"] as [String?] {
            for capacity in [4, 40, 100, 5000] {
                let values = ItemValues(name: "New thing", price: "1.5", category: category, buy: true)
                if Self.expectSameAddition(bytes, values, capacities: [capacity]) { inParts += 1 }
            }
        }
        // Every one, at the start of a part (in parts of one item) as elsewhere.
        #expect(inParts == 24, "\(inParts) of 24 added in parts")
        // A name an item has, in any part: refused as the whole list refuses it.
        for name in ["Item 3", "item 150", "ITEM 199"] {
            let values = ItemValues(name: name, category: "Dairy")
            #expect(Self.expectSameRefusal(bytes, name) { editor throws(EditRefusal) in try editor.add(values) } inParts: {
                ListEditor.addInParts(bytes, values: values, chunkCapacity: $0, configure: { _ in }, into: { _ in })
            })
        }
        // With structure errors too, the whole list's editor says so first.
        let broken = Array((text + "  - just a string\n").utf8)
        guard case .success(.readWhole) = ListEditor.addInParts(
            broken, values: ItemValues(name: "Item 3"), chunkCapacity: 40, configure: { _ in }, into: { _ in })
        else {
            Issue.record("a taken name in a broken list refused in parts")
            return
        }
    }

    @Test("generated lists: clear, clear --all, renames to new and taken names, removals, additions")
    func generated() {
        var generator = ShopFileGenerator(seed: 0xC1EA_2A3E)
        var random = SeededGenerator(seed: 77)
        var inParts = 0
        for index in 0..<240 {
            let bytes = Array(generator.file().utf8)
            guard case .success(let list) = ShoppingList.read(bytes) else { continue }
            switch index % 5 {
            case 0, 1:
                if Self.expectSameClear(bytes, all: index % 5 == 1, "file \(index)") { inParts += 1 }
            case 3:
                let known = list.items.compactMap(\.name)
                let categories = list.items.compactMap(\.category) + ["Elsewhere"]
                let name = Int.random(in: 0..<3, using: &random) == 0 ? known.randomElement(using: &random) : "New \(index)"
                let category = Int.random(in: 0..<4, using: &random) == 0 ? nil : categories.randomElement(using: &random)
                if Self.expectSameAddition(bytes, ItemValues(name: name, category: category), capacities: [4, 40]) {
                    inParts += 1
                }
            case 2:
                let known = list.items.compactMap(\.name)
                let names = (0..<Int.random(in: 1...3, using: &random)).compactMap { _ in known.randomElement(using: &random) }
                if Self.expectSameRemoval(bytes, names) { inParts += 1 }
            default:
                let known = list.items.compactMap(\.name)
                guard let name = known.randomElement(using: &random) else { continue }
                let taken = Int.random(in: 0..<2, using: &random) == 0
                let newName = taken ? known.randomElement(using: &random)! : "New \(index)"
                if Self.expectSameRename(bytes, name, to: newName) { inParts += 1 }
            }
        }
        // Many are made in parts (the others are lists that cannot be printed in parts, or
        // refusals): the test is not vacuous.
        #expect(inParts >= 15, "\(inParts) of 240 made in parts")
    }
}
