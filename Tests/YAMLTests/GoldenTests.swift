import Foundation
import Testing
import TestSupport

@testable import YAML

/// Hand-written inputs with their reviewed tree outline (`Fixtures/trees`) and canonical output
/// (`Fixtures/format`). `SHOP_UPDATE_GOLDENS=1` rewrites the goldens; review every change by hand.
@Suite struct GoldenTests {
    @Test(arguments: fixtureNames("trees"))
    func treeOutline(name: String) throws {
        let directory = TestPaths.fixtures.appendingPathComponent("trees")
        let input = try readBytes(directory.appendingPathComponent("\(name).yaml"))
        let document = try Document(parsing: input)
        expectGolden(Array(document.outline().utf8), directory.appendingPathComponent("\(name).outline"))
    }

    @Test(arguments: fixtureNames("format"))
    func formatted(name: String) throws {
        let directory = TestPaths.fixtures.appendingPathComponent("format")
        let input = try readBytes(directory.appendingPathComponent("\(name).yaml"))
        let document = try Document(parsing: input)
        let output = document.formatted()
        expectGolden(output, directory.appendingPathComponent("\(name).expected.yaml"))

        // The golden is itself canonical, keeps the data and every comment.
        let reparsed = try Document(parsing: output)
        #expect(reparsed.formatted() == output, "formatting the output of \(name) changes it")
        #expect(DataValue(reparsed) == DataValue(document))
        #expect(reparsed.allComments.map(\.text) == document.allComments.map(\.text))
    }

    @Test func fixturesArePresent() {
        #expect(fixtureNames("trees").count >= 10)
        #expect(fixtureNames("format").count >= 10)
    }
}
