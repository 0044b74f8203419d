import Testing
import TestSupport
import YAML

@testable import ShopCore

/// An import made as the list is read in parts writes what the whole list's import writes, says
/// what it says, and refuses with the same problems, wherever the items it names are: at a part's
/// start or end, in the first part or the last, named by a checklist line that reads more than one
/// way.
@Suite("importing into a list read in parts")
struct PartsImportTests {
    /// What an import into the whole list did.
    enum Outcome: Equatable {
        /// Edited: the text written (nil when nothing changed) and the notes.
        case edited(text: [UInt8]?, notes: [EditNote])
        /// Refused, with these problems.
        case refused([ImportProblem])
        /// The list or the input cannot be read, or the list cannot be edited: said by the whole
        /// list's import only.
        case unread
    }

    /// The import of `input` read as `format` into the whole list, as `shop import` makes it.
    static func wholeImport(_ bytes: [UInt8], _ input: String, _ format: ImportFormat) -> Outcome {
        guard case .success(let list) = ShoppingList.read(bytes), var editor = try? ListEditor(list: list) else {
            return .unread
        }
        let known = Set(list.items.compactMap { $0.name.map(NameKey.init) })
        guard
            let read = try? ImportEntries.read(
                Array(input.utf8), format: format, knownNames: known, priceDecimals: list.priceDecimals)
        else { return .unread }
        do throws(ImportRefusal) {
            try editor.importEntries(read)
        } catch {
            return .refused(error.problems)
        }
        guard editor.changed else { return .edited(text: nil, notes: editor.notes) }
        let edited = editor.editedList
        guard edited.check(RuleRegistry.structural).isEmpty else { return .unread }
        return .edited(text: edited.document.formatted(policy: CanonicalForm.policy(for: edited)), notes: editor.notes)
    }

    /// What `shop import --dry-run` shows when the whole list is read: the changes from the list to
    /// what the import makes of it.
    static func wholePreview(_ bytes: [UInt8], _ whole: Outcome) -> ListDiff? {
        guard case .success(let list) = ShoppingList.read(bytes), case .edited(let text, _) = whole else { return nil }
        guard let text else { return ListDiff(old: list, new: list) }
        guard case .success(let edited) = ShoppingList.read(text) else { return nil }
        return ListDiff(old: list, new: edited)
    }

    /// Records a difference between the preview made in parts and the whole list's.
    static func expectSamePreview(
        _ bytes: [UInt8], _ text: ImportText, _ format: ImportFormat, whole: Outcome, way: Way,
        sourceLocation: Testing.SourceLocation
    ) {
        var problems: [ImportProblem]?
        var changes: [ListDiff.ItemChange] = []
        let preview = ListEditor.importPreviewInParts(
            bytes, text: text, format: format, chunkCapacity: way.capacity, facts: way.facts, batchSize: way.batchSize,
            refusing: { refusal in
                problems = refusal.problems
                return EditRefusal("refused")
            }, changes: { changes.append($0) })
        let label = "\(format.rawValue) preview, \(way)"
        switch preview {
        case .success(.changes(let counts, let notes)):
            guard case .edited(_, let expectedNotes) = whole, let expected = wholePreview(bytes, whole) else {
                Issue.record("\(label): previewed in parts, \(whole) whole", sourceLocation: sourceLocation)
                return
            }
            let diff = ListDiff(listChanges: [], itemChanges: changes, options: ListDiff.Options())
            #expect(notes == expectedNotes, "\(label)", sourceLocation: sourceLocation)
            #expect(diff.text() == expected.text(), "\(label)", sourceLocation: sourceLocation)
            #expect(diff == expected, "\(label)", sourceLocation: sourceLocation)
            #expect(counts == expected.counts, "\(label)", sourceLocation: sourceLocation)
        case .success(.refused):
            #expect(whole == .refused(problems ?? []), "\(label)", sourceLocation: sourceLocation)
        case .success(.readWhole), .failure:
            break
        }
    }

