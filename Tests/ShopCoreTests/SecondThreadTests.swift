import Foundation
@testable import ShopCore
import Synchronization
import Testing
import Threads
import YAML

/// What the second thread does for a large list changes nothing: the findings, the duplicates
/// found while a file is read, the CSV export and the merge are what one thread makes of them; and
/// the means by which work is shared between the threads do what they say.
@Suite("the second thread")
struct SecondThreadTests {
    /// A list of `count` items with findings of most rules spread over it: names repeated in
    /// other spellings, repeated ids, bad prices, keys written twice, unknown keys and categories.
    /// With `clean`, every name and id is its own and nothing is wrong.
    static func list(_ count: Int, clean: Bool = false) -> [UInt8] {
        var text = "# A large list\ncurrency: EUR\ncategories: [Dairy, Bakery, Produce]\nitems:\n"
        for index in 0..<count {
            var name = "Item \(index), \\\"quoted\\\""
            if !clean {
                switch index % 97 {
                case 0: name = "Milk"
                case 1: name = "MILK "
                case 2: name = "Crème \(index % 5)"
                default: break
                }
            }
            text += "  - name: \"\(name)\"\n"
            if index % 7 == 0 { text += "    id: id-\(clean ? index : index % 1000)\n" }
            if !clean && index % 13 == 0 {
                text += "    price: \"3,49\"\n"
            } else {
                text += "    price: \(index % 50).\(index % 10)\(index % 7)\n"
            }
            if index % 11 == 0 { text += "    quantity: 2.5\n" }
            if !clean && index % 17 == 0 { text += "    category: dairy\n" }
            if !clean && index % 19 == 0 { text += "    category: Frozen\n" }
            if clean && index % 5 == 0 { text += "    category: Bakery\n" }
            if !clean && index % 23 == 0 { text += "    x-note: one\n    x-note: two\n" }
            if !clean && index % 29 == 0 { text += "    colour: red\n" }
            if index % 3 == 0 { text += "    buy: true  # for the weekend\n" }
        }
        return Array(text.utf8)
    }

    static func read(_ bytes: [UInt8]) throws -> ShoppingList {
        try ShoppingList.read(bytes).get()
    }

    @Test("check's rules find the same on two threads as on one")
    func rulesOnTwoThreads() throws {
        let list = try Self.read(Self.list(12_000))
        let shared = list.check(nil, sharing: true)
        #expect(shared == list.check(nil, sharing: false))
        let found = Set(shared.map(\.rule))
        for rule in [RuleID.duplicateName, .duplicateID, .badPrice, .duplicateKey, .unknownKey, .unknownCategory, .categorySpelling] {
            #expect(found.contains(rule), "no \(rule.rawValue) finding: the list no longer tests it")
        }
    }

    @Test("the repeated names and ids found while reading are the ones the rules find")
    func duplicatesFoundWhileReading() throws {
        let bytes = Self.list(12_000)
        let streamed = try Self.read(bytes)
        let decodedAfter = ShoppingList(document: try Document(parsing: bytes))
        #expect(streamed.repeatedNames != nil && streamed.repeatedIDs != nil)
        #expect(decodedAfter.repeatedNames == nil)
        let rules: Set<RuleID> = [.duplicateName, .duplicateID]
        let findings = streamed.check(rules)
        #expect(findings == decodedAfter.check(rules))
        // Decoded after the read, in runs on two threads, the items give every rule the same.
        #expect(streamed.check() == decodedAfter.check())
        #expect(CanonicalForm.format(streamed.document) == decodedAfter.document.formatted(policy: CanonicalForm.policy(for: decodedAfter)))
        #expect(findings.filter { $0.rule == .duplicateName }.count > 200)
        #expect(findings.filter { $0.rule == .duplicateID }.count > 500)
    }

