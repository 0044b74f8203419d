import Foundation
import ShopCore
import Testing
import TestSupport

/// Every format and scope of every fixture against its reviewed golden: `NAME.csv`, `NAME.md` and
/// `NAME.json` and `NAME.html` for the shopping list, `NAME.all.*` for every item. `SHOP_UPDATE_GOLDENS=1`
/// rewrites the goldens; review every change by hand.
///
/// An HTML golden holds the page without its style sheet, which is the same on every page (that is
/// checked here) and whose effect the print tests judge in a browser.
@Suite struct ExportGoldenTests {
    static let extensions: [ExportFormat: String] = [.csv: "csv", .markdown: "md", .json: "json", .html: "html"]

    @Test(arguments: ExportFixtures.names)
    func goldens(name: String) throws {
        let list = try ExportFixtures.list(name)
        for scope in [ItemScope.shoppingList, .all] {
            let options = ExportOptions(scope: scope, fallbackTitle: name)
            // The phone's page has goldens of its own, without its script (PhonePageTests).
            for format in ExportFormat.allCases where format != .phone {
                let bytes = format.export(list, options: options)
                let suffix = (scope == .all ? ".all." : ".") + Self.extensions[format, default: ""]
                ExportFixtures.expectGolden(format == .html ? try Self.withoutStyleSheet(bytes) : bytes, name + suffix)

                // Streamed in chunks or collected at once, the bytes are the same, and so is a
                // second export: the output depends on nothing but the input.
                var streamed: [UInt8] = []
                format.write(list, options: options) { streamed.append(contentsOf: $0) }
                #expect(streamed == bytes, "\(name)\(suffix): streaming changes the output")
                #expect(format.export(list, options: options) == bytes, "\(name)\(suffix) is not stable")
            }
        }
    }

    /// The marker that stands for the style sheet in an HTML golden.
    static let styleSheetMarker = Array("/* the style sheet, the same on every page */\n".utf8)

    /// The style sheet of the page of an empty list, which every page must share.
    static let commonStyleSheet: ArraySlice<UInt8>? = {
        guard let empty = try? ExportFixtures.parse("items: []\n") else { return nil }
        let html = ExportFormat.html.export(empty, options: ExportOptions())
        return styleSheetRange(html).map { html[$0] }
    }()

    /// `html` with what is between `<style>` and `</style>` replaced by the marker, once it is
    /// checked to be the style sheet every page has.
    static func withoutStyleSheet(_ html: [UInt8]) throws -> [UInt8] {
        let range = try #require(styleSheetRange(html), "no <style> element")
        let common = try #require(commonStyleSheet)
        #expect(common.count > 1_000)
        #expect(html[range].elementsEqual(common), "the style sheet differs between pages")
        return Array(html[..<range.lowerBound]) + styleSheetMarker + Array(html[range.upperBound...])
    }

    /// The offsets of the style sheet's text: after `<style>` and its line feed, up to `</style>`.
    static func styleSheetRange(_ html: [UInt8]) -> Range<Int>? {
        guard let open = html.firstRange(of: Array("<style>\n".utf8)),
            let close = html[open.upperBound...].firstRange(of: Array("</style>".utf8))
        else { return nil }
        return open.upperBound..<close.lowerBound
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
