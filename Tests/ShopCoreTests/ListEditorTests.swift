import Foundation
import ShopCore
import Testing
import YAML
import TestSupport

/// One change the goldens record: the fixture it starts from, the golden it must give, and the
/// comments it removes (with the nodes they belong to).
struct EditGoldenCase: CustomTestStringConvertible, Sendable {
    /// The fixture, `Fixtures/edit/INPUT.yaml`.
    var input: String
    /// The golden is `Fixtures/edit/INPUT.GOLDEN.expected.yaml`.
    var golden: String
    /// The comments of the input that must be gone afterwards, as written (`# ...`).
    var removedComments: [String] = []
    /// The extension and unknown keys the change removes on purpose.
    var removedExtensions: [String] = []
    var change: @Sendable (inout ListEditor) throws(EditRefusal) -> Void

    var testDescription: String { "\(input): \(golden)" }
}

/// Helpers shared by the editing tests.
enum EditTesting {
    /// An editor for a source that must parse and have no structure errors.
    static func editor(_ bytes: [UInt8]) throws -> ListEditor {
        try ListEditor(document: try Document(parsing: bytes))
    }

    static func editor(_ text: String) throws -> ListEditor {
        try editor(Array(text.utf8))
    }

    /// What the editing commands write: the edited document in canonical form.
    static func output(of editor: ListEditor) -> [UInt8] {
        CanonicalForm.format(editor.document)
    }

    static func outputText(of editor: ListEditor) -> String {
        String(decoding: output(of: editor), as: UTF8.self)
    }

    /// Applies a change to a source and returns the written text.
    static func edited(
        _ bytes: [UInt8], _ change: (inout ListEditor) throws(EditRefusal) -> Void
    ) throws -> [UInt8] {
        var editor = try editor(bytes)
        try change(&editor)
        return output(of: editor)
    }

    static func edited(_ text: String, _ change: (inout ListEditor) throws(EditRefusal) -> Void) throws -> String {
        String(decoding: try edited(Array(text.utf8), change), as: UTF8.self)
    }

