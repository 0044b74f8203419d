import ShopCore
import Testing
import TestSupport
import YAML

/// The merge's properties on generated lists and edits: a side that changed nothing gives the
/// other side; equal sides give that side; swapping the sides changes nothing but the order of
/// additions and the labels; clean results are canonical and pass check; and the merge gives what
/// the rules, worked out apart on the model, say: nothing of either side is lost.
@Suite("merge properties")
struct MergePropertyTests {
    struct Pair: CustomStringConvertible {
        var seed: UInt64
        var base: HouseholdList
        var ours: HouseholdList
        var theirs: HouseholdList
        var edits: String
        var description: String { "seed \(seed): \(edits)" }
    }

    static let pairCount = 400

    /// Base lists and two edited copies, the same on every run.
    static let pairs: [Pair] = (0..<UInt64(pairCount)).map { number in pair(seed: 0x4D45_5247_4500 + number) }

    static func pair(seed: UInt64) -> Pair {
        let generated = HouseholdPair(seed: seed, items: 3...30, edits: 0...5)
        let described = zip(["ours", "theirs"], generated.edits).map { side, edits in
            "\(side): " + edits.joined(separator: ", ")
        }
        return Pair(
            seed: seed, base: generated.base, ours: generated.ours, theirs: generated.theirs,
            edits: described.joined(separator: "; "))
    }

    func merge(_ base: String, _ ours: String, _ theirs: String) -> (text: String, result: ListMerge.Result) {
        let result = ListMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
        return (String(decoding: result.merged, as: UTF8.self), result)
    }

