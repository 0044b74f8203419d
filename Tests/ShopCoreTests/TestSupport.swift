import Foundation
import ShopCore
import Testing
import YAML
import TestSupport


/// Where the test sources live, found from this file's path so that no bundle resources are needed.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    /// The repository root: two levels above `Tests/ShopCoreTests`.
    static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
}

/// The names (without `.yaml`) of the inputs in a fixture folder, sorted.
func fixtureNames(_ folder: String) -> [String] {
    yamlFixtureNames(in: TestPaths.fixtures.appendingPathComponent(folder))
}

func fixtureURL(_ folder: String, _ file: String) -> URL {
    TestPaths.fixtures.appendingPathComponent(folder).appendingPathComponent(file)
}

/// Every finding of `check` for a source: the syntax error, or the model's diagnostics.
func checkDiagnostics(_ bytes: [UInt8]) -> [Diagnostic] {
    switch ShoppingList.parseDocument(bytes) {
    case .failure(let failure): failure.diagnostics
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
