import Foundation
import Testing
import TestSupport

@testable import YAML

/// The YAML test suite, read in place from the test corpus (``TestCorpus``): every input parses or
/// fails with a typed error, fast; what parses holds the data of the suite's JSON, and prints to
/// canonical text with the same data and comments.
@Suite(.requires(.yamlTestSuite)) struct CorpusTests {
    struct Case {
        var name: String
        var directory: URL
    }

    /// Every folder of the suite with an `in.yaml`, numbered sub-cases included.
    static func cases() -> [Case] {
        let root = TestPaths.corpus
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var result: [Case] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix("in.yaml"), (path as NSString).lastPathComponent == "in.yaml" else { continue }
            let directory = (path as NSString).deletingLastPathComponent
            result.append(Case(name: directory, directory: root.appendingPathComponent(directory)))
        }
        return result.sorted { $0.name < $1.name }
    }

    @Test func corpusIsPresent() {
        // The suite has 402 inputs; finding none means the corpus moved, not that all is well.
        #expect(Self.cases().count > 300, "no test suite at \(TestPaths.corpus.path)")
    }

    @Test func everyInputParsesOrFailsWithATypedError() throws {
        var accepted = 0
        var refused: [YAMLError.Kind: Int] = [:]
        for testCase in Self.cases() {
            let bytes = try readBytes(testCase.directory.appendingPathComponent("in.yaml"))
            let outcome: Result<Document, YAMLError>
            do throws(YAMLError) {
                outcome = .success(try Document(parsing: bytes))
            } catch {
                outcome = .failure(error)
            }
            switch outcome {
            case .success:
                accepted += 1
            case .failure(let error):
                refused[error.kind, default: 0] += 1
                // The position is inside the text, and the message says something.
                let source = SourceText(bytes: bytes)
                #expect(error.location.offset <= bytes.count, "\(testCase.name): \(error)")
                #expect(error.location.line <= source.lineCount + 1, "\(testCase.name): \(error)")
                #expect(source.location(at: error.location.offset) == error.location, "\(testCase.name): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
        // Most of the suite is ordinary YAML; the refusals are of the kinds shop refuses.
        #expect(accepted > 150)
        #expect(refused[.anchor, default: 0] + refused[.alias, default: 0] > 20)
        #expect(refused[.tag, default: 0] > 20)
        #expect(refused[.multipleDocuments, default: 0] > 10)
        #expect(refused[.directive, default: 0] > 5)
        #expect(refused[.syntax, default: 0] > 30)
    }

    /// Where libyaml itself reads the text differently from the YAML 1.2 specification (PyYAML,
    /// with and without libyaml, reads them as libyaml does): `?` starting a plain scalar in flow
    /// context, and lines of spaces at the end of a block scalar.
    static let libyamlDeviations: Set<String> = ["652Z", "HM87/01", "JEF9/02", "L24T/01"]

    @Test func acceptedInputsHoldTheDataOfTheirJSON() throws {
        var compared = 0
        var differing = Set<String>()
        for testCase in Self.cases() {
            // A case marked as an error is invalid YAML: its JSON is whatever came before the error.
            guard !FileManager.default.fileExists(atPath: testCase.directory.appendingPathComponent("error").path)
            else { continue }
            let bytes = try readBytes(testCase.directory.appendingPathComponent("in.yaml"))
            guard let document = try? Document(parsing: bytes),
                let json = FileManager.default.contents(
                    atPath: testCase.directory.appendingPathComponent("in.json").path),
                let expected = try? JSONDecoder().decode(JSONValue.self, from: json)
            else { continue }
            // A JSON file that does not decode as one value holds several documents, or none.
            compared += 1
            let actual = document.root.map(JSONValue.init) ?? .null
            if actual != expected {
                differing.insert(testCase.name)
                if !Self.libyamlDeviations.contains(testCase.name) {
                    Issue.record(
                        "\(testCase.name): read \(actual), expected \(expected)\n--- in.yaml:\n\(String(decoding: bytes, as: UTF8.self))"
                    )
                }
            }
        }
        #expect(compared > 120)
        // The known deviations still deviate; when libyaml changes, this list must follow.
        #expect(differing == Self.libyamlDeviations)
    }

    @Test(.requires(.pyYAMLWithLibyaml))
    func acceptedInputsHoldWhatLibyamlReads() throws {
        // PyYAML's libyaml loader reads libyaml's events: the wrapper must pass on the same values.
        var texts: [[UInt8]] = []
        var values: [DataValue] = []
        for testCase in Self.cases() {
            let bytes = try readBytes(testCase.directory.appendingPathComponent("in.yaml"))
            guard let document = try? Document(parsing: bytes) else { continue }
            texts.append(bytes)
            values.append(DataValue(document))
        }
        let loader = """
            import yaml
            loaders = {'PyYAML with libyaml': lambda text: yaml.compose(text, Loader=yaml.CSafeLoader)}
            """
        try InteropTests.expectRead(texts, as: values, loaders: loader)
    }

    @Test func acceptedInputsPrintCanonicallyWithTheirDataAndComments() throws {
        var printedCount = 0
        for testCase in Self.cases() {
            let bytes = try readBytes(testCase.directory.appendingPathComponent("in.yaml"))
            guard let document = try? Document(parsing: bytes) else { continue }
            printedCount += 1
            let printed = document.formatted()
            let input = String(decoding: bytes, as: UTF8.self)
            let output = String(decoding: printed, as: UTF8.self)
            let context = "\(testCase.name)\n--- in.yaml:\n\(input)\n--- printed:\n\(output)"
            guard let reread = try? Document(parsing: printed) else {
                Issue.record("the output does not parse: \(context)")
                continue
            }
            #expect(DataValue(reread) == DataValue(document), "\(context)")
            #expect(reread.formatted() == printed, "not idempotent: \(context)")
            #expect(reread.allComments.map(\.text) == document.allComments.map(\.text), "\(context)")
            #expect(
                PropertyTests.checkCanonicalSurface(printed, literalLines: PropertyTests.literalLines(reread)).isEmpty,
                "\(context)")
        }
        #expect(printedCount > 150)
    }
}

