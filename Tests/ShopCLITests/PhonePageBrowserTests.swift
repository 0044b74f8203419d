import Foundation
import ShopCore
import Testing
import TestSupport
import YAML

/// The phone's page (`shop export --format phone`) used as a person uses it in the store, in
/// headless Chromium emulating a phone 390 px wide with a touch screen, driven through Selenium
/// (Fixtures/html/phone_page.py): taps tick and untick, the bar counts and adds the money still to
/// get exactly, the state outlives a reload, a second tab and a restart of the browser, a new
/// export starts clean, items are added in the store, "Send back" gives the text that `shop import`
/// turns into exactly the ticks and the additions (judged by `shop diff` against the same changes
/// made by shop's own commands), hostile names stay text, nothing is fetched, 300 items answer a
/// tap at once, and the page prints as the HTML page does.
@Suite(.requires(.browser), .requires(.python), .serialized)
struct PhonePageBrowserTests {
    static let script = HTMLPrintTests.fixtures.appendingPathComponent("phone_page.py")
    static let groceries = CLIPaths.repositoryRoot.appendingPathComponent("Tests/ShopCoreTests/Fixtures/export/groceries.yaml")

    /// What the person does, one step at a time (see phone_page.py).
    enum Step {
        case open(URL)
        case tap(String)
        case key(String)
        case add(String)
        case remove(String)
        case send
        case reload
        case newTab
        case tab(Int)
        case restart
        case read
        case evaluate(String)
        case time(String, taps: Int)
        case screenshot(URL)
        case copy(URL, to: URL)
        case noStorage

        var json: [String: Any] {
            switch self {
            case .open(let page): ["open": page.path]
            case .tap(let name): ["tap": name]
            case .key(let name): ["key": name]
            case .add(let text): ["add": text]
            case .remove(let name): ["remove": name]
            case .send: ["send": true]
            case .reload: ["reload": true]
            case .newTab: ["tab": "new"]
            case .tab(let index): ["tab": index]
            case .restart: ["restart": true]
            case .read: ["read": true]
            case .evaluate(let expression): ["evaluate": expression]
            case .time(let name, let taps): ["time": name, "taps": taps]
            case .screenshot(let file): ["screenshot": file.path]
            case .copy(let from, let to): ["copy": [from.path, to.path]]
            case .noStorage: ["no-storage": true]
            }
        }
    }

    /// What one session in the browser saw.
    struct Session: Decodable {
        var reads: [Read]
        var values: [String]
        var timings: [[Double]]
        var requests: [String]
        var violations: [String]
        var console: [String]
    }

    /// What the page showed at a `read` step.
    struct Read: Decodable {
        struct Row: Decodable {
            var name: String
            var done: Bool
            var checked: String?
            var box: String
            var quantity: String
            var total: String
            var notes: String?
            var height: Double
            var width: Double
        }

        struct Section: Decodable {
            var heading: String?
            var added: Bool
            var hidden: Bool
            var rows: [Row]
        }

        struct Shared: Decodable {
            var title: String
            var text: String
        }

        var title: String
        var h1: String
        var count: String
        var toGet: String
        var barShown: Bool
        var sections: [Section]
        var hint: String
        var note: String?
        var sent: String
        var text: String?
        var shared: Shared?
        var scripts: Int
        var resources: [String]
        var violations: [String]
        var viewportWidth: Int
        var scrollWidth: Int
        var touch: Int

        var rows: [Row] { sections.flatMap(\.rows) }
        /// The names of the rows of the list that are ticked, in the page's order.
        var ticked: [String] { sections.filter { !$0.added }.flatMap(\.rows).filter(\.done).map(\.name) }
        /// The items added in the store, in the page's order, and whether each is ticked.
        var added: [String] { sections.filter(\.added).flatMap(\.rows).map { ($0.done ? "[x] " : "[ ] ") + $0.name } }
        func section(_ heading: String) -> [String] {
            sections.first { $0.heading == heading }?.rows.map { ($0.done ? "[x] " : "[ ] ") + $0.name } ?? []
        }
    }

