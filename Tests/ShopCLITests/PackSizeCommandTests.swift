import Foundation
import Testing

/// The `size` key end to end on the built `shop`: add and edit take it, check warns about other
/// forms, and every export and `list` show it, while a list without sizes exports as before.
@Suite struct PackSizeCommandTests {
    static let list = """
        title: Pantry
        currency: EUR
        items:
          - name: Coffee beans
            price: 7.99
            size: 500 g
            buy: true
          - name: Cola
            price: 4.99
            quantity: 2
            size: 6 x 330 ml
            buy: true
          - name: Salt
            price: 0.59
            buy: true

        """

    static func scratch(_ text: String = list) throws -> EditScratch {
        let scratch = try EditScratch()
        try scratch.write(text, to: "shopping.yaml")
        return scratch
    }

    @Test func addAndEditWriteASizeInTheListsForm() throws {
        let scratch = try Self.scratch()
        let added = try scratch.run(["add", "Milk", "--size", "1,5l", "--price", "1.19", "--unit", "pack"])
        #expect(added.status == 0, "\(added)")
        #expect(try scratch.text("shopping.yaml").contains("  - name: Milk\n    price: 1.19\n    unit: pack\n    size: 1.5 l\n"))
        let edited = try scratch.run(["edit", "salt", "--size", "500g"])
        #expect(edited.status == 0, "\(edited)")
        #expect(try scratch.text("shopping.yaml").contains("  - name: Salt\n    price: 0.59\n    size: 500 g\n"))
        let unset = try scratch.run(["edit", "Salt", "--unset", "size"])
        #expect(unset.status == 0, "\(unset)")
        #expect(try scratch.text("shopping.yaml").contains("  - name: Salt\n    price: 0.59\n    buy: true\n"))
        let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
        let refused = try scratch.run(["edit", "Salt", "--size", "a big one"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("size \"a big one\" is not a size"), "\(refused.err)")
        #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before)
        #expect(try scratch.run(["check", "--strict"]).status == 0)
    }

    @Test func checkWarnsAboutAnotherFormAndFixesWhatWasMeant() throws {
        let scratch = try Self.scratch("items:\n  - name: Tea\n    size: 250g\n  - name: Jam\n    size: a jar\n")
        let check = try scratch.run(["check"])
        #expect(check.status == 0, "\(check)")
        #expect(check.out.contains("shopping.yaml:3:11: warning: size \"250g\" is written \"250 g\" in a list [bad-size]"), "\(check.out)")
        #expect(check.out.contains("shopping.yaml:5:11: warning: size \"a jar\" is not a size"), "\(check.out)")
        #expect(try scratch.run(["check", "--strict"]).status == 1)
        let fixed = try scratch.run(["check", "--fix"])
        #expect(fixed.status == 0, "\(fixed)")
        #expect(try scratch.text("shopping.yaml") == "items:\n  - name: Tea\n    size: 250 g\n  - name: Jam\n    size: a jar\n")
        // fmt keeps a size of another form as written.
        #expect(try scratch.run(["fmt", "--check"]).status == 0)
    }

    @Test func exportsShowTheSize() throws {
        let scratch = try Self.scratch()
        let csv = try scratch.run(["export", "--format", "csv"])
        #expect(
            csv.out == "name,quantity,unit,size,price,total,category,buy,done,notes,id\r\n"
                + "Coffee beans,1,,500 g,7.99,7.99,,true,false,,\r\nCola,2,,6 x 330 ml,4.99,9.98,,true,false,,\r\n"
                + "Salt,1,,,0.59,0.59,,true,false,,\r\n")
        let markdown = try scratch.run(["export", "--format", "markdown"])
        #expect(markdown.out.contains("- [ ] Coffee beans (500 g) — 7.99\n- [ ] Cola (6 x 330 ml) — ×2 — 9.98\n- [ ] Salt — 0.59\n"), "\(markdown.out)")
        let json = try scratch.run(["export", "--format", "json"])
        #expect(json.out.contains("\"unit\": null,\n      \"size\": \"500 g\",\n      \"category\": null"), "\(json.out)")
        #expect(!json.out.contains("\"name\": \"Salt\",\n      \"id\": null,\n      \"price\": \"0.59\",\n      \"quantity\": 1,\n      \"unit\": null,\n      \"size\""))
        let html = try scratch.run(["export", "--format", "html"])
        #expect(html.out.contains("<span class=\"quantity\">2\u{A0}×\u{A0}6 x 330 ml</span>"), "\(html.out)")
        let list = try scratch.run(["list"])
        #expect(list.out.contains("Size"), "\(list.out)")
        #expect(list.out.contains("  [ ] Coffee beans    1        500 g        7.99   7.99\n"), "\(list.out)")
    }

    @Test func aSizeOfAnotherFormIsShownAsWrittenAndReadBackAsTheItem() throws {
        let scratch = try Self.scratch("items:\n  - name: Jam\n    size: a jar\n    buy: true\n  - name: Tea\n    size: 2 lb\n    buy: true\n")
        let markdown = try scratch.run(["export", "--format", "markdown", "-o", "list.md"])
        #expect(markdown.status == 0, "\(markdown)")
        // Read back, `Jam (a jar)` is Jam: no count is needed to say so; `Tea (2 lb)` alone
        // would read as 2 lb of tea, so its count of 1 is written.
        let exported = try scratch.text("list.md")
        #expect(exported.contains("- [ ] Jam (a jar)\n- [ ] Tea (2 lb) — ×1\n"), "\(exported)")
        let before = try scratch.text("shopping.yaml")
        let imported = try scratch.run(["import", "list.md"])
        #expect(imported.status == 0, "\(imported)")
        #expect(try scratch.text("shopping.yaml") == before)
    }

    @Test func aListWithoutSizesExportsAsBefore() throws {
        let scratch = try Self.scratch("items:\n  - name: Salt\n    price: 0.59\n    buy: true\n  - name: Tea\n    size: 250 g\n")
        let csv = try scratch.run(["export", "--format", "csv"])
        #expect(csv.out == "name,quantity,unit,price,total,category,buy,done,notes,id\r\nSalt,1,,0.59,0.59,,true,false,,\r\n")
        let json = try scratch.run(["export", "--format", "json"])
        #expect(!json.out.contains("size"), "\(json.out)")
        let list = try scratch.run(["list"])
        #expect(!list.out.contains("Size"), "\(list.out)")
        // With --all, Tea's size is exported.
        let all = try scratch.run(["export", "--format", "csv", "--all"])
        #expect(all.out.hasPrefix("name,quantity,unit,size,price,"), "\(all.out)")
    }

    @Test func diffAndMergeTreatTheSizeAsAnyKey() throws {
        let scratch = try Self.scratch()
        try scratch.write(Self.list.replacingOccurrences(of: "size: 500 g", with: "size: 1 kg"), to: "new.yaml")
        let diff = try scratch.run(["diff", "shopping.yaml", "new.yaml"])
        #expect(diff.out.contains("~ Coffee beans: size 500 g -> 1 kg"), "\(diff.out)")
        try scratch.write(Self.list.replacingOccurrences(of: "price: 0.59", with: "price: 0.69"), to: "theirs.yaml")
        let merged = try scratch.run(["merge", "shopping.yaml", "new.yaml", "theirs.yaml", "-o", "merged.yaml"])
        #expect(merged.status == 0, "\(merged)")
        let text = try scratch.text("merged.yaml")
        #expect(text.contains("size: 1 kg") && text.contains("price: 0.69"), "\(text)")
    }
}
