import Testing

@testable import ShopCore

/// The lines of an import that name one item are found by their names' fingerprints, and told
/// apart when different names share one.
@Suite struct ImportGroupingTests {
    @Test func linesOfOneNameAreGroupedAndNamesThatShareAFingerprintToldApart() {
        let names = ["Milk", "Bread", "milk ", "Tea", "BREAD", "Milk", "Eggs", "tea"]
        let entries = names.enumerated().map { ImportEntry(line: $0 + 1, fields: [.name: $1]) }
        let fingerprints: [(String) -> UInt64] = [
            ItemQuestions.fingerprint,
            // Every name meets every other.
            { _ in 7 },
            // Equal keys have equal fingerprints: Milk meets Eggs, Bread meets Tea.
            { UInt64(NameKey($0).bytes.count % 2) },
        ]
        for fingerprint in fingerprints {
            let (repeats, later) = ImportPlanner.repeatedNames(entries, fingerprint: fingerprint)
            #expect(repeats == [0: [2, 5], 1: [4], 3: [7]])
            #expect(later == [false, false, true, false, true, true, false, true])
        }
    }
}
