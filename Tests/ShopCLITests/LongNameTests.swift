import Foundation
import Testing

/// A name of many megabytes (pasted by mistake) costs work in proportion to itself: it is not
/// measured against what was typed, and it does not widen the table of `list` for every row.
@Suite struct LongNameTests {
    /// A list whose first item's name is `length` letters long, then Milk, then `others` more.
    func list(nameLength length: Int, others: Int) -> String {
        var text = "items:\n  - name: " + String(repeating: "x", count: length) + "\n    buy: true\n"
        text += "  - name: Milk\n    buy: true\n    price: 1.20\n"
        for index in 0..<others { text += "  - name: Item \(index)\n    buy: true\n" }
        return text
    }

    @Test("a name that is not found gets the short name suggested, never the 20 MB one")
    func refusingAName() throws {
        let scratch = try EditScratch()
        try scratch.write(list(nameLength: 20_000_000, others: 2), to: "list.yaml")
        let run = try EditCLI.run(["-f", "list.yaml", "rm", "Mlk"], in: scratch.folder)
        #expect(run.status == 1, "\(run.status)")
        #expect(run.err == "shop: error: list.yaml: no item named \"Mlk\" (did you mean \"Milk\"?)\n", "\(run.err.prefix(300))")
    }

    @Test("list prints a 1 MB name once: the other rows are not padded to its width")
    func listingALongName() throws {
        let scratch = try EditScratch()
        let text = list(nameLength: 1_000_000, others: 200)
        try scratch.write(text, to: "list.yaml")
        let run = try EditCLI.run(["list", "-f", "list.yaml"], in: scratch.folder)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.utf8.count < 2 * text.utf8.count)
        let lines = run.out.split(separator: "\n")
        #expect(lines.contains { $0.contains(String(repeating: "x", count: 1_000_000)) })
        let milk = lines.first { $0.contains("Milk") } ?? ""
        #expect(milk.hasPrefix("  [ ] Milk") && milk.hasSuffix("1.20   1.20") && milk.count < 100, "\(milk)")
    }

    @Test("names up to 60 columns still line the columns up")
    func alignedNames() throws {
        let scratch = try EditScratch()
        let long = String(repeating: "n", count: 60)
        try scratch.write("items:\n  - name: \(long)\n    buy: true\n    price: 2.00\n  - name: Tea\n    buy: true\n    price: 3.50\n", to: "list.yaml")
        let run = try EditCLI.run(["list", "-f", "list.yaml"], in: scratch.folder)
        let rows = run.out.split(separator: "\n").filter { $0.hasPrefix("  [ ] ") }
        #expect(rows.count == 2)
        #expect(Set(rows.map(\.count)).count == 1, "\(rows)")
    }
}
