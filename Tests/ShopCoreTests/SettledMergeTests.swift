@testable import ShopCore
import Testing
import TestSupport

/// The merge that sets settled items aside (``SettledMerge``) gives what the whole merge gives,
/// byte for byte, or declines, and it declines what could tell them apart.
@Suite("merge with settled items set aside")
struct SettledMergeTests {
    /// The merge of three texts both ways: set aside (nil when declined) and whole.
    static func both(_ base: String, _ ours: String, _ theirs: String, markerSize: Int = 7)
        -> (settled: ListMerge.Result?, whole: ListMerge.Result)
    {
        let texts = [base, ours, theirs].map { Array($0.utf8) }
        let settled = SettledMerge.mergeInPieces(
            base: texts[0], ours: texts[1], theirs: texts[2], labels: .standard, markerSize: markerSize)?.result
        let whole = ListMerge.merge(
            base: texts[0], ours: texts[1], theirs: texts[2], labels: .standard, markerSize: markerSize,
            settledFrom: Int.max)
        return (settled, whole)
    }

    /// The failures among `cases` (merged both ways), and how many were set aside.
    static func compare(_ cases: [(String, String, String, String)], markerSize: Int = 7)
        -> (failures: [String], setAside: Int, declined: [String])
    {
        var failures: [String] = []
        var declined: [String] = []
        var setAside = 0
        for (description, base, ours, theirs) in cases {
            let (settled, whole) = both(base, ours, theirs, markerSize: markerSize)
            guard let settled else {
                declined.append(description)
                continue
            }
            setAside += 1
            if settled != whole {
                failures.append(
                    "\(description):\n--- base\n\(base)--- ours\n\(ours)--- theirs\n\(theirs)--- set aside (\(settled.conflicts))\n"
                        + "\(String(decoding: settled.merged, as: UTF8.self))--- whole (\(whole.conflicts))\n"
                        + String(decoding: whole.merged, as: UTF8.self))
            }
        }
        return (failures, setAside, declined)
    }

