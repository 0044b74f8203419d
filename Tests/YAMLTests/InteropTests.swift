import Foundation
import Testing
import TestSupport

@testable import YAML

/// Other YAML readers read the printer's output as the same data: every string as exactly that
/// string, every plain scalar as the reader reads it in the input: PyYAML (YAML 1.1, with its Python
/// scanner and with libyaml's) and ruamel.yaml (YAML 1.2).
@Suite struct InteropTests {
    /// Reads a JSON array of YAML texts on standard input and writes, for each, its node tree with
    /// the tags the reader resolved: `{"s": text}` for a string, `{"null": true}`, `{"t": tag}` for
    /// anything else, `{"seq": [...]}`, `{"map": [[key, value], ...]}` (order and repeated keys kept).
    static func script(loaders: String) -> String {
        """
        import sys, json
        \(loaders)
        def conv(n):
            if n is None:
                return None
            tag = getattr(n.tag, 'value', n.tag)
            kind = type(n).__name__
            if kind == 'ScalarNode':
                if tag == 'tag:yaml.org,2002:str':
                    return {'s': n.value}
                if tag == 'tag:yaml.org,2002:null':
                    return {'null': True}
                return {'t': tag, 'v': n.value}
            if kind == 'SequenceNode':
                return {'seq': [conv(x) for x in n.value]}
            return {'map': [[conv(k), conv(v)] for k, v in n.value]}
        texts = json.load(sys.stdin)
        result = {}
        for name, compose in loaders.items():
            trees = []
            for text in texts:
                try:
                    trees.append({'ok': conv(compose(text))})
                except Exception as error:
                    trees.append({'error': str(error)})
            result[name] = trees
        json.dump(result, sys.stdout)
        """
    }

    static let pyyaml = """
        import yaml
        loaders = {'PyYAML': lambda text: yaml.compose(text, Loader=yaml.SafeLoader)}
        if getattr(yaml, '__with_libyaml__', False):
            loaders['PyYAML with libyaml'] = lambda text: yaml.compose(text, Loader=yaml.CSafeLoader)
        """

    static let ruamel = """
        from ruamel.yaml import YAML
        reader = YAML(typ='safe', pure=True)
        loaders = {'ruamel.yaml': reader.compose}
        """

