import ShopCore
import Testing
import YAML

/// A list imported from its own export does not change: for many generated lists (tricky names,
/// units and notes, every currency exponent, missing prices), the Markdown checklist of the
/// shopping list, and the CSV and JSON exports of the shopping list and of every item, plan no
/// change at all.
@Suite struct ImportApplyRoundTripTests {
    static let lists: [ShoppingList] = {
        let tricky = (try? ImportRoundTripTests.trickyLists(count: 600)) ?? []
        let generated = (try? ImportRoundTripTests.generatedLists(count: 3_000)) ?? []
        return tricky + generated
    }()

    /// The editor after importing `bytes` as `format` into `list`.
    static func importing(_ bytes: [UInt8], _ format: ImportFormat, into list: ShoppingList) throws -> ListEditor {
        var editor = try ListEditor(list: list)
        let known = Set(list.items.compactMap { $0.name.map(NameKey.init) })
        try editor.importEntries(try ImportEntries.read(bytes, format: format, knownNames: known, priceDecimals: list.priceDecimals))
        return editor
    }

    static let cases: [(ExportFormat, ImportFormat, ItemScope)] = [
        (.markdown, .markdown, .shoppingList), (.csv, .csv, .shoppingList), (.csv, .csv, .all),
        (.json, .json, .shoppingList), (.json, .json, .all),
    ]

    @Test(arguments: 0..<cases.count)
    func anExportImportedBackChangesNothing(_ index: Int) throws {
        let (export, format, scope) = Self.cases[index]
        #expect(Self.lists.count > 800)
        var items = 0
        var currencies = Set<Int>()
        for list in Self.lists {
            let exported = export.export(list, options: ExportOptions(scope: scope))
            // A unit that is a currency symbol (`1.125 €`) after the only separator of a checklist
            // line (an item without a price) reads as money typed by hand, as ImportRoundTripTests
            // says.
            if format == .markdown && list.items.contains(where: { item in
                item.price == nil && (item.unit.map { unit in CurrencyMarker.symbols.contains { $0.symbol == unit } } ?? false)
            }) { continue }
            let editor = try Self.importing(exported, format, into: list)
            let changed = editor.changed
            #expect(
                !changed,
                "\(String(decoding: CanonicalForm.format(editor.document), as: UTF8.self))\nfrom\n\(String(decoding: exported, as: UTF8.self))")
            items += list.items.count
            currencies.insert(list.priceDecimals)
        }
        #expect(items > 4_000)
        #expect(currencies == [0, 2, 3, 4])
    }

    /// The comparison notices a change: the same exports, with one value changed in each, do
    /// change a list.
    @Test func aChangedExportChangesTheList() throws {
        let list = try ExportFixtures.parse(
            "currency: KWD\nitems:\n  - name: a\n    price: 1.250\n    buy: true\n  - name: b\n    quantity: 2\n    buy: true\n")
        let changes: [(ExportFormat, ImportFormat, String, String)] = [
            (.markdown, .markdown, "- [ ] a", "- [x] a"), (.csv, .csv, "1.250", "1.500"), (.csv, .csv, "b,2", "b,3"),
            (.json, .json, "\"1.250\"", "\"1.255\""), (.json, .json, "\"buy\": true", "\"buy\": false"),
        ]
        for (export, format, old, new) in changes {
            let text = String(decoding: export.export(list, options: ExportOptions()), as: UTF8.self)
            #expect(text.contains(old), "\(format): \(text)")
            let changed = text.replacingOccurrences(of: old, with: new)
            let unchanged = try Self.importing(Array(text.utf8), format, into: list).changed
            #expect(!unchanged)
            let different = try Self.importing(Array(changed.utf8), format, into: list).changed
            #expect(different, "\(format): \(new)")
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
