import Foundation
import Testing
import TestSupport

/// The code asks the standard library for some Unicode properties (case mappings, combining
/// classes, White_Space, general categories, numeric types, Emoji_Presentation) and reads others
/// from generated tables; both must be of one Unicode version. A toolchain whose standard library
/// implements another version fails here: regenerate the tables from that version's data then.
/// The case mappings have no property of their own in the data; the NameKey test that compares
/// every code point's key with Python's case folding holds them.
@Suite("Unicode version")
struct UnicodeVersionTests {
    @Test("the standard library's Unicode properties are those of the tables' Unicode version")
    func standardLibraryMatchesTheData() throws {
        if let problem = UnicodeData.unavailability {
            if isContinuousIntegration { Issue.record("no Unicode data: \(problem)") } else { print("skipped, no Unicode data: \(problem)") }
            return
        }
        // One line per assigned code point: category, combining class, White_Space, numeric type,
        // Emoji_Presentation, Changes_When_Casemapped. Unassigned code points have none of them.
        let script = #"""
            def numeric_type(c):
                if unicode_data.decimal(c, None) is not None: return 'de'
                if unicode_data.digit(c, None) is not None: return 'di'
                return '-' if unicode_data.numeric(c, None) is None else 'nu'
            flag = lambda name, c: '1' if unicode_data.has_property(name, c) else '0'
            out = []
            for cp in unicode_data.code_points():
                c = chr(cp)
                if unicode_data.is_assigned(c):
                    out.append('%x %s %d %s %s %s %s' % (cp, unicode_data.category(c), unicode_data.combining(c),
                        flag('White_Space', c), numeric_type(c), flag('Emoji_Presentation', c),
                        flag('Changes_When_Casemapped', c)))
            sys.stdout.write('\n'.join(out))
            """#
        let result = try UnicodeData.run(script)
        try #require(result.status == 0, "python3 failed: \(result.stderr)")
        var expected: [UInt32: Substring] = [:]
        for line in String(decoding: result.stdout, as: UTF8.self).split(separator: "\n") {
            guard let space = line.firstIndex(of: " "), let value = UInt32(line[..<space], radix: 16) else { continue }
            expected[value] = line[line.index(after: space)...]
        }
        #expect(expected.count > 290_000, "too few code points read")
        var differences: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let actual = Self.summary(scalar.properties)
            let wanted = expected[value].map(String.init) ?? "Cn 0 0 - 0 0"
            if actual != wanted { differences.append(String(format: "U+%04X: ", value) + "\(actual) ≠ \(wanted)") }
        }
        #expect(differences.isEmpty, "\(differences.count) differ: \(differences.prefix(10))")
    }

    /// The properties as the script writes them.
    private static func summary(_ properties: Unicode.Scalar.Properties) -> String {
        let numeric = switch properties.numericType {
        case .decimal: "de"
        case .digit: "di"
        case .numeric: "nu"
        default: "-"
        }
        let flags = [properties.isWhitespace, properties.isEmojiPresentation, properties.changesWhenCaseMapped]
            .map { $0 ? "1" : "0" }
        return "\(category(properties.generalCategory)) \(properties.canonicalCombiningClass.rawValue) "
            + "\(flags[0]) \(numeric) \(flags[1]) \(flags[2])"
    }

    /// The two-letter name the Unicode Character Database gives a general category.
    private static func category(_ category: Unicode.GeneralCategory) -> String {
        switch category {
        case .uppercaseLetter: "Lu"
        case .lowercaseLetter: "Ll"
        case .titlecaseLetter: "Lt"
        case .modifierLetter: "Lm"
        case .otherLetter: "Lo"
        case .nonspacingMark: "Mn"
        case .spacingMark: "Mc"
        case .enclosingMark: "Me"
        case .decimalNumber: "Nd"
        case .letterNumber: "Nl"
        case .otherNumber: "No"
        case .connectorPunctuation: "Pc"
        case .dashPunctuation: "Pd"
        case .openPunctuation: "Ps"
        case .closePunctuation: "Pe"
        case .initialPunctuation: "Pi"
        case .finalPunctuation: "Pf"
        case .otherPunctuation: "Po"
        case .mathSymbol: "Sm"
        case .currencySymbol: "Sc"
        case .modifierSymbol: "Sk"
        case .otherSymbol: "So"
        case .spaceSeparator: "Zs"
        case .lineSeparator: "Zl"
        case .paragraphSeparator: "Zp"
        case .control: "Cc"
        case .format: "Cf"
        case .surrogate: "Cs"
        case .privateUse: "Co"
        case .unassigned: "Cn"
        @unknown default: "?"
        }
    }
}
