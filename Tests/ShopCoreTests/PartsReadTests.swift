import Foundation
import Testing
import TestSupport
import YAML

@testable import ShopCore

/// A list read in parts (``ShoppingList/readInParts(_:limits:_:)``) keeps none of its items, yet
/// what is made of the parts is what is made of the whole list: the same findings, in the same
/// order, with the same related places and fixes, however the read is cut into parts.
@Suite("reading a list in parts")
struct PartsReadTests {
    /// How many of libyaml's events go to the tree builder at a time: from one (a part after
    /// nearly every item) to many.
    static let chunkCapacities = [1, 2, 5, 13, 64]

    static func expectSameFindings(_ bytes: [UInt8], _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let whole = ShoppingList.read(bytes).map { $0.check() }
        for capacity in chunkCapacities {
            let parts = ShoppingList.checkInParts(bytes, rules: nil, chunkCapacity: capacity) { _, _ in }.map(\.findings)
            // Handed on part by part, and merged with the rest's as they come, as `check` shows them.
            var handed: [Finding] = []
            let streamed = ShoppingList.checkInParts(
                bytes, rules: nil, chunkCapacity: capacity, handing: { handed += $0 }, { _, _ in }
            ).map { rest in
                // Read whole: the rest has every finding, and those handed on are void.
                if rest.isWhole { handed = [] }
                var merged: [Finding] = []
                var merge = FindingOrder.Merge(rest: rest.findings)
                for finding in handed { merge.take(finding) { merged.append($0) } }
                merge.finish { merged.append($0) }
                return merged
            }
            #expect((try? streamed.get()) == (try? parts.get()), "\(name), chunks of \(capacity), merged as they come")
            switch (whole, parts) {
            case (.success(let expected), .success(let found)):
                if expected != found {
                    let first = zip(expected, found).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? min(expected.count, found.count)
                    Issue.record(
                        "\(name), chunks of \(capacity): finding \(first) differs\nwhole: \(first < expected.count ? "\(expected[first])" : "none")\nparts: \(first < found.count ? "\(found[first])" : "none")\n\(String(decoding: bytes.prefix(3_000), as: UTF8.self))",
                        sourceLocation: sourceLocation)
                    return
                }
            case (.failure(let expected), .failure(let found)):
                #expect(expected.findings == found.findings, "\(name)", sourceLocation: sourceLocation)
            default:
                Issue.record("\(name), chunks of \(capacity): one read failed and the other did not", sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test("generated files, with every kind of finding")
    func generated() {
        var generator = ShopFileGenerator(seed: 0x9A27_5EAD)
        for index in 0..<600 {
            let text = generator.file()
            Self.expectSameFindings(Array(text.utf8), "file \(index)")
        }
    }

    @Test("the check fixtures")
    func fixtures() throws {
        for name in fixtureNames("check") {
            Self.expectSameFindings(try readBytes(fixtureURL("check", "\(name).yaml")), name)
        }
    }

    @Test(
        "repeats across parts, settings after the items, items that are not mappings",
        arguments: [
            "items:\n  - {name: 'Milk', id: 'a b'}\n  - {name: \"B\\u00e9\", id: \"a\\x20b\"}\n  - name: milk\n  - {name: Bé}\n  - name: |-\n      two\n      lines\n  - name: >-\n      two\n\n      lines\n",
            "categories: [A, B]\nitems:\n  - {name: Tea, id: x1, category: a}\n  - name: Milk\n  - name: tea\n    id: x1\n  - {name: \"T\\u0065a\", category: C}\n",
            "items:\n  - {name: A, price: 3.5}\ncurrency: JPY\n",
            "items:\n  - {name: A, price: 3.5}\n  - {name: B}\ncategories: [X]\n",
            "title: t\nitems:\n  - {name: A}\n  - {name: B}\ntitle: u\ncurrency: USD\n",
            "items:\n  - a\n  - {name: A, x-n: {k: 1, k: 2}}\n  - [b, {c: 1, c: 2}]\n  - {name: B}\n",
            "items:\n  - name: A\n    name: B\n  - name: C\n    prize: 2\n  - {name: D, done: true}\nx-after: {a: 1, a: 2}\nitems: []\n",
        ])
    func cases(text: String) {
        Self.expectSameFindings(Array(text.utf8), text)
    }

    /// Suggestions for unknown categories stop when their work runs out, as far into the list in
    /// parts as in a whole check.
    @Test("the work suggestions may take is shared by the parts")
    func suggestionBudget() {
        // 900 misspellings, each close to one of 300 categories: the work runs out after 667.
        var text = "categories: [" + (0..<300).map { "Aisle \($0)" }.joined(separator: ", ") + "]\nitems:\n"
        for index in 0..<900 {
            text += "  - {name: Item \(index), category: \(["Asle", "Aisl", "Aile"][index / 300]) \(index % 300)}\n"
        }
        let bytes = Array(text.utf8)
        let findings = (try? ShoppingList.read(bytes).get().check()) ?? []
        #expect(findings.count == 900)
        #expect(findings.filter { !$0.fixes.isEmpty }.count == 667)
        let parts = ShoppingList.checkInParts(bytes, rules: nil, chunkCapacity: 5) { _, _ in }.map(\.findings)
        #expect((try? parts.get()) == findings)
    }

    @Test("a list with settings after its items is read whole, not in parts")
    func settingsAfterItems() throws {
        let bytes = Array("items:\n  - {name: A, price: 3.5}\n  - {name: B}\ncurrency: JPY\n".utf8)
        var parts = 0
        let read = try ShoppingList.readInParts(bytes, chunkCapacity: 1) { _ in parts += 1 }.get()
        #expect(parts > 0)
        guard case .settingsAfterItems = read else {
            Issue.record("read in parts: \(read)")
            return
        }
    }

    @Test("a read that does not look for repeats across parts finds a part's own, and no others")
    func repeatsWithinPartsOnly() throws {
        // Tea comes back far down the list, in another part; Jam twice, side by side in one part.
        var text = "items:\n  - name: Tea\n"
        for index in 0..<40 { text += "  - name: Filler \(index)\n" }
        text += "  - name: tea\n  - name: Jam\n  - name: Jam\n"
        let bytes = Array(text.utf8)
        func repeatedNames(acrossParts: Bool) throws -> (count: Int, parts: Int) {
            var count = 0
            var parts = 0
            let read = ShoppingList.readInParts(bytes, chunkCapacity: 8, findingRepeatsAcrossParts: acrossParts) { part in
                parts += 1
                count += part.check([.duplicateName]).count
            }
            guard case .read(let rest) = try read.get() else { throw ReadInPartsFailed() }
            return (count + rest.check([.duplicateName]).count, parts)
        }
        let across = try repeatedNames(acrossParts: true)
        let within = try repeatedNames(acrossParts: false)
        #expect(across.parts > 3 && within.parts == across.parts)
        #expect(across.count == 2, "tea repeats Tea, a part away; Jam repeats Jam")
        #expect(within.count == 1, "only Jam, whose two items are in one part")
    }

    struct ReadInPartsFailed: Error {}
}

/// An export written in parts is the export of the whole list, byte for byte.
@Suite("exporting a list read in parts")
struct PartsExportTests {
    static func expectSameExport(_ bytes: [UInt8], _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard case .success(let whole) = ShoppingList.read(bytes) else { return }
        for format in ExportFormat.allCases {
            for scope in [ItemScope.all, .shoppingList] {
                let options = ExportOptions(scope: scope, fallbackTitle: "fallback")
                let expected = format.export(whole, options: options)
                for capacity in [1, 4, 29] {
                    var written: [UInt8] = []
                    let export = PartsExport(format: format, options: options) { written.append(contentsOf: $0) }
                    let read = ShoppingList.readInParts(bytes, chunkCapacity: capacity) { part in export.write(part) }
                    guard case .success(.read(let rest)) = read else { continue }
                    export.finish(rest)
                    if written != expected {
                        let difference = lineDiff(expected: expected, actual: written)
                        Issue.record(
                            "\(name), \(format) \(scope), chunks of \(capacity):\n\(difference)", sourceLocation: sourceLocation)
                        return
                    }
                }
            }
        }
    }

    @Test("generated files")
    func generated() {
        var generator = ShopFileGenerator(seed: 0xE7_9A27)
        for index in 0..<300 {
            Self.expectSameExport(Array(generator.file().utf8), "file \(index)")
        }
    }

    @Test("the export fixtures")
    func fixtures() throws {
        for name in fixtureNames("export") where FileManager.default.fileExists(atPath: fixtureURL("export", "\(name).yaml").path) {
            Self.expectSameExport(try readBytes(fixtureURL("export", "\(name).yaml")), name)
        }
    }
}

/// A list formatted as it is read in parts is the list formatted whole, byte for byte.
@Suite("formatting a list read in parts")
struct PartsFormatTests {
    /// Whether the print went without a restart; records a difference.
    @discardableResult
    static func expectSameText(_ bytes: [UInt8], _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        guard case .success(let whole) = ShoppingList.read(bytes) else { return false }
        let expected = CanonicalForm.format(whole.document)
        var inParts = true
        for capacity in [1, 3, 17, 500] {
            var text: [UInt8] = []
            let result = CanonicalForm.formatInParts(bytes, chunkCapacity: capacity, restart: {
                text.removeAll()
                inParts = false
            }) { text.append(contentsOf: $0) }
            guard case .success = result else {
                Issue.record("\(name): the read failed in parts", sourceLocation: sourceLocation)
                return false
            }
            if text != expected {
                let difference = lineDiff(expected: expected, actual: text)
                Issue.record("\(name), chunks of \(capacity):\n\(difference)", sourceLocation: sourceLocation)
                return false
            }
        }
        return inParts
    }

    @Test("generated files")
    func generated() {
        var generator = ShopFileGenerator(seed: 0xF0_9A27)
        var inParts = 0
        for index in 0..<400 {
            if Self.expectSameText(Array(generator.file().utf8), "file \(index)") { inParts += 1 }
        }
        // Most of them are printed in parts: the test is not vacuous.
        #expect(inParts > 150, "\(inParts) of 400 printed in parts")
    }

    /// A second `currency` is a duplicate key: the first counts, for the prices of every part as
    /// for decoding.
    @Test("a second currency does not change how prices are written")
    func secondCurrency() {
        var text = "currency: EUR\ncurrency: JPY\nitems:\n"
        for index in 0..<40 { text += "  - {name: Item \(index), price: \(index)}\n" }
        #expect(Self.expectSameText(Array(text.utf8), "two currencies"))
        let formatted = String(decoding: CanonicalForm.format(try! Document(parsing: text)), as: UTF8.self)
        #expect(formatted.contains("price: 39.00"))
    }

    @Test("the format fixtures")
    func fixtures() throws {
        for name in fixtureNames("fmt") where FileManager.default.fileExists(atPath: fixtureURL("fmt", "\(name).yaml").path) {
            Self.expectSameText(try readBytes(fixtureURL("fmt", "\(name).yaml")), name)
        }
    }

    @Test(
        "what cannot be printed in parts is printed whole",
        arguments: [
            "items:\n  - {name: A, price: 3.5}\n  - {name: B}\ncurrency: JPY\n",
            "items: [{name: A}, {name: B}, {name: C}]\n",
            "{title: t, items: [{name: A}, {name: B}]}\n",
            "x-first: 1\nitems:\n  - name: A\n  - name: B\ntitle: late\n",
        ])
    func printedWhole(text: String) {
        #expect(!Self.expectSameText(Array(text.utf8), text))
    }
}

/// An edit of named items made as the list is read in parts writes what the edit of the whole list
/// writes and says what it says; what it cannot do in parts it leaves to the whole list.
@Suite("editing a list read in parts")
struct PartsEditTests {
    typealias Change = @Sendable (inout ListEditor, String) throws(EditRefusal) -> Void

    /// The edit made on the whole list: its text when it changes the file, its notes; nil when
    /// refused.
    static func wholeEdit(_ bytes: [UInt8], names: [String], change: Change) -> (text: [UInt8]?, notes: [EditNote])? {
        guard case .success(let list) = ShoppingList.read(bytes) else { return nil }
        do throws(EditRefusal) {
            var editor = try ListEditor(list: list)
            for name in names { try change(&editor, name) }
            guard editor.changed else { return (nil, editor.notes) }
            let edited = editor.editedList
            guard edited.check(RuleRegistry.structural).isEmpty else { return nil }
            return (edited.document.formatted(policy: CanonicalForm.policy(for: edited)), editor.notes)
        } catch {
            return nil
        }
    }

    /// Whether the edit was made in parts; records a difference from the whole edit.
    @discardableResult
    static func expectSameEdit(
        _ bytes: [UInt8], names: [String], claiming newName: String? = nil, change: Change, _ name: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Bool {
        expectSameEdit(whole: wholeEdit(bytes, names: names, change: change), name, sourceLocation: sourceLocation) {
            capacity, sink in
            ListEditor.editInParts(
                bytes, names: names, claiming: newName, chunkCapacity: capacity, configure: { _ in }, change: change,
                into: sink)
        }
    }

    /// Whether the edit `inParts` makes (with events handed over `capacities` at a time, in turn)
    /// was made in parts; records a difference from `whole`, the whole list's edit.
    static func expectSameEdit(
        whole: (text: [UInt8]?, notes: [EditNote])?, _ name: String, capacities: [Int] = [1, 4, 40],
        sourceLocation: Testing.SourceLocation,
        inParts edit: (Int, @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Result<ListEditor.PartsEdit, ReadFailure>
    ) -> Bool {
        var inParts = true
        for capacity in capacities {
            var text: [UInt8] = []
            let result = edit(capacity) { text.append(contentsOf: $0) }
            switch result {
            case .success(.edited(let notes, let changed)):
                guard let whole else {
                    Issue.record("\(name): edited in parts, refused whole", sourceLocation: sourceLocation)
                    return false
                }
                #expect(notes == whole.notes, "\(name), chunks of \(capacity)", sourceLocation: sourceLocation)
                #expect(changed == (whole.text != nil), "\(name), chunks of \(capacity)", sourceLocation: sourceLocation)
                if let expected = whole.text, text != expected {
                    let difference = lineDiff(expected: expected, actual: text)
                    Issue.record("\(name), chunks of \(capacity):\n\(difference)", sourceLocation: sourceLocation)
                    return false
                }
            case .success(.refused(let refusal)):
                if whole != nil {
                    Issue.record("\(name): refused in parts (\(refusal.message)), made whole", sourceLocation: sourceLocation)
                    return false
                }
            case .success(.readWhole), .failure:
                inParts = false
            }
        }
        return inParts
    }

    static let changes: [(String, Change)] = [
        ("buy", { editor, name throws(EditRefusal) in try editor.buy(name) }),
        ("buy 2", { editor, name throws(EditRefusal) in try editor.buy(name, quantity: "2") }),
        ("unbuy", { editor, name throws(EditRefusal) in try editor.unbuy(name) }),
        ("done", { editor, name throws(EditRefusal) in try editor.markDone(name) }),
        ("undone", { editor, name throws(EditRefusal) in try editor.markUndone(name) }),
        ("edit", { editor, name throws(EditRefusal) in
            try editor.edit(name, values: ItemValues(price: "4.5", category: "Dairy", notes: "a\nb"), unset: ["x-y"])
        }),
    ]

    @Test("generated lists, every command, one or several names")
    func generated() throws {
        var generator = ShopFileGenerator(seed: 0xED17_9A27)
        var random = SeededGenerator(seed: 41)
        var inParts = 0
        var editable = 0
        for index in 0..<250 {
            let text = generator.file()
            let bytes = Array(text.utf8)
            guard case .success(let list) = ShoppingList.read(bytes) else { continue }
            let known = list.items.compactMap(\.name)
            guard !known.isEmpty else { continue }
            let (label, change) = Self.changes[index % Self.changes.count]
            var names: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                names.append(Int.random(in: 0..<10, using: &random) > 0 ? known.randomElement(using: &random)! : "No such thing")
            }
            if Self.wholeEdit(bytes, names: names, change: change) != nil { editable += 1 }
            if Self.expectSameEdit(bytes, names: names, change: change, "file \(index), \(label) \(names)") { inParts += 1 }
        }
        // Many are made in parts: the test is not vacuous.
        // Many are made in parts (the others are lists that cannot be printed in parts, which
        // the generator writes in every order): the test is not vacuous.
        #expect(inParts >= 15, "\(inParts) made in parts of \(editable) made whole")
    }

    @Test("long lists: the first item, the last, one in the middle, one named twice")
    func longLists() {
        var text = "title: T\ncurrency: EUR\ncategories: [Dairy]\nitems:\n"
        for index in 0..<300 {
            text += index % 7 == 0 ? "  # item \(index)\n" : ""
            text += "  - name: Item \(index) # \(index)\n    price: \(index).50\n"
            text += index % 5 == 0 ? "    buy: true\n" : ""
            text += index % 11 == 0 ? "\n" : ""
        }
        text += "  # the end of the items\nx-after: 1\n"
        let bytes = Array(text.utf8)
        for (label, change) in Self.changes {
            for names in [["Item 0"], ["item 299"], ["Item 150", "Item 3"], ["Item 7", "ITEM 7"]] {
                #expect(Self.expectSameEdit(bytes, names: names, change: change, "\(label) \(names)"), "\(label) \(names)")
            }
            // Not there, or there twice: left to the whole list.
            #expect(!Self.expectSameEdit(bytes, names: ["Item 1000"], change: change, label))
        }
    }
}

/// The parts' findings and the rest's, merged as they come, are what a stable sort of them all by
/// place gives: at one place, a part's finding first.
@Suite struct FindingOrderTests {
    @Test func mergeIsAStableSortByPlace() {
        var random = SeededGenerator(seed: 0x0DE5_0001)
        func findings(_ count: Int, rule: RuleID, ordered: Bool) -> [Finding] {
            var starts = (0..<count).map { _ in Int.random(in: 0...30, using: &random) }
            if ordered { starts.sort() }
            return starts.map { Finding(rule: rule, span: SourceSpan(at: $0), message: FindingMessage("\($0)")) }
        }
        for round in 0..<2_000 {
            let ordered = round % 10 != 0
            let parts = findings(Int.random(in: 0...12, using: &random), rule: .badPrice, ordered: ordered)
            let rest = findings(Int.random(in: 0...5, using: &random), rule: .unknownKey, ordered: ordered || round % 20 == 0)
            let all = parts + rest
            let expected = all.indices.sorted { (all[$0].span.start, $0) < (all[$1].span.start, $1) }.map { all[$0] }
            #expect(FindingOrder.ordered(parts: parts, rest: rest) == expected, "round \(round)")
        }
    }
}
