import Foundation
import ShopCore
import Testing

/// `schema/shop.schema.json`, checked with check-jsonschema the way an editor's YAML language
/// server reads files.
@Suite struct SchemaTests {
    static let schemaPath = DocsPaths.file("schema/shop.schema.json").path

    /// Validates `text`, written to a `.yaml` file, against the schema.
    static func validate(_ text: String) throws -> ShopProcess.Result {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("list.yaml")
            try Files.write(text, to: file)
            return try DocsTools.run("check-jsonschema", ["--schemafile", schemaPath, file.path])
        }
    }

    @Test("the schema is valid JSON Schema 2020-12", .requires(.program("check-jsonschema")))
    func metaschema() throws {
        let run = try DocsTools.run("check-jsonschema", ["--check-metaschema", Self.schemaPath])
        #expect(run.status == 0, "\(run.output)")
        let schema = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: DocsPaths.file("schema/shop.schema.json"))) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["additionalProperties"] as? Bool == false)
        #expect((schema["patternProperties"] as? [String: Any])?.keys.sorted() == ["^x-"])
        #expect(schema["required"] as? [String] == ["items"])
    }

    @Test("its currencies are the ones shop accepts")
    func currencies() throws {
        let schema = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: DocsPaths.file("schema/shop.schema.json"))) as? [String: Any])
        let currency = try #require((schema["properties"] as? [String: Any])?["currency"] as? [String: Any])
        let choices = try #require(currency["anyOf"] as? [[String: Any]])
        let codes = try #require(choices.compactMap { $0["enum"] as? [String] }.first)
        #expect(codes == Currency.minorUnits.keys.sorted())
    }

    @Test("every example validates", .requires(.program("check-jsonschema")))
    func examples() throws {
        let examples = try DocsPaths.examples()
        #expect(examples.count >= 3)
        for example in examples {
            let run = try DocsTools.run("check-jsonschema", ["--schemafile", Self.schemaPath, example.path])
            #expect(run.status == 0, "\(example.lastPathComponent): \(run.output)")
        }
    }

    @Test(
        "values as YAML readers type them: numbers and bools as text, prices as numbers or strings, nulls",
        .requires(.program("check-jsonschema")), arguments: [
        "items: []\n",
        "title:\ncurrency:\ncategories:\nitems: []\n",
        "items:\n  - name: 007\n    id: 1.10\n    unit: yes\n    notes: 2026-01-01\n",
        "items:\n  - name: A\n    price: 3.49\n  - name: B\n    price: \"3.49\"\n  - name: C\n    price: 12.\n  - name: D\n    price: .5\n  - name: E\n    price: 0\n",
        "items:\n  - name: A\n    quantity: 0.5\n  - name: B\n    quantity: \"2.0000\"\n  - name: C\n    quantity: \".125\"\n",
        "items:\n  - name: A\n    buy: true\n    done: Yes\n  - name: B\n    buy: \"off\"\n    done: ~\n",
        "items:\n  - name: A\n    x-anything: {deep: [1, {x: null}]}\nx-top: [1, 2]\n",
        "currency: JPY\nitems:\n  - name: A\n    price: 300\n",
    ])
    func accepted(text: String) throws {
        let run = try Self.validate(text)
        #expect(run.status == 0, "\(text)\n\(run.output)")
    }

    @Test(
        "bad prices, wrong types and unknown keys are rejected",
        .requires(.program("check-jsonschema")), arguments: [
        "items:\n  - name: A\n    price: \"3,49\"\n",
        "items:\n  - name: A\n    price: -1\n",
        "items:\n  - name: A\n    price: \"$3\"\n",
        "items:\n  - name: A\n    price: abc\n",
        "items:\n  - name: A\n    price: 1000000000\n",
        "items:\n  - name: A\n    price: [3]\n",
        "items:\n  - name: A\n    quantity: 0\n",
        "items:\n  - name: A\n    quantity: \"1.2345\"\n",
        "items:\n  - name: A\n    buy: maybe\n",
        "items:\n  - name: [a]\n",
        "items:\n  - name: \"  \"\n",
        "items:\n  - price: 1\n",
        "items:\n  - name: A\n    prize: 1\n",
        "items:\n  - just a string\n",
        "items: {}\n",
        "title: Weekly\n",
        "title: [a]\nitems: []\n",
        "currency: EURO\nitems: []\n",
        "categories: Produce\nitems: []\n",
        "colour: red\nitems: []\n",
    ])
    func rejected(text: String) throws {
        let run = try Self.validate(text)
        #expect(run.status == 1, "\(text)\n\(run.output)")
        #expect(run.output.contains("Schema validation errors"), "\(run.output)")
    }

    @Test(
        "shop and the schema agree on what the examples of the manual call valid and invalid",
        .requires(.program("check-jsonschema")))
    func agreesWithCheck() throws {
        try withTemporaryDirectory { folder in
            let cases: [(String, Bool)] = [
                ("items:\n  - name: A\n    price: 3.49\n    quantity: 2\n", true),
                ("items:\n  - name: A\n    price: 3,49\n", false),
                ("items:\n  - name: A\n    buy: maybe\n", false),
                ("items:\n  - name: A\n    quantity: -1\n", false),
            ]
            for (text, valid) in cases {
                let file = folder.appendingPathComponent("case.yaml")
                try Files.write(text, to: file)
                let check = try DocsTools.shop(["check", file.path])
                let schema = try DocsTools.run("check-jsonschema", ["--schemafile", Self.schemaPath, file.path])
                #expect((check.status == 0) == valid, "\(text)")
                #expect((schema.status == 0) == valid, "\(text)\n\(schema.output)")
            }
        }
    }
}