    /// One way of making an import in parts: libyaml's events handed over `capacity` at a time,
    /// the list's facts gathered as `facts` says, new items made `batchSize` at a time.
    struct Way: CustomStringConvertible {
        var capacity: Int
        var facts: ListEditor.FactsReading
        var batchSize: Int

        /// The ways for each capacity: the facts gathered in parts and whole in turn, new items
        /// made one, two, three and 256 at a time in turn.
        static func ways(_ capacities: [Int]) -> [Way] {
            capacities.enumerated().map { index, capacity in
                Way(capacity: capacity, facts: index % 2 == 0 ? .inParts : .whole, batchSize: [1, 2, 3, 256][index % 4])
            }
        }

        var description: String { "chunks of \(capacity), facts \(facts), new items \(batchSize) at a time" }
    }

    /// Whether the import was made (or refused) in parts for every capacity; records a difference
    /// from the whole list's import.
    @discardableResult
    static func expectSameImport(
        _ bytes: [UInt8], _ input: String, _ format: ImportFormat, capacities: [Int] = [1, 4, 40, 5000],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Bool {
        let whole = wholeImport(bytes, input, format)
        guard let text = try? ImportText(Array(input.utf8)) else { return false }
        var inParts = true
        for way in Way.ways(capacities) {
            var written: [UInt8] = []
            var problems: [ImportProblem]?
            let result = ListEditor.importInParts(
                bytes, text: text, format: format, chunkCapacity: way.capacity, facts: way.facts, batchSize: way.batchSize,
                refusing: { refusal in
                    problems = refusal.problems
                    return EditRefusal("refused")
                }, configure: { _ in }, into: { written.append(contentsOf: $0) })
            let label = "\(format.rawValue) import, \(way)"
            expectSamePreview(bytes, text, format, whole: whole, way: way, sourceLocation: sourceLocation)
            switch result {
            case .success(.edited(let notes, let changed)):
                guard case .edited(let expected, let expectedNotes) = whole else {
                    Issue.record("\(label): edited in parts, \(whole) whole", sourceLocation: sourceLocation)
                    return false
                }
                #expect(notes == expectedNotes, "\(label)", sourceLocation: sourceLocation)
                #expect(changed == (expected != nil), "\(label)", sourceLocation: sourceLocation)
                if let expected, written != expected {
                    Issue.record("\(label):\n\(lineDiff(expected: expected, actual: written))", sourceLocation: sourceLocation)
                    return false
                }
            case .success(.refused):
                guard case .refused(let expected) = whole else {
                    Issue.record("\(label): refused in parts (\(problems ?? [])), not whole", sourceLocation: sourceLocation)
                    return false
                }
                #expect(problems == expected, "\(label)", sourceLocation: sourceLocation)
            case .success(.readWhole), .failure:
                inParts = false
            }
        }
        return inParts
    }

    /// 300 items in three categories and one that `categories` does not list, some without one;
    /// ids, quantities, notes, comments and blank lines; a name given twice, an item with a key
    /// written twice, and an item whose name a checklist line reads more than one way.
    static let longList: String = {
        let categories = ["Dairy", "Bakery", "Produce", "Frozen"]
        var text = "title: T\ncurrency: EUR\ncategories: [Dairy, Bakery, Produce]\nitems:\n"
        for index in 0..<300 {
            text += index % 7 == 0 ? "  # item \(index)\n" : ""
            let name =
                switch index {
                case 50, 250: "Twice"
                case 120: "Doubled"
                case 180: "Tea — 2 kg"
                default: "Item \(index)"
                }
            text += "  - name: \(name) # \(index)\n"
            text += index % 5 == 0 ? "    id: id-\(index)\n" : ""
            text += "    price: \(index).50\n"
            text += index == 120 ? "    price: 2.00\n" : ""
            text += index % 6 == 0 ? "    quantity: 2\n    unit: kg\n" : ""
            text += index % 5 == 4 ? "" : "    category: \(categories[index % 4])\n"
            text += index % 3 == 0 ? "    buy: true\n" : ""
            text += index % 7 == 0 ? "    done: true\n" : ""
            text += index % 13 == 0 ? "    notes: noted \(index)\n" : ""
            text += index % 11 == 0 ? "\n" : ""
        }
        text += "  # the end of the items\nx-after: 1\n"
        return text
    }()

    static let header = "name,quantity,unit,price,category,buy,done,notes,id\n"

    @Test(
        "a spreadsheet's changes and new rows, wherever their items are",
        arguments: [
            // The first item, the last, and items between.
            "Item 0,,,1.25,,,,,\nItem 299,3,,,,,true,,\nitem 151,,,151.50,Bakery,false,,,\n",
            // New items after the last of their category, of one not listed, of none, of a new one.
            "Fresh cheese,,,2.00,dairy,,,,\nIce,,,1.00,Frozen,,,,\nString,,,,,,,,\nChips,,,1.99,Snacks,,,,\nMore chips,,,,snacks,,,,\n",
            // New values of every kind, an id given to an item, a new item with a new id.
            "Item 7,4,kg,7.75,Produce,true,true,\"a note, with a comma\",id-7\nItem 9,,,,,,,,\nNew one,2,l,,,,,,id-new\n",
            // Lines that name one item, added up.
            "Item 33,1,kg,,,,,,\nitem 33,2,kg,,,,,,\nNew two,1,,,,,,,\nnew two,4,,,,,,,\n",
            // Every row as the list has it: nothing changes.
            "Item 1,,,1.50,Bakery,,,,\nItem 3,,,3.50,,true,,,\n",
        ])
    func spreadsheet(rows: String) {
        let bytes = Array(Self.longList.utf8)
        #expect(Self.expectSameImport(bytes, Self.header + rows, .csv))
    }

    @Test(
        "refused imports give the whole list's problems, in its order",
        arguments: [
            // A name the list has twice; an item with a key twice; an id another item has.
            "Twice,,,1.00,,,,,\nDoubled,,,1.00,,,,,\nItem 2,,,,,,,,id-295\nNew,,,,,,,,id-10\n",
            // A new unit without its quantity; too many decimals; an id given twice.
            "Item 12,,g,,,,,,\nItem 13,,,1.005,,,,,\nA,,,,,,,,id-x\nB,,,,,,,,id-x\n",
            // Lines of one item that disagree.
            "Item 14,,,1.00,,,,,\nitem 14,,,2.00,,,,,\n",
        ])
    func refusals(rows: String) {
        let bytes = Array(Self.longList.utf8)
        #expect(Self.expectSameImport(bytes, Self.header + rows, .csv))
        guard case .refused(let problems) = Self.wholeImport(bytes, Self.header + rows, .csv) else {
            Issue.record("not refused: \(rows)")
            return
        }
        #expect(!problems.isEmpty)
    }

    @Test("a checklist: ticks, lines typed by hand, new items under their headings, names read more than one way")
    func checklist() {
        let checklist = """
            # T

            ## Dairy

            - [x] Item 0 — 2 kg
            - [ ] Item 4
            - [x] Tea — 2 kg
            - [x] Tea — 3 kg
            - [x] Item 296 @ 9.99
            - [ ] New milk

            ## Snacks

            - [x] Crisps @ 1.50
            - [ ] 2 kg Item 297

            """
        let bytes = Array(Self.longList.utf8)
        #expect(Self.expectSameImport(bytes, checklist, .markdown))
    }

    @Test("text lines and JSON")
    func textAndJSON() {
        let bytes = Array(Self.longList.utf8)
        #expect(Self.expectSameImport(bytes, "2 kg Item 5\nItem 6 x2 @ 1.19\n[x] New bread\nitem 299\n", .text))
        let json = """
            {"currency": "EUR", "items": [{"name": "Item 8", "price": "3.00"}, {"name": "Brand new", "category": "Bakery"},
            {"name": "Item 298", "buy": false}]}
            """
        #expect(Self.expectSameImport(bytes, json, .json))
        // Another currency is refused as the whole list refuses it.
        #expect(Self.expectSameImport(bytes, json.replacingOccurrences(of: "EUR", with: "USD"), .json))
    }

    @Test("an input of a megabyte or more into a short list is made in parts, its new items a batch at a time")
    func longInputIntoAShortList() {
        let bytes = Array(Self.longList.utf8)
        #expect(bytes.count < ListEditor.importInPartsMinimumSize)
        let categories = ["Dairy", "Bakery", "Produce", "Frozen", "", "Snacks"]
        var input = Self.header + "Item 7,,,7.75,,,,,\nitem 299,,,,,,true,,\n"
        var row = 0
        while input.utf8.count < ListEditor.importInPartsMinimumInput {
            input += "Bulk item \(row),\(row % 9 + 1),kg,\(row % 20).25,\(categories[row % categories.count]),,,,\n"
            row += 1
        }
        let whole = Self.wholeImport(bytes, input, .csv)
        guard case .edited(let expected?, let expectedNotes) = whole, let expectedDiff = Self.wholePreview(bytes, whole),
            let text = try? ImportText(Array(input.utf8))
        else {
            Issue.record("the whole list's import made nothing: \(whole)")
            return
        }
        var written: [UInt8] = []
        let made = ListEditor.importInParts(
            bytes, text: text, format: .csv, refusing: { _ in EditRefusal("refused") }, into: { written.append(contentsOf: $0) })
        guard case .success(.edited(let notes, changed: true)) = made else {
            Issue.record("not made in parts: \(made)")
            return
        }
        #expect(notes == expectedNotes)
        if written != expected { Issue.record("\(lineDiff(expected: expected, actual: written))") }
        var changes: [ListDiff.ItemChange] = []
        let preview = ListEditor.importPreviewInParts(
            bytes, text: text, format: .csv, refusing: { _ in EditRefusal("refused") }, changes: { changes.append($0) })
        guard case .success(.changes(let counts, _)) = preview else {
            Issue.record("not previewed in parts: \(preview)")
            return
        }
        #expect(counts == expectedDiff.counts && counts.added == row)
        #expect(ListDiff(listChanges: [], itemChanges: changes, options: ListDiff.Options()) == expectedDiff)
    }

    @Test("a list of one part whose items are written in brackets takes its new items in its editor")
    func itemsInBrackets() {
        for list in ["currency: EUR\nitems: []\n", "items: [{name: Tea, category: Dairy}] # all\nx-after: 1\n"] {
            let bytes = Array(list.utf8)
            #expect(Self.expectSameImport(bytes, Self.header + "Fresh cheese,,,2.00,dairy,,,,\nIce,,,,,,,,\nTea,,,1.00,,,,,\n", .csv))
        }
    }

    @Test("what only the whole list's import can say is left to it")
    func leftToTheWholeList() {
        let broken = Array((Self.longList + "more: [\n").utf8)
        guard case .failure = ListEditor.importInParts(
            broken, text: try! ImportText(Array("Item 1\n".utf8)), format: .text, chunkCapacity: 4, facts: .inParts,
            refusing: { _ in EditRefusal("") }, configure: { _ in }, into: { _ in })
        else {
            Issue.record("a list that cannot be read was imported into")
            return
        }
        let wrongShape = Array(Self.longList.replacingOccurrences(of: "  - name: Item 3 # 3\n", with: "  - just text\n  - name: Item 3\n").utf8)
        #expect(!Self.expectSameImport(wrongShape, Self.header + "Item 1,,,2.00,,,,,\n", .csv))
        // A spreadsheet without a name column is refused by the whole list's import.
        #expect(!Self.expectSameImport(Array(Self.longList.utf8), "price\n1.00\n", .csv))
        // An item with neither a name nor an id is told apart in a diff by its place in the whole
        // list: the preview is left to the whole list; the import itself is made in parts.
        let unnamed = Array(Self.longList.replacingOccurrences(of: "  - name: Item 3 # 3\n", with: "  - name:\n").utf8)
        #expect(Self.expectSameImport(unnamed, "## Dairy\n- [x] Item 1\n- [ ] Fresh cheese\n", .markdown))
        guard case .success(.readWhole) = ListEditor.importPreviewInParts(
            unnamed, text: try! ImportText(Array("Item 1\n".utf8)), format: .text, chunkCapacity: 4, facts: .inParts,
            refusing: { _ in EditRefusal("") }, changes: { _ in })
        else {
            Issue.record("a list with an item without a name or an id was previewed in parts")
            return
        }
        // A short list with a short input is read whole: both are small.
        let short = Array(Self.longList.utf8)
        #expect(short.count < ListEditor.importInPartsMinimumSize)
        let input = try! ImportText(Array((Self.header + "Item 1,,,2.00,,,,,\n").utf8))
        guard case .success(.readWhole) = ListEditor.importInParts(
            short, text: input, format: .csv, refusing: { _ in EditRefusal("") }, into: { _ in }),
            case .success(.readWhole) = ListEditor.importPreviewInParts(
                short, text: input, format: .csv, refusing: { _ in EditRefusal("") }, changes: { _ in })
        else {
            Issue.record("a short list was read in parts for an import")
            return
        }
        let late = Array(Self.longList.replacingOccurrences(of: "currency: EUR\n", with: "").appending("currency: EUR\n").utf8)
        #expect(!Self.expectSameImport(late, Self.header + "Item 1,,,2.00,,,,,\n", .csv))
    }

    @Test("generated lists: spreadsheets of known and new names, checklists of their names")
    func generated() {
        var generator = ShopFileGenerator(seed: 0x1A_9027)
        var random = SeededGenerator(seed: 91)
        var inParts = 0
        var count = 0
        for index in 0..<160 {
            let file = generator.file()
            guard case .success(let list) = ShoppingList.read(Array(file.utf8)) else { continue }
            let names = list.items.compactMap(\.name).filter { !$0.contains("\n") && !$0.contains("\"") }
            let categories = list.items.compactMap(\.category).filter { !$0.contains("\n") && !$0.contains("\"") } + ["Elsewhere"]
            var rows = Self.header
            var lines = ""
            for row in 0..<Int.random(in: 1...6, using: &random) {
                let known = !names.isEmpty && Bool.random(using: &random)
                let name = known ? names.randomElement(using: &random)! : "New \(index) \(row)"
                let category = Bool.random(using: &random) ? categories.randomElement(using: &random)! : ""
                let price = Bool.random(using: &random) ? "\(Int.random(in: 1...30, using: &random)).25" : ""
                let done = ["", "true", "false"].randomElement(using: &random)!
                rows += "\"\(name)\",,,\(price),\"\(category)\",,\(done),,\n"
                lines += "- [\(done == "true" ? "x" : " ")] \(name)\n"
            }
            // Lists that cannot be printed in parts are left out of the count.
            let printable = ListEditor.clearInParts(Array(file.utf8), all: false, chunkCapacity: 4, configure: { _ in }, into: { _ in })
            for (input, format) in [(rows, ImportFormat.csv), (lines, .markdown)] {
                let made = Self.expectSameImport(Array(file.utf8), input, format, capacities: [4, 40])
                guard case .success(.edited) = printable else { continue }
                count += 1
                if made { inParts += 1 }
            }
        }
        // Every list that is printed in parts is imported into in parts.
        #expect(inParts == count && count >= 40, "\(inParts) of \(count) made in parts")
    }
}

