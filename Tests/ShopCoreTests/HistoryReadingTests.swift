import Testing
import TestSupport

@testable import ShopCore

/// `history` reads one version at a time and keeps only its items' names, ids and
/// prices; what it finds is what reading every version whole and matching the versions as merge
/// matches them finds: the same items, names, prices, renames followed, versions skipped.
@Suite("history read version by version")
struct HistoryReadingTests {
    /// The history of `texts` (nil: no text) worked out from whole versions: each read as diff
    /// reads it, matched to the one before by ``ItemMatching/init(old:new:)``, the prices kept
    /// in an array per item. Also the versions skipped.
    func reference(_ texts: [[UInt8]?], _ versions: [PriceHistory.Version]) -> ([PriceHistory.Item], [Int]) {
        var tracks: [[PriceHistory.Price]] = []
        var current: [Int] = []
        var previous: ListVersion?
        var gone: [String: Int] = [:]
        var skipped: [Int] = []
        func keys(_ item: Int, _ version: ListVersion) -> [String] {
            [version.id(ofItem: item).map { "id:" + $0 }, version.nameKey(ofItem: item).map { "name:" + $0.description }]
                .compactMap { $0 }
        }
        for (index, text) in texts.enumerated() {
            guard let text, case .success(let whole) = VersionReading.list(text) else {
                skipped.append(index)
                continue
            }
            let version = ListVersion(whole)
            var next = [Int](repeating: -1, count: version.items.count)
            if let previous {
                let matching = ItemMatching(old: previous, new: version)
                for (old, new) in matching.newForOld.enumerated() {
                    if let new { next[new] = current[old] } else { for key in keys(old, previous) { gone[key] = current[old] } }
                }
            }
            for item in next.indices where next[item] < 0 {
                let itemKeys = keys(item, version)
                if let track = itemKeys.compactMap({ gone[$0] }).first {
                    next[item] = track
                    for key in itemKeys { gone[key] = nil }
                } else {
                    next[item] = tracks.count
                    tracks.append([])
                }
            }
            for (item, record) in whole.items.enumerated() {
                guard let price = record.price else { continue }
                let track = next[item]
                if tracks[track].last?.price != price || tracks[track].last?.currency != whole.currency?.code {
                    tracks[track].append(
                        PriceHistory.Price(
                            date: versions[index].date, commit: versions[index].commit, price: price,
                            decimals: whole.priceDecimals, currency: whole.currency?.code))
                }
            }
            current = next
            previous = version
        }
        let items =
            previous.map { version in
                version.items.indices.map { PriceHistory.Item(name: version.displayName(ofItem: $0), prices: tracks[current[$0]]) }
            } ?? []
        return (items, skipped)
    }

    /// The history of `texts` as `history` reads it: its items, and the versions skipped with why.
    func read(_ texts: [[UInt8]?], _ versions: [PriceHistory.Version]) -> ([PriceHistory.Item], [Int], [PriceHistory.Skip]) {
        var skipped: [Int] = []
        var reasons: [PriceHistory.Skip] = []
        var asked: [Int] = []
        let history = PriceHistory.read(
            versions,
            text: { (index: Int) -> [UInt8]? in
                asked.append(index)
                return texts[index]
            },
            skipped: { index, skip in
                skipped.append(index)
                reasons.append(skip)
            })
        return (Array(history.items), skipped, reasons)
    }

    func versions(_ count: Int) -> [PriceHistory.Version] {
        (0..<count).map { PriceHistory.Version(commit: "c0mm1t\($0)", date: "2026-01-\($0 < 9 ? "0" : "")\($0 + 1)") }
    }

    /// Checks the history of `texts` against the reference.
    func expectSame(_ texts: [[UInt8]?], _ note: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let versions = versions(texts.count)
        let (expected, expectedSkips) = reference(texts, versions)
        let read = read(texts, versions)
        #expect(read.0 == expected, note, sourceLocation: sourceLocation)
        #expect(read.1 == expectedSkips, note, sourceLocation: sourceLocation)
    }