    /// Every reader's tree for every text, by reader name.
    static func read(_ texts: [[UInt8]], loaders: String) throws -> [String: [Any]] {
        let input = try JSONSerialization.data(withJSONObject: texts.map { String(decoding: $0, as: UTF8.self) })
        let result = try runPython(script(loaders: loaders), input: [UInt8](input))
        guard result.status == 0 else {
            Issue.record("python3 failed: \(result.stderr)")
            return [:]
        }
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout))
        return object as? [String: [Any]] ?? [:]
    }

    /// What differs between the data and a reader's tree, or nil when they agree.
    static func difference(_ value: DataValue, _ tree: Any?, path: String = "") -> String? {
        let node = tree as? [String: Any]
        switch value {
        case .null:
            if tree == nil || tree is NSNull || node?["null"] != nil { return nil }
        case .string(let text):
            if let read = node?["s"] as? String, read == text { return nil }
        case .typed(let text):
            // Plain in the input and in the output: any reading but another string is the reader's own.
            if node?["t"] != nil { return nil }
            if let read = node?["s"] as? String, read == text { return nil }
        case .sequence(let items):
            if let read = node?["seq"] as? [Any], read.count == items.count {
                for (index, item) in items.enumerated() {
                    if let problem = difference(item, read[index], path: "\(path)[\(index)]") { return problem }
                }
                return nil
            }
        case .mapping(let entries):
            if let read = node?["map"] as? [[Any]], read.count == entries.count {
                for (index, entry) in entries.enumerated() {
                    if let problem = difference(entry.key, read[index][0], path: "\(path).key\(index)") {
                        return problem
                    }
                    if let problem = difference(entry.value, read[index][1], path: "\(path).\(entry.key)") {
                        return problem
                    }
                }
                return nil
            }
        }
        return
            "at \(path.isEmpty ? "the root" : path): expected \(value), read \(String(describing: tree ?? "nothing"))"
    }

    /// Checks every reader's tree of every printed text against the data it holds.
    static func expectRead(
        _ printed: [[UInt8]], as values: [DataValue], loaders: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let results = try read(printed, loaders: loaders)
        #expect(!results.isEmpty, sourceLocation: sourceLocation)
        for (reader, trees) in results.sorted(by: { $0.key < $1.key }) {
            #expect(trees.count == printed.count, sourceLocation: sourceLocation)
            var failures = 0
            for (index, tree) in trees.enumerated() where index < values.count {
                let outcome = tree as? [String: Any]
                let problem: String?
                if let error = outcome?["error"] {
                    problem = "\(reader) refused it: \(error)"
                } else {
                    problem = difference(values[index], outcome?["ok"]).map { "\(reader) \($0)" }
                }
                if let problem {
                    failures += 1
                    Issue.record(
                        "\(problem)\n--- printed:\n\(String(decoding: printed[index], as: UTF8.self))",
                        sourceLocation: sourceLocation)
                    if failures == 3 { break }
                }
            }
        }
    }

    // MARK: Tricky strings

    /// Strings of every class the quoting rule distinguishes.
    static let trickyStrings: [String] = {
        var strings =
            ScalarPool.typed + ScalarPool.nulls + ScalarPool.indicators + ScalarPool.inner + ScalarPool.spaces
            + ScalarPool.controls + ScalarPool.multiline + ScalarPool.plain
        strings += ScalarAnalysisTests.numbers + ScalarAnalysisTests.dates + ScalarAnalysisTests.plainWords
        for word in ScalarAnalysisTests.boolWords + ["null"] { strings += ScalarAnalysisTests.allCases(word) }
        for indicator in ScalarAnalysisTests.indicators { strings += [indicator, indicator + "x", indicator + " x"] }
        strings += ScalarAnalysisTests.needEscapes
        strings += [
            "", " ", "\n", "a\n", "\na", " a\nb", "a\n\n", "a\n \nb", "\t\n", "x\u{2028}y", "日本\n語\n", "🍎\n\n\n",
            String(repeating: "long ", count: 300), String(repeating: "x", count: 1500), "# not a comment",
            "key: value", "- item", "a\\b", "\"quoted\"", "'single'", "\u{FEFF}bom", "é\u{301}", "\u{1F600}",
            "line one\nline two", "  indented\n  block\n", "trailing \n", "a\r\nb", "\r", "1.0", "+12.5e-3", "0.",
            "._", "_", "__", "1__", "+_", "-_", "0x_", ".", "..", "-.", "+.", "0b", "0o", "0x", "0xg", "1e", "1e+",
            "yes:", "no # x", "on:off", "Y:", "~~", "null null", "true,", "[]", "{}", "[a]", "{a: b}", "&x", "*x",
            "!x", "%YAML 1.2", "---\n", "...\n", "--- x\n", "\u{85}", "a\u{85}", "@", "`",
        ]
        var seen = Set<String>()
        return strings.filter { seen.insert($0).inserted }
    }()

    /// A document with every tricky string as a value, and many as keys, written double-quoted with
    /// escapes so that the input reads as exactly these strings.
    static func trickyDocument() throws -> (document: Document, values: [String], keys: [String]) {
        let strings = trickyStrings
        var text = "values:\n"
        for string in strings { text += "  - \"\(escapedForYAML(string))\"\n" }
        let keys = strings.filter { $0.unicodeScalars.count < 2000 }
        text += "keys:\n"
        // Explicit keys: an implicit key may not be longer than 1024 characters.
        for (index, key) in keys.enumerated() { text += "  ? \"\(escapedForYAML(key))\"\n  : \(index)\n" }
        let document = try Document(parsing: text)
        return (document, strings, keys)
    }

    @Test func trickyStringsReadBackIdentically() throws {
        let (document, values, keys) = try Self.trickyDocument()
        let printed = document.formatted()
        let reread = try Document(parsing: printed)
        #expect(reread.root?["values"]?.items.map { $0.value } == values)
        #expect(reread.root?["keys"]?.entries.map { $0.key.value } == keys)
        #expect(reread.formatted() == printed)
        // The printed file is mostly plain where that is safe.
        let text = String(decoding: printed, as: UTF8.self)
        #expect(text.contains("\n  - Apples\n") && text.contains("\n  - \"yes\"\n") && text.contains("\n  - |\n"))
    }

    @Test(.requires(.pyYAML)) func pyyamlReadsTrickyStrings() throws {
        let (document, _, _) = try Self.trickyDocument()
        let printed = document.formatted()
        try Self.expectRead([printed], as: [DataValue(document)], loaders: Self.pyyaml)
    }

    @Test(.requires(.ruamelYAML))
    func ruamelReadsTrickyStrings() throws {
        let (document, _, _) = try Self.trickyDocument()
        let printed = document.formatted()
        try Self.expectRead([printed], as: [DataValue(document)], loaders: Self.ruamel)
    }

    // MARK: Random short strings

    /// Short strings of the characters numbers, dates, bools and indicators are made of: where the
    /// quoting rule errs, some of these are written plain and read as something else.
    static let randomStrings: [String] = {
        var generator = SeededGenerator(seed: 0x5EED)
        let alphabet = Array("0123456789+-._:eExXoObB~<=nNyYtTfF ,#?[]!&*|>'\"%@`a\t".unicodeScalars)
        var seen = Set<String>()
        var strings: [String] = []
        while strings.count < 4_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                text.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
            }
            if seen.insert(text).inserted { strings.append(text) }
        }
        return strings
    }()

    static func randomStringsDocument() throws -> Document {
        var text = ""
        for string in randomStrings { text += "- \"\(escapedForYAML(string))\"\n" }
        return try Document(parsing: text)
    }

    @Test func randomStringsAreOftenPlain() throws {
        let printed = String(decoding: try Self.randomStringsDocument().formatted(), as: UTF8.self)
        let plain = printed.split(separator: "\n").filter { !$0.hasPrefix("- \"") }.count
        // The check below means something only if many strings are written without quotes.
        #expect(plain > 1_000)
    }

    @Test(.requires(.pyYAML)) func pyyamlReadsRandomStrings() throws {
        let document = try Self.randomStringsDocument()
        try Self.expectRead([document.formatted()], as: [DataValue(document)], loaders: Self.pyyaml)
    }

    @Test(.requires(.ruamelYAML))
    func ruamelReadsRandomStrings() throws {
        let document = try Self.randomStringsDocument()
        try Self.expectRead([document.formatted()], as: [DataValue(document)], loaders: Self.ruamel)
    }

    // MARK: Generated documents

    static let generatedCount = 200

    static func generatedOutputs() throws -> (printed: [[UInt8]], values: [DataValue]) {
        var printed: [[UInt8]] = []
        var values: [DataValue] = []
        for seed in 0..<generatedCount {
            var generator = DocumentGenerator(seed: UInt64(seed))
            let document = try Document(parsing: generator.document().bytes)
            let output = document.formatted()
            printed.append(output)
            values.append(DataValue(try Document(parsing: output)))
        }
        return (printed, values)
    }

    @Test(.requires(.pyYAML)) func pyyamlReadsGeneratedDocuments() throws {
        let (printed, values) = try Self.generatedOutputs()
        try Self.expectRead(printed, as: values, loaders: Self.pyyaml)
    }

    @Test(.requires(.ruamelYAML))
    func ruamelReadsGeneratedDocuments() throws {
        let (printed, values) = try Self.generatedOutputs()
        try Self.expectRead(printed, as: values, loaders: Self.ruamel)
    }

    @Test(.requires(.pyYAML)) func theComparisonNoticesADifference() throws {
        // A printed string that a reader reads as a bool is reported.
        withKnownIssue {
            try Self.expectRead([Array("- yes\n".utf8)], as: [.sequence([.string("yes")])], loaders: Self.pyyaml)
        }
        // A string read as a bool, a string read differently, and a missing entry are all reported.
        let results = try Self.read([Array("- yes\n- a\n- b: 1\n".utf8)], loaders: Self.pyyaml)
        let tree = (results["PyYAML"]?.first as? [String: Any])?["ok"]
        #expect(Self.difference(.sequence([.string("yes"), .string("a"), .mapping([])]), tree) != nil)
        #expect(Self.difference(.sequence([.typed("yes"), .string("b"), .mapping([])]), tree) != nil)
        #expect(
            Self.difference(
                .sequence([.typed("yes"), .string("a"), .mapping([DataEntry(key: .string("b"), value: .typed("1"))])]),
                tree) == nil)
    }
}

/// `text` as the inside of a double-quoted YAML scalar, every character that needs it escaped.
func escapedForYAML(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        default:
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value)
                || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(value)
            {
                let hex = String(value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}
