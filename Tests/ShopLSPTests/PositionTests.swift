import JSON
import ShopLSP
import Testing
import TestSupport

/// Positions and byte offsets, converted by the document and by a slow conversion written from the
/// LSP rules directly over the text's lines and scalars.
@Suite struct PositionTests {
    static let pieces = ["a", "b", " ", "ü", "ß", "É", "日", "本", "😀", "👍🏽", "\u{10FFFF}", "\n", "\n", "\r\n", "\r", "\t"]

    static func randomText(using random: inout SeededGenerator, pieces count: Int) -> String {
        (0..<count).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined()
    }

    /// The lines of a text as LSP splits them (LF, CRLF, CR), with the byte offset each begins at.
    static func lines(of text: String) -> [(start: Int, content: [Unicode.Scalar])] {
        var result: [(start: Int, content: [Unicode.Scalar])] = []
        var current: [Unicode.Scalar] = []
        var start = 0
        var offset = 0
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            offset += String(scalar).utf8.count
            if scalar == "\n" || scalar == "\r" {
                if scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" {
                    index += 1
                    offset += 1
                }
                result.append((start, current))
                current = []
                start = offset
            } else {
                current.append(scalar)
            }
            index += 1
        }
        result.append((start, current))
        return result
    }

    static func units(_ scalar: Unicode.Scalar, _ encoding: PositionEncoding) -> Int {
        encoding == .utf8 ? String(scalar).utf8.count : String(scalar).utf16.count
    }

    /// The offset of a position by the rules: past the last line is the end, past the line's end
    /// is the line's end, inside a character is its start.
    static func slowOffset(_ position: Position, in text: String, _ encoding: PositionEncoding) -> Int {
        let lines = lines(of: text)
        guard position.line < lines.count else { return text.utf8.count }
        var offset = lines[position.line].start
        var counted = 0
        for scalar in lines[position.line].content {
            counted += units(scalar, encoding)
            if counted > position.character { break }
            offset += String(scalar).utf8.count
        }
        return offset
    }

    /// The position of a byte offset at a character boundary (or inside a line end).
    static func slowPosition(_ offset: Int, in text: String, _ encoding: PositionEncoding) -> Position {
        let lines = lines(of: text)
        let line = lines.lastIndex { $0.start <= offset } ?? 0
        var at = lines[line].start
        var character = 0
        for scalar in lines[line].content {
            let length = String(scalar).utf8.count
            if at + length > offset { break }
            at += length
            character += units(scalar, encoding)
        }
        return Position(line: line, character: character)
    }

    @Test(arguments: PositionEncoding.allCases)
    func conversionsMatchTheRules(_ encoding: PositionEncoding) {
        var random = SeededGenerator(seed: 3_17 + UInt64(encoding.rawValue.count))
        for _ in 0..<300 {
            let text = Self.randomText(using: &random, pieces: Int.random(in: 0...40, using: &random))
            let document = TextDocument(uri: "file:///t", languageID: "yaml", version: 1, text: text)
            let lines = Self.lines(of: text)
            #expect(document.lines.lineCount == lines.count)
            #expect(document.lines.starts == lines.map(\.start))
            for _ in 0..<30 {
                let line = Int.random(in: 0...(lines.count + 1), using: &random)
                let position = Position(line: line, character: Int.random(in: 0...12, using: &random))
                let expected = Self.slowOffset(position, in: text, encoding)
                #expect(document.offset(of: position, in: encoding) == expected, "\(position) in \(text.debugDescription)")
            }
            // Every character boundary goes to its position and back.
            var offset = 0
            for scalar in text.unicodeScalars {
                let position = document.position(of: offset, in: encoding)
                #expect(position == Self.slowPosition(offset, in: text, encoding), "\(offset) in \(text.debugDescription)")
                if scalar != "\n" && !(scalar == "\r") {
                    #expect(document.offset(of: position, in: encoding) == offset)
                }
                offset += String(scalar).utf8.count
            }
            #expect(document.position(of: offset, in: encoding) == Self.slowPosition(offset, in: text, encoding))
        }
    }

    @Test(
        "a snapshot converts offsets in any order as one at a time would: forwards, back and across lines from the last",
        arguments: PositionEncoding.allCases)
    func snapshotConversionsInAnyOrder(_ encoding: PositionEncoding) {
        var random = SeededGenerator(seed: 2_024 + UInt64(encoding.rawValue.count))
        for _ in 0..<100 {
            // Long lines, where a snapshot goes on from its last conversion.
            let text = Self.randomText(using: &random, pieces: Int.random(in: 0...400, using: &random))
                .replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "\r", with: "")
                + (Bool.random(using: &random) ? "\n" + Self.randomText(using: &random, pieces: 50) : "")
            let document = TextDocument(uri: "file:///t", languageID: "yaml", version: 1, text: text)
            let snapshot = DocumentSnapshot(document: document, encoding: encoding)
            for _ in 0..<60 {
                // Offsets inside characters too: they count as the character's start.
                let offset = Int.random(in: 0...(document.bytes.count + 2), using: &random)
                #expect(
                    snapshot.position(of: offset) == document.position(of: offset, in: encoding),
                    "\(offset) in \(text.debugDescription)")
            }
        }
    }

    @Test func charactersOutsideTheBMP() {
        let document = TextDocument(uri: "file:///t", languageID: "yaml", version: 1, text: "a😀b\r\nü\n")
        // 😀 is two UTF-16 units and four UTF-8 bytes.
        #expect(document.offset(of: Position(line: 0, character: 1), in: .utf16) == 1)
        #expect(document.offset(of: Position(line: 0, character: 2), in: .utf16) == 1)  // inside the pair
        #expect(document.offset(of: Position(line: 0, character: 3), in: .utf16) == 5)
        #expect(document.offset(of: Position(line: 0, character: 3), in: .utf8) == 1)  // inside the bytes
        #expect(document.offset(of: Position(line: 0, character: 5), in: .utf8) == 5)
        #expect(document.position(of: 5, in: .utf16) == Position(line: 0, character: 3))
        #expect(document.position(of: 5, in: .utf8) == Position(line: 0, character: 5))
        // Past the end of a line: the line's end, before CRLF.
        #expect(document.offset(of: Position(line: 0, character: 99), in: .utf16) == 6)
        #expect(document.offset(of: Position(line: 1, character: 99), in: .utf8) == 10)
        // Past the last line: the end of the text. The line after the final LF is empty.
        #expect(document.offset(of: Position(line: 2, character: 0), in: .utf16) == 11)
        #expect(document.offset(of: Position(line: 9, character: 0), in: .utf16) == 11)
        #expect(document.position(of: 11, in: .utf16) == Position(line: 2, character: 0))
        // Inside CRLF: the end of the line.
        #expect(document.position(of: 7, in: .utf16) == Position(line: 0, character: 4))
        #expect(document.position(of: 99, in: .utf16) == Position(line: 2, character: 0))
    }
}
