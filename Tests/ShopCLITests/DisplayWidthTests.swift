import Foundation
@testable import ShopCLI
import Testing
import TestSupport

/// The width tables and the widths of single code points, held to the Unicode Character Database
/// the tables are generated from (scripts/unicode_data.py).
@Suite("display widths")
struct DisplayWidthTests {
    /// What the data says of each assigned code point that is not plainly one column wide: `W` East
    /// Asian Width W or F, `Z` shown zero columns wide, `E` Emoji_Presentation, `C` a control.
    static let script = #"""
        out = []
        for cp in unicode_data.code_points():
            c = chr(cp)
            if not unicode_data.is_assigned(c):
                continue
            flags = ''
            if unicode_data.east_asian_width(c) in ('W', 'F'): flags += 'W'
            if (unicode_data.category(c) in ('Mn', 'Me', 'Cf') and cp != 0xAD
                    or 0x1160 <= cp <= 0x11FF or 0xFE00 <= cp <= 0xFE0F): flags += 'Z'
            if unicode_data.has_property('Emoji_Presentation', c): flags += 'E'
            if unicode_data.category(c) == 'Cc': flags += 'C'
            if flags:
                out.append('%x %s' % (cp, flags))
        sys.stdout.write('\n'.join(out))
        """#

    /// The flags by code point, or why there are none.
    static let flags: Result<[UInt32: Substring], DataMissing> = {
        if let problem = UnicodeData.unavailability { return .failure(DataMissing(reason: problem)) }
        guard let result = try? UnicodeData.run(script), result.status == 0 else {
            return .failure(DataMissing(reason: "the script failed"))
        }
        var flags: [UInt32: Substring] = [:]
        for line in String(decoding: result.stdout, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = UInt32(parts[0], radix: 16) { flags[value] = parts[1] }
        }
        return .success(flags)
    }()

    struct DataMissing: Error {
        var reason: String
    }

    /// The flags, or nil after recording (in CI) or printing why the test cannot run.
    static func flagsOrSkip() -> [UInt32: Substring]? {
        switch flags {
        case .success(let flags): return flags
        case .failure(let missing):
            if isContinuousIntegration { Issue.record("no Unicode data: \(missing.reason)") } else { print("skipped, no Unicode data: \(missing.reason)") }
            return nil
        }
    }

    static func name(_ value: UInt32) -> String { String(format: "U+%04X", value) }

    @Test("the tables hold exactly the assigned code points the data calls wide or zero width")
    func tablesMatchTheData() {
        guard let flags = Self.flagsOrSkip() else { return }
        #expect(flags.count > 100_000, "too few code points read")
        let wide = Set(wideCodePoints.flatMap { $0 })
        let zero = Set(zeroWidthCodePoints.flatMap { $0 })
        var differences: [String] = []
        for value in UInt32(0)...0x10FFFF {
            let expected = flags[value] ?? ""
            if wide.contains(value) != expected.contains("W") || zero.contains(value) != expected.contains("Z") {
                differences.append("\(Self.name(value)) (\(expected.isEmpty ? "unassigned or narrow" : String(expected)))")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differ: \(differences.prefix(10))")
        #expect(wideCodePoints == wideCodePoints.sorted { $0.lowerBound < $1.lowerBound })
        #expect(zeroWidthCodePoints == zeroWidthCodePoints.sorted { $0.lowerBound < $1.lowerBound })
    }

    @Test("each code point alone takes the columns the data gives it; unassigned ones take one")
    func singleCodePoints() {
        guard let flags = Self.flagsOrSkip() else { return }
        var differences: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected: Int
            switch flags[value] ?? "" {
            // A variation selector 16 alone asks for emoji presentation, which DisplayWidth shows as a picture.
            case _ where value == 0xFE0F: expected = 2
            case let flags where flags.contains("C"): expected = 0
            case let flags where flags.contains("E"): expected = 2
            case let flags where flags.contains("Z"): expected = 0
            case let flags where flags.contains("W"): expected = 2
            default: expected = 1
            }
            let actual = DisplayWidth.of(Character(scalar))
            if actual != expected { differences.append("\(Self.name(value)): \(actual) ≠ \(expected)") }
        }
        #expect(differences.isEmpty, "\(differences.count) differ: \(differences.prefix(10))")
    }

    @Test("an unassigned code point is one column, as terminals draw it, even where its default width is wide")
    func unassigned() {
        // Unassigned in Unicode 17.0: U+3097 among the Hiragana; U+2A6E0 and U+2FFFD in plane 2, whose
        // East Asian Width defaults to W; U+0378 among the Greek letters; U+E0080 after the tags.
        for value: UInt32 in [0x3097, 0x2A6E0, 0x2FFFD, 0x378, 0xE0080] {
            #expect(DisplayWidth.of(Character(Unicode.Scalar(value)!)) == 1, "\(Self.name(value))")
        }
        #expect(DisplayWidth.of("日本\u{3097}") == 5)
    }
}
