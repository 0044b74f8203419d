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
}
