import Foundation
import ShopCore
import Testing
import YAML

/// One run of an editing command on ``EditCommandTests/list`` and what it must do.
struct EditCommandCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    /// Everything the command says on standard error.
    var messages: String
    /// The change to the file, as replacements of text of the original.
    var replacements: [(String, String)]

    var testDescription: String { "shop " + arguments.joined(separator: " ") }
}

@Suite("shop editing commands")
struct EditCommandTests {
    /// A canonical list with comments, an extension key, and items on and off the list.
    static let list = """
        # Groceries
        title: Weekly groceries
        currency: EUR
        categories:
          - Produce
          - Dairy

        items:
          # fruit first
          - name: Apples # crisp
            price: 3.49
            buy: true
          - name: Oat milk
            category: Dairy
            buy: true
            done: true # in the basket
          - name: Crème fraîche
            category: Dairy
        x-store: Corner shop

        """

    static func applying(_ replacements: [(String, String)], to text: String) -> String {
        var text = text
        for (old, new) in replacements {
            precondition(text.contains(old), "the test's replacement \(old.debugDescription) does not apply")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    static let commands: [EditCommandCase] = [
        EditCommandCase(
            arguments: [
                "add", "Pears", "--price", "2.5", "--quantity", "2", "--unit", "kg", "--category", "Produce", "--notes",
                "Conference", "--buy",
            ],
            messages: "added \"Pears\"\n",
            replacements: [
                (
                    "x-store",
                    "  - name: Pears\n    price: 2.50\n    quantity: 2\n    unit: kg\n    category: Produce\n    buy: true\n"
                        + "    notes: Conference\nx-store"
                )
            ]),
        EditCommandCase(
            arguments: ["edit", "oat milk", "--price", "1.89", "--unset", "done"], messages: "changed \"Oat milk\"\n",
            replacements: [
                ("Oat milk\n    category", "Oat milk # in the basket\n    price: 1.89\n    category"),
                ("    done: true # in the basket\n", ""),
            ]),
        EditCommandCase(
            arguments: ["edit", "apples", "--category", "Frozen"],
            messages: "shop: warning: category \"Frozen\" is not in \"categories\" (--new-category adds it there)\nchanged \"Apples\"\n",
            replacements: [("    price: 3.49\n", "    price: 3.49\n    category: Frozen\n")]),
        EditCommandCase(
            arguments: ["add", "Pears", "--category", "Diary", "--new-category"],
            messages: "added \"Diary\" to \"categories\"\nadded \"Pears\"\n",
            replacements: [
                ("  - Dairy\n\nitems:", "  - Dairy\n  - Diary\n\nitems:"),
                ("x-store", "  - name: Pears\n    category: Diary\nx-store"),
            ]),
        EditCommandCase(
            arguments: ["edit", "apples", "--category", "Fruit", "--new-category"],
            messages: "added \"Fruit\" to \"categories\"\nchanged \"Apples\"\n",
            replacements: [
                ("  - Dairy\n\nitems:", "  - Dairy\n  - Fruit\n\nitems:"),
                ("    price: 3.49\n", "    price: 3.49\n    category: Fruit\n"),
            ]),
        EditCommandCase(
            arguments: ["add", "Cream", "--category", "dairy", "--new-category"], messages: "added \"Cream\"\n",
            replacements: [
                ("  - name: Crème fraîche\n    category: Dairy\n", "  - name: Crème fraîche\n    category: Dairy\n  - name: Cream\n    category: Dairy\n")
            ]),
        EditCommandCase(
            arguments: ["rm", "APPLES"], messages: "removed \"Apples\"\n",
            replacements: [("  # fruit first\n  - name: Apples # crisp\n    price: 3.49\n    buy: true\n", "")]),
        EditCommandCase(
            arguments: ["rm", "apples", "crème fraîche"], messages: "removed \"Apples\"\nremoved \"Crème fraîche\"\n",
            replacements: [
                ("  # fruit first\n  - name: Apples # crisp\n    price: 3.49\n    buy: true\n", ""),
                ("  - name: Crème fraîche\n    category: Dairy\n", ""),
            ]),
        EditCommandCase(
            arguments: ["buy", "Cre\u{300}me frai\u{302}che", "--quantity", "2"], messages: "\"Crème fraîche\" is on the list\n",
            replacements: [("fraîche\n    category: Dairy\n", "fraîche\n    quantity: 2\n    category: Dairy\n    buy: true\n")]),
        EditCommandCase(
            arguments: ["unbuy", "OAT  MILK"], messages: "took \"Oat milk\" off the list\n",
            replacements: [
                ("Oat milk\n", "Oat milk # in the basket\n"), ("    buy: true\n    done: true # in the basket\n", ""),
            ]),
        EditCommandCase(
            arguments: ["done", "apples", "ｃｒèｍｅ ｆｒａîｃｈｅ"], messages: "checked off \"Apples\"\nchecked off \"Crème fraîche\"\n",
            replacements: [
                ("3.49\n    buy: true\n", "3.49\n    buy: true\n    done: true\n"),
                ("fraîche\n    category: Dairy\n", "fraîche\n    category: Dairy\n    buy: true\n    done: true\n"),
            ]),
        EditCommandCase(
            arguments: ["undone", "oat milk"], messages: "unchecked \"Oat milk\"\n",
            replacements: [("Oat milk\n", "Oat milk # in the basket\n"), ("    done: true # in the basket\n", "")]),
        EditCommandCase(
            arguments: ["clear"], messages: "took 1 item off the list\n",
            replacements: [
                ("Oat milk\n", "Oat milk # in the basket\n"), ("    buy: true\n    done: true # in the basket\n", ""),
            ]),
        EditCommandCase(
            arguments: ["clear", "--all"], messages: "took 2 items off the list\n",
            replacements: [
                ("Oat milk\n", "Oat milk # in the basket\n"), ("    buy: true\n    done: true # in the basket\n", ""),
                ("3.49\n    buy: true\n", "3.49\n"),
            ]),
    ]

    @Test("the fixture list is canonical and valid")
    func fixtureIsCanonical() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.list, to: "list.yaml")
        #expect(try scratch.run(["fmt", "--check", "list.yaml"]).status == 0)
        #expect(try scratch.run(["check", "list.yaml"]).status == 0)
    }