    /// Runs `steps` in a new browser; `scale` device pixels to the CSS pixel.
    static func use(_ steps: [Step], in folder: URL, scale: Int = 1) throws -> Session {
        let chromium = try #require(Prerequisite.chromiumPath)
        let chromedriver = try #require(Prerequisite.chromedriverPath)
        let process = ShopProcess.process(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, chromium, chromedriver, String(scale)],
            in: folder, inheriting: .all)
        let input = try JSONSerialization.data(withJSONObject: steps.map(\.json))
        let run = try ShopProcess.run(process, stdin: .pipe(input), timeout: 300)
        try #require(run.status == 0, "\(run)")
        return try JSONDecoder().decode(Session.self, from: run.stdout)
    }

    /// Runs `steps` as ``use(_:in:scale:)`` does, and once more from the start, saying so, when
    /// the first session `lostStorage`: headless Chromium now and then (about one session in 30)
    /// loses what a page wrote to its local storage just before a reload or a new load of the
    /// page. A second loss is the test's to judge.
    static func use(_ steps: [Step], in folder: URL, test: String, lostStorage: (Session) -> Bool) throws -> Session {
        let session = try use(steps, in: folder)
        guard lostStorage(session) else { return session }
        print("\(test): headless Chromium lost the page's local storage; trying once more from the start")
        return try use(steps, in: folder)
    }

    /// Whether a read of the groceries' page shows it as exported: Bananas and Sourdough bread
    /// ticked, nothing added.
    static func showsTheExportedGroceries(_ read: Read) -> Bool {
        read.ticked.sorted() == ["Bananas", "Sourdough bread"] && read.added.isEmpty
    }

    /// Writes `yaml` as `name.yaml` in `folder` and exports it with `shop export -o NAME.phone.html`
    /// (the name picks the format); returns the page.
    static func export(_ yaml: String, as name: String = "list", in folder: URL) throws -> URL {
        try Files.write(yaml, to: folder.appendingPathComponent("\(name).yaml"))
        let run = try ShopProcess.run(["export", "\(name).yaml", "-o", "\(name).phone.html"], in: folder)
        try #require(run.status == 0, "\(run)")
        return folder.appendingPathComponent("\(name).phone.html")
    }

    static func groceriesYAML() throws -> String {
        try String(contentsOf: groceries, encoding: .utf8)
    }

    /// Nothing was fetched: the browser asked for the pages' own files and nothing else, no page
    /// loaded a resource, and no page broke its policy.
    static func expectNothingFetched(
        _ session: Session, pages: [URL], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let files = Set(pages.map { "file://" + $0.path })
        #expect(!session.requests.isEmpty, sourceLocation: sourceLocation)
        #expect(session.requests.allSatisfy(files.contains), "\(session.requests)", sourceLocation: sourceLocation)
        #expect(session.violations.isEmpty, "\(session.violations)", sourceLocation: sourceLocation)
        for read in session.reads {
            #expect(read.resources.isEmpty, "\(read.resources)", sourceLocation: sourceLocation)
            #expect(read.scripts == 1, sourceLocation: sourceLocation)
        }
    }

    /// What the bar says is still to get when `ticked` (names) are ticked and `added` items without
    /// a price are not: the line totals of the others added in exact decimals, as `shop list` does.
    static func toGet(_ yaml: String, ticked: Set<String>, addedToGet: Int = 0) throws -> String {
        let list = ShoppingList(document: try Document(parsing: Array(yaml.utf8)))
        var totals = ListTotals(decimals: list.priceDecimals)
        for item in list.items where item.buy && !ticked.contains(item.name ?? "") {
            totals.add(item)
        }
        let unpriced = totals.unpricedCount + addedToGet
        return "To get: \(totals.formattedTotal(currency: list.currency))"
            + (unpriced > 0 ? " (\(unpriced) without a price)" : "")
    }

    // MARK: Taps

    @Test func tapsTickAndUntickAndTheBarCounts() throws {
        try withTemporaryDirectory { folder in
            let yaml = try Self.groceriesYAML()
            let page = try Self.export(yaml, in: folder)
            let session = try Self.use(
                [.open(page), .read, .tap("Apples"), .read, .tap("Apples"), .read, .tap("Bananas"), .key("Eggs"), .read],
                in: folder)
            Self.expectNothingFetched(session, pages: [page])
            try #require(session.reads.count == 4)
            let (start, apples, untapped, last) = (session.reads[0], session.reads[1], session.reads[2], session.reads[3])

            // As exported: the done items ticked, each at the end of its section.
            #expect(start.barShown)
            #expect(start.title == "Weekly groceries" && start.h1 == "Weekly groceries")
            #expect(start.count == "2 of 14")
            #expect(start.toGet == (try Self.toGet(yaml, ticked: ["Bananas", "Sourdough bread"])))
            #expect(start.section("Produce") == ["[ ] Apples", "[ ] Baby spinach", "[x] Bananas"])
            #expect(start.ticked == ["Bananas", "Sourdough bread"])
            #expect(start.touch > 0 && start.viewportWidth == 390 && start.scrollWidth <= 390)
            for row in start.rows {
                // Full-width rows a finger hits surely.
                #expect(row.height >= 44, "\(row.name): \(row.height) px")
                #expect(row.width == 390, "\(row.name): \(row.width) px")
                #expect(row.checked == (row.done ? "true" : "false"))
                #expect(row.box == (row.done ? "done" : "to get"))
            }
            let oatMilk = try #require(start.rows.first { $0.name == "Oat milk" })
            #expect(oatMilk.quantity == "2\u{A0}l" && oatMilk.total == "3.78")
            #expect(oatMilk.notes == "Barista edition.\nNot the sweetened one.")

            // A tap ticks a row, which goes to the end of its section, struck through.
            #expect(apples.count == "3 of 14")
            #expect(apples.toGet == (try Self.toGet(yaml, ticked: ["Apples", "Bananas", "Sourdough bread"])))
            #expect(apples.section("Produce") == ["[ ] Baby spinach", "[x] Apples", "[x] Bananas"])
            #expect(apples.rows.first { $0.name == "Apples" }?.checked == "true")

            // A second tap unticks it, back in its place.
            #expect(untapped.count == start.count && untapped.toGet == start.toGet)
            #expect(untapped.section("Produce") == start.section("Produce"))

            // A done item unticked; a row ticked from the keyboard.
            #expect(last.count == "2 of 14")
            #expect(last.ticked == ["Sourdough bread", "Eggs"])
            #expect(last.section("Produce") == ["[ ] Apples", "[ ] Bananas", "[ ] Baby spinach"])
            #expect(last.toGet == (try Self.toGet(yaml, ticked: ["Sourdough bread", "Eggs"])))
        }
    }

    /// Money is added in whole minor units as big integers: amounts past 2^53 minor units, three
    /// decimals, none, and no currency all come out as shop adds them.
    @Test func theTotalToGetIsExact() throws {
        try withTemporaryDirectory { folder in
            let kwd = """
                currency: KWD
                items:
                  - {name: Gold bar, price: 999999999.999, quantity: 99999.999, buy: true}
                  - {name: Silver bar, price: 123456789.123, quantity: 7654.321, buy: true}
                  - {name: Dinar coin, price: 0.001, buy: true}
                  - {name: Tenths, price: 0.100, quantity: 3, buy: true}
                  - {name: Free sample, buy: true}

                """
            let jpy = "currency: JPY\nitems:\n  - {name: Rice, price: 1234, quantity: 3, buy: true}\n"
            let plain = "items:\n  - {name: A, price: 0.10, buy: true}\n  - {name: B, price: 0.20, buy: true}\n"
            let pages = [
                try Self.export(kwd, as: "kwd", in: folder), try Self.export(jpy, as: "jpy", in: folder),
                try Self.export(plain, as: "plain", in: folder),
            ]
            let session = try Self.use(
                [.open(pages[0]), .read, .tap("Dinar coin"), .tap("Free sample"), .read, .open(pages[1]), .read,
                 .open(pages[2]), .read, .tap("A"), .read],
                in: folder)
            Self.expectNothingFetched(session, pages: pages)
            try #require(session.reads.count == 5)
            #expect(session.reads[0].toGet == (try Self.toGet(kwd, ticked: [])))
            #expect(session.reads[0].toGet == "To get: 100944976893477.051 KWD (1 without a price)")
            #expect(session.reads[1].toGet == (try Self.toGet(kwd, ticked: ["Dinar coin", "Free sample"])))
            #expect(session.reads[1].count == "2 of 5")
            #expect(session.reads[1].toGet == "To get: 100944976893477.050 KWD")
            #expect(session.reads[2].toGet == "To get: 3702 JPY")
            #expect(session.reads[3].toGet == "To get: 0.30")
            #expect(session.reads[4].toGet == "To get: 0.20")
        }
    }

    // MARK: The state

    /// Ticks and additions outlive a reload, show in a second tab (and that tab's changes in the
    /// first), and outlive closing the browser. Headless Chromium now and then loses what a page
    /// wrote to its local storage just before a reload; a session that finds the state it made
    /// gone is tried once more from the start, and says so.
    @Test func theStateOutlivesReloadsTabsAndRestarts() throws {
        try withTemporaryDirectory { folder in
            let page = try Self.export(try Self.groceriesYAML(), in: folder)
            let steps: [Step] = [
                .open(page), .tap("Apples"), .add("Kitchen roll"), .tap("Kitchen roll"), .read, .reload, .read, .newTab,
                .read, .tap("Eggs"), .tab(0), .read, .restart, .open(page), .read,
            ]
            let session = try Self.use(steps, in: folder, test: "theStateOutlivesReloadsTabsAndRestarts") { session in
                session.reads.dropFirst().contains(where: Self.showsTheExportedGroceries)
            }
            Self.expectNothingFetched(session, pages: [page])
            try #require(session.reads.count == 5)
            let made = session.reads[0]
            #expect(made.count == "4 of 15")
            #expect(made.ticked == ["Apples", "Bananas", "Sourdough bread"])
            #expect(made.added == ["[x] Kitchen roll"])
            for (index, read) in session.reads.enumerated().dropFirst() {
                let expectedTicks = index >= 3 ? ["Apples", "Bananas", "Sourdough bread", "Eggs"] : made.ticked
                #expect(read.ticked == expectedTicks, "read \(index)")
                #expect(read.added == made.added, "read \(index)")
                #expect(read.count == (index >= 3 ? "5 of 15" : "4 of 15"), "read \(index)")
                #expect(read.sections.map(\.rows.count) == made.sections.map(\.rows.count), "read \(index)")
            }
            // The first tab saw the second's tick as it was made, without a reload.
            #expect(session.reads[3].ticked.contains("Eggs"))
        }
    }

    /// The state is kept under the list's title and the page's hash: a new export of a changed
    /// list starts clean, while the same list exported again is the same page and finds its ticks.
    @Test func aNewExportStartsClean() throws {
        try withTemporaryDirectory { folder in
            let yaml = try Self.groceriesYAML()
            let first = try Self.export(yaml, as: "first", in: folder)
            let again = try Self.export(yaml, as: "again", in: folder)
            #expect(try Data(contentsOf: first) == Data(contentsOf: again))
            let changed = try Self.export(yaml.replacingOccurrences(of: "  - name: Lemons\n", with: "  - name: Lemons\n    buy: true\n"), as: "changed", in: folder)
            let page = folder.appendingPathComponent("list.phone.html")
            let session = try Self.use(
                [.copy(first, to: page), .open(page), .tap("Apples"), .add("Kitchen roll"), .read,
                 .copy(changed, to: page), .open(page), .read, .copy(again, to: page), .open(page), .read],
                in: folder, test: "aNewExportStartsClean"
            ) { session in session.reads.count == 3 && Self.showsTheExportedGroceries(session.reads[2]) }
            Self.expectNothingFetched(session, pages: [page])
            try #require(session.reads.count == 3)
            #expect(session.reads[0].ticked == ["Apples", "Bananas", "Sourdough bread"])
            #expect(session.reads[0].added == ["[ ] Kitchen roll"])
            // The changed list: as exported, nothing of the other page's state.
            #expect(session.reads[1].ticked == ["Bananas", "Sourdough bread"])
            #expect(session.reads[1].added.isEmpty)
            #expect(session.reads[1].section("Produce") == ["[ ] Apples", "[ ] Baby spinach", "[ ] Lemons", "[x] Bananas"])
            #expect(session.reads[1].count == "2 of 15")
            // The same list again: the same page, with its state.
            #expect(session.reads[2].ticked == session.reads[0].ticked)
            #expect(session.reads[2].added == session.reads[0].added)
        }
    }

    /// Where the browser keeps no local storage, the page still ticks, and says that the ticks
    /// last only until it is closed.
    @Test func withoutStorageThePageWorksAndSaysSo() throws {
        try withTemporaryDirectory { folder in
            let page = try Self.export(try Self.groceriesYAML(), in: folder)
            let session = try Self.use([.noStorage, .open(page), .read, .tap("Apples"), .read, .reload, .read], in: folder)
            Self.expectNothingFetched(session, pages: [page])
            try #require(session.reads.count == 3)
            #expect(session.reads[0].note == nil)
            #expect(session.reads[0].count == "2 of 14")
            #expect(session.reads[1].count == "3 of 14")
            #expect(session.reads[1].note == "This browser does not keep the ticks: they are lost when the page is closed.")
            #expect(session.reads[2].count == "2 of 14")
        }
    }

    // MARK: Send back

    /// A name typed in the store is escaped for the checklist as shop escapes names: each added
    /// item's line is the line the Markdown export writes for an item of that name (less the
    /// quantity the export adds to names that would read as more than a name).
    @Test func typedNamesAreEscapedAsTheMarkdownExportEscapesNames() throws {
        try withTemporaryDirectory { folder in
            let names = [
                "*emphasis* and _underscores_ and `code`", "[link](http://example.com) and ![image](x.png)",
                "<b>bold</b> <http://autolink.example> www.example.com", "# not a heading", "1. not an ordered list",
                "> not a quote", #"a | b \ c ~~d~~ $e$"#, "&amp; &#65; &copy; AT&T", "[ ] not a nested task", "-minus",
                "+plus", "=SUM(A1:A9)", "1) first", "12. dozen", "1.5 kg flour", "3)", "WWW.EXAMPLE.ORG", "a&b;",
                "&#;", "& alone", "x:y", "see https://x.example", "wwwx.example", "Crème brûlée 🍮", "日本 の 米",
                #"back\slash"#, "under_score", "pipe|", "dollar$5", "tilde~", #"ends with a backslash \"#,
                "@mention", #"'quoted' "twice""#, "2 x 3", "½ cup",
            ]
            var yaml = "items:\n"
            for name in names {
                let quoted = name.replacingOccurrences(of: #"\"#, with: #"\\"#).replacingOccurrences(of: #"""#, with: #"\""#)
                yaml += "  - name: \"\(quoted)\"\n    buy: true\n"
            }
            try Files.write(yaml, to: folder.appendingPathComponent("names.yaml"))
            let markdown = try ShopProcess.run(["export", "names.yaml", "--format", "markdown"], in: folder)
            try #require(markdown.status == 0, "\(markdown)")
            let expected = markdown.out.split(separator: "\n").filter { $0.hasPrefix("- [ ] ") }.map {
                $0.hasSuffix(" — ×1") ? String($0.dropLast(" — ×1".count)) : String($0)
            }
            try #require(expected.count == names.count)
            let page = try Self.export("title: Store\nitems: []\n", in: folder)
            let session = try Self.use([.open(page)] + names.map(Step.add) + [.send, .read], in: folder)
            let read = try #require(session.reads.first)
            #expect(read.added == names.map { "[ ] " + $0 })
            let text = try #require(read.text)
            let lines = text.split(separator: "\n").filter { $0.hasPrefix("- [ ] ") }.map(String.init)
            #expect(lines.count == names.count)
            for (line, wanted) in zip(lines, expected) {
                #expect(line == wanted)
            }
        }
    }


    /// The text sent back, imported with `shop import`, ticks and adds exactly what was done on the
    /// phone: the list it makes is the list that shop's own commands make from the same changes
    /// (`shop diff` finds no difference), and its diff from the list before is those changes only.
    @Test func sendBackTicksAndAddsExactlyWhatWasDone() throws {
        try withTemporaryDirectory { folder in
            let yaml = try Self.groceriesYAML()
            let page = try Self.export(yaml, in: folder)
            let session = try Self.use(
                [.open(page), .tap("Apples"), .tap("Eggs"), .tap("Bananas"), .add("Kitchen roll"),
                 .add("2 kg potatoes"), .add("Oops"), .remove("Oops"), .tap("Kitchen roll"), .add("  eggs "), .read,
                 .send, .read],
                in: folder)
            Self.expectNothingFetched(session, pages: [page])
            try #require(session.reads.count == 2)
            // A name on the list already is not added: the page shows the row instead.
            #expect(session.reads[0].hint == "Eggs is on the list already.")
            #expect(session.reads[0].added == ["[ ] 2 kg potatoes", "[x] Kitchen roll"])
            let read = session.reads[1]
            let text = try #require(read.text)
            #expect(read.shared?.text == text)
            #expect(read.shared?.title == "Weekly groceries")
            #expect(read.sent.hasPrefix("Copied") || read.sent.hasPrefix("Copy this text"), "\(read.sent)")
            #expect(text.hasPrefix("# Weekly groceries\n\n## Produce\n\n- [x] Apples — 6 pcs — 20.94\n- [ ] Bananas — 1 kg — 1.99\n"))
            #expect(text.hasSuffix("\n## Household\n\n- [ ] Paper towels — 2 pack — 7.98\n- [ ] Laundry detergent\n\n## Other\n\n- [x] Kitchen roll\n- [ ] 2 kg potatoes\n"))
            #expect(text.contains("\n## Dairy\n\n- [ ] Oat milk — 2 l — 3.78\n- [ ] Greek yogurt — 500 g — 2.49\n- [x] Eggs — 10 pcs — 32.90\n"))

            try Files.write(text, to: folder.appendingPathComponent("sent.md"))
            try Files.write(yaml, to: folder.appendingPathComponent("imported.yaml"))
            let imported = try ShopProcess.run(["import", "--format", "markdown", "-f", "imported.yaml", "sent.md"], in: folder)
            #expect(imported.status == 0, "\(imported)")

            // The same changes made by shop's own commands.
            try Files.write(yaml, to: folder.appendingPathComponent("expected.yaml"))
            for command in [
                ["done", "Apples", "Eggs"], ["undone", "Bananas"], ["add", "Kitchen roll", "--buy"], ["done", "Kitchen roll"],
                ["add", "potatoes", "--quantity", "2", "--unit", "kg", "--buy"],
            ] {
                let run = try ShopProcess.run(["-f", "expected.yaml"] + command, in: folder)
                #expect(run.status == 0, "\(command): \(run)")
            }
            let same = try ShopProcess.run(["diff", "expected.yaml", "imported.yaml"], in: folder)
            #expect(same.status == 0, "\(same)")
            let changes = try ShopProcess.run(["diff", "list.yaml", "imported.yaml"], in: folder)
            #expect(changes.out.split(separator: "\n").sorted() == [
                "+ Kitchen roll", "+ potatoes (quantity 2 kg)", "2 added, 0 removed, 3 changed",
                "~ Apples: done false -> true", "~ Bananas: done true -> false, comments changed",
                "~ Eggs: done false -> true",
            ], "\(changes)")
            let check = try ShopProcess.run(["check", "imported.yaml"], in: folder)
            #expect(check.status == 0, "\(check)")
        }
    }

    /// Sent back untouched, the page's text changes no byte of the list; a list without categories,
    /// an empty one, one whose uncategorized items have a section, and one with a category named
    /// Other all take the items added in the store without a category.
    @Test func sendBackOfEveryShapeOfList() throws {
        try withTemporaryDirectory { folder in
            let lists: [(name: String, yaml: String)] = [
                ("groceries", try Self.groceriesYAML()),
                ("flat", "title: Flat\nitems:\n  - {name: Milk, buy: true}\n  - {name: Bread, buy: true, done: true}\n"),
                ("empty", "title: Empty\nitems:\n  - {name: Milk}\n"),
                ("mixed", "categories: [Dairy]\nitems:\n  - {name: Milk, category: Dairy, buy: true}\n  - {name: Tape, buy: true}\n"),
                ("other", "items:\n  - {name: Milk, category: Other, buy: true}\n  - {name: Tape, buy: true}\n"),
            ]
            var pages: [URL] = []
            var steps: [Step] = []
            for (name, yaml) in lists {
                let page = try Self.export(yaml, as: name, in: folder)
                pages.append(page)
                steps += [.open(page), .send, .read]
                if name != "groceries" { steps += [.add("Batteries"), .tap("Batteries"), .add("Glue"), .send, .read] }
            }
            let session = try Self.use(steps, in: folder)
            Self.expectNothingFetched(session, pages: pages)
            try #require(session.reads.count == 2 * lists.count - 1)
            var reads = session.reads[...]
            for (name, yaml) in lists {
                // Untouched: the import writes nothing.
                let untouched = try #require(reads.popFirst()?.text)
                try Files.write(untouched, to: folder.appendingPathComponent("\(name).md"))
                let before = try Data(contentsOf: folder.appendingPathComponent("\(name).yaml"))
                let run = try ShopProcess.run(["import", "-f", "\(name).yaml", "\(name).md"], in: folder)
                #expect(run.status == 0, "\(name): \(run)")
                #expect(try Data(contentsOf: folder.appendingPathComponent("\(name).yaml")) == before, "\(name)")
                guard name != "groceries" else { continue }

                // With two items added in the store, one ticked: they come in without a category.
                let text = try #require(reads.popFirst()?.text)
                try Files.write(text, to: folder.appendingPathComponent("\(name).md"))
                let imported = try ShopProcess.run(["import", "-f", "\(name).yaml", "\(name).md"], in: folder)
                #expect(imported.status == 0, "\(name): \(imported)")
                try Files.write(yaml, to: folder.appendingPathComponent("\(name).expected.yaml"))
                for command in [["add", "Batteries", "--buy"], ["done", "Batteries"], ["add", "Glue", "--buy"]] {
                    let made = try ShopProcess.run(["-f", "\(name).expected.yaml"] + command, in: folder)
                    #expect(made.status == 0, "\(name) \(command): \(made)")
                }
                let same = try ShopProcess.run(["diff", "\(name).expected.yaml", "\(name).yaml"], in: folder)
                #expect(same.status == 0, "\(name):\n\(text)\n\(same)")
            }
        }
    }

    // MARK: Hostile names, nothing fetched

    /// Names, notes, headings and a title that are markup or script, on the list and typed in the
    /// store, show as written; no script of theirs runs, no element of theirs appears, and they
    /// come back through "Send back" and `shop import` exactly as written.
    @Test func hostileNamesAreShownAsTextAndComeBackAsWritten() throws {
        try withTemporaryDirectory { folder in
            let names = [
                "<img src=x onerror=\"window.__pwned='name'\">", "</li></ul><script>window.__pwned='row'</script>",
                "\"><svg onload=window.__pwned='attribute'>", "' onmouseover='window.__pwned=1",
                "&lt;b&gt;not bold&lt;/b&gt; &amp; &#65;", "${window.__pwned='template'}", "*a* _b_ `c` [d](e) # f | g",
                "1. not a list", "- [x] not a box",
            ]
            var yaml = """
                title: "</title><script>window.__pwned='title'</script>"
                currency: EUR
                categories: ["<b onclick=window.__pwned='category'>Aisle</b>"]
                items:

                """
            for (index, name) in names.enumerated() {
                yaml += "  - name: '\(name.replacingOccurrences(of: "'", with: "''"))'\n    buy: true\n    price: 1.\(index)0\n"
                if index % 2 == 0 { yaml += "    category: \"<b onclick=window.__pwned='category'>Aisle</b>\"\n" }
                if index == 0 { yaml += "    notes: \"</script><script>window.__pwned='notes'</script>\"\n" }
            }
            let typed = [
                "<img src=x onerror=window.__pwned='added'>", "**bold** [x] # http://x.example &amp; `c` $m$ ~s~ \\",
                "Crème brûlée 🍮", "+ plus", "=SUM(A1)",
            ]
            let page = try Self.export(yaml, in: folder)
            var steps: [Step] = [.open(page), .read]
            steps += names.map(Step.tap)
            steps += typed.map(Step.add)
            steps += [.tap(typed[2]), .send, .read, .evaluate("typeof window.__pwned"),
                      .evaluate("document.querySelectorAll('img, svg, b, script:not([data-key]), [onclick], [onerror]').length")]
            let session = try Self.use(steps, in: folder)
            Self.expectNothingFetched(session, pages: [page])
            #expect(session.values == ["\"undefined\"", "0"])
            try #require(session.reads.count == 2)
            let start = session.reads[0]
            #expect(start.title == "</title><script>window.__pwned='title'</script>")
            #expect(start.h1 == start.title)
            #expect(start.sections.first?.heading == "<b onclick=window.__pwned='category'>Aisle</b>")
            #expect(Set(start.rows.map(\.name)) == Set(names))
            #expect(start.rows.first { $0.name == names[0] }?.notes == "</script><script>window.__pwned='notes'</script>")
            let end = session.reads[1]
            #expect(end.ticked.sorted() == names.sorted())
            #expect(end.added.sorted() == typed.map { ($0 == typed[2] ? "[x] " : "[ ] ") + $0 }.sorted())

            // Back home: the same names, ticked, and the typed ones added as typed.
            let text = try #require(end.text)
            try Files.write(text, to: folder.appendingPathComponent("sent.md"))
            try Files.write(yaml, to: folder.appendingPathComponent("expected.yaml"))
            let imported = try ShopProcess.run(["import", "-f", "list.yaml", "sent.md"], in: folder)
            #expect(imported.status == 0, "\(imported)")
            var commands = [["done", "--"] + names]
            for name in typed { commands.append(["add", "--buy", "--", name]) }
            commands.append(["done", "--", typed[2]])
            for command in commands {
                let run = try ShopProcess.run(["-f", "expected.yaml"] + command, in: folder)
                #expect(run.status == 0, "\(command): \(run)")
            }
            let same = try ShopProcess.run(["diff", "expected.yaml", "list.yaml"], in: folder)
            #expect(same.status == 0, "\(text)\n\(same)")
        }
    }

    /// The page's policy refuses what a script of the page might ask for: a connection, an image,
    /// a form sent away. The browser reports each refusal, and nothing leaves.
    @Test func thePolicyRefusesEveryConnection() throws {
        try withTemporaryDirectory { folder in
            let page = try Self.export(try Self.groceriesYAML(), in: folder)
            let session = try Self.use(
                [.open(page),
                 .evaluate("fetch('http://127.0.0.1:9/list').then(() => 'fetched', () => 'refused')"),
                 .evaluate("new Promise((done) => { const image = new Image(); image.onload = () => done('loaded'); "
                     + "image.onerror = () => done('refused'); image.src = 'http://127.0.0.1:9/pixel.png'; })"),
                 .evaluate("new Promise((done) => { try { const socket = new WebSocket('ws://127.0.0.1:9/'); "
                     + "socket.onopen = () => done('open'); socket.onerror = () => done('refused'); } "
                     + "catch (error) { done('refused'); } })"),
                 .evaluate("new Promise((done) => setTimeout(() => done(window.__violations.length), 200))")],
                in: folder)
            #expect(session.values.prefix(3) == ["\"refused\"", "\"refused\"", "\"refused\""])
            #expect(session.requests == ["file://" + page.path], "\(session.requests)")
            #expect(session.violations.sorted() == [
                "connect-src http://127.0.0.1:9/list", "connect-src ws://127.0.0.1:9/", "img-src http://127.0.0.1:9/pixel.png",
            ])
        }
    }

    // MARK: A long list, print, the picture

    /// A tap on a list of 300 items changes the page, its style and its layout in a few
    /// milliseconds: no tap keeps the page busy longer than the 100 ms that people still take as
    /// at once.
    @Test func threeHundredItemsAnswerATapAtOnce() throws {
        try withTemporaryDirectory { folder in
            let (yaml, names) = HTMLPrintTests.list(count: 300, seed: 300)
            let page = try Self.export(yaml, in: folder)
            let middle = names[150]
            let session = try Self.use([.open(page), .read, .time(middle, taps: 12), .read], in: folder)
            Self.expectNothingFetched(session, pages: [page])
            let timings = try #require(session.timings.first)
            #expect(timings.count == 12)
            print("a tap on 300 items: \(timings.map { String(format: "%.1f", $0) }.joined(separator: ", ")) ms")
            // The first tap also warms the script up.
            #expect(timings.dropFirst().allSatisfy { $0 < 100 }, "\(timings)")
            #expect(session.reads.first?.rows.count == 300)
            #expect(session.reads.first?.ticked == session.reads.last?.ticked)
        }
    }

    /// Printed, the phone's page is the HTML page: the same pages with the same text in the same
    /// places, on A4 and on Letter.
    @Test(arguments: ["a4", "letter"])
    func itPrintsAsTheHTMLPageDoes(paper: String) throws {
        try withTemporaryDirectory { folder in
            // Nothing done: the phone's page would put done items last in their sections.
            let yaml = HTMLPrintTests.list(count: 80, seed: 80).yaml.replacingOccurrences(of: "    done: true\n", with: "")
            try Files.write(yaml, to: folder.appendingPathComponent("list.yaml"))
            var texts: [String] = []
            var pages: [String] = []
            for name in ["list.html", "list.phone.html"] {
                let run = try ShopProcess.run(["export", "list.yaml", "-o", name], in: folder)
                try #require(run.status == 0, "\(run)")
                let pdf = folder.appendingPathComponent(name + ".pdf")
                _ = try HTMLPrintTests.chromium(["pdf", folder.appendingPathComponent(name).path, pdf.path, paper], in: folder)
                let text = try runTool("pdftotext", ["-layout", pdf.path, "-"], in: folder)
                #expect(text.status == 0, "\(text)")
                texts.append(text.out)
                let info = try runTool("pdfinfo", [pdf.path], in: folder)
                pages.append(info.out.split(separator: "\n").first { $0.hasPrefix("Pages:") }.map(String.init) ?? "")
            }
            #expect(pages[0] == pages[1])
            #expect(pages[0].hasPrefix("Pages:"), "\(pages)")
            #expect(texts[0] == texts[1], "\(lineDiff(expected: Array(texts[0].utf8), actual: Array(texts[1].utf8)))")
            #expect(texts[0].contains("Total: "))
        }
    }

    /// The picture in the README: the bundled example's page at 390 px on a phone of scale 2, a
    /// few items ticked and one added. `SHOP_UPDATE_GOLDENS=1` writes docs/phone.png; otherwise it
    /// is checked to be that picture's size. Look at it before committing it.
    @Test func theREADMEPictureIsThePageOnAPhone() throws {
        try withTemporaryDirectory { folder in
            let example = CLIPaths.repositoryRoot.appendingPathComponent("examples/groceries.yaml")
            let page = try Self.export(try String(contentsOf: example, encoding: .utf8), in: folder)
            let shot = folder.appendingPathComponent("phone.png")
            let session = try Self.use(
                [.open(page), .tap("Apples"), .tap("Baby spinach"), .tap("Oat milk"), .add("Birthday candles"),
                 .evaluate("window.scrollTo(0, 0)"), .screenshot(shot), .read],
                in: folder, scale: 2)
            Self.expectNothingFetched(session, pages: [page])
            let png = try Data(contentsOf: shot)
            #expect(Self.pngSize(png) == [780, 1688])
            let committed = CLIPaths.repositoryRoot.appendingPathComponent("docs/phone.png")
            if updatingGoldens {
                try png.write(to: committed)
            } else {
                let picture = try Data(contentsOf: committed)
                #expect(Self.pngSize(picture) == [780, 1688])
            }
        }
    }

    /// The width and height in a PNG's header.
    static func pngSize(_ png: Data) -> [Int] {
        let bytes = [UInt8](png.prefix(24))
        guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return [] }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return [word(16), word(20)]
    }
}
