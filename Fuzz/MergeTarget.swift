@testable import ShopCore
import YAML

/// One fuzzing input for the list merge, used three ways:
///
/// - as the seed of a household pair (a realistic list and two copies edited on their own,
///   Tests/ShopCoreTests/Household*.swift): the merge must agree with the rules worked out apart on
///   the model, conflicts and all, and lose nothing;
/// - as a base list, when it is one that can be merged: two copies edited by shop's editor, and the
///   merge's properties: a side that changed nothing gives the other side, equal sides give that
///   side, a clean result reads back in canonical form without structure errors, and each side of a
///   conflicted one reads back;
/// - as a text that is no list: the merge is the line merge, and says why.
///
/// Each merge made is made a second way too, with the items no side changed set aside
/// (``SettledMerge``): when that merge does not decline, it must be the whole one, byte for byte.
/// And the diff of the base and each side is made as long versions are diffed (a window of items
/// at a time, or with the items neither changed set aside): when it does not decline, it must be
/// the whole diff, change for change, and its text and JSON the whole diff's.
///
/// Whatever the bytes, the merge ends without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let seed = bytes.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    householdPair(seed: seed)
    switch VersionReading.mergeableList(bytes, emptyIsEmptyList: false) {
    case .success(let list): editedCopies(of: list, bytes: bytes, seed: seed)
    case .failure: notAList(bytes, seed: seed)
    }
    return 0
}

func householdPair(seed: UInt64) {
    let pair = HouseholdPair(seed: seed, items: 0...12, edits: 0...6)
    let (base, sides) = (pair.base, [pair.ours, pair.theirs])
    let result = merge(base: Array(base.text.utf8), ours: Array(sides[0].text.utf8), theirs: Array(sides[1].text.utf8))
    let merged = String(decoding: result.merged, as: UTF8.self)
    let expected = HouseholdMergeOracle.merge(base: base, ours: sides[0], theirs: sides[1])
    guard (result.conflicts > 0) == expected.conflicts else {
        fatalError("\(result.conflicts) conflicts where the rules say \(expected.conflicts):\n\(base.text)---\n\(sides[0].text)---\n\(sides[1].text)---\n\(merged)")
    }
    for (takingOurs, wanted) in [(true, expected.ours), (false, expected.theirs)] {
        let read = HouseholdReading.read(HouseholdReading.resolve(merged, takingOurs: takingOurs))
        guard read?.items.map(HouseholdMergeOracle.describe).sorted() == wanted else {
            fatalError("taking \(takingOurs ? "ours" : "theirs") does not give what the rules say:\n\(base.text)---\n\(sides[0].text)---\n\(sides[1].text)---\n\(merged)")
        }
    }
}

func editedCopies(of list: ShoppingList, bytes: [UInt8], seed: UInt64) {
    var random = SeededGenerator(seed: seed ^ 0x5EED)
    func edited() -> [UInt8] {
        guard var editor = try? ListEditor(list: list) else { return bytes }
        let names = list.items.compactMap(\.name)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let name = names.isEmpty ? "" : names[Int.random(in: 0..<names.count, using: &random)]
            switch Int.random(in: 0..<7, using: &random) {
            case 0: try? editor.buy(name)
            case 1: try? editor.markDone(name)
            case 2: try? editor.unbuy(name)
            case 3: try? editor.edit(name, values: ItemValues(price: String(Int.random(in: 0...99, using: &random))), unset: [])
            case 4: try? editor.edit(name, values: ItemValues(name: "Renamed \(Int.random(in: 0...9, using: &random))"), unset: [])
            case 5: try? editor.remove(name)
            default: try? editor.add(ItemValues(name: "Added \(Int.random(in: 0...9, using: &random))", price: "1", buy: true))
            }
        }
        return CanonicalForm.format(editor.document)
    }
    let ours = edited()
    let theirs = edited()
    func clean(_ result: ListMerge.Result, _ expected: [UInt8], _ what: String) {
        guard result.conflicts == 0, result.merged == expected else {
            fatalError("\(what) is not the side that changed:\n\(String(decoding: result.merged, as: UTF8.self))")
        }
    }
    clean(merge(base: bytes, ours: ours, theirs: bytes), ours, "merge(b, x, b)")
    clean(merge(base: bytes, ours: ours, theirs: ours), ours, "merge(b, x, x)")
    let carried = merge(base: bytes, ours: bytes, theirs: theirs)
    guard carried.conflicts == 0, case .success(let document) = ShoppingList.parseDocument(carried.merged),
        CanonicalForm.format(document) == carried.merged
    else { fatalError("merge(b, b, y) does not read back in canonical form:\n\(String(decoding: carried.merged, as: UTF8.self))") }
    let result = merge(base: bytes, ours: ours, theirs: theirs, markerSize: Int.random(in: 7...12, using: &random))
    let text = String(decoding: result.merged, as: UTF8.self)
    if result.conflicts == 0 {
        guard case .success(let document) = ShoppingList.parseDocument(result.merged), CanonicalForm.format(document) == result.merged,
            !ShoppingList(document: document).hasStructureErrors
        else { fatalError("a clean merge that does not read back in canonical form:\n\(text)") }
    }
}

