import Foundation
import Testing
import TestSupport

/// What a new user meets in the first hour, run on the built binary the way they would run it:
/// money that is never misread, errors where to look, edits that keep every comment, hints that
/// fit, a list found from a subfolder, and a repository left clean.
@Suite("first use")
struct FirstUseTests {
    // MARK: Money is never misread

    @Test("a decimal comma in a flow mapping is a bad price, never a silent 3.00")
    func flowMappingComma() throws {
        let scratch = try EditScratch()
        try scratch.write("items: [{name: Tofu, price: 3,49, buy: true}]\n", to: "shopping.yaml")
        let check = try scratch.run(["check"])
        #expect(check.status == 1)
        #expect(
            check.out.hasPrefix(
                "shopping.yaml:1:29: error: in a flow mapping ',' separates entries: this is price 3 and a key 49; "
                    + "write 3.49 [bad-price]\n"), "\(check)")
        #expect(!check.out.contains("unknown-key"), "\(check)")
        let list = try scratch.run(["list"])
        #expect(list.status == 1, "\(list)")
        #expect(!list.out.contains("3.00"), "\(list)")
        #expect(list.err.contains("[bad-price]"), "\(list)")
        // fmt keeps the 3 as written, with the digits right after it, so check still sees them.
        #expect(try scratch.run(["fmt"]).status == 0)
        #expect(try scratch.text("shopping.yaml").contains("    price: 3\n    49:\n"))
        let again = try scratch.run(["check"])
        #expect(again.status == 1 && again.out.contains("write 3.49 [bad-price]"), "\(again)")
    }

    // MARK: Errors where to look

    @Test("a key without ':' is reported at that key, with its line")
    func keyWithoutColon() throws {
        let scratch = try EditScratch()
        try scratch.write("title: x\nitems:\n  - name: A\n    buy true\n  - name: B\n", to: "shopping.yaml")
        let check = try scratch.run(["check"])
        #expect(check.status == 1)
        let lines = check.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("shopping.yaml:4:5: error: a key without ':' after it") == true, "\(check)")
        #expect(lines.count > 1 && lines[1].hasSuffix("|     buy true"), "\(check)")
    }

    @Test("conflict markers are one merge-conflict finding at the <<<<<<< line; fmt and edits refuse the file")
    func conflictMarkers() throws {
        let scratch = try EditScratch()
        let text = """
            items:
            <<<<<<< HEAD
              - name: Apples
            =======
              - name: Pears
            >>>>>>> other
              - name: Tea

            """
        let file = try scratch.write(text, to: "shopping.yaml")
        let check = try scratch.run(["check"])
        #expect(check.status == 1)
        #expect(check.out.hasPrefix("shopping.yaml:2:1: error: unresolved merge conflict (lines 2-6)"), "\(check)")
        #expect(check.out.contains("'shop git setup'"), "\(check)")
        #expect(check.out.contains("[merge-conflict]") && !check.out.contains("[syntax]"), "\(check)")
        #expect(check.out.hasSuffix("1 error, 0 warnings in 1 file\n"), "\(check)")
        let before = try EditFileSnapshot(file)
        for arguments in [["fmt"], ["buy", "Tea"], ["add", "Milk"], ["clear"]] {
            let run = try scratch.run(arguments)
            #expect(run.status == 1, "\(arguments): \(run)")
            #expect(run.err.contains("merge conflict"), "\(arguments): \(run)")
        }
        #expect(try EditFileSnapshot(file) == before)
    }

    // MARK: Edits

    @Test("an item with a key written twice is not edited: the refusal names both lines")
    func repeatedKey() throws {
        let scratch = try EditScratch()
        let file = try scratch.write("items:\n  - name: A\n    price: 1\n    price: 2\n", to: "shopping.yaml")
        let before = try EditFileSnapshot(file)
        let run = try scratch.run(["edit", "A", "--price", "3"])
        #expect(run.status == 1, "\(run)")
        #expect(run.err.contains("\"A\" has the key \"price\" twice (lines 3 and 4)"), "\(run)")
        #expect(try EditFileSnapshot(file) == before)
        // An extension key written twice, and one key of each kind written once.
        let other = try scratch.write("items:\n  - name: A\n    x-note: a\n    x-note: b\n  - name: B\n    x-note: a\n", to: "shopping.yaml")
        let otherBefore = try EditFileSnapshot(other)
        let refused = try scratch.run(["edit", "A", "--price", "3"])
        #expect(refused.status == 1 && refused.err.contains("\"A\" has the key \"x-note\" twice (lines 3 and 4)"), "\(refused)")
        #expect(try EditFileSnapshot(other) == otherBefore)
        #expect(try scratch.run(["edit", "B", "--price", "3"]).status == 0)
    }

    @Test("clear, unbuy, undone and edit --unset keep every comment of the keys they remove")
    func removedKeysKeepTheirComments() throws {
        let scratch = try EditScratch()
        let list = """
            items:
              - name: Flour
                buy: true # need for pie
                done: true
              - name: Eggs # free range
                buy: true
                # the big box
                done: true
              - name: Sugar
                unit: kg # brown
              - name: Butter
                buy: true
                done: true # got it

            """
        try scratch.write(list, to: "shopping.yaml")
        #expect(try scratch.run(["clear"]).status == 0)
        #expect(
            try scratch.text("shopping.yaml") == """
                items:
                  - name: Flour # need for pie
                  - name: Eggs # free range
                    # the big box
                  - name: Sugar
                    unit: kg # brown
                  - name: Butter # got it

                """)
        try scratch.write(list, to: "shopping.yaml")
        #expect(try scratch.run(["unbuy", "Eggs"]).status == 0)
        #expect(try scratch.text("shopping.yaml").contains("  - name: Eggs # free range\n    # the big box\n  - name: Sugar"))
        #expect(try scratch.run(["undone", "Butter"]).status == 0)
        #expect(try scratch.text("shopping.yaml").contains("  - name: Butter # got it\n    buy: true\n"))
        #expect(try scratch.run(["edit", "Sugar", "--unset", "unit"]).status == 0)
        #expect(try scratch.text("shopping.yaml").contains("  - name: Sugar # brown\n"))
        #expect(try scratch.run(["edit", "Eggs", "--unset", "buy"]).status == 0)
        // The first line has a comment already: the moved one gets a line of its own.
        #expect(try scratch.run(["buy", "flour"]).status == 0)
        #expect(try scratch.run(["edit", "flour", "--unset", "buy"]).status == 0)
        #expect(try scratch.text("shopping.yaml").hasPrefix("items:\n  - name: Flour # need for pie\n    done: true\n"))
    }

    @Test("shop rm Tea Tea removes Tea once")
    func removeNamedTwice() throws {
        let scratch = try EditScratch()
        try scratch.write("items:\n  - name: Tea\n  - name: Milk\n", to: "shopping.yaml")
        let run = try scratch.run(["rm", "Tea", "tea"])
        #expect(run.status == 0, "\(run)")
        #expect(run.err == "removed \"Tea\"\n")
        #expect(try scratch.text("shopping.yaml") == "items:\n  - name: Milk\n")
    }

    @Test("a command that changes nothing says so, writes nothing and exits 0")
    func nothingToChange() throws {
        let scratch = try EditScratch()
        let file = try scratch.write("items:\n  - name: X\n    buy: true\n    done: true\n  - name: Y\n", to: "shopping.yaml")
        let before = try EditFileSnapshot(file)
        let cases: [([String], String)] = [
            (["done", "X"], "\"X\" is already checked off\n"),
            (["buy", "x"], "\"X\" is already on the list\n"),
            (["unbuy", "Y"], "\"Y\" is not on the list\n"),
            (["undone", "Y"], "\"Y\" is not checked off\n"),
            (["edit", "Y", "--unset", "unit"], "\"Y\" already had these values\n"),
        ]
        for (arguments, message) in cases {
            let run = try scratch.run(arguments)
            #expect(run.status == 0 && run.err == message, "\(arguments): \(run)")
        }
        #expect(try EditFileSnapshot(file) == before)
        try scratch.write("items:\n  - name: X\n", to: "shopping.yaml")
        let clear = try scratch.run(["clear"])
        #expect(clear.status == 0 && clear.err == "no item is checked off; nothing to clear\n", "\(clear)")
    }

    // MARK: Hints that fit

    @Test(
        "check's hints say what was meant",
        arguments: [
            ("price: 0x10", "price \"0x10\" is not a decimal number; write digits with \".\" for decimals, such as 3.49"),
            ("quantity: 2x", "quantity \"2x\" is not a decimal: write the number alone (2)"),
            ("quantity: ½", "quantity \"½\" is not a decimal: write 0.5"),
            ("quantity: 1/2", "quantity \"1/2\" is not a decimal: write 0.5"),
            ("price: €3.49", "price \"€3.49\" is not a decimal: write only the number, without a currency"),
        ])
    func valueHints(line: String, message: String) throws {
        let scratch = try EditScratch()
        try scratch.write("items:\n  - name: A\n    \(line)\n", to: "shopping.yaml")
        let check = try scratch.run(["check"])
        #expect(check.status == 1)
        #expect(check.out.contains(": error: \(message) ["), "\(check)")
        #expect(!check.out.contains("without a currency") || line.contains("€"), "\(check)")
    }

    @Test("the command line's hints name commands and files")
    func commandLineHints() throws {
        let scratch = try EditScratch()
        try scratch.write("items:\n  - name: Tea\n", to: "shopping.yaml")
        let zero = try scratch.run(["buy", "tea", "--quantity", "0"])
        #expect(zero.status == 1)
        #expect(zero.err == "shop: error: quantity \"0\" must be more than 0; to take it off the list, use 'shop unbuy Tea'\n")
        let missing = try scratch.run(["-f", "missing.yaml", "list"])
        #expect(missing.status == 2)
        #expect(missing.err.hasSuffix("; create a list with 'shop init missing.yaml'\n"), "\(missing)")
        let folder = try scratch.run(["init", "nodir/x.yaml"])
        #expect(folder.status == 2)
        #expect(folder.err == "shop: error: cannot write 'nodir/x.yaml': the folder 'nodir' does not exist\n")
        let currency = try scratch.run(["init", "x.yaml", "--currency", "GPB"])
        #expect(currency.status == 1)
        #expect(currency.err == "shop: error: unknown currency \"GPB\" (did you mean \"GBP\"?)\n")
        let unknown = try scratch.run(["done", "Chocolate"])
        #expect(unknown.err == "shop: error: no item named \"Chocolate\"; add it with: shop add Chocolate --buy\n")
        #expect(try scratch.names() == ["shopping.yaml"])
    }

    // MARK: Help and formats

    @Test("shop alone and shop help print the overview; shop help COMMAND is COMMAND --help; --format md")
    func helpAndFormats() throws {
        let scratch = try EditScratch()
        let alone = try scratch.run([])
        #expect(alone.status == 0 && alone.err.isEmpty, "\(alone)")
        #expect(alone.out.hasPrefix("OVERVIEW: ") && alone.out.contains("COMMANDS:"))
        let help = try scratch.run(["help"])
        #expect(help.status == 0 && help.out == alone.out)
        let listHelp = try scratch.run(["help", "list"])
        let listDashHelp = try scratch.run(["list", "--help"])
        #expect(listHelp.status == 0 && listHelp.out == listDashHelp.out)
        let typo = try scratch.run(["help", "lst"])
        #expect(typo.status == 2 && typo.err.contains("did you mean 'list'?"))
        try scratch.write("items:\n  - {name: Tea, buy: true}\n", to: "shopping.yaml")
        let markdown = try scratch.run(["export", "--format", "md"])
        #expect(markdown.status == 0, "\(markdown)")
        let longName = try scratch.run(["export", "--format", "markdown"])
        #expect(markdown.out == longName.out)
    }

    // MARK: Finding the list

    @Test("the list is found in the current folder or above; shopping.yaml wins over shopping.yml")
    func findingTheList() throws {
        let scratch = try EditScratch()
        try FileManager.default.createDirectory(at: scratch.url("a/b"), withIntermediateDirectories: true)
        try scratch.write("items:\n  - name: Tea\n", to: "shopping.yml")
        let sub = scratch.url("a/b")
        let buy = try EditCLI.run(["buy", "tea"], in: sub)
        #expect(buy.status == 0, "\(buy)")
        #expect(buy.err == "\"Tea\" is on the list (../../shopping.yml)\n")
        #expect(try scratch.text("shopping.yml").contains("buy: true"))
        let list = try EditCLI.run(["list"], in: sub)
        #expect(list.status == 0 && list.out.contains("[ ] Tea"), "\(list)")
        // A list closer by wins, and so does shopping.yaml beside shopping.yml.
        try Files.write("items:\n  - name: Milk\n", to: scratch.url("a/shopping.yaml"))
        #expect(try EditCLI.run(["list", "--names"], in: sub).out == "Milk\n")
        try scratch.write("items:\n  - name: Bread\n", to: "a/shopping.yml")
        #expect(try EditCLI.run(["list", "--names"], in: sub).out == "Milk\n")
        // init makes a new list here, whatever lists are above.
        let created = try EditCLI.run(["init", "--empty"], in: sub)
        #expect(created.status == 0 && created.err == "created shopping.yaml\n", "\(created)")
        #expect(FileManager.default.fileExists(atPath: scratch.url("a/b/shopping.yaml").path))
        #expect(try EditCLI.run(["list", "--names"], in: sub).out == "")
    }

    // MARK: A clean repository

    @Test("after every command git status shows only the list", .requires(.program("git")))
    func gitStatusStaysClean() throws {
        let scratch = try EditScratch()
        #expect(try runTool("git", ["init", "-q"], in: scratch.folder).status == 0)
        let commands: [[String]] = [
            ["init"], ["add", "Pears", "--category", "Produce", "--buy"], ["buy", "Apples"], ["done", "Apples"],
            ["edit", "Pears", "--price", "2"], ["undone", "Apples"], ["unbuy", "Apples"], ["clear", "--all"],
            ["rm", "Pears"], ["fmt"], ["check"], ["list"], ["export", "--format", "csv"],
        ]
        for arguments in commands {
            let run = try scratch.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run)")
            let status = try runTool("git", ["status", "--porcelain", "--untracked-files=all"], in: scratch.folder)
            #expect(status.out == "?? shopping.yaml\n", "\(arguments): \(status.out)")
        }
    }

    // MARK: Categories and the order of the file

    @Test("add writes the category as categories spells it and puts the item after the last of its category")
    func addKeepsTheFileGrouped() throws {
        let scratch = try EditScratch()
        try scratch.write(
            """
            categories: [Produce, Dairy]
            items:
              - {name: Apples, category: Produce}
              - {name: Milk, category: Dairy}
              - {name: Pears, category: Produce}
              - {name: Butter, category: Dairy}
              - {name: Tea}

            """, to: "shopping.yaml")
        #expect(try scratch.run(["add", "Yogurt", "--category", "dairy"]).status == 0)
        #expect(try scratch.run(["add", "Lemons", "--category", " PRODUCE "]).status == 0)
        #expect(try scratch.run(["add", "Coffee"]).status == 0)
        let names = try scratch.run(["list", "--names"]).out
        #expect(names == "Apples\nMilk\nPears\nLemons\nButter\nYogurt\nTea\nCoffee\n")
        let text = try scratch.text("shopping.yaml")
        #expect(text.contains("  - name: Yogurt\n    category: Dairy\n"))
        #expect(text.contains("  - name: Lemons\n    category: Produce\n"))
    }

    // MARK: The list in the store

    @Test("list --all marks only the items on the list; list TEXT filters by name")
    func listMarksAndText() throws {
        let scratch = try EditScratch()
        try scratch.write(
            "items:\n  - {name: Oat milk, buy: true}\n  - {name: Milk chocolate}\n  - {name: Tea, buy: true, done: true}\n",
            to: "shopping.yaml")
        let all = try scratch.run(["list", "--all"])
        #expect(all.status == 0)
        #expect(all.out.contains("  [ ] Oat milk "), "\(all)")
        #expect(all.out.contains("\n      Milk chocolate "), "\(all)")
        #expect(all.out.contains("  [x] Tea "), "\(all)")
        let milk = try scratch.run(["list", "MILK", "--all"])
        #expect(milk.status == 0, "\(milk)")
        #expect(milk.out.contains("Oat milk") && milk.out.contains("Milk chocolate") && !milk.out.contains("Tea"))
        let onTheList = try scratch.run(["list", "milk"])
        #expect(onTheList.out.contains("Oat milk") && !onTheList.out.contains("chocolate"), "\(onTheList)")
        let notDone = try scratch.run(["list", "--not-done"])
        #expect(notDone.out.contains("Oat milk") && !notDone.out.contains("Tea"), "\(notDone)")
    }
}
