import Foundation
import ShopCore
import Testing
import YAML
import TestSupport

/// Golden files for `fmt`: `Fixtures/fmt/NAME.yaml` formats to `NAME.expected.yaml`.
@Suite("fmt goldens")
struct FormatGoldenTests {
    static let names = fixtureNames("fmt")

    @Test("the canonical form matches the golden file", arguments: names)
    func golden(name: String) throws {
        let input = try readBytes(fixtureURL("fmt", "\(name).yaml"))
        let output = try formatted(input)
        expectGolden(output, fixtureURL("fmt", "\(name).expected.yaml"))
    }

    @Test("golden outputs are canonical: formatting them changes nothing", arguments: names)
    func expectedIsCanonical(name: String) throws {
        let expected = try readBytes(fixtureURL("fmt", "\(name).expected.yaml"))
        let again = try formatted(expected)
        #expect(again == expected, "\(lineDiff(expected: expected, actual: again))")
    }

    @Test("the output keeps the input's data and comments", arguments: names)
    func faithful(name: String) throws {
        let input = try readBytes(fixtureURL("fmt", "\(name).yaml"))
        let before = try Document(parsing: input)
        let after = try Document(parsing: try formatted(input))
        let dataBefore = ShopData(before)
        let dataAfter = ShopData(after)
        #expect(dataBefore == dataAfter, "\(lineDiff(expected: Array(dataBefore.description.utf8), actual: Array(dataAfter.description.utf8)))")
        #expect(dataBefore.keptSourceDifferences(in: dataAfter).isEmpty)
        #expect(commentsInCanonicalOrder(before) == after.allComments.map(\.text))
    }

    @Test("a canonical file is left as it is")
    func canonicalUnchanged() throws {
        let input = try readBytes(fixtureURL("fmt", "canonical.yaml"))
        #expect(try formatted(input) == input)
    }

    @Test("the bundled example is canonical and passes check")
    func example() throws {
        let url = TestPaths.repositoryRoot.appendingPathComponent("examples/groceries.yaml")
        let bytes = try readBytes(url)
        #expect(try formatted(bytes) == bytes)
        #expect(checkDiagnostics(bytes).isEmpty)
    }

    /// A second `currency` is a duplicate key: the first counts, for the prices of every item as
    /// for decoding.
    @Test("a second currency does not change how prices are written")
    func secondCurrency() throws {
        var text = "currency: EUR\ncurrency: JPY\nitems:\n"
        for index in 0..<40 { text += "  - {name: Item \(index), price: \(index)}\n" }
        let formatted = String(decoding: CanonicalForm.format(try Document(parsing: text)), as: UTF8.self)
        #expect(formatted.contains("price: 39.00"))
    }
}
