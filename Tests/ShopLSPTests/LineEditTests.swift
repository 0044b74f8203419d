import Testing
import TestSupport

@testable import ShopLSP

/// The one edit formatting answers with: applied, it gives the new text, and it covers whole lines.
@Suite struct LineEditTests {
    @Test func editsTurnTheOldTextIntoTheNew() {
        var random = SeededGenerator(seed: 1991)
        for _ in 0..<2_000 {
            let old = Array(PositionTests.randomText(using: &random, pieces: Int.random(in: 0...20, using: &random)).utf8)
            var new = old
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let start = Int.random(in: 0...new.count, using: &random)
                let end = Int.random(in: start...new.count, using: &random)
                let inserted = PositionTests.randomText(using: &random, pieces: Int.random(in: 0...3, using: &random))
                new.replaceSubrange(start..<end, with: Array(inserted.utf8))
            }
            guard let edit = LineEdit(old: old, new: new) else {
                #expect(old == new)
                continue
            }
            var applied = old
            applied.replaceSubrange(edit.oldRange, with: new[edit.newRange])
            #expect(applied == new)
            #expect(LineEdit.startsLine(old, at: edit.oldRange.lowerBound))
            #expect(edit.oldRange.upperBound == old.count || LineEdit.startsLine(old, at: edit.oldRange.upperBound))
        }
    }

    @Test func sameTextsGiveNoEdit() {
        #expect(LineEdit(old: Array("a\nb\n".utf8), new: Array("a\nb\n".utf8)) == nil)
        let edit = LineEdit(old: Array("a\nb\nc\n".utf8), new: Array("a\nB\nc\n".utf8))
        #expect(edit?.oldRange == 2..<4)
        #expect(edit?.newRange == 2..<4)
    }
}