    /// Expects every case merged with items set aside to give the whole merge's result, and at
    /// least `minimum` of them to be merged so.
    static func expectSame(
        _ cases: [(String, String, String, String)], markerSize: Int = 7, setAsideAtLeast minimum: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (failures, setAside, declined) = compare(cases, markerSize: markerSize)
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.first ?? "")", sourceLocation: sourceLocation)
        #expect(
            setAside >= minimum,
            "only \(setAside) of \(cases.count) were merged with items set aside; declined: \(declined.prefix(8))",
            sourceLocation: sourceLocation)
    }

    @Test("the generated pairs of the merge's properties merge the same set aside as whole")
    func generatedPairs() {
        let cases = MergePropertyTests.pairs.map { pair in
            (pair.description, pair.base.text, pair.ours.text, pair.theirs.text)
        }
        Self.expectSame(cases, setAsideAtLeast: cases.count / 2 + 1)
    }

    @Test("longer generated lists with a few edits a side, and the sides swapped, merge the same set aside as whole")
    func longerLists() {
        var cases: [(String, String, String, String)] = []
        for number in 0..<UInt64(150) {
            let pair = HouseholdPair(seed: 0x5E77_1ED0 + number, items: 40...160, edits: 0...4)
            cases.append(("seed \(number)", pair.base.text, pair.ours.text, pair.theirs.text))
            cases.append(("seed \(number), swapped", pair.base.text, pair.theirs.text, pair.ours.text))
        }
        Self.expectSame(cases, markerSize: 9, setAsideAtLeast: cases.count * 3 / 4 + 1)
    }

    static let head = "title: Home\ncurrency: EUR\nitems:\n"

    static func list(_ items: [String], head: String = head) -> String {
        head + items.joined()
    }

    static let settledItems = (0..<8).map { "  - name: Item \($0)\n    price: 1.\($0)0\n" }

    /// Lists of items written every way, each with edits on both sides.
    static func shapeCases() throws -> [(String, String, String, String)] {
        let shapes: [(String, [String])] = [
            ("comments above, on and after items, blank lines", [
                "  - name: Milk\n    price: 1.10 # cheap\n", "\n  # dairy\n  - name: Eggs\n    quantity: 12\n",
                "  - name: Butter # the salted one\n    buy: true\n\n", "  - name: Jam\n    notes: |\n      Strawberry.\n      Or cherry.\n",
                "  - name: Flour\n    # for bread\n    category: Pantry\n", "  - name: Salt\n    done: false\n",
            ]),
            ("quoted names and values, ids, a nested list, unknown keys", [
                "  - name: \"Tea: green\"\n    id: a1\n", "  - name: 'Rice'\n    x-shop: [a, b]\n",
                "  - name: Oil\n    x-tags:\n      - kitchen\n      - bulk\n", "  -   name: Sugar\n    unit: kg\n",
                "  - name: Soap\n    notes: >\n      Folded\n      text.\n", "  - name: Coffee\n    price: 7\n",
            ]),
            ("keys out of canonical order inside items", [
                "  - name: Pears\n    buy: true\n    price: 2.5\n", "  - name: Plums\n    category: Produce\n    price: 3\n",
                "  - name: Figs\n", "  - name: Kiwis\n    quantity: 4\n",
            ]),
        ]
        var cases: [(String, String, String, String)] = []
        for (description, items) in shapes {
            let base = list(items)
            // Each item changed on one side, another (or the same) on the other, and the ends.
            for changed in items.indices {
                for other in items.indices {
                    var ours = items
                    var theirs = items
                    ours[changed] = "  - name: Changed \(changed)\n    buy: true\n"
                    theirs.remove(at: other)
                    cases.append(("\(description): ours changes \(changed), theirs removes \(other)", base, list(ours), list(theirs)))
                    var added = items
                    added.insert("  - name: Added\n", at: other)
                    cases.append(("\(description): theirs adds before \(other)", base, list(items), list(added)))
                    var both = items
                    both[changed] = items[changed] + "    x-seen: yes\n"
                    cases.append(("\(description): both change \(changed)", base, list(ours), list(both)))
                }
            }
            // The last item without a line break at the end of the file.
            let unterminated = list(items).dropLast()
            cases.append(("\(description): no final line break", String(unterminated), String(unterminated), list(items + ["  - name: Last\n"])))
        }
        return cases
    }

    @Test("lists written otherwise than the canonical form, and every kind of plain item, merge the same")
    func shapes() throws {
        let cases = try Self.shapeCases()
        Self.expectSame(cases, setAsideAtLeast: cases.count / 2 + 1)
    }

    @Test("conflicts next to settled items are written the same")
    func conflicts() {
        var cases: [(String, String, String, String)] = []
        let items = Self.settledItems
        for index in items.indices {
            var ours = items
            var theirs = items
            ours[index] = "  - name: Item \(index)\n    price: 9.99\n"
            theirs[index] = "  - name: Item \(index)\n    price: 8.88\n"
            cases.append(("price of \(index)", Self.list(items), Self.list(ours), Self.list(theirs)))
            var removed = items
            removed.remove(at: index)
            cases.append(("changed and removed \(index)", Self.list(items), Self.list(ours), Self.list(removed)))
            var renamed = items
            renamed[index] = "  - name: Item \((index + 1) % items.count)\n    price: 1.00\n"
            cases.append(("renamed onto another \(index)", Self.list(items), Self.list(ours), Self.list(renamed)))
        }
        Self.expectSame(cases, setAsideAtLeast: items.count * 2)
    }

    @Test("what could tell the two merges apart is declined", arguments: [
        ("ours changes the currency's decimals", SettledMergeTests.list(SettledMergeTests.settledItems), SettledMergeTests.list(SettledMergeTests.settledItems, head: "title: Home\ncurrency: JPY\nitems:\n"), SettledMergeTests.list(SettledMergeTests.settledItems)),
        ("a carriage return", SettledMergeTests.list(SettledMergeTests.settledItems), SettledMergeTests.list(SettledMergeTests.settledItems).replacingOccurrences(of: "\n", with: "\r\n"), SettledMergeTests.list(SettledMergeTests.settledItems)),
        ("the placeholder's name", SettledMergeTests.list(SettledMergeTests.settledItems), SettledMergeTests.list(SettledMergeTests.settledItems + ["  - name: shop-settled-run-0\n"]), SettledMergeTests.list(SettledMergeTests.settledItems)),
        ("a repeated name", SettledMergeTests.list(SettledMergeTests.settledItems), SettledMergeTests.list(SettledMergeTests.settledItems + [SettledMergeTests.settledItems[0]]), SettledMergeTests.list(SettledMergeTests.settledItems)),
        ("a version that is not a list", SettledMergeTests.list(SettledMergeTests.settledItems), "items: [", SettledMergeTests.list(SettledMergeTests.settledItems)),
        ("an empty base", "", SettledMergeTests.list(SettledMergeTests.settledItems), SettledMergeTests.list(SettledMergeTests.settledItems)),
        ("settings after the items", SettledMergeTests.list(SettledMergeTests.settledItems), SettledMergeTests.list(SettledMergeTests.settledItems) + "title: Later\n", SettledMergeTests.list(SettledMergeTests.settledItems)),
        ("an item whose keys start out of order", SettledMergeTests.list(SettledMergeTests.settledItems), SettledMergeTests.list(SettledMergeTests.settledItems + ["  - price: 1\n    name: Late\n"]), SettledMergeTests.list(SettledMergeTests.settledItems)),
        ("nothing settled", SettledMergeTests.list(["  - name: A\n"]), SettledMergeTests.list(["  - name: B\n"]), SettledMergeTests.list(["  - name: C\n"])),
    ])
    func declined(_ description: String, _ base: String, _ ours: String, _ theirs: String) {
        #expect(Self.both(base, ours, theirs).settled == nil, "\(description) was merged with items set aside")
    }

    @Test("items are plain only when their lines are all of them")
    func plainness() throws {
        let text = Self.list([
            "  - name: A # on the name\n    price: 1\n", "  # above\n  - name: B\n", "  - name: C\n    notes: |+\n      kept\n\n",
            "  -\n    name: D\n", "  - {name: E}\n",
            "  - name: H\n    quantity: 2 # on the last line: the item's\n", "  - name: I\n",
        ])
        let outline = try #require(VersionOutline.read(Array(text.utf8), printing: true, reserved: SettledMerge.placeholderPrefix))
        #expect(outline.items.map(\.isPlain) == [true, true, false, false, false, true, true])
        // B's comment is above its lines: it can follow another item but not start a run.
        #expect(outline.items.map { $0.head < $0.start } == [false, true, false, false, false, false, false])
        let printed = outline.printedRanges.map { String(decoding: outline.printed[Int($0.lowerBound)..<Int($0.upperBound)], as: UTF8.self) }
        #expect(printed[0] == "  - name: A # on the name\n    price: 1.00\n")
        #expect(printed[1] == "  # above\n  - name: B\n")
        #expect(printed[2] == "")
        #expect(printed[6] == "  - name: I\n")
    }

    @Test("a diff with the items neither version changed set aside is the whole diff")
    func diffs() throws {
        var failures: [String] = []
        var setAside = 0
        var pairs = MergePropertyTests.pairs.flatMap { pair in
            [(pair.description, pair.base.text, pair.ours.text), ("\(pair.description), theirs", pair.base.text, pair.theirs.text)]
        }
        for (description, base, ours, theirs) in try Self.shapeCases() { pairs += [(description, base, ours), (description, base, theirs)] }
        for (description, old, new) in pairs {
            guard let settled = ListDiff.settled(old: Array(old.utf8), new: Array(new.utf8), options: .init(), from: 0) else {
                continue
            }
            setAside += 1
            guard case .success(let oldList) = VersionReading.list(Array(old.utf8)),
                case .success(let newList) = VersionReading.list(Array(new.utf8))
            else {
                failures.append("\(description): set aside, but not lists")
                continue
            }
            let whole = ListDiff(old: oldList, new: newList)
            if settled != whole { failures.append("\(description):\n\(old)---\n\(new)---\n\(settled.lines.joined(separator: "\n"))---\n\(whole.lines.joined(separator: "\n"))") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.first ?? "")")
        #expect(setAside > pairs.count / 2, "only \(setAside) of \(pairs.count) diffs were made with items set aside")
        // Moves are not set aside.
        let items = Self.settledItems
        let text = Array(Self.list(items).utf8)
        #expect(ListDiff.settled(old: text, new: text, options: .init(), from: 0) != nil)
        #expect(ListDiff.settled(old: text, new: text, options: .init(order: true), from: 0) == nil)
        // Short versions are compared whole.
        #expect(ListDiff.settled(old: text, new: text) == nil)
    }

    @Test("moves merge the same set aside as whole: each run counts as the items it stands for")
    func moves() {
        let items = (0..<10).map { "  - name: Item \($0)\n    price: 1.\($0)0\n" }
        func moved(_ list: [String], _ from: Int, _ to: Int) -> [String] {
            var copy = list
            copy.insert(copy.remove(at: from), at: to)
            return copy
        }
        var cases: [(String, String, String, String)] = []
        for from in items.indices {
            for to in items.indices where to != from {
                let theirs = moved(items, from, to)
                var edited = items
                edited[(from + 5) % items.count] = "  - name: Item \((from + 5) % items.count)\n    buy: true\n"
                cases.append(("theirs moves \(from) to \(to), ours edits", Self.list(items), Self.list(edited), Self.list(theirs)))
                cases.append(("ours moves \(from) to \(to), theirs edits", Self.list(items), Self.list(theirs), Self.list(edited)))
                let other = moved(items, (from + 3) % items.count, (to + 7) % items.count)
                cases.append(("both move", Self.list(items), Self.list(other), Self.list(theirs)))
                // A block of three moved past one item, and past many.
                if from + 3 <= items.count && (to < from || to > from + 2) {
                    var block = items
                    let run = Array(block[from..<(from + 3)])
                    block.removeSubrange(from..<(from + 3))
                    block.insert(contentsOf: run, at: min(to, block.count))
                    cases.append(("theirs moves \(from)...\(from + 2) to \(to)", Self.list(items), Self.list(edited), Self.list(block)))
                }
            }
        }
        Self.expectSame(cases, setAsideAtLeast: cases.count * 3 / 4 + 1)
    }
}
