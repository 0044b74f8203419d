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
}

/// An export written in parts is the export of the whole list, byte for byte.
@Suite("exporting a list read in parts")
struct PartsExportTests {
    static func expectSameExport(_ bytes: [UInt8], _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard case .success(let whole) = ShoppingList.read(bytes) else { return }
        for format in ExportFormat.allCases where PartsExport.writesInParts(format) {
            for scope in [ItemScope.all, .shoppingList] {
                let options = ExportOptions(scope: scope, fallbackTitle: "fallback")
                let expected = format.export(whole, options: options)
                for capacity in [1, 4, 29] {
                    var written: [UInt8] = []
                    let export = PartsExport(format: format, options: options) { written.append(contentsOf: $0) }
                    let read = ShoppingList.readInParts(bytes, chunkCapacity: capacity) { part in export?.write(part) }
                    guard case .success(.read(let rest)) = read else { continue }
                    export?.finish(rest)
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