    @Test("each command: exit 0, nothing on standard output, what it did on standard error, the file changed as asked", arguments: commands)
    func command(_ command: EditCommandCase) throws {
        let scratch = try EditScratch()
        let file = try scratch.write(Self.list, to: "shopping.yaml")
        let before = try EditFileSnapshot(file)
        let run = try scratch.run(command.arguments)
        #expect(run.status == 0, "\(run)")
        #expect(run.out == "")
        #expect(run.err == command.messages)
        #expect(try scratch.text("shopping.yaml") == Self.applying(command.replacements, to: Self.list))
        let after = try EditFileSnapshot(file)
        #expect(after.inode != before.inode, "the file is replaced by a rename, not written in place")
        #expect(after.mode == before.mode)
        #expect(try scratch.names() == ["shopping.yaml"], "no stray files, no lock file")
        // The result passes check and is canonical.
        #expect(try scratch.run(["fmt", "--check"]).status == 0)
        #expect(try scratch.run(["check"]).status == 0)
    }

    @Test("a command that changes nothing does not rewrite the file")
    func noChange() throws {
        let scratch = try EditScratch()
        let file = try scratch.write(Self.list, to: "list.yaml")
        try Files.age(file)
        let before = try EditFileSnapshot(file)
        for arguments in [["buy", "apples"], ["undone", "apples"], ["unbuy", "crème fraîche"], ["edit", "apples", "--price", "3.4900"]] {
            let run = try scratch.run(["-f", "list.yaml"] + arguments)
            #expect(run.status == 0, "\(run)")
            #expect(try EditFileSnapshot(file) == before, "\(arguments)")
        }
    }

    // MARK: Which file