func notAList(_ bytes: [UInt8], seed: UInt64) {
    var random = SeededGenerator(seed: seed ^ 0x7E47)
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    let ours = lines.isEmpty ? bytes : {
        lines.remove(at: Int.random(in: 0..<lines.count, using: &random))
        return Array(lines.joined(separator: [0x0A]))
    }()
    let result = merge(base: bytes, ours: ours, theirs: bytes + Array("\n# added\n".utf8))
    let line = LineMerge.merge(base: bytes, ours: ours, theirs: bytes + Array("\n# added\n".utf8))
    guard result.lineMergeReason == nil || (result.merged == line.merged && result.conflicts == line.conflicts) else {
        fatalError("a merge of texts that are no list is not the line merge")
    }
}

/// The merge of three versions; made with the settled items set aside as well, which must give
/// the same when it does not decline.
func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], markerSize: Int = LineMerge.defaultMarkerSize) -> ListMerge.Result {
    let whole = ListMerge.merge(
        base: base, ours: ours, theirs: theirs, labels: .standard, markerSize: markerSize, settledFrom: Int.max)
    diff(old: base, new: ours, itemsPerWindow: 1 + Int(base.count % 3))
    diff(old: base, new: theirs, itemsPerWindow: 1 + Int(theirs.count % 4))
    if let settled = SettledMerge.mergeInPieces(
        base: base, ours: ours, theirs: theirs, labels: .standard, markerSize: markerSize)?.result,
        settled != whole
    {
        fatalError(
            "set aside, the merge is not the whole one:\n\(String(decoding: base, as: UTF8.self))---\n\(String(decoding: ours, as: UTF8.self))---\n"
                + "\(String(decoding: theirs, as: UTF8.self))---\n\(String(decoding: settled.merged, as: UTF8.self))---\n\(String(decoding: whole.merged, as: UTF8.self))")
    }
    return whole
}

/// The diff of two versions made as long versions are diffed, against the whole diff.
func diff(old: [UInt8], new: [UInt8], itemsPerWindow: Int) {
    var handed: [ListDiff.ItemChange] = []
    var text = ""
    var json: [String] = []
    let long = ListDiff.ofLongVersions(old: old, new: new, options: .init(), from: 0, itemsPerWindow: itemsPerWindow) { window in
        handed += window
        text += window.map { ListDiff.line($0) + "\n" }.joined()
        json += window.map(ListDiff.jsonText)
    }
    guard let long else { return }
    guard case .success(let oldList) = VersionReading.list(old), case .success(let newList) = VersionReading.list(new) else {
        fatalError("diffed as long versions, but not lists:\n\(String(decoding: old, as: UTF8.self))---\n\(String(decoding: new, as: UTF8.self))")
    }
    let whole = ListDiff(old: oldList, new: newList)
    let made: ListDiff
    switch long {
    case .whole(let diff):
        made = diff
    case .inWindows(let top, let counts):
        made = ListDiff(listChanges: top.listChanges, itemChanges: handed, options: .init())
        let written = top.lines.map { $0 + "\n" }.joined() + text + ListDiff.summaryLine(counts, options: .init()) + "\n"
        guard made.counts == counts, written == whole.text(),
            top.jsonHead() + json.joined(separator: ",") + ListDiff.jsonTail(counts) == whole.jsonText()
        else {
            fatalError("in windows, the diff is not written as the whole one:\n\(String(decoding: old, as: UTF8.self))---\n\(String(decoding: new, as: UTF8.self))")
        }
    }
    guard made == whole else {
        fatalError(
            "diffed as long versions, the diff is not the whole one:\n\(String(decoding: old, as: UTF8.self))---\n"
                + "\(String(decoding: new, as: UTF8.self))---\n\(made.text())---\n\(whole.text())")
    }
}
