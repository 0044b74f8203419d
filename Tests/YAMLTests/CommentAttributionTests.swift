import Testing

@testable import YAML

/// Where a comment goes, asked of the pure rules directly with situations built by hand: each
/// place a comment can get, each way the block collections that just closed can be used up, and
/// the blank lines a node or comment carries.
@Suite struct CommentAttributionTests {
    typealias Rules = CommentAttribution
    typealias Decision = CommentAttribution.Decision
    typealias Closed = CommentAttribution.ClosedBlock

    /// A comment at `start`, indented `column` deep.
    static func comment(
        at start: Int = 40, column: Int = 0, after precedent: Precedent = .nothing, blankLineSince: Bool = false,
        afterIndicator: Bool = false
    ) -> QueuedComment {
        QueuedComment(
            start: start, end: start + 6, column: column, precededBy: precedent, blankLineSince: blankLineSince,
            afterIndicator: afterIndicator)
    }

    static func rules(
        _ arrival: Rules.Arrival, in enclosing: Rules.Enclosing? = nil, lastIndicator: Int = -1
    ) -> Rules {
        Rules(arrival: arrival, enclosing: enclosing, lastIndicatorOffset: lastIndicator)
    }

    static let blockMappingValue = Rules.Enclosing(isMapping: true, bracketed: false, nextIsValue: true)
    static let blockMappingKey = Rules.Enclosing(isMapping: true, bracketed: false, nextIsValue: false)
    static let blockSequence = Rules.Enclosing(isMapping: false, bracketed: false, nextIsValue: false)
    static let flowSequence = Rules.Enclosing(isMapping: false, bracketed: true, nextIsValue: false)

    // MARK: End-of-line comments

    @Test func afterANodeOnItsLineIsThatNodesTrailingComment() {
        // `a: b # note`: the blank line before the line is the next node's, not the comment's.
        let decision = Self.rules(.scalar(9)).place(
            Self.comment(after: .node(4), blankLineSince: true), closedBlocks: [Closed(index: 1, column: 0)])
        #expect(decision == Decision(place: .trailing(4), blankLineBefore: false, closedBlocks: .unchanged))
    }

    @Test func afterAnOpeningBracketIsItsCollectionsHeader() {
        // `[ # note`
        let decision = Self.rules(.scalar(6)).place(Self.comment(after: .openingBracket(5)), closedBlocks: [])
        #expect(decision == Decision(place: .header(5), blankLineBefore: false, closedBlocks: .unchanged))
    }

    @Test func afterAnIndicatorIsTheHeaderOfTheNodeItIntroduces() {
        // `key: # note` before a nested collection, `- # note` before an item.
        for arrival in [Rules.Arrival.scalar(3), .collection(3, bracketed: false), .collection(3, bracketed: true)] {
            let decision = Self.rules(arrival, in: Self.blockMappingValue).place(
                Self.comment(after: .indicator, afterIndicator: true), closedBlocks: [Closed(index: 1, column: 0)])
            #expect(decision == Decision(place: .headerOfNext, blankLineBefore: false, closedBlocks: .unchanged))
        }
    }

    @Test func afterAnIndicatorThatIntroducesNothingIsPlacedAsAnOwnLineComment() {
        // `[a, -] # note`-like layouts: no node follows the indicator.
        let atEnd = Self.rules(.endOfStream).place(Self.comment(after: .indicator), closedBlocks: [])
        #expect(atEnd == Decision(place: .endOfDocument, blankLineBefore: false, closedBlocks: .cleared))
        let inBrackets = Self.rules(.closingBracket(2)).place(Self.comment(after: .indicator), closedBlocks: [])
        #expect(inBrackets == Decision(place: .end(2), blankLineBefore: false, closedBlocks: .unchanged))
        let closed = Self.rules(.endOfStream).place(
            Self.comment(column: 2, after: .indicator), closedBlocks: [Closed(index: 3, column: 2)])
        #expect(closed == Decision(place: .end(3), blankLineBefore: false, closedBlocks: .keepFrom(0)))
    }

    @Test func afterSomethingNoCommentBelongsToIsPlacedAsAnOwnLineCommentWithoutItsBlankLine() {
        // `... # note`
        let decision = Self.rules(.scalar(2)).place(
            Self.comment(after: .other, blankLineSince: true), closedBlocks: [])
        #expect(decision == Decision(place: .leadingOfNext, blankLineBefore: false, closedBlocks: .cleared))
    }

    // MARK: Own-line comments

