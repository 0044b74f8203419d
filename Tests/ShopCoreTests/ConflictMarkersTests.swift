@testable import ShopCore
import Testing
import TestSupport
@testable import YAML

@Suite("ConflictMarkers")
struct ConflictMarkersTests {
    /// The marker lines of `bytes`, found the plain way: every line, split at LF, CR and CRLF,
    /// that begins with seven or more of one marker character followed by a space or its end.
    private static func markerLines(_ bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A && bytes[lineEnd] != 0x0D { lineEnd += 1 }
            if lineStart < lineEnd, "<|=>".utf8.contains(bytes[lineStart]) {
                var run = lineStart
                while run < lineEnd && bytes[run] == bytes[lineStart] { run += 1 }
                if run - lineStart >= 7 && (run == lineEnd || bytes[run] == 0x20) { found.append(lineStart) }
            }
            guard lineEnd < bytes.count else { break }
            lineStart = lineEnd + (bytes[lineEnd] == 0x0D && lineEnd + 1 < bytes.count && bytes[lineEnd + 1] == 0x0A ? 2 : 1)
        }
        return found
    }

    @Test("every marker line is found, at any offset, after any line break, and nothing else is")
    func markerLinesMatchALineByLineReading() {
        let pieces = [
            "<<<<<<< ours", "=======", ">>>>>>> theirs", "||||||| base", "<<<<<<<", ">>>>>>>>>>>>> long",
            "<<<<<<", "====== six", "=======x", "  <<<<<<< indented", "name: a <<<<<<< b", "- name: Tea",
            "x", "", "price: 1 = 2", "|||||||||", "=", "==============================",
        ]
        let breaks = ["\n", "\r\n", "\r"]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text += pieces.randomElement(using: &generator)!
                text += breaks.randomElement(using: &generator)!
            }
            if Bool.random(using: &generator) { text += pieces.randomElement(using: &generator)! }
            let bytes = Array(text.utf8)
            let regions = ConflictMarkers(bytes).regions
            let found = regions.flatMap { [$0.start] + $0.others }.sorted()
            #expect(found == Self.markerLines(bytes), "\(text.debugDescription)")
        }
    }

    /// The printer keeps text from reading as a marker (`ScalarAnalysis.startsLikeConflictMarker`)
    /// by the rule the finder uses (`ConflictMarkerLine`, in the YAML layer): text the printer
    /// writes plain is never a marker line, and it quotes no text for looking like a marker unless
    /// the finder finds one.
    @Test("the printer's rule for text that looks like a marker is the finder's")
    func printerAgrees() {
        var texts: [String] = []
        for marker in ["<", "=", "|", ">", "-", "#"] {
            for run in 5...9 {
                for before in ["", " ", "a"] {
                    for after in ["", " ", "  x", "x", "\t", ":", marker + " ", "a b"] {
                        texts.append(before + String(repeating: marker, count: run) + after)
                    }
                }
            }
        }
        for text in texts {
            let bytes = Array(text.utf8)
            let isMarker = !ConflictMarkers(bytes).isEmpty
            bytes.withUnsafeBufferPointer { buffer in
                for strict in [false, true] where ScalarAnalysis.isWritablePlain(buffer, strict: strict) {
                    #expect(!isMarker, "\(text) is written plain (strict: \(strict)) and reads as a marker")
                }
                #expect(ScalarAnalysis.startsLikeConflictMarker(buffer) == isMarker, "\(text)")
            }
        }
    }
}

