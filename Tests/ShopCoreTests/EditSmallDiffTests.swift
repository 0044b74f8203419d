import Foundation
import ShopCore
import Testing
import YAML
import TestSupport

/// A line diff by longest common subsequence: the runs of lines removed from the old text and
/// inserted into the new one. Small enough for the files of these tests.
struct EditLineDiff: CustomStringConvertible {
    /// One place where the texts differ: `removed` starts at line index `oldStart` of the old
    /// text, `inserted` at `newStart` of the new one (0-based).
    struct Hunk {
        var oldStart: Int
        var removed: [String]
        var newStart: Int
        var inserted: [String]
    }

    let hunks: [Hunk]

    init(old: [String], new: [String]) {
        let rows = old.count + 1
        let columns = new.count + 1
        // common[i * columns + j]: the length of the longest common subsequence of old[i...] and new[j...].
        var common = [Int32](repeating: 0, count: rows * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i * columns + j] =
                    old[i] == new[j]
                    ? common[(i + 1) * columns + j + 1] + 1
                    : max(common[(i + 1) * columns + j], common[i * columns + j + 1])
            }
        }
        var hunks: [Hunk] = []
        var current: Hunk?
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count && j < new.count && old[i] == new[j] {
                if let finished = current { hunks.append(finished) }
                current = nil
                i += 1
                j += 1
            } else if j < new.count && (i == old.count || common[i * columns + j + 1] >= common[(i + 1) * columns + j]) {
                current = current ?? Hunk(oldStart: i, removed: [], newStart: j, inserted: [])
                current?.inserted.append(new[j])
                j += 1
            } else {
                current = current ?? Hunk(oldStart: i, removed: [], newStart: j, inserted: [])
                current?.removed.append(old[i])
                i += 1
            }
        }
        if let finished = current { hunks.append(finished) }
        self.hunks = hunks
    }

    var removed: [String] { hunks.flatMap(\.removed) }
    var inserted: [String] { hunks.flatMap(\.inserted) }

    var description: String {
        hunks.map { hunk in
            "@@ old \(hunk.oldStart + 1), new \(hunk.newStart + 1)\n"
                + (hunk.removed.map { "-" + $0 } + hunk.inserted.map { "+" + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// A canonical file and what the small-diff checks need to know about it.
struct CanonicalEditSubject: Sendable {
    let name: String
    let bytes: [UInt8]
    let lines: [String]
    let list: ShoppingList
    /// The line index (0-based) where each item starts, and one past the items' last line.
    let itemStarts: [Int]
    let itemsEnd: Int

    init(name: String, bytes: [UInt8]) throws {
        self.name = name
        self.bytes = bytes
        let lines = EditLineDiff.lines(bytes)
        self.lines = lines
        let document = try Document(parsing: bytes)
        list = ShoppingList(document: document)
        // An item starts on its `- ` line (a comment after the dash puts its first key below).
        itemStarts = list.items.map { item in
            var line = (document.node(item.node).location?.line ?? 1) - 1
            while line > 0 && !lines[line].hasPrefix("  - ") { line -= 1 }
            return line
        }
        // The last line of the last item: the last line of the items block that is an item's
        // first line or indented as an item's content (comments after the items, indented by
        // two, belong to the list and follow).
        let itemsLine = lines.firstIndex { $0.hasPrefix("items:") } ?? 0
        var end = itemsLine + 1
        var index = itemsLine + 1
        while index < lines.count {
            let line = lines[index]
            if let first = line.first, first != " ", first != "#" { break }
            if line.hasPrefix("  - ") || line.hasPrefix("    ") { end = index + 1 }
            index += 1
        }
        itemsEnd = end
    }

    /// The lines of item `position`: from its first line to the next item's first line.
    func itemRange(_ position: Int) -> Range<Int> {
        itemStarts[position]..<(position + 1 < itemStarts.count ? itemStarts[position + 1] : itemsEnd)
    }

    /// The positions of the items whose names no other item shares, so that a NAME finds them.
    var uniquelyNamed: [Int] {
        var counts: [NameKey: Int] = [:]
        for item in list.items { if let name = item.name { counts[NameKey(name), default: 0] += 1 } }
        return list.items.indices.filter { position in
            guard let name = list.items[position].name, !NameKey(name).isEmpty else { return false }
            return counts[NameKey(name)] == 1
        }
    }

    func edited(_ change: (inout ListEditor) throws(EditRefusal) -> Void) throws -> EditLineDiff {
        let output = try EditTesting.edited(bytes, change)
        return EditLineDiff(old: lines, new: EditLineDiff.lines(output))
    }
}

/// On a canonical file an editing command changes only the lines of what it changed.
@Suite("Editing commands make small diffs")
struct EditSmallDiffTests {
    /// The hand-written canonical files.
    static func fixtureSubjects() throws -> [CanonicalEditSubject] {
        [
            try CanonicalEditSubject(name: "edit/list.yaml", bytes: readBytes(fixtureURL("edit", "list.yaml"))),
            try CanonicalEditSubject(
                name: "examples/groceries.yaml",
                bytes: readBytes(TestPaths.repositoryRoot.appendingPathComponent("examples/groceries.yaml"))),
        ]
    }

    /// Generated files in canonical form that can be edited (no structure errors, no key written
    /// twice in a mapping), with their seeds for reproducing a failure.
    static func generatedSubjects(count: Int) throws -> [CanonicalEditSubject] {
        var generator = ShopFileGenerator(seed: 0xED17_D1FF, sizes: true)
        var subjects: [CanonicalEditSubject] = []
        var attempt = 0
        while subjects.count < count && attempt < count * 10 {
            attempt += 1
            let text = generator.file()
            if generator.lastFileHasDuplicateKeys { continue }
            guard let canonical = try? formatted(Array(text.utf8)) else { continue }
            let subject = try CanonicalEditSubject(name: "generated file \(attempt)", bytes: canonical)
            if !subject.list.check([.structure]).isEmpty || subject.uniquelyNamed.isEmpty { continue }
            if checkDiagnostics(canonical).contains(where: { $0.rule.rawValue == "duplicate-key" }) { continue }
            subjects.append(subject)
        }
        return subjects
    }

    /// Made once for all the tests of the suite.
    static let subjects = Result { try fixtureSubjects() + generatedSubjects(count: 40) }

    static func allSubjects() throws -> [CanonicalEditSubject] {
        try subjects.get()
    }

    /// Whether a line is the line of one of `keys` in an item (`    KEY: ...` or `    KEY:`).
    static func isItemKeyLine(_ line: String, _ keys: [String]) -> Bool {
        keys.contains { line.hasPrefix("    \($0):") }
    }

    /// Checks that every change is inside item `position`, on lines of `keys` only (a changed
    /// value line or an inserted key line; the continuation lines of a multi-line value that is
    /// replaced go with it), and returns how many key lines were inserted.
    static func expectOnlyKeyLines(
        _ diff: EditLineDiff, _ keys: [String], item position: Int, in subject: CanonicalEditSubject,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let range = subject.itemRange(position)
        for hunk in diff.hunks {
            let context = "\(subject.name), item \(position + 1):\n\(diff)"
            #expect(
                range.contains(hunk.oldStart) || hunk.oldStart == range.upperBound, "\(context)",
                sourceLocation: sourceLocation)
            #expect(hunk.inserted.allSatisfy { isItemKeyLine($0, keys) }, "\(context)", sourceLocation: sourceLocation)
            let removedKeyLines = hunk.removed.filter { !$0.hasPrefix("     ") }
            #expect(removedKeyLines.allSatisfy { isItemKeyLine($0, keys) }, "\(context)", sourceLocation: sourceLocation)
            #expect(
                removedKeyLines.count == hunk.removed.count || !removedKeyLines.isEmpty, "\(context)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("the line diff finds exactly the inserted, removed and changed lines")
    func lineDiffItself() {
        let diff = EditLineDiff(old: ["a", "b", "c", "d"], new: ["a", "x", "c", "d", "e"])
        #expect(diff.hunks.count == 2)
        #expect(diff.hunks[0].oldStart == 1 && diff.hunks[0].removed == ["b"] && diff.hunks[0].inserted == ["x"])
        #expect(diff.hunks[1].oldStart == 4 && diff.hunks[1].removed.isEmpty && diff.hunks[1].inserted == ["e"])
        #expect(EditLineDiff(old: ["a"], new: ["a"]).hunks.isEmpty)
        #expect(EditLineDiff.lines(Array("a\n\nb\n".utf8)) == ["a", "", "b"])
    }

    @Test("enough generated files can be edited for the property to mean something")
    func generatedSubjectsExist() throws {
        let generated = try Self.allSubjects().filter { $0.name.hasPrefix("generated") }
        #expect(generated.count == 40)
        #expect(generated.map(\.uniquelyNamed.count).reduce(0, +) > 60)
    }

    @Test("add only adds lines: one block, right after the last item")
    func add() throws {
        for subject in try Self.allSubjects() where !subject.list.items.isEmpty {
            let diff = try subject.edited { editor throws(EditRefusal) in
                try editor.add(ItemValues([.name: "Zz added item", .price: "2", .quantity: "3", .unit: "kg", .buy: "true"]))
            }
            #expect(diff.hunks.count == 1, "\(subject.name):\n\(diff)")
            guard let hunk = diff.hunks.first else { continue }
            #expect(hunk.removed.isEmpty, "\(subject.name):\n\(diff)")
            #expect(
                hunk.inserted == [
                    "  - name: Zz added item", "    price: 2" + (subject.list.priceDecimals > 0 ? "." + String(repeating: "0", count: subject.list.priceDecimals) : ""),
                    "    quantity: 3", "    unit: kg", "    buy: true",
                ], "\(subject.name):\n\(diff)")
            // Blank lines that end a block scalar keeping its line breaks (`|+`) are its content.
            let keptBlankLines = subject.lines[subject.itemRange(subject.list.items.count - 1)].contains { $0.hasSuffix(": |+") }
                ? subject.lines[subject.itemsEnd...].prefix { $0.isEmpty }.count : 0
            #expect(
                (subject.itemsEnd...(subject.itemsEnd + keptBlankLines)).contains(hunk.oldStart)
                    && subject.lines[subject.itemsEnd..<hunk.oldStart].allSatisfy(\.isEmpty),
                "\(subject.name):\n\(diff)")
        }
    }

    @Test("buy and buy --quantity change only the lines of buy and quantity, inside the item")
    func buy() throws {
        var random = SeededGenerator(seed: 0xB0B)
        for subject in try Self.allSubjects() {
            for position in subject.uniquelyNamed {
                let item = subject.list.items[position]
                let quantity = Bool.random(using: &random) ? "4" : nil
                let diff = try subject.edited { editor throws(EditRefusal) in
                    try editor.buy(item.name ?? "", quantity: quantity)
                }
                Self.expectOnlyKeyLines(diff, ["buy", "quantity"], item: position, in: subject)
                let expected = (item.buy ? 0 : 1) + (quantity != nil && item.quantity != DecimalNumber(4) ? 1 : 0)
                #expect(diff.inserted.count == expected, "\(subject.name), item \(position + 1):\n\(diff)")
            }
        }
    }

    @Test("done changes only the lines of buy and done, inside the item")
    func done() throws {
        for subject in try Self.allSubjects() {
            for position in subject.uniquelyNamed {
                let item = subject.list.items[position]
                let diff = try subject.edited { editor throws(EditRefusal) in try editor.markDone(item.name ?? "") }
                Self.expectOnlyKeyLines(diff, ["buy", "done"], item: position, in: subject)
                #expect(
                    diff.inserted.count == (item.buy ? 0 : 1) + (item.done ? 0 : 1),
                    "\(subject.name), item \(position + 1):\n\(diff)")
            }
        }
    }

    @Test("edit --price changes only the price line, or inserts one")
    func editPrice() throws {
        for subject in try Self.allSubjects() {
            for position in subject.uniquelyNamed {
                let name = subject.list.items[position].name ?? ""
                let diff = try subject.edited { editor throws(EditRefusal) in
                    try editor.edit(name, values: ItemValues([.price: "17"]), unset: [])
                }
                Self.expectOnlyKeyLines(diff, ["price"], item: position, in: subject)
                let decimals = subject.list.priceDecimals
                let written = "    price: 17" + (decimals > 0 ? "." + String(repeating: "0", count: decimals) : "")
                if !subject.lines[subject.itemRange(position)].contains(written) {
                    #expect(diff.inserted.count == 1, "\(subject.name), item \(position + 1):\n\(diff)")
                    #expect(diff.inserted.first?.hasPrefix(written) == true, "\(subject.name):\n\(diff)")
                }
            }
        }
    }

    @Test("rm only removes the item's lines and its comments: one block, nothing else changes")
    func remove() throws {
        // Removing the only item turns `items:` into `items: []`: that line must change.
        for subject in try Self.allSubjects() where subject.list.items.count > 1 {
            for position in subject.uniquelyNamed {
                let item = subject.list.items[position]
                let output = try EditTesting.edited(subject.bytes) { editor throws(EditRefusal) in try editor.remove(item.name ?? "") }
                let new = EditLineDiff.lines(output)
                let context = "\(subject.name), item \(position + 1):\n\(EditLineDiff(old: subject.lines, new: new))"
                let itemLines = subject.itemStarts[position]..<Self.lastContentLine(of: position, in: subject)
                // Where lines repeat (a blank line on both sides of a comment, two items ending
                // alike), one deletion can be read at several places; one of them must be the
                // item with its own comments.
                let readings = Self.deletions(from: subject.lines, to: Self.withoutKeptTrailingLines(new, removingLast: position == subject.list.items.count - 1, old: subject.lines))
                #expect(!readings.isEmpty, "\(context)")
                #expect(readings.contains { Self.isItemWithItsComments($0, itemLines, subject.lines) }, "\(context)")
            }
        }
    }

    /// The ranges of `old` whose removal gives `new`.
    static func deletions(from old: [String], to new: [String]) -> [Range<Int>] {
        let count = old.count - new.count
        guard count > 0 else { return [] }
        return (0...(old.count - count)).filter { start in
            old[..<start].elementsEqual(new[..<start]) && old[(start + count)...].elementsEqual(new[start...])
        }.map { $0..<($0 + count) }
    }

    /// `new` as it reads when a block scalar that keeps its final line breaks (`|+`) ends the
    /// file: the canonical form then writes it double-quoted (a file ends without blank lines),
    /// which is the one change beside the removal; the scalar is put back as it was written.
    static func withoutKeptTrailingLines(_ new: [String], removingLast: Bool, old: [String]) -> [String] {
        guard removingLast, let last = new.last, let colon = last.range(of: ": \""),
            let header = old.lastIndex(where: { $0.hasPrefix(last[..<colon.lowerBound] + ": |+") || $0.hasPrefix(last[..<colon.lowerBound] + ": |") })
        else { return new }
        var block = [old[header]]
        var index = header + 1
        while index < old.count && (old[index].isEmpty || old[index].hasPrefix(String(repeating: " ", count: 6))) {
            block.append(old[index])
            index += 1
        }
        while block.last == "" && block.count > 1 { block.removeLast() }
        return Array(new.dropLast()) + block
    }

    /// Whether the lines `removed` are the item at `itemLines` (its first line to its last), with
    /// before it only its own comments (and the blank line above them) and after it at most the
    /// blank line that separated it from the next item.
    static func isItemWithItsComments(_ removed: Range<Int>, _ itemLines: Range<Int>, _ lines: [String]) -> Bool {
        guard removed.lowerBound <= itemLines.lowerBound && removed.upperBound >= itemLines.upperBound else { return false }
        let before = lines[removed.lowerBound..<itemLines.lowerBound]
        let after = lines[itemLines.upperBound..<removed.upperBound]
        return before.allSatisfy { $0.isEmpty || $0.hasPrefix("  #") } && before.filter(\.isEmpty).count <= 1
            && after.count <= 1 && after.allSatisfy(\.isEmpty)
            && before.filter(\.isEmpty).count + after.count <= 1
    }

    @Test("unbuy removes only the lines of buy and done; their comments stay on the item")
    func unbuy() throws {
        for subject in try Self.allSubjects() {
            for position in subject.uniquelyNamed {
                let item = subject.list.items[position]
                let diff = try subject.edited { editor throws(EditRefusal) in try editor.unbuy(item.name ?? "") }
                let context = "\(subject.name), item \(position + 1):\n\(diff)"
                let range = subject.itemRange(position)
                let firstLine = subject.lines[range.lowerBound]
                // The line of the item's first key: its dash line, or the line below when a
                // comment follows the dash.
                let keyLine = subject.lines[range].first { $0.hasPrefix("  - ") && !$0.hasPrefix("  - #") || $0.hasPrefix("    ") && !$0.hasPrefix("    #") } ?? firstLine
                // A removed key's end-of-line comment goes to the end of the item's first key
                // line, or onto a line of its own where the key was.
                #expect(
                    diff.inserted.allSatisfy { $0.hasPrefix(keyLine + " #") || $0.hasPrefix("    #") }, "\(context)")
                for hunk in diff.hunks {
                    #expect(range.contains(hunk.oldStart), "\(context)")
                    #expect(
                        hunk.removed.allSatisfy { Self.isItemKeyLine($0, ["buy", "done"]) || $0 == keyLine },
                        "\(context)")
                }
                let output = try EditTesting.edited(subject.bytes) { editor throws(EditRefusal) in
                    try editor.unbuy(item.name ?? "")
                }
                let before = try EditTesting.comments(subject.bytes)
                #expect(try EditTesting.comments(output).sorted() == before.sorted(), "\(context)")
                let keyLines = diff.removed.filter { Self.isItemKeyLine($0, ["buy", "done"]) }.count
                // An item that is not on the list (buy: false, no done) is left as it is.
                let keys = (item.keyNode(.buy) == nil ? 0 : 1) + (item.keyNode(.done) == nil ? 0 : 1)
                #expect(keyLines == (item.buy || item.done ? keys : 0), "\(context)")
            }
        }
    }

    /// One past the last line of an item's own content: its first line and the lines indented
    /// deeper than its dash, up to the next item or the end of the items.
    static func lastContentLine(of position: Int, in subject: CanonicalEditSubject) -> Int {
        let range = subject.itemRange(position)
        var end = range.lowerBound + 1
        for index in range.dropFirst() where subject.lines[index].hasPrefix("    ") {
            end = index + 1
        }
        return end
    }
}