    @Test("'-' is standard input: no edit takes it for its list, and init does not create a file of that name")
    func standardInputIsNoListToEdit() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.list, to: "-")
        for arguments in [["-f", "-", "add", "Tea"], ["buy", "crème fraîche", "--file=-"]] {
            let run = try ShopProcess.run(EditCLI.process(arguments, in: scratch.folder), stdin: .pipe(Data(Self.list.utf8)))
            #expect(run.status == 2, "\(arguments): \(run)")
            #expect(
                run.err == "shop: error: an edit needs a list file, and '-' is standard input; write ./- for a file named '-'\n",
                "\(run)")
            #expect(try scratch.text("-") == Self.list)
        }
        let ours = try scratch.run(["-f", "./-", "add", "Tea"])
        #expect(ours.status == 0, "\(ours)")
        #expect(try scratch.text("-").contains("name: Tea"))
        let other = try EditScratch()
        let created = try other.run(["init", "-"])
        #expect(created.status == 2 && created.err.hasPrefix("shop: error: '-' is standard input, not a file to create"), "\(created)")
        #expect(try other.names().isEmpty)
    }

    @Test("init through a chain of links creates the file at its end; a folder and an empty -f are said to be so")
    func initThroughLinksAndOntoAFolder() throws {
        let scratch = try EditScratch()
        #expect(symlink("b.yaml", scratch.url("a.yaml").path) == 0)
        #expect(symlink("c.yaml", scratch.url("b.yaml").path) == 0)
        let created = try scratch.run(["init", "a.yaml", "--empty"])
        #expect(created.status == 0, "\(created)")
        #expect(try scratch.text("c.yaml").contains("items:"))
        #expect(try scratch.run(["-f", "a.yaml", "add", "Tea"]).status == 0)
        #expect(try scratch.text("c.yaml").contains("name: Tea"))
        try FileManager.default.createDirectory(at: scratch.url("lists"), withIntermediateDirectories: true)
        let folder = try scratch.run(["init", "lists"])
        #expect(folder.status == 1 && folder.err == "shop: error: lists is a folder; name a file in it, such as lists/shopping.yaml\n", "\(folder)")
        let empty = try scratch.run(["-f", "", "add", "Tea"])
        #expect(empty.status == 2 && empty.err.hasPrefix("shop: error: '--file' needs the name of a list file, not an empty one\n"), "\(empty)")
    }

    @Test("the list file: -f before or after the command, --file, SHOP_FILE, else shopping.yaml here")
    func fileSelection() throws {
        let cases: [(arguments: [String], environment: [String: String], changed: String)] = [
            (["buy", "crème fraîche"], [:], "shopping.yaml"),
            (["-f", "a.yaml", "buy", "crème fraîche"], [:], "a.yaml"),
            (["buy", "crème fraîche", "-f", "a.yaml"], [:], "a.yaml"),
            (["--file", "a.yaml", "buy", "crème fraîche"], [:], "a.yaml"),
            (["buy", "--file", "sub/b.yaml", "crème fraîche"], [:], "sub/b.yaml"),
            (["buy", "crème fraîche", "--file=a.yaml"], [:], "a.yaml"),
            (["buy", "crème fraîche"], ["SHOP_FILE": "sub/b.yaml"], "sub/b.yaml"),
            (["-f", "a.yaml", "buy", "crème fraîche"], ["SHOP_FILE": "sub/b.yaml"], "a.yaml"),
            (["buy", "crème fraîche"], ["SHOP_FILE": ""], "shopping.yaml"),
        ]
        for (arguments, environment, changed) in cases {
            let scratch = try EditScratch()
            try FileManager.default.createDirectory(at: scratch.url("sub"), withIntermediateDirectories: true)
            for name in ["shopping.yaml", "a.yaml", "sub/b.yaml"] { try scratch.write(Self.list, to: name) }
            let run = try scratch.run(arguments, environment: environment)
            let context = "\(arguments) \(environment): \(run)"
            #expect(run.status == 0, "\(context)")
            for name in ["shopping.yaml", "a.yaml", "sub/b.yaml"] {
                let text = try scratch.text(name)
                #expect((text != Self.list) == (name == changed), "\(name) after \(context)")
            }
        }
    }

    @Test(
        "a missing list: exit 2, a hint to run shop init, and no file created (not even a lock)",
        arguments: [
            ["add", "Pears"], ["edit", "Pears", "--price", "2"], ["rm", "Pears"], ["buy", "Pears"], ["unbuy", "Pears"],
            ["done", "Pears"], ["undone", "Pears"], ["clear"], ["clear", "--all"],
        ])
    func missingFile(arguments: [String]) throws {
        let scratch = try EditScratch()
        let run = try scratch.run(arguments)
        #expect(run.status == 2)
        #expect(run.out == "")
        #expect(run.err == "shop: error: cannot read 'shopping.yaml': No such file or directory; create a list with 'shop init'\n")
        let elsewhere = try scratch.run(["-f", "nowhere/list.yaml"] + arguments)
        #expect(elsewhere.status == 2)
        #expect(elsewhere.err.contains("'nowhere/list.yaml'") && elsewhere.err.contains("shop init"), "\(elsewhere)")
        #expect(try scratch.names() == [])
    }

    // MARK: init

    @Test("init writes the starter catalog: about 30 items in a few categories, no prices, nothing on the list")
    func initStarterCatalog() throws {
        let scratch = try EditScratch()
        let run = try scratch.run(["init"])
        #expect(run.status == 0, "\(run)")
        #expect(run.out == "")
        #expect(run.err == "created shopping.yaml\n")
        #expect(try scratch.names() == ["shopping.yaml"])
        let check = try scratch.run(["check"])
        #expect(check.status == 0 && check.out.hasSuffix("no problems in 1 file\n"), "\(check)")
        #expect(try scratch.run(["fmt", "--check"]).status == 0)
        let list = ShoppingList(document: try Document(parsing: try scratch.text("shopping.yaml")))
        #expect(!list.hasErrors && list.diagnostics.isEmpty)
        #expect((25...40).contains(list.items.count), "\(list.items.count) items")
        let categories = try #require(list.categories)
        #expect((3...12).contains(categories.count))
        #expect(list.items.allSatisfy { item in item.category.map(categories.contains) == true })
        #expect(Set(list.items.compactMap(\.category)) == Set(categories), "every category has items")
        #expect(list.items.allSatisfy { $0.price == nil && !$0.buy && !$0.done })
        #expect(list.title == nil && list.currency == nil)
        // The starter catalog works with the other commands at once.
        let buy = try scratch.run(["buy", "milk", "BREAD"])
        #expect(buy.status == 0, "\(buy)")
    }

    @Test("init --empty, --title and --currency; a path operand; an unknown currency is refused")
    func initOptions() throws {
        let scratch = try EditScratch()
        let run = try scratch.run(["init", "party.yaml", "--empty", "--title", "Party: \"big\" one", "--currency", "jpy"])
        #expect(run.status == 0, "\(run)")
        #expect(run.err == "created party.yaml\n")
        #expect(
            try scratch.text("party.yaml") == """
                # Shopping list. Put items on the list with `shop buy NAME`,
                # print it with `shop export --format markdown`.
                title: "Party: \\"big\\" one"
                currency: JPY
                items: []

                """)
        #expect(try scratch.run(["check", "party.yaml"]).status == 0)
        let add = try scratch.run(["-f", "party.yaml", "add", "Crisps", "--price", "300"])
        #expect(add.status == 0, "\(add)")
        #expect(try scratch.text("party.yaml").hasSuffix("items:\n  - name: Crisps\n    price: 300\n"))

        let unknown = try scratch.run(["init", "other.yaml", "--currency", "XYZ"])
        #expect(unknown.status == 1)
        #expect(unknown.err == "shop: error: unknown currency \"XYZ\"; use an ISO 4217 code such as EUR, USD or JPY\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.url("other.yaml").path))

        let viaFile = try scratch.run(["-f", "via-option.yaml", "init", "--title", "Weekly"])
        #expect(viaFile.status == 0, "\(viaFile)")
        #expect(try scratch.text("via-option.yaml").contains("\ntitle: Weekly\ncategories:\n"))
        let viaEnvironment = try scratch.run(["init", "--empty"], environment: ["SHOP_FILE": "via-environment.yaml"])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment)")
        #expect(FileManager.default.fileExists(atPath: scratch.url("via-environment.yaml").path))

        let noFolder = try scratch.run(["init", "missing/list.yaml"])
        #expect(noFolder.status == 2)
        #expect(noFolder.err == "shop: error: cannot write 'missing/list.yaml': the folder 'missing' does not exist\n", "\(noFolder)")
    }

    @Test("init refuses to overwrite an existing file: exit 1, the file byte for byte unchanged")
    func initRefusesOverwrite() throws {
        let scratch = try EditScratch()
        let file = try scratch.write(Self.list, to: "shopping.yaml")
        try scratch.write("not even yaml: [\n", to: "broken.yaml")
        try Files.age(file)
        let before = try EditFileSnapshot(file)
        for arguments in [["init"], ["init", "--empty"], ["init", "shopping.yaml", "--title", "New"]] {
            let run = try scratch.run(arguments)
            #expect(run.status == 1)
            #expect(run.err == "shop: error: shopping.yaml already exists; not overwriting it\n")
            #expect(try EditFileSnapshot(file) == before)
        }
        let broken = try EditFileSnapshot(scratch.url("broken.yaml"))
        #expect(try scratch.run(["init", "broken.yaml"]).status == 1)
        #expect(try EditFileSnapshot(scratch.url("broken.yaml")) == broken)
    }

    // MARK: add --id

    @Test("add --id gives the item a new random version 4 UUID")
    func addIdentifier() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.list, to: "list.yaml")
        #expect(try scratch.run(["-f", "list.yaml", "add", "Pears", "--id"]).status == 0)
        #expect(try scratch.run(["-f", "list.yaml", "add", "Plums", "--id", "--price", "1"]).status == 0)
        let text = try scratch.text("list.yaml")
        let pattern = #/  - name: (Pears|Plums)\n    id: ([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\n/#
        let identifiers = text.matches(of: pattern).map { String($0.output.2) }
        #expect(identifiers.count == 2, "\(text)")
        #expect(Set(identifiers).count == identifiers.count)
        #expect(try scratch.run(["check", "list.yaml"]).status == 0)
    }

    // MARK: Refusals

    @Test(
        "a refused edit: exit 1, why on standard error, the file byte for byte unchanged",
        arguments: [
            (["add", "apples"], "shop: error: list.yaml: an item named \"Apples\" already exists (line 10)\n"),
            (["add", "ＯＡＴ ＭＩＬＫ", "--buy"], "shop: error: list.yaml: an item named \"Oat milk\" already exists (line 13)\n"),
            (["buy", "bananas"], "shop: error: list.yaml: no item named \"bananas\"; add it with: shop -f list.yaml add bananas --buy\n"),
            (["buy", "aples"], "shop: error: list.yaml: no item named \"aples\" (did you mean \"Apples\"?)\n"),
            (["buy", "apples", "bananas"], "shop: error: list.yaml: no item named \"bananas\"; add it with: shop -f list.yaml add bananas --buy\n"),
            (["edit", "creme fraiche", "--price", "2"], "shop: error: list.yaml: no item named \"creme fraiche\" (did you mean \"Crème fraîche\"?)\n"),
            (["edit", "apples", "--price", "3,5"], "shop: error: list.yaml: price \"3,5\" is not a decimal: use \".\" as the decimal separator\n"),
            (["add", "Pears", "--price", "1.9999"], "shop: error: list.yaml: price \"1.9999\" has 4 decimals; EUR allows 2 decimals\n"),
            (["add", "Pears", "--price", "1.999"], "shop: error: list.yaml: price \"1.999\" could mean 1999 or 1.999; write one of those\n"),
            (["add", "Pears", "--price", "1.500"], "shop: error: list.yaml: price \"1.500\" could mean 1500 or 1.5; write one of those\n"),
            (["add", "Pears", "--price", "-1"], "shop: error: list.yaml: price \"-1\" is negative; prices are 0 or more\n"),
            (["buy", "apples", "--quantity", "0"], "shop: error: list.yaml: quantity \"0\" must be more than 0; to take it off the list, use 'shop -f list.yaml unbuy Apples'\n"),
            (["edit", "apples", "--name", "oat milk"], "shop: error: list.yaml: an item named \"Oat milk\" already exists (line 13)\n"),
            (["edit", "apples", "--unset", "name"], "shop: error: list.yaml: an item keeps its name; use --name to rename it\n"),
            (["edit", "apples", "--unit", " "], "shop: error: list.yaml: unit is empty; use --unset unit to remove it\n"),
            (["add", "Pears", "--notes", ""], "shop: error: list.yaml: notes is empty; leave --notes out for an item without one\n"),
            (["add", " "], "shop: error: list.yaml: an item needs a name that is not empty\n"),
            (["edit", "apples", "--unset", "prise"], "shop: error: list.yaml: \"Apples\" has no key \"prise\" to unset (did you mean \"price\"?)\n"),
            (["buy", "--", "-z"], "shop: error: list.yaml: no item named \"-z\"; add it with: shop -f list.yaml add --buy -- -z\n"),
            (["edit", "--price", "1", "--", "-z y"], "shop: error: list.yaml: no item named \"-z y\"; add it with: shop -f list.yaml add -- \"-z y\"\n"),
        ] as [([String], String)])
    func refused(arguments: [String], message: String) throws {
        let scratch = try EditScratch()
        let file = try scratch.write(Self.list, to: "list.yaml")
        try Files.age(file)
        let before = try EditFileSnapshot(file)
        let run = try scratch.run(["-f", "list.yaml"] + arguments)
        #expect(run.status == 1)
        #expect(run.out == "")
        #expect(run.err == message)
        #expect(try EditFileSnapshot(file) == before)
        #expect(try scratch.names().allSatisfy { $0 == "list.yaml" })
    }

    /// The command a refusal suggests runs as given, on the list the refused command named.
    @Test func theSuggestedAddRuns() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.list, to: "list.yaml")
        let refused = try scratch.run(["-f", "list.yaml", "buy", "--", "-z"])
        #expect(refused.status == 1)
        let hint = try #require(refused.err.components(separatedBy: "add it with: shop ").last?.trimmingCharacters(in: .newlines))
        let added = try scratch.run(hint.components(separatedBy: " "))
        #expect(added.status == 0, "\(added)")
        #expect(try scratch.text("list.yaml").contains("  - name: \"-z\"\n    buy: true\n"))
        #expect(try scratch.run(["-f", "list.yaml", "buy", "--", "-z"]).status == 0)
    }

    @Test(
        "a usage error: exit 2, the file unchanged",
        arguments: [
            ["edit", "apples"], ["add"], ["buy"], ["buy", "apples", "--bogus"], ["edit", "apples", "--price", "1", "--unset", "price"],
            ["clear", "apples"], ["add", "Pears", "--new-category"], ["edit", "apples", "--price", "1", "--new-category"],
        ])
    func usageError(arguments: [String]) throws {
        let scratch = try EditScratch()
        let file = try scratch.write(Self.list, to: "list.yaml")
        try Files.age(file)
        let before = try EditFileSnapshot(file)
        let run = try scratch.run(["-f", "list.yaml"] + arguments)
        #expect(run.status == 2, "\(run)")
        #expect(run.err.hasPrefix("shop: error: "), "\(run)")
        #expect(try EditFileSnapshot(file) == before)
    }

    @Test(
        "a file with syntax or structure errors is never written: exit 1, its diagnostics on standard error",
        arguments: [
            ("items:\n  - name: A\n  - [\n", "list.yaml:4:1: error: ", "[syntax]", "list.yaml is not valid YAML; fix it by hand first (see 'shop check')"),
            ("items:\n\t- name: A\n", "list.yaml:2:1: error: ", "[syntax]", "list.yaml is not valid YAML"),
            ("items: &a []\nx: *a\n", "list.yaml:1:8: error: ", "[syntax]", "list.yaml is not valid YAML"),
            ("items: 5\n", "list.yaml:1:8: error: ", "[structure]", "the file has errors that must be fixed by hand first (see 'shop check')"),
            ("- name: A\n", "list.yaml:1:1: error: ", "[structure]", "the file has errors that must be fixed by hand first"),
            ("title: T\n", "list.yaml:1:1: error: ", "[structure]", "the file has errors that must be fixed by hand first"),
            ("items:\n  - name: A\n    buy: maybe\n", "list.yaml:3:10: error: ", "[structure]", "the file has errors that must be fixed by hand first"),
        ])
    func brokenFile(text: String, position: String, rule: String, message: String) throws {
        for arguments in [["add", "B"], ["buy", "A"], ["rm", "A"], ["clear", "--all"], ["edit", "A", "--price", "1"]] {
            let scratch = try EditScratch()
            let file = try scratch.write(text, to: "list.yaml")
            try Files.age(file)
            let before = try EditFileSnapshot(file)
            let run = try scratch.run(["-f", "list.yaml"] + arguments)
            let context = "\(arguments): \(run)"
            #expect(run.status == 1, "\(context)")
            #expect(run.out == "", "\(context)")
            #expect(run.err.contains(position) && run.err.contains(rule), "\(context)")
            #expect(run.err.contains("shop: error: " + message), "\(context)")
            #expect(try EditFileSnapshot(file) == before, "\(context)")
        }
    }

    @Test(
        "a category close to exactly one listed category is refused with it suggested: exit 1, nothing written",
        arguments: [
            (["add", "Pears", "--category", "Diary"], "Diary", "Dairy"),
            (["add", "Pears", "--category", "  produse ", "--buy"], "produse", "Produce"),
            (["edit", "apples", "--category", "Dary"], "Dary", "Dairy"),
        ])
    func categorySlip(arguments: [String], typed: String, meant: String) throws {
        let scratch = try EditScratch()
        let file = try scratch.write(Self.list, to: "list.yaml")
        try Files.age(file)
        let before = try EditFileSnapshot(file)
        let run = try scratch.run(["-f", "list.yaml"] + arguments)
        #expect(run.status == 1, "\(run)")
        #expect(run.out == "")
        #expect(
            run.err
                == "shop: error: list.yaml: category \"\(typed)\" is not in \"categories\"; did you mean \"\(meant)\"? "
                + "(--new-category adds \"\(typed)\" as a new category)\n", "\(run)")
        #expect(try EditFileSnapshot(file) == before)
        // check suggests the same category for the same slip in the file.
        try scratch.write(Self.list.replacingOccurrences(of: "    price: 3.49\n", with: "    price: 3.49\n    category: \(typed)\n"), to: "slip.yaml")
        let check = try scratch.run(["check", "slip.yaml"])
        #expect(check.out.contains("category \"\(typed)\" is not in \"categories\" (did you mean \"\(meant)\"?) [unknown-category]"), "\(check)")
    }

    @Test("a category close to none or to several listed ones is taken with a warning; without categories, as given")
    func categoryNotCloseToOne() throws {
        let scratch = try EditScratch()
        try scratch.write("categories:\n  - Bakery\n  - Bakers\nitems:\n  - name: Bread\n", to: "list.yaml")
        let several = try scratch.run(["-f", "list.yaml", "add", "Rolls", "--category", "Bakert"])
        #expect(several.status == 0, "\(several)")
        #expect(several.err == "shop: warning: category \"Bakert\" is not in \"categories\" (--new-category adds it there)\nadded \"Rolls\" (list.yaml)\n")
        let none = try scratch.run(["-f", "list.yaml", "edit", "bread", "--category", "Frozen"])
        #expect(none.status == 0 && none.err.hasPrefix("shop: warning: category \"Frozen\" is not in"), "\(none)")
        #expect(try scratch.text("list.yaml") == "categories:\n  - Bakery\n  - Bakers\nitems:\n  - name: Bread\n    category: Frozen\n  - name: Rolls\n    category: Bakert\n")

        // A list without categories has none to add to: the category is taken as given, silently.
        try scratch.write("items:\n  - name: Bread\n", to: "plain.yaml")
        let plain = try scratch.run(["-f", "plain.yaml", "add", "Rolls", "--category", "Bakery", "--new-category"])
        #expect(plain.status == 0 && plain.err == "added \"Rolls\" (plain.yaml)\n", "\(plain)")
        #expect(try scratch.text("plain.yaml") == "items:\n  - name: Bread\n  - name: Rolls\n    category: Bakery\n")
    }

    @Test("--new-category keeps every comment of categories, writes a flow list in canonical form, and works on a long list")
    func newCategoryKeepsComments() throws {
        let scratch = try EditScratch()
        let commented = "# Groceries\ncategories: # aisle order\n  - Produce # by the door\n  # the fridges\n  - Dairy\nitems:\n  - name: Milk\n    category: Dairy\n"
        try scratch.write(commented, to: "list.yaml")
        let run = try scratch.run(["-f", "list.yaml", "add", "Ice cream", "--category", "Frozen", "--new-category"])
        #expect(run.status == 0, "\(run)")
        #expect(
            try scratch.text("list.yaml")
                == "# Groceries\ncategories: # aisle order\n  - Produce # by the door\n  # the fridges\n  - Dairy\n  - Frozen\nitems:\n"
                + "  - name: Milk\n    category: Dairy\n  - name: Ice cream\n    category: Frozen\n")

        try scratch.write("categories: [Produce, Dairy]\nitems: []\n", to: "flow.yaml")
        #expect(try scratch.run(["-f", "flow.yaml", "add", "Tea", "--category", "Drinks", "--new-category"]).status == 0)
        #expect(try scratch.text("flow.yaml") == "categories:\n  - Produce\n  - Dairy\n  - Drinks\nitems:\n  - name: Tea\n    category: Drinks\n")

        // A long list: categories, at the top, change too.
        var long = "categories:\n  - Produce\n  - Dairy\nitems:\n"
        for index in 0..<20_000 { long += "  - name: Item \(index)\n    category: \(index % 2 == 0 ? "Dairy" : "Produce")\n" }
        try scratch.write(long, to: "long.yaml")
        let slip = try scratch.run(["-f", "long.yaml", "edit", "item 19999", "--category", "Produse"])
        #expect(slip.status == 1 && slip.err.contains("did you mean \"Produce\"?"), "\(slip)")
        let added = try scratch.run(["-f", "long.yaml", "edit", "item 19999", "--category", "Frozen", "--new-category"])
        #expect(added.status == 0, "\(added)")
        let edited = try scratch.text("long.yaml")
        #expect(edited.hasPrefix("categories:\n  - Produce\n  - Dairy\n  - Frozen\nitems:\n"))
        #expect(edited.hasSuffix("  - name: Item 19999\n    category: Frozen\n"))
        for file in ["list.yaml", "flow.yaml", "long.yaml"] {
            #expect(try scratch.run(["check", file]).status == 0, "\(file)")
            #expect(try scratch.run(["fmt", "--check", file]).status == 0, "\(file)")
        }
    }

    @Test("a file with other errors (a bad price) can still be edited, and the edit can fix it")
    func editableDespiteErrors() throws {
        let scratch = try EditScratch()
        try scratch.write("items:\n  - name: A\n    price: 3,49\n", to: "list.yaml")
        let run = try scratch.run(["-f", "list.yaml", "edit", "a", "--price", "3.49"])
        #expect(run.status == 0, "\(run)")
        #expect(try scratch.text("list.yaml") == "items:\n  - name: A\n    price: 3.49\n")
    }

    @Test("removing the last item keeps the comments written after it after the list, not above it")
    func removingTheLastItem() throws {
        let scratch = try EditScratch()
        try scratch.write("items:\n  - name: Bread\n  # ask for the crust\ntitle: Home\n", to: "list.yaml")
        let run = try scratch.run(["-f", "list.yaml", "rm", "bread"])
        #expect(run.status == 0, "\(run)")
        // Before, the comment became the file's first line, above `items: []`.
        #expect(try scratch.text("list.yaml") == "title: Home\nitems: []\n# ask for the crust\n")
        let check = try scratch.run(["fmt", "--check", "list.yaml"])
        #expect(check.status == 0, "\(check)")
    }

    // MARK: How files are written

    @Test("an edit keeps the file's permissions", arguments: [0o640, 0o600, 0o664, 0o604])
    func permissionsKept(mode: Int) throws {
        let scratch = try EditScratch()
        let file = try scratch.write(Self.list, to: "list.yaml")
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        let before = try EditFileSnapshot(file)
        let run = try scratch.run(["-f", "list.yaml", "buy", "crème fraîche"])
        #expect(run.status == 0, "\(run)")
        let after = try EditFileSnapshot(file)
        #expect(after.mode == UInt32(mode))
        #expect(after.inode != before.inode)
        #expect(after.bytes != before.bytes)
    }

    @Test("an edit through a symbolic link writes the link's target and keeps the link")
    func symbolicLink() throws {
        let scratch = try EditScratch()
        try FileManager.default.createDirectory(at: scratch.url("data"), withIntermediateDirectories: true)
        let target = try scratch.write(Self.list, to: "data/real.yaml")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)
        try FileManager.default.createSymbolicLink(atPath: scratch.url("relative.yaml").path, withDestinationPath: "data/real.yaml")
        try FileManager.default.createSymbolicLink(atPath: scratch.url("absolute.yaml").path, withDestinationPath: target.path)
        // A chain: a link to a link.
        try FileManager.default.createSymbolicLink(atPath: scratch.url("data/chain.yaml").path, withDestinationPath: "../relative.yaml")

        let first = try scratch.run(["-f", "relative.yaml", "buy", "crème fraîche"])
        #expect(first.status == 0, "\(first)")
        let second = try scratch.run(["-f", "absolute.yaml", "done", "apples"])
        #expect(second.status == 0, "\(second)")
        let third = try scratch.run(["-f", "data/chain.yaml", "add", "Pears"])
        #expect(third.status == 0, "\(third)")

        for link in ["relative.yaml", "absolute.yaml", "data/chain.yaml"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: scratch.url(link).path)
            #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "\(link) is still a link")
        }
        let text = try scratch.text("data/real.yaml")
        #expect(text.contains("fraîche\n    category: Dairy\n    buy: true\n"))
        #expect(text.contains("3.49\n    buy: true\n    done: true\n"))
        #expect(text.hasSuffix("  - name: Pears\nx-store: Corner shop\n"))
        #expect(try EditFileSnapshot(target).mode == 0o640)
        // The lock sits next to the target; nothing else is left anywhere.
        #expect(try scratch.names() == ["absolute.yaml", "data", "relative.yaml"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url("data").path).sorted() == ["chain.yaml", "real.yaml"])
    }

    @Test("after many edits no stray file is left: only the list")
    func noStrayFiles() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.list, to: "list.yaml")
        let runs: [[String]] = [
            ["add", "Pears", "--buy"], ["edit", "pears", "--price", "2"], ["done", "pears"], ["unbuy", "pears"], ["rm", "pears"],
            ["buy", "crème fraîche"], ["unbuy", "crème fraîche"], ["add", "apples"], ["buy", "nothing"],
        ]
        for arguments in runs {
            _ = try scratch.run(["-f", "list.yaml"] + arguments)
        }
        #expect(try scratch.run(["fmt", "list.yaml"]).status == 0)
        #expect(try scratch.names() == ["list.yaml"])
        #expect(try scratch.text("list.yaml") == Self.list, "the edits undo each other")
    }

    @Test("a file whose mode forbids writing is not replaced, even for root: exit 2 with the reason")
    func readOnlyFile() throws {
        let scratch = try EditScratch()
        let file = try scratch.write(Self.list, to: "list.yaml")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        try Files.age(file)
        let before = try EditFileSnapshot(file)
        for arguments in [["buy", "crème fraîche"], ["add", "Pears"], ["clear", "--all"]] {
            let run = try scratch.run(["-f", "list.yaml"] + arguments)
            #expect(run.status == 2)
            #expect(run.err == "shop: error: cannot write 'list.yaml': the file is read-only (its mode forbids writing)\n")
            #expect(try EditFileSnapshot(file) == before)
        }
        #expect(try scratch.names() == ["list.yaml"])
    }

    @Test("a write that fails part way (a file size limit, standing in for a full disk): exit 2 with the reason, the file intact")
    func failedWrite() throws {
        let scratch = try EditScratch()
        var text = Self.list
        for index in 0..<4_000 { text += "x-line-\(index): padding to make the file larger than the limit\n" }
        let file = try scratch.write(text, to: "list.yaml")
        try Files.age(file)
        let before = try EditFileSnapshot(file)
        #expect(before.bytes.count > 200_000)
        // Writes past 100 blocks (at most 100 KiB) fail with EFBIG once SIGXFSZ is ignored.
        let limited = ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 100; exec \"$0\" \"$@\""]
        let run = try EditCLI.run(["-f", "list.yaml", "buy", "crème fraîche"], in: scratch.folder, prefix: limited)
        #expect(run.status == 2, "\(run)")
        #expect(run.err == "shop: error: cannot write 'list.yaml': File too large\n")
        #expect(try EditFileSnapshot(file) == before)
        #expect(try scratch.names() == ["list.yaml"], "the temporary file is removed")
    }

    @Test("a folder the user may not write: exit 2 with the operating system's reason, the file unchanged")
    func unwritableFolder() throws {
        let nobody = try EditCLI.unprivileged()
        let scratch = try EditScratch()
        let version = try EditCLI.run(["--version"], in: scratch.folder, prefix: nobody)
        try #require(version.status == 0, "shop cannot run as an unprivileged user: \(version)")

        let file = try scratch.write(Self.list, to: "list.yaml")
        // The file itself is writable by anyone: only the folder forbids the change.
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file.path)
        try Files.age(file)
        let before = try EditFileSnapshot(file)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: scratch.folder.path)

        // The folder lock needs only to read the folder; the write itself is refused.
        let refused = try EditCLI.run(["-f", "list.yaml", "buy", "crème fraîche"], in: scratch.folder, prefix: nobody)
        #expect(refused.status == 2, "\(refused)")
        // The file may be written: the message names the folder, which is what to change.
        #expect(
            refused.err
                == "shop: error: cannot write 'list.yaml': the folder '\(scratch.folder.path)' does not let shop create files "
                + "in it (Permission denied); every write makes a new file there, renamed into place when it is complete\n")
        #expect(try EditFileSnapshot(file) == before)
        #expect(try scratch.names() == ["list.yaml"])

        // The same user can edit once the folder allows it.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: scratch.folder.path)
        let allowed = try EditCLI.run(["-f", "list.yaml", "buy", "crème fraîche"], in: scratch.folder, prefix: nobody)
        #expect(allowed.status == 0, "\(allowed)")
        #expect(try EditFileSnapshot(file).bytes != before.bytes)
    }
}