    /// The message of the refusal `change` must cause.
    static func refusal(
        _ text: String, _ change: (inout ListEditor) throws(EditRefusal) -> Void,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> String? {
        var editor = try editor(text)
        do throws(EditRefusal) {
            try change(&editor)
        } catch {
            return error.message
        }
        Issue.record("the change was not refused", sourceLocation: sourceLocation)
        return nil
    }

    /// The comments of a document, as written, in document order.
    static func comments(_ bytes: [UInt8]) throws -> [String] {
        try Document(parsing: bytes).allComments.map(\.text)
    }

    /// The data of a node with the styles that matter for other readers (plain or quoted), for
    /// checking that a subtree is kept exactly.
    static func data(_ node: Node) -> String {
        switch node.kind {
        case .scalar:
            return (node.scalarStyle == .plain ? "plain:" : "text:") + (node.value ?? "")
        case .sequence:
            return "[" + node.items.map(data).joined(separator: ", ") + "]"
        case .mapping:
            return "{" + node.entries.map { data($0.key) + ": " + data($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// The data of every extension and unknown key (top level and in items), keyed by a path such
    /// as `items[Apples].x-origin`.
    static func extensionData(_ bytes: [UInt8]) throws -> [String: String] {
        let document = try Document(parsing: bytes)
        var result: [String: String] = [:]
        let known = Set(["title", "currency", "categories", "items"])
        for entry in document.root?.entries ?? [] {
            guard let key = entry.key.value else { continue }
            if !known.contains(key) { result[key] = data(entry.value) }
        }
        let itemKeys = Set(ItemKey.allCases.map(\.rawValue))
        for item in document.root?["items"]?.items ?? [] {
            let name = item["name"]?.value ?? "?"
            for entry in item.entries {
                guard let key = entry.key.value, !itemKeys.contains(key) else { continue }
                result["items[\(name)].\(key)"] = data(entry.value)
            }
        }
        return result
    }

    /// The list an editor's output decodes to.
    static func list(_ bytes: [UInt8]) throws -> ShoppingList {
        ShoppingList(document: try Document(parsing: bytes))
    }

    /// The item of a decoded list with exactly this name.
    static func item(_ name: String, in list: ShoppingList) -> Item? {
        list.items.first { $0.name == name }
    }
}

@Suite("ListEditor goldens")
struct ListEditorGoldenTests {
    static let cases: [EditGoldenCase] = [
        EditGoldenCase(input: "list", golden: "add") { editor throws(EditRefusal) in
            var random = SeededGenerator(seed: 42)
            try editor.add(
                ItemValues([
                    .name: "Bananas", .price: "1.2", .quantity: "3", .unit: "kg", .category: "Produce", .notes: "Ripe ones.\nNot green.",
                    .buy: "true", .id: ItemIdentifier.make(using: &random),
                ]))
        },
        EditGoldenCase(input: "list", golden: "add-quoted") { editor throws(EditRefusal) in
            try editor.add(ItemValues([.name: "yes", .unit: "1", .category: "Frozen: ice", .notes: "# not a comment"]))
        },
        EditGoldenCase(input: "list", golden: "edit-price") { editor throws(EditRefusal) in
            try editor.edit("apples", values: ItemValues([.price: "3.2"]), unset: [])
        },
        EditGoldenCase(input: "list", golden: "edit-rename") { editor throws(EditRefusal) in
            try editor.edit("SOURDOUGH  BREAD", values: ItemValues([.name: "Rye bread"]), unset: [])
        },
        EditGoldenCase(input: "list", golden: "edit-fields") { editor throws(EditRefusal) in
            try editor.edit(
                "oat milk", values: ItemValues([.price: "1.89", .quantity: "2.0", .unit: "l", .category: "Drinks"]), unset: [])
        },
        EditGoldenCase(
            input: "list", golden: "edit-unset", removedExtensions: ["items[Apples].x-origin"]
        ) { editor throws(EditRefusal) in
            try editor.edit("Apples", values: ItemValues(), unset: ["quantity", "unit", "x-origin"])
        },
        EditGoldenCase(
            input: "list", golden: "rm-first",
            removedComments: ["# Fruit first", "# crisp ones", "# per bag", "# six is enough", "# or Spain"],
            removedExtensions: ["items[Apples].x-origin"]
        ) { editor throws(EditRefusal) in
            try editor.remove("apples")
        },
        EditGoldenCase(
            input: "list", golden: "rm-middle", removedComments: ["# Bread from the market", "# got it"],
            removedExtensions: ["items[Sourdough bread].flavour"]
        ) { editor throws(EditRefusal) in
            try editor.remove("sourdough bread")
        },
        EditGoldenCase(
            input: "list", golden: "rm-last", removedComments: ["# inside the last item, after its last key"],
            removedExtensions: ["items[Oat milk].x-barcode"]
        ) { editor throws(EditRefusal) in
            try editor.remove("Oat milk")
        },
        EditGoldenCase(input: "list", golden: "buy") { editor throws(EditRefusal) in
            try editor.buy("oat milk", quantity: "2")
            try editor.buy("CRÈME FRAÎCHE")
        },
        EditGoldenCase(input: "list", golden: "unbuy") { editor throws(EditRefusal) in
            try editor.unbuy("sourdough bread")
        },
        EditGoldenCase(input: "list", golden: "done") { editor throws(EditRefusal) in
            try editor.markDone("Oat milk")
            try editor.markDone("Apples")
        },
        EditGoldenCase(input: "list", golden: "undone") { editor throws(EditRefusal) in
            try editor.markUndone("Sourdough bread")
        },
        EditGoldenCase(input: "list", golden: "clear") { editor throws(EditRefusal) in
            try editor.clear(all: false)
        },
        EditGoldenCase(input: "list", golden: "clear-all") { editor throws(EditRefusal) in
            try editor.clear(all: true)
        },
        EditGoldenCase(input: "messy", golden: "buy") { editor throws(EditRefusal) in
            try editor.buy("PEARS")
        },
        EditGoldenCase(input: "empty", golden: "add") { editor throws(EditRefusal) in
            try editor.add(ItemValues([.name: "Pears", .price: "2", .buy: "true"]))
        },
    ]

    static func input(_ edit: EditGoldenCase) throws -> [UInt8] {
        try readBytes(fixtureURL("edit", "\(edit.input).yaml"))
    }

    static func output(_ edit: EditGoldenCase) throws -> [UInt8] {
        try EditTesting.edited(try input(edit), edit.change)
    }

    @Test("the edited file equals its golden file", arguments: cases)
    func golden(_ edit: EditGoldenCase) throws {
        expectGolden(try Self.output(edit), fixtureURL("edit", "\(edit.input).\(edit.golden).expected.yaml"))
    }

    @Test("the fixtures the goldens start from are canonical, except the messy one", arguments: ["list", "empty"])
    func fixturesAreCanonical(name: String) throws {
        let input = try readBytes(fixtureURL("edit", "\(name).yaml"))
        #expect(try formatted(input) == input)
    }

    @Test("the output is canonical and has no check errors", arguments: cases)
    func canonicalAndValid(_ edit: EditGoldenCase) throws {
        let output = try Self.output(edit)
        #expect(try formatted(output) == output)
        let errors = checkDiagnostics(output).filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(goldenLine))")
    }

    @Test("every comment stays, in order, except those of what was removed", arguments: cases)
    func commentsKept(_ edit: EditGoldenCase) throws {
        let before = try EditTesting.comments(try Self.input(edit))
        let after = try EditTesting.comments(try Self.output(edit))
        var expected = before
        for removed in edit.removedComments {
            let index = try #require(expected.firstIndex(of: removed), "\(removed) is not in the input")
            expected.remove(at: index)
        }
        if edit.input == "messy" {
            // Formatting the messy file moves keys into canonical order, and their comments with them.
            #expect(after.sorted() == expected.sorted())
        } else {
            #expect(after == expected)
        }
    }

    @Test("extension and unknown keys keep their data, except those removed on purpose", arguments: cases)
    func extensionsKept(_ edit: EditGoldenCase) throws {
        var expected = try EditTesting.extensionData(try Self.input(edit))
        for removed in edit.removedExtensions {
            #expect(expected.removeValue(forKey: removed) != nil, "\(removed) is not in the input")
        }
        var after = try EditTesting.extensionData(try Self.output(edit))
        // A renamed item keeps its keys under its new name.
        if edit.golden == "edit-rename", let flavour = after.removeValue(forKey: "items[Rye bread].flavour") {
            after["items[Sourdough bread].flavour"] = flavour
        }
        #expect(after == expected)
        if edit.input == "list" {
            #expect(after["x-store"] == "{plain:hours: [plain:8, plain:20], plain:open: plain:true}")
            #expect(after["store"] == "plain:Corner shop")
        }
    }
}

@Suite("ListEditor")
struct ListEditorTests {
    static let list = """
        currency: EUR
        categories:
          - Produce
          - Dairy
        items:
          - name: Apples
            price: 3.49
            buy: true
          - name: Crème fraîche
            category: Dairy
          - name: Oat milk # barista
            quantity: 2
            category: Dairy
            buy: true
            done: true
          - name: ＴＯＦＵ
          - name: Bread
            buy: false # not this week

        """

    // MARK: Names

    @Test(
        "a NAME matches the way duplicate detection compares names",
        arguments: [
            ("apples", "Apples"),
            ("  APPLES  ", "Apples"),
            ("oat   MILK", "Oat milk"),
            ("oat\tmilk", "Oat milk"),
            ("Oat\u{A0}Milk", "Oat milk"),
            ("ｏａｔ ｍｉｌｋ", "Oat milk"),
            ("CRÈME FRAÎCHE", "Crème fraîche"),
            ("Cre\u{300}me frai\u{302}che", "Crème fraîche"),
            ("tofu", "ＴＯＦＵ"),
            ("Tofu ", "ＴＯＦＵ"),
        ])
    func nameMatching(argument: String, name: String) throws {
        let editor = try EditTesting.editor(Self.list)
        #expect(try editor.item(named: argument).name == name)
    }

    @Test("a decomposed name in the file matches a composed argument")
    func decomposedInFile() throws {
        var editor = try EditTesting.editor("items:\n  - name: \"Cre\\u0300me frai\\u0302che\"\n")
        try editor.buy("Crème Fraîche")
        let list = try EditTesting.list(EditTesting.output(of: editor))
        #expect(list.items[0].buy)
    }

    @Test(
        "an unknown NAME is refused with the closest names suggested",
        arguments: [
            ("aples", "no item named \"aples\" (did you mean \"Apples\"?)"),
            ("Apple", "no item named \"Apple\" (did you mean \"Apples\"?)"),
            ("milk", "no item named \"milk\" (did you mean \"Oat milk\"?)"),
            ("creme fraiche", "no item named \"creme fraiche\" (did you mean \"Crème fraîche\"?)"),
            ("fraiche", "no item named \"fraiche\" (did you mean \"Crème fraîche\"?)"),
            ("tofo", "no item named \"tofo\" (did you mean \"ＴＯＦＵ\"?)"),
            ("Chocolate", "no item named \"Chocolate\""),
        ])
    func unknownName(argument: String, message: String) throws {
        for operation in ["buy", "rm", "edit", "done", "undone", "unbuy"] {
            let refusal = try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
                switch operation {
                case "buy": try editor.buy(argument)
                case "rm": try editor.remove(argument)
                case "edit": try editor.edit(argument, values: ItemValues([.price: "1"]), unset: [])
                case "done": try editor.markDone(argument)
                case "undone": try editor.markUndone(argument)
                default: try editor.unbuy(argument)
                }
            }
            // When no name is close, buy, done and edit say how to add the item.
            var expected = message
            if !message.contains("did you mean") {
                switch operation {
                case "buy", "done": expected += "; add it with: shop add \(argument) --buy"
                case "edit": expected += "; add it with: shop add \(argument)"
                default: break
                }
            }
            #expect(refusal == expected, "\(operation)")
        }
    }

    @Test("a NAME that two items share is refused, naming their lines")
    func ambiguousName() throws {
        let file = """
            items:
              - name: Apples
              # the same, written twice
              - name: apples
                price: 2
              - name: Pears

            """
        #expect(
            try EditTesting.refusal(file) { editor throws(EditRefusal) in try editor.buy("APPLES") }
                == "\"APPLES\" names 2 items (lines 2, 4); rename one of them first")
        #expect(
            try EditTesting.refusal(file) { editor throws(EditRefusal) in try editor.remove("apples") }
                == "\"apples\" names 2 items (lines 2, 4); rename one of them first")
        // The other items can still be changed.
        let output = try EditTesting.edited(file) { editor throws(EditRefusal) in try editor.buy("pears") }
        #expect(output.hasSuffix("  - name: Pears\n    buy: true\n"))
    }

    // MARK: add

    @Test("add refuses a name that is taken, naming the existing item and its line")
    func addDuplicate() throws {
        let taken = [
            ("Apples", "Apples", 6), ("APPLES", "Apples", 6), (" apples ", "Apples", 6), ("ｔｏｆｕ", "ＴＯＦＵ", 16),
            ("Cre\u{300}me  frai\u{302}che", "Crème fraîche", 9),
        ]
        for (name, existing, line) in taken {
            let message = try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
                try editor.add(ItemValues([.name: name]))
            }
            #expect(message == "an item named \"\(existing)\" already exists (line \(line))")
        }
    }