    @Test("a CSV export written by two threads is the one written by one", arguments: [ItemScope.all, .shoppingList])
    func csvOnTwoThreads(scope: ItemScope) throws {
        let list = try Self.read(Self.list(12_001, clean: true))
        func export(sharing: Bool) -> [UInt8] {
            var bytes: [UInt8] = []
            CSVExporter.write(list, options: ExportOptions(scope: scope), sharing: sharing) { bytes.append(contentsOf: $0) }
            return bytes
        }
        let shared = export(sharing: true)
        #expect(shared == export(sharing: false))
        #expect(shared.filter { $0 == 0x0A }.count == 1 + (scope == .all ? 12_001 : 4_001))
    }

    @Test("a merge of large lists keeps both sides' changes")
    func largeMerge() throws {
        let base = Self.list(6_000, clean: true)
        let baseText = String(decoding: base, as: UTF8.self)
        // Ours adds an item at the end; theirs changes the price of an item in the second half.
        let ours = Array((baseText + "  - name: Added by ours\n").utf8)
        let item = "  - name: \"Item 4321, \\\"quoted\\\"\"\n"
        let price = "    price: \(4321 % 50).\(4321 % 10)\(4321 % 7)\n"
        let theirsText = baseText.replacingOccurrences(of: item + price, with: item + "    price: 9.99\n")
        #expect(theirsText != baseText)
        let theirs = Array(theirsText.utf8)
        let result = ListMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts == 0 && result.lineMergeReason == nil)
        let expected = CanonicalForm.format(
            try Document(parsing: Array((theirsText + "  - name: Added by ours\n").utf8)))
        #expect(result.merged == expected)
    }

    @Test("work handed out in runs is the work done one by one, on two threads or one", arguments: [false, true])
    func mapInRuns(concurrently: Bool) {
        for (count, runs) in [(0, 4), (1, 64), (5, 64), (64, 64), (1000, 1), (1000, 7), (100_003, 64)] {
            let mapped = SharedWork.map(count, inRuns: runs, concurrently: concurrently, capacity: count + 10) {
                $0 * 3 + 1
            }
            #expect(mapped == (0..<count).map { $0 * 3 + 1 }, "\(count) in \(runs) runs")
            #expect(mapped.capacity >= count + 10, "room for what is appended after")
        }
    }

    @Test("a handoff delivers every value in order, with the sender never more than its capacity ahead")
    func handoff() throws {
        for capacity in [1, 2, 5] {
            let handoff = Handoff<Int>(capacity: capacity)
            let sent = Atomic(0)
            let count = 20_000
            let sender = try #require(
                JoinableThread.start {
                    for value in 0..<count {
                        handoff.send(value)
                        sent.add(1, ordering: .sequentiallyConsistent)
                    }
                })
            var received: [Int] = []
            var mostAhead = 0
            for taken in 1...count {
                received.append(try #require(handoff.receive()))
                mostAhead = max(mostAhead, sent.load(ordering: .sequentiallyConsistent) - taken)
            }
            sender.join()
            #expect(received == Array(0..<count), "capacity \(capacity)")
            #expect(mostAhead <= capacity, "capacity \(capacity): the sender was \(mostAhead) ahead")
        }
    }

    @Test("a closed handoff gives what waits and then nothing; a cancelled one refuses what is sent")
    func handoffEnds() throws {
        let closing = Handoff<Int>(capacity: 4)
        #expect(closing.receiveIfWaiting() == nil)
        closing.send(1)
        closing.send(2)
        closing.close()
        #expect(closing.receive() == 1)
        #expect(closing.receiveIfWaiting() == 2)
        #expect(closing.receive() == nil)

        // A sender blocked on a full handoff is let go by the cancel, and sends nothing more.
        let cancelling = Handoff<Int>(capacity: 1)
        let outcomes = Mutex<[Bool]>([])
        let sender = try #require(
            JoinableThread.start {
                for value in 0..<3 { let sent = cancelling.send(value); outcomes.withLock { $0.append(sent) } }
            })
        #expect(cancelling.receive() == 0)
        cancelling.cancel()
        sender.join()
        let values = outcomes.withLock { $0 }
        #expect(values.count == 3)
        #expect(values.first == true)
        #expect(values.last == false)
    }
}
