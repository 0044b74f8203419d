import Foundation
import ShopCore
import Testing
import TestSupport

/// Every format and scope of every fixture against its reviewed golden: `NAME.csv`, `NAME.md` and
/// `NAME.json` and `NAME.html` for the shopping list, `NAME.all.*` for every item. `SHOP_UPDATE_GOLDENS=1`
/// rewrites the goldens; review every change by hand.
@Suite struct ExportGoldenTests {
    static let extensions: [ExportFormat: String] = [.csv: "csv", .markdown: "md", .json: "json", .html: "html"]

    @Test(arguments: ExportFixtures.names)
    func goldens(name: String) throws {
        let list = try ExportFixtures.list(name)
        for scope in [ItemScope.shoppingList, .all] {
            let options = ExportOptions(scope: scope, fallbackTitle: name)
            for format in ExportFormat.allCases {
                let bytes = format.export(list, options: options)
                let suffix = (scope == .all ? ".all." : ".") + Self.extensions[format, default: ""]
                ExportFixtures.expectGolden(bytes, name + suffix)

                // Streamed in chunks or collected at once, the bytes are the same, and so is a
                // second export: the output depends on nothing but the input.
                var streamed: [UInt8] = []
                format.write(list, options: options) { streamed.append(contentsOf: $0) }
                #expect(streamed == bytes, "\(name)\(suffix): streaming changes the output")
                #expect(format.export(list, options: options) == bytes, "\(name)\(suffix) is not stable")
            }
        }
    }

    @Test func fixturesCoverTheCases() throws {
        let names = Set(ExportFixtures.names)
        for required in [
            "groceries", "tricky-names", "no-categories", "jpy", "kwd", "unlisted-categories", "empty", "unpriced",
            "not-bought",
        ] {
            #expect(names.contains(required), "fixture \(required).yaml is missing")
        }
        #expect(try ExportFixtures.list("jpy").priceDecimals == 0)
        #expect(try ExportFixtures.list("kwd").priceDecimals == 3)
    }

    @Test func largeExportsStreamInChunks() throws {
        var text = "currency: EUR\nitems:\n"
        for index in 0..<3_000 {
            text += "  - name: Item number \(index)\n    price: 1.25\n    quantity: 3\n    buy: true\n"
        }
        let list = try ExportFixtures.parse(text)
        for format in ExportFormat.allCases {
            var chunks: [Int] = []
            var bytes: [UInt8] = []
            format.write(list, options: ExportOptions(scope: .all)) {
                chunks.append($0.count)
                bytes.append(contentsOf: $0)
            }
            #expect(chunks.count > 1, "\(format) was not streamed")
            #expect(bytes == format.export(list, options: ExportOptions(scope: .all)))
        }
    }
}