    @Test("add refuses an empty name", arguments: ["", "   ", "\t"])
    func addEmptyName(name: String) throws {
        #expect(
            try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in try editor.add(ItemValues([.name: name])) }
                == "an item needs a name that is not empty")
    }

    @Test("add writes names that YAML would misread so that they read back as written",
        arguments: ["yes", "007", "1.10", "null", "~", "Milk: 2%", "- dash", "#hash", "a # b", "[x]", "\"quoted\"", "'single'"])
    func addQuotedNames(name: String) throws {
        let output = try EditTesting.edited(Array(Self.list.utf8)) { editor throws(EditRefusal) in
            try editor.add(ItemValues([.name: name]))
        }
        let list = try EditTesting.list(output)
        #expect(list.items.last?.name == name)
        #expect(!list.hasErrors, "\(list.diagnostics.map(goldenLine))")
    }

    @Test("add appends to an empty list written as []")
    func addToEmptyFlowList() throws {
        let output = try EditTesting.edited("title: Party\nitems: [] # nothing yet\n") { editor throws(EditRefusal) in
            try editor.add(ItemValues([.name: "Crisps", .buy: "true"]))
        }
        #expect(output == "title: Party\nitems: # nothing yet\n  - name: Crisps\n    buy: true\n")
    }

    @Test("add --id writes a random version 4 UUID")
    func addIdentifier() throws {
        let identifier = ItemIdentifier.make()
        let pattern = #/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/#
        #expect(identifier.wholeMatch(of: pattern) != nil, "\(identifier)")
        #expect(ItemIdentifier.make() != identifier)
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        #expect(ItemIdentifier.make(using: &first) == ItemIdentifier.make(using: &second))
        for seed in 0..<200 as Range<UInt64> {
            var random = SeededGenerator(seed: seed)
            let made = ItemIdentifier.make(using: &random)
            #expect(made.wholeMatch(of: pattern) != nil, "\(made)")
        }
        let output = try EditTesting.edited(Array(Self.list.utf8)) { editor throws(EditRefusal) in
            try editor.add(ItemValues([.name: "Pears", .price: "2", .id: identifier]))
        }
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.hasSuffix("  - name: Pears\n    id: \(identifier)\n    price: 2.00\n"))
    }

    @Test("a category not in categories is added with a warning note")
    func unlistedCategory() throws {
        var editor = try EditTesting.editor(Self.list)
        try editor.add(ItemValues([.name: "Ice cream", .category: "Frozen"]))
        #expect(editor.notes.map(\.message) == ["category \"Frozen\" is not in \"categories\" (--new-category adds it there)", "added \"Ice cream\""])
        #expect(editor.notes.map(\.kind) == [.warning, .changed])
        var listed = try EditTesting.editor(Self.list)
        try listed.edit("bread", values: ItemValues([.category: "produce"]), unset: [])
        #expect(listed.notes.map(\.message) == ["changed \"Bread\""])
    }

    // MARK: Values

    /// The message `check` gives for a value written in a file.
    static func checkMessage(key: String, value: String, currency: String = "EUR") throws -> String {
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let file = "currency: \(currency)\nitems:\n  - name: A\n    \(key): \"\(escaped)\"\n"
        let diagnostics = checkDiagnostics(file).filter { $0.rule.rawValue == "bad-\(key)" }
        return try #require(diagnostics.first, "check finds nothing wrong with \(key) \(value)").message
    }

    @Test(
        "a price given to add, edit or buy is refused with check's message",
        arguments: ["3,5", "3,49", "abc", "-1", "+2", "1.2345", "$3", "3 €", "1e3", ".nan", "1,000.00", "1000000000", " 2", ""])
    func badPrice(value: String) throws {
        let expected = try Self.checkMessage(key: "price", value: value)
        #expect(
            try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
                try editor.add(ItemValues([.name: "Pears", .price: value]))
            } == expected)
        #expect(
            try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
                try editor.edit("apples", values: ItemValues([.price: value]), unset: [])
            } == expected)
    }

    /// Typed, `1.234` could be 1234 with a thousands separator; in a file, check reads it as a
    /// number with too many decimals.
    @Test func aTypedPriceWithThreeDecimalsIsAmbiguous() throws {
        let refusal = try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
            try editor.add(ItemValues([.name: "Pears", .price: "1.234"]))
        }
        #expect(refusal == "price \"1.234\" could mean 1234 or 1.234; write one of those")
        #expect(try Self.checkMessage(key: "price", value: "1.234").contains("has 3 decimals"))
    }

    @Test("the currency decides how many decimals a price may have, as in check")
    func priceDecimals() throws {
        let yen = "currency: JPY\nitems:\n  - name: Rice\n"
        let expected = try Self.checkMessage(key: "price", value: "300.5", currency: "JPY")
        #expect(expected.contains("JPY"))
        #expect(
            try EditTesting.refusal(yen) { editor throws(EditRefusal) in
                try editor.edit("rice", values: ItemValues([.price: "300.5"]), unset: [])
            } == expected)
        let output = try EditTesting.edited(yen) { editor throws(EditRefusal) in
            try editor.edit("rice", values: ItemValues([.price: "300.0"]), unset: [])
        }
        #expect(output.hasSuffix("  - name: Rice\n    price: 300\n"))
    }

    @Test(
        "a quantity given to add, edit or buy is refused with check's message",
        arguments: ["0", "0.000", "-2", "1.2345", "x", "2,5", "1e2", ""])
    func badQuantity(value: String) throws {
        let zero = DecimalNumber(value)?.isZero == true
        // Zero is refused with the command that takes an item off the list, not the key.
        let expected =
            zero ? "quantity \"\(value)\" must be more than 0" : try Self.checkMessage(key: "quantity", value: value)
        let unbuy = zero ? "; to take it off the list, use 'shop unbuy Apples'" : ""
        #expect(
            try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
                try editor.add(ItemValues([.name: "Pears", .quantity: value]))
            } == expected)
        #expect(
            try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
                try editor.edit("apples", values: ItemValues([.quantity: value]), unset: [])
            } == expected + unbuy)
        #expect(
            try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
                try editor.buy("apples", quantity: value)
            } == expected + unbuy)
    }

    @Test("values are written in canonical form")
    func canonicalValues() throws {
        let output = try EditTesting.edited(Self.list) { editor throws(EditRefusal) in
            try editor.add(ItemValues([.name: "Pears", .price: "2.", .quantity: "0.50", .unit: "kg"]))
            try editor.edit("apples", values: ItemValues([.price: ".5", .quantity: "3.000"]), unset: [])
        }
        #expect(output.contains("  - name: Apples\n    price: 0.50\n    quantity: 3\n    buy: true\n"))
        #expect(output.hasSuffix("  - name: Pears\n    price: 2.00\n    quantity: 0.5\n    unit: kg\n"))
    }

    @Test("an empty text value is refused, pointing to --unset", arguments: ["unit", "category", "notes"])
    func emptyText(key: String) throws {
        let values = ItemValues([
            .unit: key == "unit" ? " " : nil, .category: key == "category" ? "" : nil, .notes: key == "notes" ? "\n" : nil,
        ])
        #expect(
            try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
                try editor.edit("apples", values: values, unset: [])
            } == "\(key) is empty; use --unset \(key) to remove it")
    }

    // MARK: edit

    @Test("--unset removes keys with their comments; a key that is not there changes nothing")
    func unset() throws {
        let output = try EditTesting.edited(Self.list) { editor throws(EditRefusal) in
            try editor.edit("bread", values: ItemValues(), unset: ["buy"])
            try editor.edit("oat milk", values: ItemValues(), unset: ["quantity", "done", "buy"])
        }
        // A removed key's end-of-line comment stays, on the item's first line.
        #expect(
            output.contains(
                "  - name: Oat milk # barista\n    category: Dairy\n  - name: ＴＯＦＵ\n  - name: Bread # not this week\n"))
        var editor = try EditTesting.editor(Self.list)
        try editor.edit("apples", values: ItemValues(), unset: ["notes", "x-anything"])
        #expect(!editor.changed)
        #expect(editor.notes.map(\.message) == ["\"Apples\" already had these values"])
        #expect(EditTesting.outputText(of: editor) == Self.list)
    }

    @Test("--unset name is refused: an item keeps its name")
    func unsetName() throws {
        #expect(
            try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
                try editor.edit("apples", values: ItemValues(), unset: ["name"])
            } == "an item keeps its name; use --name to rename it")
    }

    @Test("renaming onto a name that is taken is refused, compared as names are")
    func renameOntoExisting() throws {
        let taken = [("Oat milk", "Oat milk", 11), ("OAT  MILK", "Oat milk", 11), ("ｏａｔ ｍｉｌｋ", "Oat milk", 11), ("tofu", "ＴＯＦＵ", 16)]
        for (newName, existing, line) in taken {
            let message = try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
                try editor.edit("apples", values: ItemValues([.name: newName]), unset: [])
            }
            #expect(message == "an item named \"\(existing)\" already exists (line \(line))")
        }
        #expect(
            try EditTesting.refusal(Self.list) { editor throws(EditRefusal) in
                try editor.edit("apples", values: ItemValues([.name: "  "]), unset: [])
            } == "the new name is empty")
        // A new spelling of the item's own name is a rename, not a duplicate.
        let output = try EditTesting.edited(Self.list) { editor throws(EditRefusal) in
            try editor.edit("oat milk", values: ItemValues([.name: "OAT MILK"]), unset: [])
        }
        #expect(output.contains("  - name: OAT MILK # barista\n"))
    }

    @Test("edit changes a value in place: its end-of-line comment stays")
    func editKeepsValueComment() throws {
        let output = try EditTesting.edited(Self.list) { editor throws(EditRefusal) in
            try editor.edit("oat milk", values: ItemValues([.name: "Oat drink"]), unset: [])
            try editor.buy("bread")
        }
        #expect(output.contains("  - name: Oat drink # barista\n"))
        #expect(output.hasSuffix("  - name: Bread\n    buy: true # not this week\n"))
    }

    @Test("edit --notes with several lines writes a block scalar that reads back exactly")
    func multilineNotes() throws {
        let notes = "First line.\n  indented: yes\n# not a comment\n"
        let output = try EditTesting.edited(Self.list) { editor throws(EditRefusal) in
            try editor.edit("tofu", values: ItemValues([.notes: notes]), unset: [])
        }
        let list = try EditTesting.list(Array(output.utf8))
        #expect(EditTesting.item("ＴＯＦＵ", in: list)?.notes == notes)
        #expect(try formatted(output) == output)
    }

    // MARK: The shopping list

    @Test("buy puts items on the list, with a quantity when given")
    func buy() throws {
        let output = try EditTesting.edited(Array(Self.list.utf8)) { editor throws(EditRefusal) in
            try editor.buy("crème fraîche", quantity: "2")
            try editor.buy("bread")
            try editor.buy("apples")
        }
        let list = try EditTesting.list(output)
        let creme = try #require(EditTesting.item("Crème fraîche", in: list))
        #expect(creme.buy && creme.quantity == DecimalNumber(2))
        #expect(EditTesting.item("Bread", in: list)?.buy == true)
        #expect(try EditTesting.item("Apples", in: EditTesting.list(Array(Self.list.utf8)))?.buy == true)
    }

    @Test("buying an item already on the list changes nothing")
    func buyAgain() throws {
        var editor = try EditTesting.editor(Self.list)
        try editor.buy("apples")
        #expect(!editor.changed)
        #expect(EditTesting.outputText(of: editor) == Self.list)
    }

    @Test("done puts an item on the list and checks it off")
    func done() throws {
        let output = try EditTesting.edited(Array(Self.list.utf8)) { editor throws(EditRefusal) in
            try editor.markDone("tofu")
            try editor.markDone("bread")
        }
        let list = try EditTesting.list(output)
        for name in ["ＴＯＦＵ", "Bread"] {
            let item = try #require(EditTesting.item(name, in: list))
            #expect(item.buy && item.done, "\(name)")
        }
        #expect(!list.diagnostics.contains { $0.rule.rawValue == "done-not-bought" })
    }

    @Test("unbuy removes both buy and done; undone removes only done")
    func unbuyAndUndone() throws {
        let unbought = try EditTesting.edited(Array(Self.list.utf8)) { editor throws(EditRefusal) in
            try editor.unbuy("oat milk")
        }
        let oatMilk = try #require(EditTesting.item("Oat milk", in: try EditTesting.list(unbought)))
        #expect(oatMilk.keyNode(.buy) == nil && oatMilk.keyNode(.done) == nil)
        let undone = try EditTesting.edited(Array(Self.list.utf8)) { editor throws(EditRefusal) in
            try editor.markUndone("oat milk")
        }
        let stillBought = try #require(EditTesting.item("Oat milk", in: try EditTesting.list(undone)))
        #expect(stillBought.buy && stillBought.keyNode(.done) == nil)
    }

    @Test("clear takes the done items off the list; --all takes every item off; others stay as written")
    func clear() throws {
        var editor = try EditTesting.editor(Self.list)
        try editor.clear(all: false)
        #expect(editor.notes.map(\.message) == ["took 1 item off the list"])
        var list = try EditTesting.list(EditTesting.output(of: editor))
        #expect(list.items.map(\.buy) == [true, false, false, false, false])
        #expect(list.items.allSatisfy { !$0.done })
        #expect(EditTesting.outputText(of: editor).hasSuffix("  - name: Bread\n    buy: false # not this week\n"))

        var all = try EditTesting.editor(Self.list)
        try all.clear(all: true)
        #expect(all.notes.map(\.message) == ["took 2 items off the list"])
        list = try EditTesting.list(EditTesting.output(of: all))
        #expect(list.items.allSatisfy { !$0.buy && !$0.done })
        #expect(list.items.filter { $0.keyNode(.buy) != nil }.map(\.name) == ["Bread"], "buy: false is not on the list: it stays")

        var nothing = try EditTesting.editor("items:\n  - name: A\n    buy: true\n")
        try nothing.clear(all: false)
        #expect(!nothing.changed)
        #expect(nothing.notes.map(\.message) == ["no item is checked off; nothing to clear"])
    }

    @Test("clear on a long list takes every done item off, and only those")
    func clearLongList() throws {
        var input = "items:\n"
        var expected = "items:\n"
        for index in 0..<300 {
            let head = "  # item \(index)\n  - name: Item \(index)\n"
            let tail = "    x-note: \(index)\n"
            switch index % 3 {
            case 0:
                input += head + tail
                expected += head + tail
            case 1:
                input += head + "    buy: true # on the list\n    done: true\n" + tail
                // The comment of the removed key moves to the end of the item's first line.
                expected += "  # item \(index)\n  - name: Item \(index) # on the list\n" + tail
            default:
                input += head + "    buy: true # on the list\n" + tail
                expected += head + "    buy: true # on the list\n" + tail
            }
        }
        var editor = try EditTesting.editor(input)
        try editor.clear(all: false)
        #expect(editor.notes.map(\.message) == ["took 100 items off the list"])
        #expect(EditTesting.outputText(of: editor) == expected)
    }

    // MARK: rm

    @Test(
        "rm keeps the blank line that separated the removed item, before the next item's comments",
        arguments: [
            (
                "items:\n  - name: A\n\n  - name: B\n  # about C\n  - name: C\n",
                "items:\n  - name: A\n\n  # about C\n  - name: C\n"
            ),
            (
                "items:\n  - name: A\n\n  # about B\n  - name: B\n  - name: C\n",
                "items:\n  - name: A\n\n  - name: C\n"
            ),
            (
                "items:\n  - name: A\n\n  - name: B\n\n  # about C\n  - name: C\n",
                "items:\n  - name: A\n\n  # about C\n  - name: C\n"
            ),
            (
                "items:\n  - name: A\n  - name: B\n\n  # about C\n  - name: C\n",
                "items:\n  - name: A\n\n  # about C\n  - name: C\n"
            ),
            (
                "items:\n  - name: A\n\n  - name: B\n  - # about C\n    name: C\n",
                "items:\n  - name: A\n\n  - # about C\n    name: C\n"
            ),
        ])
    func removeKeepsBlankLine(input: String, expected: String) throws {
        #expect(try formatted(input) == input, "the input is canonical")
        let output = try EditTesting.edited(input) { editor throws(EditRefusal) in try editor.remove("b") }
        #expect(output == expected)
    }

    // MARK: Files that cannot be edited

    @Test(
        "a file with structure errors cannot be edited; the refusal carries check's errors",
        arguments: ["items: 5\n", "- a\n", "title: T\n", "items:\n  - 5\n", "items:\n  - name: A\n    buy: maybe\n"])
    func structureErrors(text: String) throws {
        let document = try Document(parsing: text)
        #expect {
            _ = try ListEditor(document: document)
        } throws: { error in
            guard let refusal = error as? EditRefusal else { return false }
            let structure = checkDiagnostics(text).filter { $0.rule.rawValue == "structure" }
            return refusal.message == "the file has errors that must be fixed by hand first (see 'shop check')"
                && !structure.isEmpty && structure.allSatisfy { refusal.diagnostics.contains($0) }
        }
    }

    @Test("a file with errors that are not structural (a bad price, a duplicate name) can still be edited")
    func otherErrors() throws {
        let file = "items:\n  - name: A\n    price: abc\n  - name: B\n  - name: b\n"
        let output = try EditTesting.edited(file) { editor throws(EditRefusal) in
            try editor.buy("a")
            try editor.edit("a", values: ItemValues([.price: "2"]), unset: [])
        }
        #expect(output.hasPrefix("items:\n  - name: A\n    price: 2.00\n    buy: true\n"))
    }
}
