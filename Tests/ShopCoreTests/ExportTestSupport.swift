import Foundation
import ShopCore
import Testing
import YAML
import TestSupport

/// The export fixtures: shop files under `Fixtures/export` (found from this file's path, so that no
/// bundle resources are needed), each with golden exports next to it.
enum ExportFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/export")

    /// The fixture names (file names without `.yaml`), sorted.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()
    }()

    static func url(_ file: String) -> URL {
        directory.appendingPathComponent(file)
    }

    /// A fixture read and checked; it must have no check errors.
    static func list(_ name: String) throws -> ShoppingList {
        try parse([UInt8](Data(contentsOf: url("\(name).yaml"))))
    }

    /// A list read from text; it must have no check errors.
    static func parse(_ text: String) throws -> ShoppingList {
        try parse(Array(text.utf8))
    }

    static func parse(_ bytes: [UInt8]) throws -> ShoppingList {
        let list = ShoppingList(document: try Document(parsing: bytes))
        let errors = list.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.location.line):\($0.location.column) \($0.message)" })")
        return list
    }

    /// Compares an export with its golden file, or rewrites the golden when updating (see
    /// ``goldenProblem(_:_:)``).
    static func expectGolden(
        _ actual: [UInt8], _ file: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        TestSupport.expectGolden(actual, url(file), sourceLocation: sourceLocation)
    }
}

/// A fresh folder for files a test writes, removed by `remove()`.
struct ExportScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("shop-export-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    func write(_ bytes: [UInt8], to name: String) throws -> URL {
        let target = file(name)
        try Data(bytes).write(to: target)
        return target
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs the Python tools next to the fixtures. A missing `python3`, module or renderer makes the
/// run fail, and so the test: tests that run them require what they need.
enum ExportPython {
    struct Run {
        var status: Int32
        var output: Data
        var errors: String

        var text: String { String(decoding: output, as: UTF8.self) }
    }

    static func run(_ script: String, _ arguments: [String]) throws -> Run {
        // Output goes to files, so that a large output never fills a pipe that nobody reads yet.
        let scratch = try ExportScratchFolder()
        defer { scratch.remove() }
        let outputFile = scratch.file("stdout")
        let errorFile = scratch.file("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", ExportFixtures.url(script).path] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: try Data(contentsOf: outputFile),
            errors: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}

/// Writes YAML text for generated lists.
enum ExportYAML {
    /// `text` as a YAML double-quoted scalar, every character that needs it escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) || scalar.value == 0xFEFF
                    || scalar.value == 0x2028 || scalar.value == 0x2029
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// What an item should export as, computed from the model's public view of it (not from the
/// exporters), for comparing with what other software reads back.
struct ExpectedItem {
    var name: String
    var id: String?
    var price: String?
    var quantity: String
    var unit: String?
    var category: String?
    var buy: Bool
    var done: Bool
    var notes: String?
    var total: String?

    init(_ item: Item, decimals: Int) {
        name = item.name ?? ""
        id = item.id
        price = item.price?.formatted(decimals: decimals)
        quantity = item.effectiveQuantity.description
        unit = item.unit
        category = item.category
        buy = item.buy
        done = item.done
        notes = item.notes
        total = item.price.map { ($0 * item.effectiveQuantity).formatted(decimals: decimals) }
    }

    /// The items of `list` in `scope`, in file order.
    static func all(_ list: ShoppingList, scope: ItemScope) -> [ExpectedItem] {
        list.items.filter { scope == .all || $0.buy }.map { ExpectedItem($0, decimals: list.priceDecimals) }
    }

    /// The CSV record: texts that a spreadsheet could run as a formula (after any `'`s) start
    /// with `'`.
    var csvRecord: [String] {
        func text(_ value: String?) -> String {
            guard let value else { return "" }
            if let first = value.unicodeScalars.first(where: { $0 != "'" }), "=+-@\t\r".unicodeScalars.contains(first) {
                return "'" + value
            }
            return value
        }
        return [
            text(name), quantity, text(unit), price ?? "", total ?? "", text(category), String(buy), String(done),
            text(notes), text(id),
        ]
    }
}

/// Random names drawn mostly from the characters that mean something in Markdown, deterministic
/// for a seed.
struct ExportNameGenerator {
    private var random: SeededGenerator
    private static let alphabet = Array(
        "\\`*_{}[]()<>#+-.!|~$&;:/@=\"' \t0123456789abcxyzWWw.é日🍮".unicodeScalars)

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func next() -> String {
        let length = 1 + Int(random.next() % 12)
        var name = String.UnicodeScalarView()
        for _ in 0..<length {
            name.append(Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))])
        }
        return String(name)
    }
}
