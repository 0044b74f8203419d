import Foundation
import Testing

/// The lists in `examples/` stay valid, canonical and linked to the schema.
@Suite struct ExampleTests {
    @Test("the examples: groceries, a list in yen, a party with x- keys")
    func theExamples() throws {
        let names = try DocsPaths.examples().map(\.lastPathComponent)
        #expect(Set(["groceries.yaml", "yen.yaml", "party.yaml"]).isSubset(of: Set(names)), "\(names)")
        let yen = try DocsPaths.text("examples/yen.yaml")
        #expect(yen.contains("\ncurrency: JPY\n"))
        #expect(yen.range(of: #"price: \d+\."#, options: .regularExpression) == nil, "yen prices have no decimals")
        let party = try DocsPaths.text("examples/party.yaml")
        #expect(party.range(of: #"(?m)^x-[a-z-]+:\n  "#, options: .regularExpression) != nil, "a nested top-level x- key")
        #expect(party.range(of: #"(?m)^    x-[a-z-]+:\n      "#, options: .regularExpression) != nil, "a nested item x- key")
    }

    @Test("every example: no findings, even with --strict")
    func checkClean() throws {
        for example in try DocsPaths.examples() {
            let run = try DocsTools.shop(["check", "--strict", example.path])
            #expect(run.status == 0, "\(example.lastPathComponent): \(run.out)")
            #expect(run.out == "no problems in 1 file\n")
        }
    }

    @Test("every example is in canonical form")
    func formatStable() throws {
        for example in try DocsPaths.examples() {
            let check = try DocsTools.shop(["fmt", "--check", example.path])
            #expect(check.status == 0, "\(example.lastPathComponent): \(check.err)")
            let formatted = try DocsTools.shop(["fmt", "--stdout", example.path])
            #expect(formatted.out == (try Files.text(example)))
        }
    }

    @Test("every example names the schema for editors on its first line, and exports")
    func schemaCommentAndExports() throws {
        for example in try DocsPaths.examples() {
            let text = try Files.text(example)
            let firstLine = text.prefix { $0 != "\n" }
            #expect(firstLine == "# yaml-language-server: $schema=../schema/shop.schema.json", "\(example.lastPathComponent)")
            let schema = example.deletingLastPathComponent().appendingPathComponent("../schema/shop.schema.json")
            #expect(FileManager.default.fileExists(atPath: schema.standardizedFileURL.path))
            for format in ["csv", "markdown", "json"] {
                let run = try DocsTools.shop(["export", "--all", "--format", format, example.path])
                #expect(run.status == 0, "\(example.lastPathComponent) \(format): \(run.err)")
                #expect(run.err == "")
            }
        }
    }
}
