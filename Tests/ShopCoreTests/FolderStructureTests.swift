import Foundation
import Testing
import TestSupport

/// The folders of each module use one another without a cycle, as `scripts/folder-edges.py`
/// finds the uses: a type, function or constant declared in one folder and named in another.
@Suite("folders without cycles", .requires(.python))
struct FolderStructureTests {
    static let script = TestCorpus.repositoryRoot.appendingPathComponent("scripts/folder-edges.py").path

    /// Runs the script on `modules` (folders relative to `root`).
    static func run(_ modules: [String], in root: URL) throws -> ToolResult {
        try runProgram("/usr/bin/env", ["python3", script] + modules, in: root)
    }

    @Test("no module's folders use one another in a circle")
    func noCycles() throws {
        let modules = try FileManager.default.contentsOfDirectory(
            atPath: TestCorpus.repositoryRoot.appendingPathComponent("Sources").path
        ).sorted().map { "Sources/\($0)" }
        #expect(modules.contains("Sources/ShopCore") && modules.contains("Sources/YAML"))
        let result = try Self.run(modules, in: TestCorpus.repositoryRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let edges = String(decoding: result.stdout, as: UTF8.self)
        // The rules of the folders' order, each an edge that must not be there.
        for forbidden in [
            "ShopCore: Model -> Check ", "ShopCore: Merge -> History ", "ShopCore: History -> Merge ",
            "ShopCore: Import -> Export ", "ShopCore: History -> Export ",
        ] {
            #expect(!edges.contains(forbidden), "\(forbidden)")
        }
        // The edges it finds are real ones: merge and history both read through Versions.
        #expect(edges.contains("ShopCore: Merge -> Versions ("), "\(edges)")
        #expect(edges.contains("ShopCore: History -> Versions ("), "\(edges)")
    }

    @Test("a cycle through three folders is found and named, whatever comments and strings say")
    func findsACycle() throws {
        let root = try makeTemporaryFolder("shop-folder-edges")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Module/A/First.swift": "struct First { var second: Second }\n",
            "Module/B/Second.swift": "enum Second { static let third = Third.self }\n",
            "Module/C/Third.swift": "final class Third {\n    func make() -> First? { nil }\n}\n",
            // Names in comments and in strings are no uses.
            "Module/D/Fourth.swift": "// First, Second\nlet fourth = \"Third \\(1) First\"\n/* Second */\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let result = try Self.run(["Module"], in: root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Module: cycle between A, B, C:"), "\(result.stderr)")
        let edges = String(decoding: result.stdout, as: UTF8.self)
        #expect(edges == "Module: A -> B (Second)\nModule: B -> C (Third)\nModule: C -> A (First)\n", "\(edges)")

        // Without the last use the folders are in order, and the script says so.
        try Data("final class Third {}\n".utf8).write(to: root.appendingPathComponent("Module/C/Third.swift"))
        let ordered = try Self.run(["Module"], in: root)
        #expect(ordered.status == 0, "\(ordered.stderr)")
        #expect(ordered.stderr.isEmpty)
    }
}
