import Foundation
import Testing
import TestSupport

@testable import YAML

// MARK: Files

/// Where the test sources live, found from this file's path so that no bundle resources are needed.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    /// The repository root: three levels above `Tests/YAMLTests/Support.swift`.
    static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    /// The YAML test suite, read in place (see ``TestCorpus``).
    static var corpus: URL { TestCorpus.yamlTestSuite }
}

/// The names (without extension) of the `.yaml` inputs in a fixture folder, sorted.
func fixtureNames(_ folder: String) -> [String] {
    yamlFixtureNames(in: TestPaths.fixtures.appendingPathComponent(folder))
}

// MARK: Parsing helpers

func parse(_ text: String) throws(YAMLError) -> Document {
    try Document(parsing: text)
}

/// The formatted text of `text`, as a string.
func format(_ text: String, policy: PrintPolicy = PrintPolicy()) throws -> String {
    String(decoding: try Document(parsing: text).formatted(policy: policy), as: UTF8.self)
}

/// The error reading `bytes` throws, or nil when it parses.
func parseError(_ bytes: [UInt8], limits: ParseLimits = ParseLimits()) -> YAMLError? {
    do {
        _ = try Document(parsing: bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}

func parseError(_ text: String, limits: ParseLimits = ParseLimits()) -> YAMLError? {
    parseError(Array(text.utf8), limits: limits)
}

// MARK: Data model

/// The data of a document, the way every reader sees it: collections, null, strings, and plain
/// scalars that some YAML 1.1 or 1.2 reader reads as something other than a string (kept as text).
///
/// Formatting must keep this exactly: a plain `5` that became `"5"` changed type, and a quoted `"yes"`
/// written plain would become a bool for YAML 1.1 readers.
indirect enum DataValue: Equatable, CustomStringConvertible {
    case null
    case string(String)
    case typed(String)
    case sequence([DataValue])
    case mapping([DataEntry])

    var description: String {
        switch self {
        case .null: "null"
        case .string(let text): text.debugDescription
        case .typed(let text): "<\(text)>"
        case .sequence(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .mapping(let entries):
            "{" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

struct DataEntry: Equatable {
    var key: DataValue
    var value: DataValue
}

extension DataValue {
    init(_ node: Node) {
        switch node.kind {
        case .sequence:
            self = .sequence(node.items.map(DataValue.init))
        case .mapping:
            self = .mapping(node.entries.map { DataEntry(key: DataValue($0.key), value: DataValue($0.value)) })
        case .scalar:
            let text = node.value ?? ""
            if node.scalarStyle == .plain {
                if node.isNull {
                    self = .null
                } else if PlainResolver.isNonString(text) {
                    self = .typed(text)
                } else {
                    self = .string(text)
                }
            } else {
                self = .string(text)
            }
        }
    }

    init(_ document: Document) {
        self = document.root.map(DataValue.init) ?? .null
    }
}

/// An independent statement of which plain scalars some reader does not read as a string: YAML 1.1
/// (the type repository's regular expressions, with booleans in any case) and YAML 1.2's core schema,
/// plus the forms ruamel.yaml accepts. Like those readers, it tries the number forms only on text
/// that starts with a digit, a sign or a dot.
enum PlainResolver {
    nonisolated(unsafe) static let words: [Regex<AnyRegexOutput>] = [
        // null, bool (YAML 1.1 and 1.2), merge and value keys
        #"~|null"#, #"y|n|yes|no|true|false|on|off"#, #"<<|="#,
    ].map { try! Regex($0).ignoresCase() }

    nonisolated(unsafe) static let numbers: [Regex<AnyRegexOutput>] = [
        // int, YAML 1.1
        #"[-+]?0b[0-1_]+"#, #"[-+]?0[0-7_]+"#, #"[-+]?(0|[1-9][0-9_]*)"#, #"[-+]?0x[0-9a-f_]+"#,
        #"[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+"#,
        // int, YAML 1.2 and ruamel.yaml
        #"[-+]?[0-9_]+"#, #"[-+]?0o[0-7_]+"#,
        // float, YAML 1.1
        #"[-+]?[0-9][0-9_]*\.[0-9_]*([e][-+][0-9]+)?"#, #"[-+]?\.[0-9_]+([e][-+][0-9]+)?"#,
        #"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*"#,
        #"[-+]?\.inf"#, #"\.nan"#,
        // float, YAML 1.2 core and ruamel.yaml
        #"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)(e[-+]?[0-9]+)?"#, #"[-+]?[0-9][0-9_]*(\.[0-9_]*)?(e[-+]?[0-9]+)?"#,
        #"[-+]?\.[0-9_]+(e[-+]?[0-9]+)?"#,
        // timestamp
        #"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(([t]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?([ \t]*z|[-+][0-9]{1,2}(:[0-9]{2})?)?)?"#,
    ].map { try! Regex($0).ignoresCase() }

    static func isNonString(_ text: String) -> Bool {
        if words.contains(where: { (try? $0.wholeMatch(in: text)) != nil }) { return true }
        guard let first = text.unicodeScalars.first, "-+.0123456789".unicodeScalars.contains(first) else {
            return false
        }
        return numbers.contains { (try? $0.wholeMatch(in: text)) != nil }
    }
}