    @Test("the generated lists are canonical lists without errors")
    func generatedListsAreCanonical() throws {
        var failures: [String] = []
        for pair in Self.pairs {
            for list in [pair.base, pair.ours, pair.theirs] {
                let text = list.text
                let document = try Document(parsing: text)
                if String(decoding: CanonicalForm.format(document), as: UTF8.self) != text {
                    failures.append("\(pair): not canonical:\n\(text)")
                }
                if ShoppingList(document: document).hasErrors { failures.append("\(pair): has errors:\n\(text)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.first ?? "")")
    }

    @Test("merge(b, x, b) = x, merge(b, b, y) = y, merge(b, x, x) = x")
    func identities() {
        var failures: [String] = []
        for pair in Self.pairs where failures.count < 5 {
            let (base, ours, theirs) = (pair.base.text, pair.ours.text, pair.theirs.text)
            for (name, merged, expected) in [
                ("merge(b, x, b)", merge(base, ours, base), ours), ("merge(b, b, y)", merge(base, base, theirs), theirs),
                ("merge(b, x, x)", merge(base, ours, ours), ours),
            ] where merged.text != expected || merged.result.conflicts != 0 {
                failures.append("\(pair): \(name) gave\n\(merged.text)\nexpected\n\(expected)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.first ?? "")")
    }

    @Test("the merge gives what the rules say: conflicts where both changed one thing, nothing of either side lost")
    func againstTheRules() {
        var failures: [String] = []
        var conflicting = 0
        for pair in Self.pairs where failures.count < 5 {
            let expected = HouseholdMergeOracle.merge(base: pair.base, ours: pair.ours, theirs: pair.theirs)
            let (text, result) = merge(pair.base.text, pair.ours.text, pair.theirs.text)
            if expected.conflicts { conflicting += 1 }
            func fail(_ what: String) {
                failures.append("\(pair): \(what)\n--- base\n\(pair.base.text)--- ours\n\(pair.ours.text)--- theirs\n\(pair.theirs.text)--- merged\n\(text)")
            }
            if (result.conflicts > 0) != expected.conflicts {
                fail("\(result.conflicts) conflicts; the rules say \(expected.conflicts ? "some" : "none")")
                continue
            }
            for (takingOurs, items, title) in [(true, expected.ours, expected.oursTitle), (false, expected.theirs, expected.theirsTitle)] {
                guard let read = HouseholdReading.read(HouseholdReading.resolve(text, takingOurs: takingOurs)) else {
                    fail("taking \(takingOurs ? "ours" : "theirs") leaves no list")
                    continue
                }
                let actual = read.items.map(HouseholdMergeOracle.describe).sorted()
                if actual != items {
                    fail(
                        "taking \(takingOurs ? "ours" : "theirs"): missing \(items.filter { !actual.contains($0) }), "
                            + "unexpected \(actual.filter { !items.contains($0) })")
                }
                if read.title != title { fail("title \(read.title), expected \(title)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.first ?? "")")
        #expect(conflicting > Self.pairCount / 40, "the pairs have conflicts to find: \(conflicting)")
        #expect(conflicting < Self.pairCount / 2, "most pairs merge cleanly: \(conflicting) conflict")
    }

    @Test("a clean result is canonical and passes check; swapping the sides gives the same list and as many conflicts")
    func cleanResultsAndSwapping() throws {
        var failures: [String] = []
        for pair in Self.pairs where failures.count < 5 {
            let (text, result) = merge(pair.base.text, pair.ours.text, pair.theirs.text)
            let (swappedText, swapped) = merge(pair.base.text, pair.theirs.text, pair.ours.text)
            if result.conflicts != swapped.conflicts {
                failures.append("\(pair): \(result.conflicts) conflicts, \(swapped.conflicts) swapped\n\(text)\n---\n\(swappedText)")
                continue
            }
            guard result.conflicts == 0 else { continue }
            let document = try Document(parsing: text)
            if String(decoding: CanonicalForm.format(document), as: UTF8.self) != text {
                failures.append("\(pair): the result is not canonical\n\(text)")
            }
            let list = ShoppingList(document: document)
            let errors = list.diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty { failures.append("\(pair): check finds \(errors)\n\(text)") }
            let difference = ListDiff(old: list, new: ShoppingList(document: try Document(parsing: swappedText)))
            if !difference.isEmpty { failures.append("\(pair): swapped, the lists differ: \(difference.lines)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.first ?? "")")
    }

    /// Files of the format's generator (odd names, flow style, comments everywhere, unknown and
    /// `x-` keys) that can be merged, each with a copy edited by shop's editor.
    static let generatedFiles: [(base: String, edited: String, edit: String)] = {
        var generator = ShopFileGenerator(seed: 0x4D45_5247_4546, sizes: true)
        var result: [(String, String, String)] = []
        for number in 0..<600 {
            let text = generator.file()
            guard case .success(let list) = VersionReading.mergeableList(Array(text.utf8), emptyIsEmptyList: false),
                !list.items.isEmpty, var editor = try? ListEditor(list: list)
            else { continue }
            let name = list.items[number % list.items.count].name ?? ""
            let edit: String
            switch number % 4 {
            case 0:
                edit = "buy \(name)"
                try? editor.buy(name)
            case 1:
                edit = "price of \(name)"
                try? editor.edit(name, values: ItemValues([.price: "1"]), unset: [])
            case 2:
                edit = "remove \(name)"
                try? editor.remove(name)
            default:
                edit = "add an item"
                try? editor.add(ItemValues([.name: "A new item \(number)", .price: "2", .buy: "true"]))
            }
            guard editor.changed else { continue }
            result.append((text, String(decoding: CanonicalForm.format(editor.document), as: UTF8.self), edit))
        }
        return result
    }()

    @Test("on the format's generated files: a side that changed nothing gives the other side, in canonical form")
    func identitiesOnGeneratedFiles() throws {
        #expect(Self.generatedFiles.count > 60, "\(Self.generatedFiles.count) files")
        var failures: [String] = []
        for (base, edited, edit) in Self.generatedFiles where failures.count < 5 {
            let canonical = String(decoding: try formatted(Array(base.utf8)), as: UTF8.self)
            // Ours' document printed: the same text.
            for (name, merged) in [("merge(b, x, b)", merge(base, edited, base)), ("merge(b, x, x)", merge(base, edited, edited))]
            where merged.text != edited || merged.result.conflicts != 0 {
                failures.append("\(edit): \(name) gave\n\(merged.text)\n--- expected\n\(edited)--- base\n\(base)")
            }
            if merge(base, base, base).text != canonical { failures.append("\(edit): merge(b, b, b) is not fmt(b)") }
            // Theirs' changes carried into ours' document: the same list, in canonical form (a
            // value kept as written because it breaks its rule may be quoted otherwise, and blank
            // lines may fall otherwise).
            for (name, merged) in [("merge(b, b, y)", merge(base, base, edited)), ("merge(fmt(b), b, y)", merge(canonical, base, edited))] {
                guard let document = try? Document(parsing: merged.text) else {
                    failures.append("\(edit): \(name) gave text that does not parse\n\(merged.text)\n--- expected\n\(edited)--- base\n\(base)")
                    continue
                }
                let difference = ListDiff(old: ShoppingList(document: document), new: ShoppingList(document: try Document(parsing: edited)))
                if merged.result.conflicts != 0 || merged.result.lineMergeReason != nil || !difference.isEmpty
                    || String(decoding: CanonicalForm.format(document), as: UTF8.self) != merged.text
                {
                    failures.append("\(edit): \(name) gave \(difference.lines)\n\(merged.text)\n--- expected\n\(edited)--- base\n\(base)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.first ?? "")")
    }
}