/// A JSON value, for comparing with what a document holds under the YAML 1.2 core schema.
indirect enum JSONValue: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// A node's value under the core schema: plain scalars are null, bools, ints and floats by its
    /// regular expressions, every other scalar is a string. Keys become their text.
    init(_ node: Node) {
        switch node.kind {
        case .sequence:
            self = .array(node.items.map(JSONValue.init))
        case .mapping:
            var object: [String: JSONValue] = [:]
            for entry in node.entries {
                object[entry.key.value ?? "\(JSONValue(entry.key))"] = JSONValue(entry.value)
            }
            self = .object(object)
        case .scalar:
            let text = node.value ?? ""
            self = node.scalarStyle == .plain ? CoreSchema.resolve(text) : .string(text)
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): value.debugDescription
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let values):
            "{"
                + values.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }
                .joined(separator: ", ") + "}"
        }
    }
}

/// The YAML 1.2 core schema's tag resolution for plain scalars.
enum CoreSchema {
    nonisolated(unsafe) static let null = try! Regex(#"null|Null|NULL|~|"#)
    nonisolated(unsafe) static let bool = try! Regex(#"true|True|TRUE|false|False|FALSE"#)
    nonisolated(unsafe) static let decimal = try! Regex(#"[-+]?[0-9]+"#)
    nonisolated(unsafe) static let octal = try! Regex(#"0o([0-7]+)"#)
    nonisolated(unsafe) static let hexadecimal = try! Regex(#"0x([0-9a-fA-F]+)"#)
    nonisolated(unsafe) static let float = try! Regex(#"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?"#)
    nonisolated(unsafe) static let infinity = try! Regex(#"[-+]?\.(inf|Inf|INF)"#)
    nonisolated(unsafe) static let notANumber = try! Regex(#"\.nan|\.NaN|\.NAN"#)

    static func resolve(_ text: String) -> JSONValue {
        func matches(_ regex: Regex<AnyRegexOutput>) -> Bool { (try? regex.wholeMatch(in: text)) != nil }
        if matches(null) { return .null }
        if matches(bool) { return .bool(text.lowercased() == "true") }
        if matches(decimal) { return .number(Double(text)!) }
        if matches(octal) { return .number(Double(Int(text.dropFirst(2), radix: 8)!)) }
        if matches(hexadecimal) { return .number(Double(Int(text.dropFirst(2), radix: 16)!)) }
        if matches(float) { return .number(Double(text.hasSuffix(".") ? text + "0" : text)!) }
        if matches(infinity) { return .number(text.hasPrefix("-") ? -.infinity : .infinity) }
        if matches(notANumber) { return .number(.nan) }
        return .string(text)
    }
}
