import Foundation
import ShopCore
import Testing
import YAML

/// Where the test sources live, found from this file's path so that no bundle resources are needed.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    /// The repository root: two levels above `Tests/ShopCoreTests`.
    static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
}

/// Whether golden files are rewritten from the actual output instead of compared with it. Every
/// rewritten golden must be reviewed by hand before it is committed.
let updatingGoldens = ProcessInfo.processInfo.environment["SHOP_UPDATE_GOLDENS"] == "1"

/// The names (without `.yaml`) of the inputs in a fixture folder, sorted; `NAME.expected.yaml` files
/// are expected outputs, not inputs.
func fixtureNames(_ folder: String) -> [String] {
    let directory = TestPaths.fixtures.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".expected.yaml") }
        .map { String($0.dropLast(".yaml".count)) }
        .sorted()
}

func fixtureURL(_ folder: String, _ file: String) -> URL {
    TestPaths.fixtures.appendingPathComponent(folder).appendingPathComponent(file)
}

func readBytes(_ url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
}

/// Compares `actual` with a golden file, or rewrites the golden when `SHOP_UPDATE_GOLDENS=1`.
func expectGolden(_ actual: [UInt8], _ golden: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    if updatingGoldens {
        if !FileManager.default.createFile(atPath: golden.path, contents: Data(actual)) {
            Issue.record("cannot write \(golden.path)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = FileManager.default.contents(atPath: golden.path) else {
        Issue.record(
            "missing golden \(golden.lastPathComponent); run with SHOP_UPDATE_GOLDENS=1 and review it",
            sourceLocation: sourceLocation)
        return
    }
    if [UInt8](expected) != actual {
        Issue.record(
            "\(golden.lastPathComponent) differs:\n\(lineDiff(expected: [UInt8](expected), actual: actual))",
            sourceLocation: sourceLocation)
    }
}

/// The first differing lines of two texts, for failure messages.
func lineDiff(expected: [UInt8], actual: [UInt8]) -> String {
    let left = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let right = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for index in 0..<max(left.count, right.count) {
        let expectedLine = index < left.count ? String(left[index]) : "<none>"
        let actualLine = index < right.count ? String(right[index]) : "<none>"
        if expectedLine != actualLine {
            lines.append(
                "line \(index + 1):\n  expected: \(expectedLine.debugDescription)\n  actual:   \(actualLine.debugDescription)")
            if lines.count == 5 { break }
        }
    }
    return lines.joined(separator: "\n")
}

/// Every finding of `check` for a source: the syntax error, or the model's diagnostics.
func checkDiagnostics(_ bytes: [UInt8]) -> [Diagnostic] {
    switch ShoppingList.parseDocument(bytes) {
    case .failure(let diagnostic): [diagnostic]
    case .success(let document): ShoppingList(document: document).diagnostics
    }
}

func checkDiagnostics(_ text: String) -> [Diagnostic] {
    checkDiagnostics(Array(text.utf8))
}

/// A diagnostic the way the golden files write it: `LINE:COLUMN SEVERITY RULE MESSAGE`.
func goldenLine(_ diagnostic: Diagnostic) -> String {
    "\(diagnostic.location.line):\(diagnostic.location.column) \(diagnostic.severity.rawValue) "
        + "\(diagnostic.rule.rawValue) \(diagnostic.message)"
}

/// The canonical form of a source that must parse.
func formatted(_ bytes: [UInt8]) throws -> [UInt8] {
    CanonicalForm.format(try Document(parsing: bytes))
}

func formatted(_ text: String) throws -> String {
    String(decoding: try formatted(Array(text.utf8)), as: UTF8.self)
}

/// A deterministic random number generator (SplitMix64), so that generated inputs are the same on
/// every run and a failure can be reproduced from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
