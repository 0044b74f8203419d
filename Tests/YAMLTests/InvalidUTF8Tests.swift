import Testing

@testable import YAML

/// Invalid UTF-8 is reported with the bytes that make it invalid, in hex, read from the text:
/// libyaml's own number is not always a byte (-1 for an overlong form, the code point for a
/// surrogate).
@Suite struct InvalidUTF8Tests {
    /// The message of the error `bytes` end with, after the text `name: `.
    func message(_ bytes: [UInt8]) -> String? {
        parseError(Array("name: ".utf8) + bytes)?.message
    }

    @Test(arguments: [
        ([0xC0, 0xAF, 0x0A], "invalid length of a UTF-8 sequence, bytes 0xC0 0xAF: an overlong form of U+002F"),
        ([0xE0, 0x80, 0x80, 0x0A], "invalid length of a UTF-8 sequence, bytes 0xE0 0x80 0x80: an overlong form of U+0000"),
        ([0xED, 0xA0, 0x80, 0x0A], "invalid Unicode character, bytes 0xED 0xA0 0x80: a surrogate, U+D800"),
        ([0xED, 0xBF, 0xBF, 0x0A], "invalid Unicode character, bytes 0xED 0xBF 0xBF: a surrogate, U+DFFF"),
        (
            [0xF4, 0x90, 0x80, 0x80, 0x0A],
            "invalid Unicode character, bytes 0xF4 0x90 0x80 0x80: U+110000, past the last code point U+10FFFF"
        ),
        ([0xFF, 0x0A], "invalid leading UTF-8 octet, byte 0xFF"),
        ([0x61, 0x80, 0x0A], "invalid leading UTF-8 octet, byte 0x80"),
        (
            [0xE2, 0x82, 0x0A],
            "invalid trailing UTF-8 octet, bytes 0xE2 0x82 then byte 0x0A, which does not continue them"
        ),
        ([0xC3, 0x41, 0x0A], "invalid trailing UTF-8 octet, byte 0xC3 then byte 0x41, which does not continue them"),
        ([0xE2, 0x82], "incomplete UTF-8 octet sequence, bytes 0xE2 0x82 at the end of the text, a character cut short"),
    ] as [([UInt8], String)])
    func theOffendingBytesAreNamed(_ bytes: [UInt8], _ details: String) {
        #expect(message(bytes) == "invalid UTF-8 (\(details)); save the file as UTF-8")
    }

    @Test func noNumberThatIsNotAByteIsShown() {
        // The forms libyaml reports with -1 or a code point: never "0x-1" or a two-byte "byte".
        for bytes: [UInt8] in [[0xC0, 0x80, 0x0A], [0xC1, 0xBF, 0x0A], [0xED, 0xB0, 0x80, 0x0A], [0xF0, 0x80, 0x80, 0x80, 0x0A]] {
            let text = message(bytes) ?? ""
            #expect(text.hasPrefix("invalid UTF-8 ("), "\(text)")
            #expect(!text.contains("0x-"), "\(text)")
            #expect(text.ranges(of: /0x[0-9A-F]+/).allSatisfy { text[$0].count == 4 }, "\(text)")
        }
    }

    @Test func theErrorIsWhereTheSequenceIs() {
        // After a byte order mark and on a later line, the bytes are still the ones at the error.
        let error = parseError([0xEF, 0xBB, 0xBF] + Array("a: 1\nb: x".utf8) + [0xED, 0xA0, 0x80, 0x0A])
        #expect(error?.location.line == 2)
        #expect(error?.location.column == 5)
        #expect(error?.message.contains("bytes 0xED 0xA0 0x80: a surrogate, U+D800") == true)
    }
}
