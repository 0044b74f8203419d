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
/// The diff of the base and each side is made too, and written as text and JSON.
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

/// The merge of three versions, and the diff of the base and each side.
func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], markerSize: Int = LineMerge.defaultMarkerSize) -> ListMerge.Result {
    for side in [ours, theirs] {
        guard case .success(let old) = VersionReading.list(base), case .success(let new) = VersionReading.list(side) else { continue }
        let diff = ListDiff(old: old, new: new)
        _ = (diff.text(), diff.jsonText())
    }
    return ListMerge.merge(base: base, ours: ours, theirs: theirs, labels: .standard, markerSize: markerSize)
}
