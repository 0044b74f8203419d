@testable import ShopCore
import Testing
import TestSupport

/// The line merge on chosen cases (the expected results are those of `git merge-file -p`, with
/// labels `ours` and `theirs`) and its properties on generated texts.
@Suite("line merge")
struct LineMergeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var base: String
        var ours: String
        var theirs: String
        var merged: String
        var conflicts: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "changes far apart are both taken", base: "a\nb\nc\nd\ne\nf\n", ours: "A\nb\nc\nd\ne\nf\n",
            theirs: "a\nb\nc\nd\ne\nF\n", merged: "A\nb\nc\nd\ne\nF\n", conflicts: 0),
        Case(
            name: "the same change on both sides is taken once", base: "a\nb\nc\n", ours: "a\nB\nc\n",
            theirs: "a\nB\nc\n", merged: "a\nB\nc\n", conflicts: 0),
        Case(
            name: "changes to adjacent lines conflict", base: "a\nb\nc\nd\ne\n", ours: "a\nB\nc\nd\ne\n",
            theirs: "a\nb\nC\nd\ne\n",
            merged: "a\n<<<<<<< ours\nB\nc\n=======\nb\nC\n>>>>>>> theirs\nd\ne\n", conflicts: 1),
        Case(
            name: "a conflict is narrowed to the lines that differ", base: "a\nb\nc\nd\ne\n", ours: "a\nX\nc\nY\ne\n",
            theirs: "a\nX\nC\nY\ne\n", merged: "a\nX\n<<<<<<< ours\nc\n=======\nC\n>>>>>>> theirs\nY\ne\n",
            conflicts: 1),
        Case(
            name: "conflicts four lines apart stay apart", base: "a\nb\nc\nd\ne\nf\ng\n",
            ours: "A1\nb\nc\nd\ne\nf\nG1\n", theirs: "A2\nb\nc\nd\ne\nf\nG2\n",
            merged: "<<<<<<< ours\nA1\n=======\nA2\n>>>>>>> theirs\nb\nc\nd\ne\nf\n<<<<<<< ours\nG1\n=======\nG2\n>>>>>>> theirs\n",
            conflicts: 2),
        Case(
            name: "conflicts three lines apart are joined", base: "a\nb\nc\nd\ng\n", ours: "A1\nb\nc\nd\nG1\n",
            theirs: "A2\nb\nc\nd\nG2\n",
            merged: "<<<<<<< ours\nA1\nb\nc\nd\nG1\n=======\nA2\nb\nc\nd\nG2\n>>>>>>> theirs\n", conflicts: 1),
        Case(
            name: "conflicts apart by lines without a letter or digit are joined", base: "a\n-\n\n}\n#\n-\ng\n",
            ours: "A1\n-\n\n}\n#\n-\nG1\n", theirs: "A2\n-\n\n}\n#\n-\nG2\n",
            merged: "<<<<<<< ours\nA1\n-\n\n}\n#\n-\nG1\n=======\nA2\n-\n\n}\n#\n-\nG2\n>>>>>>> theirs\n", conflicts: 1),
        Case(
            name: "a removal against a change conflicts", base: "a\nb\nc\n", ours: "a\nc\n", theirs: "a\nB\nc\n",
            merged: "a\n<<<<<<< ours\n=======\nB\n>>>>>>> theirs\nc\n", conflicts: 1),
        Case(
            name: "insertions at one place conflict", base: "a\nb\n", ours: "a\nX\nb\n", theirs: "a\nY\nb\n",
            merged: "a\n<<<<<<< ours\nX\n=======\nY\n>>>>>>> theirs\nb\n", conflicts: 1),
        Case(
            name: "an emptied side against a change", base: "a\nb\n", ours: "", theirs: "a\nB\n",
            merged: "<<<<<<< ours\n=======\na\nB\n>>>>>>> theirs\n", conflicts: 1),
        Case(
            name: "an empty base, different texts", base: "", ours: "a\n", theirs: "b\n",
            merged: "<<<<<<< ours\na\n=======\nb\n>>>>>>> theirs\n", conflicts: 1),
        Case(name: "an empty base, equal texts", base: "", ours: "a\n", theirs: "a\n", merged: "a\n", conflicts: 0),
        Case(
            name: "a last line without a line feed gets one inside a conflict", base: "a\nb\nc", ours: "a\nb\nc\n",
            theirs: "a\nb\nX", merged: "a\nb\n<<<<<<< ours\nc\n=======\nX\n>>>>>>> theirs\n", conflicts: 1),
        Case(
            name: "a line feed added to the last line on one side is taken", base: "a\nb\nc", ours: "a\nb\nc\n",
            theirs: "a\nb\nc", merged: "a\nb\nc\n", conflicts: 0),
        Case(
            name: "the line end of a last line is part of the change", base: "a\nb", ours: "a\nb\nc\n",
            theirs: "a\nb\nd\n", merged: "a\nb\n<<<<<<< ours\nc\n=======\nd\n>>>>>>> theirs\n", conflicts: 1),
        Case(
            name: "an unchanged side gives the other byte for byte", base: "a\nb\n", ours: "a\nb\n", theirs: "x\r\ny",
            merged: "x\r\ny", conflicts: 0),
        Case(
            name: "CRLF texts get CRLF markers", base: "a\r\nb\r\n", ours: "a\r\nX\r\n", theirs: "a\r\nY",
            merged: "a\r\n<<<<<<< ours\r\nX\r\n=======\r\nY\r\n>>>>>>> theirs\r\n", conflicts: 1),
        Case(
            name: "CRLF sides of an LF base get LF markers", base: "a\nb\n", ours: "a\r\nX\r\n", theirs: "a\r\nY\r\n",
            merged: "a\r\n<<<<<<< ours\nX\r\n=======\nY\r\n>>>>>>> theirs\n", conflicts: 1),
    ]

    @Test("chosen cases", arguments: cases)
    func chosenCase(_ example: Case) {
        let result = LineMerge.merge(
            base: Array(example.base.utf8), ours: Array(example.ours.utf8), theirs: Array(example.theirs.utf8))
        #expect(String(decoding: result.merged, as: UTF8.self) == example.merged)
        #expect(result.conflicts == example.conflicts)
    }

    @Test("labels and marker size as given; a nil label leaves the marker bare; a size below 1 is 7")
    func labelsAndMarkerSize() {
        let (base, ours, theirs) = (Array("a\n".utf8), Array("b\n".utf8), Array("c\n".utf8))
        let labelled = LineMerge.merge(
            base: base, ours: ours, theirs: theirs, labels: .init(ours: "mine", base: "old", theirs: "yours"),
            markerSize: 10)
        #expect(String(decoding: labelled.merged, as: UTF8.self) == "<<<<<<<<<< mine\nb\n==========\nc\n>>>>>>>>>> yours\n")
        let bare = LineMerge.merge(
            base: base, ours: ours, theirs: theirs, labels: .init(ours: nil, base: nil, theirs: "t"), markerSize: 0)
        #expect(String(decoding: bare.merged, as: UTF8.self) == "<<<<<<<\nb\n=======\nc\n>>>>>>> t\n")
    }

    @Test("a side unchanged gives the other; both sides alike give that side")
    func properties() {
        var generator = TextTripleGenerator(seed: 0x9807)
        var failures: [String] = []
        for number in 0..<1_000 {
            let triple = generator.triple()
            let (base, ours, theirs) = (triple.base, triple.ours, triple.theirs)
            let expectations = [
                ("merge(b, x, b) = x", LineMerge.merge(base: base, ours: ours, theirs: base), ours),
                ("merge(b, b, y) = y", LineMerge.merge(base: base, ours: base, theirs: theirs), theirs),
                ("merge(b, x, x) = x", LineMerge.merge(base: base, ours: ours, theirs: ours), ours),
            ]
            for (property, result, expected) in expectations where result != LineMerge.Result(merged: expected, conflicts: 0) {
                failures.append("triple \(number): \(property) fails")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