    @Test func onItsOwnLineLeadsTheNextNodeWithItsBlankLine() {
        let rules = Self.rules(.scalar(7), in: Self.blockMappingKey)
        #expect(
            rules.place(Self.comment(blankLineSince: true), closedBlocks: [])
                == Decision(place: .leadingOfNext, blankLineBefore: true, closedBlocks: .cleared))
        #expect(
            rules.place(Self.comment(blankLineSince: false), closedBlocks: [])
                == Decision(place: .leadingOfNext, blankLineBefore: false, closedBlocks: .cleared))
    }

    @Test func onItsOwnLineWithNoNodeAfterItEndsTheDocument() {
        let decision = Self.rules(.endOfStream).place(Self.comment(blankLineSince: true), closedBlocks: [])
        #expect(decision == Decision(place: .endOfDocument, blankLineBefore: true, closedBlocks: .cleared))
    }

    @Test func beforeAClosingBracketEndsThatCollection() {
        // Even when block collections closed before it: inside brackets, nothing else can end.
        let decision = Self.rules(.closingBracket(4)).place(
            Self.comment(column: 8, blankLineSince: true), closedBlocks: [Closed(index: 6, column: 2)])
        #expect(decision == Decision(place: .end(4), blankLineBefore: true, closedBlocks: .unchanged))
    }

    /// `a:` / `  b:` / `    c: 1` and then a comment: the innermost closed block it is indented
    /// as deep as gets it.
    static let closedInnermostFirst = [Closed(index: 5, column: 4), Closed(index: 3, column: 2), Closed(index: 1, column: 0)]

    @Test func indentedAsDeepAsTheEntriesOfAClosedBlockEndsTheInnermostSuch() {
        let rules = Self.rules(.scalar(9), in: Self.blockMappingKey)
        #expect(
            rules.place(Self.comment(column: 6), closedBlocks: Self.closedInnermostFirst)
                == Decision(place: .end(5), blankLineBefore: false, closedBlocks: .keepFrom(0)))
        #expect(
            rules.place(Self.comment(column: 4, blankLineSince: true), closedBlocks: Self.closedInnermostFirst)
                == Decision(place: .end(5), blankLineBefore: true, closedBlocks: .keepFrom(0)))
        // Between two depths: the outer block, and the inner one may no longer take later comments.
        #expect(
            rules.place(Self.comment(column: 3), closedBlocks: Self.closedInnermostFirst)
                == Decision(place: .end(3), blankLineBefore: false, closedBlocks: .keepFrom(1)))
        #expect(
            rules.place(Self.comment(column: 0), closedBlocks: Self.closedInnermostFirst)
                == Decision(place: .end(1), blankLineBefore: false, closedBlocks: .keepFrom(2)))
    }

    @Test func shallowerThanEveryClosedBlockLeadsTheNextNode() {
        let decision = Self.rules(.scalar(9)).place(
            Self.comment(column: 1), closedBlocks: [Closed(index: 5, column: 4), Closed(index: 3, column: 2)])
        #expect(decision == Decision(place: .leadingOfNext, blankLineBefore: false, closedBlocks: .cleared))
    }

    @Test func afterAnIndicatorNoClosedBlockTakesIt() {
        // `  b: 1` / `- ` / `  # note`: the `-` starts the next item, which the comment is part of.
        let decision = Self.rules(.scalar(9)).place(
            Self.comment(column: 4, afterIndicator: true), closedBlocks: Self.closedInnermostFirst)
        #expect(decision == Decision(place: .leadingOfNext, blankLineBefore: false, closedBlocks: .cleared))
    }

    // MARK: Collections with no line of their own

    @Test func underAKeyAfterTheColonWaitsForTheFirstEntry() {
        // `key:` / `  # note` / `  first: 1`
        let rules = Self.rules(.collection(4, bracketed: false), in: Self.blockMappingValue)
        #expect(
            rules.place(Self.comment(column: 2, afterIndicator: true), closedBlocks: [])
                == Decision(place: .later, blankLineBefore: false, closedBlocks: .cleared))
        // Before the `:` of an explicit key's value: the value's own.
        #expect(
            rules.place(Self.comment(column: 2, afterIndicator: false), closedBlocks: [])
                == Decision(place: .leadingOfNext, blankLineBefore: false, closedBlocks: .cleared))
    }

    @Test func underAKeyInBracketsLeadsTheCollection() {
        let rules = Self.rules(.collection(4, bracketed: true), in: Self.blockMappingValue)
        #expect(
            rules.place(Self.comment(afterIndicator: true), closedBlocks: [])
                == Decision(place: .leadingOfNext, blankLineBefore: false, closedBlocks: .cleared))
    }

    @Test func asAKeyLeadsTheCollection() {
        let rules = Self.rules(.collection(4, bracketed: false), in: Self.blockMappingKey)
        #expect(
            rules.place(Self.comment(afterIndicator: true), closedBlocks: [])
                == Decision(place: .leadingOfNext, blankLineBefore: false, closedBlocks: .cleared))
    }

    @Test func afterASequenceItemsDashWaitsForTheFirstEntry() {
        // `# before` / `- # header` / `  # after` / `  first: 1`, the `-` at offset 20.
        let rules = Self.rules(.collection(4, bracketed: false), in: Self.blockSequence, lastIndicator: 20)
        #expect(
            rules.place(Self.comment(at: 25, column: 2, afterIndicator: true), closedBlocks: [])
                == Decision(place: .later, blankLineBefore: false, closedBlocks: .cleared))
        #expect(
            rules.place(Self.comment(at: 10, afterIndicator: true), closedBlocks: [])
                == Decision(place: .leadingOfNext, blankLineBefore: false, closedBlocks: .cleared))
    }

    @Test func inBracketsNothingWaits() {
        // `- [a]` after `- # note`, and a collection inside brackets: the comments are its own.
        let bracketedItem = Self.rules(.collection(4, bracketed: true), in: Self.blockSequence, lastIndicator: 20)
        let inBrackets = Self.rules(.collection(4, bracketed: false), in: Self.flowSequence, lastIndicator: 20)
        for rules in [bracketedItem, inBrackets] {
            #expect(
                rules.place(Self.comment(at: 25, afterIndicator: true), closedBlocks: [])
                    == Decision(place: .leadingOfNext, blankLineBefore: false, closedBlocks: .cleared))
        }
    }

    @Test func onlyCollectionsWait() {
        let rules = Self.rules(.scalar(4), in: Self.blockMappingValue, lastIndicator: 20)
        #expect(rules.next == 4 && !rules.deferLeading && rules.deferAfter == nil)
        let item = Self.rules(.scalar(4), in: Self.blockSequence, lastIndicator: 20)
        #expect(item.place(Self.comment(at: 25, afterIndicator: true), closedBlocks: []).place == .leadingOfNext)
    }

    // MARK: Blank lines

    @Test func aBlankLineGoesToTheNextNode() {
        let rules = Self.rules(.scalar(3))
        #expect(
            rules.blankLine(BlankLines(pending: true), queued: [])
                == .init(nodeFollowsBlankLine: true, left: BlankLines()))
        #expect(
            rules.blankLine(BlankLines(beforeIndicator: true), queued: [])
                == .init(nodeFollowsBlankLine: true, left: BlankLines()))
        #expect(rules.blankLine(BlankLines(), queued: []) == .init(nodeFollowsBlankLine: false, left: BlankLines()))
    }

    @Test func withNoNodeToComeABlankLineIsDropped() {
        for arrival in [Rules.Arrival.endOfStream, .closingBracket(2)] {
            #expect(
                Self.rules(arrival).blankLine(BlankLines(pending: true, beforeIndicator: true), queued: [])
                    == .init(nodeFollowsBlankLine: false, left: BlankLines()))
        }
    }

    @Test func underAKeyTheBlankLineWaitsForTheFirstEntry() {
        let rules = Self.rules(.collection(4, bracketed: false), in: Self.blockMappingValue)
        let blankLines = BlankLines(pending: true, beforeIndicator: true)
        #expect(rules.blankLine(blankLines, queued: []) == .init(nodeFollowsBlankLine: false, left: blankLines))
    }

    @Test func afterTheDashsCommentsTheBlankLineIsTheFirstEntrys() {
        // `- # header` / `  # after` / (blank) / `  first: 1`, the `-` at offset 20.
        let rules = Self.rules(.collection(4, bracketed: false), in: Self.blockSequence, lastIndicator: 20)
        let after = [Self.comment(at: 25, column: 2, afterIndicator: true)]
        #expect(
            rules.blankLine(BlankLines(pending: true), queued: after)
                == .init(nodeFollowsBlankLine: false, left: BlankLines(pending: true)))
        // A blank line before the `-` is still the item's.
        #expect(
            rules.blankLine(BlankLines(pending: true, beforeIndicator: true), queued: after)
                == .init(nodeFollowsBlankLine: true, left: BlankLines(pending: true)))
        // Comments before the `-`, or at the end of a line, leave the blank line to the item.
        for queued in [[Self.comment(at: 10)], [Self.comment(at: 25, after: .node(2))]] {
            #expect(
                rules.blankLine(BlankLines(pending: true), queued: queued)
                    == .init(nodeFollowsBlankLine: true, left: BlankLines()))
        }
    }

    // MARK: What precedes a comment

    @Test func whatPrecedesACommentOnItsLine() {
        let classify = Precedent.classify
        #expect(classify(true, UInt8(ascii: ":"), true, .node(3)) == .nothing)
        #expect(classify(false, UInt8(ascii: ","), false, .node(3)) == .node(3))
        #expect(classify(false, UInt8(ascii: "]"), false, .node(3)) == .node(3))
        #expect(classify(false, UInt8(ascii: "}"), false, .node(3)) == .node(3))
        #expect(classify(false, UInt8(ascii: ","), false, .openingBracket(3)) == .other)
        #expect(classify(false, UInt8(ascii: "."), true, .node(3)) == .other)
        for mark in [UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "?")] {
            #expect(classify(false, mark, true, .node(3)) == .indicator)
        }
        #expect(classify(false, nil, true, .node(3)) == .node(3))
        #expect(classify(false, nil, true, .openingBracket(3)) == .openingBracket(3))
        #expect(classify(false, nil, true, .nothing) == .other)
        #expect(classify(false, nil, false, .node(3)) == .other)
    }

    @Test func onlyCommentsWithNothingToFollowArePlacedAsOwnLineComments() {
        #expect(Precedent.nothing.placesOnOwnLine && Precedent.other.placesOnOwnLine)
        #expect(!Precedent.node(1).placesOnOwnLine && !Precedent.openingBracket(1).placesOnOwnLine)
        #expect(!Precedent.indicator.placesOnOwnLine)
    }
}