    @Test("a renamed item keeps its prices when exactly one other item is it with a new name")
    func renames() {
        var items = (0..<30).map { "  - name: Item \($0)\n    price: 1.\($0 + 10)\n    category: C\($0 % 3)\n" }
        let first = "currency: EUR\nitems:\n" + items.joined()
        // Item 17 renamed, moved to the end, dearer in the next version; an item added.
        let renamed = items.remove(at: 17).replacingOccurrences(of: "Item 17", with: "Seventeen")
        items.insert("  - name: New\n    price: 9.99\n", at: 3)
        items.append(renamed)
        let second = "currency: EUR\nitems:\n" + items.joined()
        let third = second.replacingOccurrences(of: "price: 1.27", with: "price: 1.30")
        let texts = [first, second, third].map { Array($0.utf8) }
        expectSame(texts, "renamed and moved")
        let (items3, _, _) = read(texts, versions(3))
        let seventeen = items3.first { $0.name == "Seventeen" }
        #expect(seventeen?.prices.map(\.text) == ["1.27", "1.30"])
        #expect(seventeen?.prices.first?.commit == "c0mm1t0")
        // Two items that could be it: neither is.
        let twice = second.replacingOccurrences(of: "  - name: New\n    price: 9.99\n", with: renamed.replacingOccurrences(of: "Seventeen", with: "Seventeen again"))
        expectSame([first, twice].map { Array($0.utf8) }, "two candidates")
        let (both, _, _) = read([first, twice].map { Array($0.utf8) }, versions(2))
        #expect(both.filter { $0.name.hasPrefix("Seventeen") }.map(\.prices.count) == [1, 1])
        #expect(both.filter { $0.name.hasPrefix("Seventeen") }.allSatisfy { $0.prices.first?.commit == "c0mm1t1" })
    }

    @Test("entries of the items that are not mappings are not counted: a nameless item is still followed")
    func entriesThatAreNoItems() {
        // The nameless item went and came back as the only one: a rename, all its keys equal.
        let list = "items:\n  - a text, not an item\n  - [a, list]\n  - price: 3.00\n    category: X\n  - name: Tea\n    price: 1.00\n"
        let texts = [list, list.replacingOccurrences(of: "1.00", with: "2.00")].map { Array($0.utf8) }
        expectSame(texts, "entries that are no items")
        let (items, _, _) = read(texts, versions(2))
        #expect(items.map(\.name) == ["item 1", "Tea"])
        #expect(items.first?.prices.map(\.commit) == ["c0mm1t0"])
        #expect(items.last?.prices.map(\.text) == ["1.00", "2.00"])
    }

    @Test("versions that are no lists, or have no text, are skipped with the whole read's reason")
    func skipped() {
        let list = "currency: EUR\nitems:\n  - name: Tea\n    price: 3.00\n  - name: Rice\n    price: 2.00\n"
        let texts: [[UInt8]?] = [
            Array(list.utf8),
            nil,
            Array("title: [broken\n".utf8),
            Array(list.replacingOccurrences(of: "    price: 2.00\n", with: "    price: 2.00\n    price: 2.10\n").utf8),
            Array("- just\n- a sequence\n".utf8),
            Array("currency: EUR\nitems: {}\n".utf8),
            Array(list.replacingOccurrences(of: "3.00", with: "3.50").utf8),
            Array("items:\n  - name: Tea\n    price: 3.50\ncurrency: EUR\n".utf8),
        ]
        expectSame(texts, "skipped versions")
        let (items, skipped, reasons) = read(texts, versions(texts.count))
        #expect(skipped == [1, 2, 3, 4, 5])
        #expect(reasons.first == .missing)
        if case .unreadable(let reason) = reasons[2] {
            #expect(reason.contains("line 6") && reason.contains("duplicate-key"), "\(reason)")
        } else {
            Issue.record("a key written twice is unreadable: \(reasons)")
        }
        #expect(items.map(\.name) == ["Tea"])
        #expect(items.first?.prices.map(\.text) == ["3.00", "3.50"])
    }

    @Test("generated histories: the same as the reference", arguments: 0..<40)
    func generated(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        var list = HouseholdLists.make(count: Int.random(in: 5...40, using: &random), random: &random)
        var names = NameSource()
        names.reserve(list.items.map(\.name))
        var texts: [[UInt8]?] = []
        var edits = HouseholdEdits()
        for step in 0..<6 {
            if step > 0 { edits.edit(&list, count: Int.random(in: 1...4, using: &random), names: &names, random: &random) }
            if step == 3 && seed % 4 == 0 { list.currency = "JPY" }
            texts.append(Array(list.text.utf8))
            if seed % 5 == 1 && step == 2 { texts.append(Array("title: [broken\n".utf8)) }
        }
        expectSame(texts, "seed \(seed): \(edits.applied)")
    }
}
