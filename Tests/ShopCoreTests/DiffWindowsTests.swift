import JSON
@testable import ShopCore
import Testing
import TestSupport

/// A diff worked out a window of items at a time gives the diff of the whole versions, change for
/// change and in the same order, on generated edits and on lists written every way.
@Suite("diff in windows")
struct DiffWindowsTests {
    /// The diff in windows of `itemsPerWindow` items, when the versions can be cut in windows,
    /// and its text and JSON as `shop diff` writes them from the pieces handed over.
    static func windowed(_ old: String, _ new: String, itemsPerWindow: Int) -> (diff: ListDiff, text: String, json: String)? {
        let (oldText, newText) = (Array(old.utf8), Array(new.utf8))
        let reserved = SettledMerge.placeholderPrefix
        guard let oldOutline = VersionOutline.read(oldText, printing: false, identifying: true, reserved: reserved),
            let newOutline = VersionOutline.read(newText, printing: false, identifying: true, reserved: reserved)
        else { return nil }
        var changes: [ListDiff.ItemChange] = []
        var text = ""
        var json: [String] = []
        guard
            let (top, counts) = ListDiff.inWindows(
                old: (oldText, oldOutline), new: (newText, newOutline), options: .init(), itemsPerWindow: itemsPerWindow,
                itemChanges: { window in
                    changes += window
                    text += window.map { ListDiff.line($0) + "\n" }.joined()
                    json += window.map(ListDiff.jsonText)
                })
        else { return nil }
        let diff = ListDiff(listChanges: top.listChanges, itemChanges: changes, options: .init())
        #expect(diff.counts == counts)
        return (
            diff, top.lines.map { $0 + "\n" }.joined() + text + ListDiff.summaryLine(counts, options: .init()) + "\n",
            top.jsonHead() + json.joined(separator: ",") + ListDiff.jsonTail(counts)
        )
    }

    /// The diff of the whole versions.
    static func whole(_ old: String, _ new: String) -> ListDiff? {
        guard case .success(let oldList) = VersionReading.list(Array(old.utf8)),
            case .success(let newList) = VersionReading.list(Array(new.utf8))
        else { return nil }
        return ListDiff(old: oldList, new: newList)
    }

    /// Compares every pair's diff in windows of each size with its whole diff; returns how many
    /// pairs were cut in windows, and the failures.
    static func compare(_ pairs: [(String, String, String)], sizes: [Int]) -> (windowed: Int, failures: [String]) {
        var cutCount = 0
        var failures: [String] = []
        for (description, old, new) in pairs {
            var cut = false
            for size in sizes {
                guard let inWindows = Self.windowed(old, new, itemsPerWindow: size) else { continue }
                cut = true
                guard let whole = whole(old, new) else {
                    failures.append("\(description): cut in windows, but not lists")
                    continue
                }
                if inWindows.diff != whole || inWindows.text != whole.text() || inWindows.json != whole.jsonText()
                    || whole.jsonText() != JSONWriter.string(whole.json()) + "\n"
                {
                    failures.append(
                        "\(description), windows of \(size):\n\(old)---\n\(new)---\n"
                            + "\(inWindows.text)---\n\(whole.text())")
                }
            }
            if cut { cutCount += 1 }
        }
        return (cutCount, failures)
    }

