@testable import ShopCore
import Testing
import TestSupport

/// Binary data, invalid UTF-8 and other hostile input get a clear answer from every import reader.
@Suite struct ImportBadInputTests {
    /// What each reader makes of the bytes: its problem, or nil when it read them.
    static func problems(_ bytes: [UInt8]) -> [ImportProblem?] {
        func attempt(_ read: () throws(ImportProblem) -> Void) -> ImportProblem? {
            do throws(ImportProblem) {
                try read()
                return nil
            } catch {
                return error
            }
        }
        return [
            attempt { () throws(ImportProblem) in _ = try ImportEntries.read(bytes, format: .text, knownNames: []) },
            attempt { () throws(ImportProblem) in _ = try CSVImportReader.read(bytes) },
            attempt { () throws(ImportProblem) in _ = try MarkdownImportReader.read(bytes) },
        ]
    }

    @Test(arguments: [
        (Array("name\nok\n".utf8) + [0xFF] + Array("\n".utf8), 3, "byte 0xFF"),
        (Array("a\r\nb\r".utf8) + [0xC0, 0x80], 3, "byte 0xC0"),  // an overlong NUL
        (Array("x ".utf8) + [0xED, 0xA0, 0x80], 1, "byte 0xED"),  // a surrogate
        (Array("x".utf8) + [0xF4, 0x90, 0x80, 0x80], 1, "byte 0xF4"),  // past U+10FFFF
        (Array("end ".utf8) + [0xE2, 0x82], 1, "byte 0xE2"),  // cut short at the end
        (Array("\n\n\n".utf8) + [0x80], 4, "byte 0x80"),  // a continuation byte alone
    ] as [([UInt8], Int, String)])
    func invalidUTF8IsRefusedWithItsLine(bytes: [UInt8], line: Int, byte: String) {
        for problem in Self.problems(bytes) {
            #expect(problem?.line == line)
            #expect(problem?.message == "the text is not valid UTF-8 (\(byte)); save it as UTF-8")
        }
    }

    /// UTF-16 with its byte order mark is read (as spreadsheets save "Unicode text"); without
    /// it, and UTF-32, it is refused.
    @Test func utf16IsReadWithItsMarkOnly() throws {
        let withMark: [UInt8] = [0xFF, 0xFE] + Array("name".utf8).flatMap { [$0, 0] }
        #expect(try ImportText(withMark).text == "name")
        let bigEndian: [UInt8] = [0xFE, 0xFF] + Array("Käse".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try ImportText(bigEndian).text == "Käse")
        let broken: [UInt8] = [0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00]
        #expect(Self.problems(broken).allSatisfy { $0?.message.contains("not valid UTF-16") == true })
        let utf32: [UInt8] = [0xFF, 0xFE, 0, 0] + Array("name".utf8).flatMap { [$0, 0, 0, 0] }
        #expect(Self.problems(utf32).allSatisfy { $0?.message.contains("UTF-32") == true })
        let withoutMark: [UInt8] = Array("name\n".utf8).flatMap { [$0, 0] }
        for problem in Self.problems(withoutMark) {
            #expect(problem?.message.contains("UTF-16 or UTF-32") == true)
        }
    }

    @Test func binaryDataIsRefused() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        for problem in Self.problems(png) {
            #expect(problem?.message.contains("not valid UTF-8 (byte 0x89)") == true)
        }
        let gzipLike: [UInt8] = Array("abc\ndef\n".utf8) + [0, 1, 2, 3]
        for problem in Self.problems(gzipLike) {
            #expect(problem == ImportProblem(line: 3, message: "the text has a NUL byte: it is binary data, not text"))
        }
    }

    /// Random bytes, and random text made of the characters the formats give meaning to: every
    /// reader answers (these would crash or hang the test otherwise), and binary input is refused.
    @Test func randomInputAlwaysGetsAnAnswer() {
        var random = SeededGenerator(seed: 50)
        var refused = 0
        for _ in 0..<300 {
            let bytes = (0..<Int(random.next() % 400)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if Self.problems(bytes).allSatisfy({ $0 != nil }) { refused += 1 }
        }
        #expect(refused > 280)
        let alphabet = Array("-*+[]xX ;,\"'\n\r\t#>\\&#;—×@1.5/½kg é🍮".unicodeScalars)
        for _ in 0..<1_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 200) { text.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
            _ = Self.problems(Array(String(text).utf8))
        }
    }

    @Test func anUnterminatedQuoteAtTheStartIsOneProblem() throws {
        let bytes = Array(("name\n\"" + String(repeating: "x,y\n", count: 100_000)).utf8)
        #expect(Self.problems(bytes)[1] == ImportProblem(line: 2, message: "the quoted field that starts here has no closing quote"))
    }

    @Test func aVeryLongLineIsOneProblem() throws {
        let text = try ImportEntries.read(Array(String(repeating: "milk ", count: 200_000).utf8), format: .text, knownNames: [])
        #expect(text.entries.isEmpty)
        #expect(text.problems.count == 1)
        #expect(text.problems.first?.message.contains("a line may be at most 4096 bytes") == true)
    }
}
