import Foundation
import ShopCore
import Testing

/// The JSON Schema, the manual and the command line say what the item schema in ShopCore says:
/// the same keys, in the same order, with the same meanings.
@Suite("the item schema, as documented")
struct ItemSchemaDocumentationTests {
    static func jsonSchema() throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: DocsPaths.file("schema/shop.schema.json"))) as? [String: Any])
    }

    @Test("the JSON Schema has the item keys and top-level keys, with their meanings")
    func jsonSchemaKeys() throws {
        let schema = try Self.jsonSchema()
        let top = try #require(schema["properties"] as? [String: [String: Any]])
        #expect(Set(top.keys) == Set(ListKey.allCases.map(\.rawValue)))
        for key in ListKey.allCases {
            #expect(top[key.rawValue]?["description"] as? String == key.meaning, "\(key)")
        }
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let item = try #require((definitions["item"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        #expect(Set(item.keys) == Set(ItemKey.allCases.map(\.rawValue)))
        for key in ItemKey.allCases {
            #expect(item[key.rawValue]?["description"] as? String == key.definition.meaning, "\(key)")
        }
    }

    @Test("shop(5) lists the keys in the order fmt writes them")
    func manualKeys() throws {
        let page = ManualTests.MdocPage(try DocsPaths.text("man/shop.5"))
        let items = ManualTests.MdocPage.items(in: page.section("ITEM KEYS"), macro: "Cm").filter { $0 != "x-" }
        #expect(items == ItemKey.allCases.map(\.rawValue))
        let top = ManualTests.MdocPage.items(in: page.section("TOP-LEVEL KEYS"), macro: "Cm").filter { $0 != "x-" }
        #expect(top == ListKey.allCases.map(\.rawValue))
    }

    @Test("the ranks are the order of the keys; the CSV header follows the export columns")
    func ranksAndColumns() {
        #expect(ItemKey.allCases.map(\.rank) == Array(ItemKey.allCases.indices))
        #expect(ItemKey.allCases.allSatisfy { $0.kind == $0.definition.kind })
        #expect(ListKey.allCases.map(\.rank) == Array(ListKey.allCases.indices))
        #expect(CSVExporter.header == "name,quantity,unit,price,total,category,buy,done,notes,id")
    }

    @Test("edit --unset offers every item key but the name")
    func unsetValues() throws {
        let help = try ShopProcess.run(["edit", "--help"])
        let keys = ItemKey.allCases.filter { $0 != .name }.map(\.rawValue).joined(separator: ", ")
        // Help wraps its lines: compare the words.
        let words = help.out.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(words.contains(keys), "\(help.out)")
    }

    /// A value of `key` that the file format takes, by its kind.
    static func sample(_ key: ItemKey) -> String {
        switch key.kind {
        case .text: key == .size ? "500 g" : "A \(key.rawValue)"
        case .price: "\"1.50\""
        case .quantity: "2"
        case .flag: "true"
        }
    }

    @Test("every item key reaches every consumer, which takes it from the schema")
    func everyKeyReachesEveryConsumer() throws {
        let keys = ItemKey.allCases
        let optionKeys = keys.filter { $0.definition.optionHelp != nil }
        let addHelp = try ShopProcess.run(["add", "--help"]).out
        let editHelp = try ShopProcess.run(["edit", "--help"]).out
        let bash = try ShopProcess.run(["completions", "bash"]).out
        let unsetLine = try #require(bash.split(separator: "\n").first { $0.contains("edit:--unset) _shop_words '") })
        let unsetValues = unsetLine.split(separator: "'")[1].split(separator: " ")
        let manual = try DocsPaths.text("man/shop.1")
        let formatPage = try DocsPaths.text("man/shop.5")
        for key in keys {
            let name = key.rawValue
            // The command line, its completion and its manual: an option for each key with option
            // help, on add and edit; every key but the name for --unset.
            if let help = key.definition.optionHelp {
                let option = "--\(name) <\(name)>"
                #expect(addHelp.contains(option) && editHelp.contains(option), "\(key)")
                #expect(editHelp.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(help), "\(key)")
                #expect(bash.contains("add:--\(name)|") && bash.contains("edit:--\(name)|"), "\(key)")
                #expect(manual.contains(".It Fl -\(name) Ar \(name)"), "\(key)")
            }
            #expect(unsetValues.contains(Substring(name)) == (key != .name), "\(key)")
            // The CSV columns, read back by an import.
            #expect(CSVColumn(header: name) == .key(key), "\(key)")
            // shop(5) names it in its list of keys.
            #expect(formatPage.contains(".It Cm \(name)"), "\(key)")
        }
        #expect(!optionKeys.isEmpty)
        #expect(CSVColumn.allCases.compactMap(\.key) == ItemKey.exportColumns)
        #expect(Set(ItemKey.exportColumns) == Set(keys))
        // The JSON export: every key of an item, in the canonical order, then its total.
        let yaml = "items:\n  - " + keys.map { "\($0.rawValue): \(Self.sample($0))" }.joined(separator: "\n    ") + "\n"
        let json = try withTemporaryDirectory { folder in
            try Files.write(yaml, to: folder.appendingPathComponent("list.yaml"))
            return try ShopProcess.run(["export", "--format", "json", "list.yaml"], in: folder)
        }
        #expect(json.status == 0, "\(json.err)")
        let members = json.out.split(separator: "\n").filter { $0.hasPrefix("      \"") }.map { $0.split(separator: "\"")[1] }
        #expect(members == keys.map { Substring($0.rawValue) } + ["total"], "\(json.out)")
    }
}