    @Test("generated edits: the diff in windows is the whole diff")
    func generatedEdits() {
        var pairs: [(String, String, String)] = []
        for number in 0..<UInt64(300) {
            let pair = HouseholdPair(seed: 0xD1FF_0000 + number, items: 8...60, edits: 0...6)
            pairs.append(("seed \(number)", pair.base.text, pair.ours.text))
            pairs.append(("seed \(number), theirs", pair.base.text, pair.theirs.text))
        }
        let (windowed, failures) = Self.compare(pairs, sizes: [1, 2, 5])
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.first ?? "")")
        #expect(windowed > pairs.count / 2, "only \(windowed) of \(pairs.count) diffs were cut in windows")
    }

    @Test("lists written every way: the diff in windows is the whole diff")
    func shapes() throws {
        let pairs = try SettledMergeTests.shapeCases().flatMap { description, base, ours, theirs in
            [(description, base, ours), (description + ", theirs", base, theirs), (description + ", back", ours, base)]
        }
        let (windowed, failures) = Self.compare(pairs, sizes: [1, 2])
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.first ?? "")")
        #expect(windowed > pairs.count / 3, "only \(windowed) of \(pairs.count) diffs were cut in windows")
    }

    @Test("windows end between plain items only, and hold both places of a moved item")
    func cuts() throws {
        let head = "title: Home\ncurrency: EUR\nitems:\n"
        func item(_ index: Int, cents: Int) -> String {
            switch index {
            case 10: "  - {name: Item 10, price: 2.\(cents)}\n"
            case 20: "  - name: Item 20\n    price: 1.\(cents)\n    # below the price\n"
            default: "  - name: Item \(index)\n    price: 1.\(cents)\n"
            }
        }
        let old = (0..<40).map { item($0, cents: 10) }
        var new = (0..<40).map { item($0, cents: 20) }
        new.insert(new.remove(at: 30), at: 25)
        let (oldText, newText) = (Array((head + old.joined()).utf8), Array((head + new.joined()).utf8))
        let reserved = SettledMerge.placeholderPrefix
        let oldOutline = try #require(VersionOutline.read(oldText, printing: false, identifying: true, reserved: reserved))
        let newOutline = try #require(VersionOutline.read(newText, printing: false, identifying: true, reserved: reserved))
        let windows = try #require(DiffWindows(old: (oldText, oldOutline), new: (newText, newOutline), itemsPerWindow: 1)).windows
        #expect(windows.count > 20, "\(windows)")
        #expect(windows.first?.old.lowerBound == 0 && windows.first?.new.lowerBound == 0)
        #expect(windows.last?.old.upperBound == 40 && windows.last?.new.upperBound == 40)
        for (window, next) in zip(windows, windows.dropFirst()) {
            #expect(window.old.upperBound == next.old.lowerBound && window.new.upperBound == next.new.lowerBound)
            for (outline, end) in [(oldOutline, window.old.upperBound), (newOutline, window.new.upperBound)] {
                #expect(outline.items[end - 1].isPlain && outline.items[end].isPlain, "a window ends at \(end)")
            }
        }
        // Item 30 moved up five places: one window holds both of its places.
        #expect(windows.contains { $0.old.contains(30) && $0.new.contains(25) })
        // Items 10 and 20 are not plain: no window ends on either side of them.
        for window in windows {
            #expect(![10, 11, 20, 21].contains(window.old.upperBound), "\(window)")
        }
        let compared = Self.compare([("moved", head + old.joined(), head + new.joined())], sizes: [1])
        #expect(compared.windowed == 1 && compared.failures.isEmpty, "\(compared.failures)")
    }

    @Test("an item added last in a window goes after the items removed before the next match")
    func addedBeforeAMove() {
        // The whole diff shows an added item after the items removed before the next item matched
        // (in the new version's order): here M, which moved up past C, and R before it.
        func list(_ names: [String]) -> String {
            "items:\n" + names.map { "  - name: \($0)\n    price: 1.00\n" }.joined()
        }
        let old = list(["A", "C", "R", "M", "S"])
        let new = list(["A", "X", "M", "C"])
        let compared = Self.compare([("added before a move", old, new)], sizes: [1, 2])
        #expect(compared.failures.isEmpty, "\(compared.failures)")
        #expect(Self.whole(old, new)?.lines == ["- R", "+ X (price 1.00)", "- S"])
    }

    @Test("every price changed, and items added, removed and renamed far apart")
    func everyPriceChanged() {
        let head = "title: Home\ncurrency: EUR\ncategories: [Dairy, Bakery]\n\nitems:\n\n  # Dairy\n"
        let old = (0..<400).map { "  - name: Item \($0)\n    price: \($0 % 50).25\n" + ($0 % 7 == 0 ? "\n" : "") }
        var new = old.enumerated().map { index, item in
            item.replacingOccurrences(of: "\((index % 50)).25", with: "\((index % 50)).35")
        }
        // One item renamed near the top (its price kept), found again by its other keys near the
        // bottom.
        new.remove(at: 3)
        new.insert(old[3].replacingOccurrences(of: "Item 3\n", with: "Item three\n"), at: 390)
        let tail = "\n# the end\nx-note: kept\n"
        let oldText = head + old.joined() + tail
        let newText = head + new.joined() + tail
        let (windowed, failures) = Self.compare([("renamed far", oldText, newText)], sizes: [1, 10, 100])
        #expect(failures.isEmpty, "\(failures.first ?? "")")
        #expect(windowed == 1)
        // Two items removed, one added: no rename is looked for, in the whole or in a window.
        var fewer = new
        fewer.remove(at: 200)
        fewer.remove(at: 10)
        fewer.insert("  - name: New one\n    price: 0.25\n", at: 100)
        let second = Self.compare([("two removed, one added", oldText, head + fewer.joined() + tail)], sizes: [1, 10, 100])
        #expect(second.failures.isEmpty, "\(second.failures.first ?? "")")
        #expect(second.windowed == 1)
        // Long versions are compared in windows.
        var handed: [ListDiff.ItemChange] = []
        let long = ListDiff.ofLongVersions(
            old: Array(oldText.utf8), new: Array(newText.utf8), options: .init(), from: 0, itemsPerWindow: 50
        ) { handed += $0 }
        guard case .inWindows(let top, let counts)? = long else {
            Issue.record("not compared in windows: \(String(describing: long))")
            return
        }
        #expect(ListDiff(listChanges: top.listChanges, itemChanges: handed, options: .init()) == Self.whole(oldText, newText))
        #expect(counts.changed == 400)
        #expect(handed.contains { $0.renamedFrom == "Item 3" })
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
