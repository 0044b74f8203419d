import Foundation
import JSON
import Testing
import TestSupport

/// Python's json module as the judge: the reader reads what Python writes (with and without
/// ASCII escapes, indentation and sorted keys), and Python reads what the writer writes, numbers
/// digit for digit.
@Suite struct PythonInteropTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/interop.py")

    static var pythonAvailable: Bool { pythonRuns("import json, decimal") }

    /// Runs the interop script in `mode` on `documents`, and returns the documents it writes.
    static func python(_ mode: String, seed: Int, count: Int, documents: [[UInt8]]) throws -> [[UInt8]] {
        let code = try String(contentsOf: script, encoding: .utf8) + "\nmain('\(mode)', \(seed), \(count))\n"
        let result = try runPython(code, input: framed(documents))
        guard result.status == 0 else {
            throw PythonFailure(description: "interop.py \(mode) failed (\(result.status)):\n\(result.stderr.prefix(4000))")
        }
        return unframed(result.stdout)
    }

    struct PythonFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Documents one to a line, each as its byte count, a space and its bytes.
    static func framed(_ documents: [[UInt8]]) -> [UInt8] {
        documents.flatMap { Array("\($0.count) ".utf8) + $0 + [0x0A] }
    }

    static func unframed(_ bytes: [UInt8]) -> [[UInt8]] {
        var documents: [[UInt8]] = []
        var position = 0
        while let space = bytes[position...].firstIndex(of: 0x20),
            let length = Int(String(decoding: bytes[position..<space], as: UTF8.self))
        {
            documents.append(Array(bytes[(space + 1)..<(space + 1 + length)]))
            position = space + 1 + length + 1
        }
        return documents
    }

    @Test func readsWhatPythonWritesAndWritesItBackExactly() throws {
        guard try requireTool(Self.pythonAvailable, "python3", for: "the JSON interop tests") else { return }
        let count = 3_000
        let written = try Self.python("write", seed: 17, count: count, documents: [])
        #expect(written.count == count)
        var rewritten: [[UInt8]] = []
        for document in written {
            do {
                rewritten.append(JSONWriter.bytes(try JSONReader.read(document)))
            } catch {
                Issue.record("\(error) in \(String(decoding: document, as: UTF8.self))")
                rewritten.append([])
            }
        }
        // Python compares what it reads from the rewritten documents with the values it generated.
        _ = try Self.python("check", seed: 17, count: count, documents: rewritten)
    }

    @Test func pythonReadsWhatTheWriterWrites() throws {
        guard try requireTool(Self.pythonAvailable, "python3", for: "the JSON interop tests") else { return }
        var random = SeededGenerator(seed: 3629)
        let values = (0..<3_000).map { _ in ValueGenerator.value(using: &random) }
        let tags = try Self.python("tag", seed: 0, count: 0, documents: values.map(JSONWriter.bytes))
        #expect(tags.count == values.count)
        for (value, tag) in zip(values, tags) {
            #expect(try JSONReader.read(tag) == Self.tagged(value), "\(JSONWriter.string(value))")
        }
    }

    /// A value as the interop script describes what Python read: strings, arrays and objects
    /// tagged, numbers as sign, significant digits and exponent.
    static func tagged(_ value: JSONValue) -> JSONValue {
        switch value {
        case .null, .bool: value
        case .string(let text): ["s", .string(text)]
        case .array(let elements): ["a", .array(elements.map(tagged))]
        case .object(let object): ["o", .array(object.map { [.string($0.key), tagged($0.value)] })]
        case .number(let number): numberTag(number.text)
        }
    }

    /// `-12.50e1` as `["n", "-", "125", 0]`: the digits without leading or trailing zeros and the
    /// power of ten they are multiplied by.
    static func numberTag(_ text: String) -> JSONValue {
        let negative = text.hasPrefix("-")
        var body = Substring(negative ? String(text.dropFirst()) : text)
        var exponent = 0
        if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(body[body.index(after: e)...].replacingOccurrences(of: "+", with: "")) ?? 0
            body = body[..<e]
        }
        var digits = body.replacingOccurrences(of: ".", with: "")
        if let point = body.firstIndex(of: ".") { exponent -= body.distance(from: point, to: body.endIndex) - 1 }
        digits = String(digits.drop { $0 == "0" })
        while digits.hasSuffix("0") {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { exponent = 0 }
        return ["n", negative ? "-" : "+", .string(digits), .int(exponent)]
    }
}
