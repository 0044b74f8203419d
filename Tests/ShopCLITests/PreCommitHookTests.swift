import Foundation
import Testing

/// `.pre-commit-hooks.yaml` and the configuration the README shows.
@Suite struct PreCommitHookTests {
    /// The hooks of the manifest, read with PyYAML.
    static func hooks() throws -> [[String: Any]] {
        let run = try DocsTools.run(
            "python3", ["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", DocsPaths.file(".pre-commit-hooks.yaml").path])
        #expect(run.status == 0, "\(run.output)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]])
    }

    @Test(
        "pre-commit accepts the manifest: shop-fmt and shop-check, built with language: swift",
        .requires(.program("pre-commit")), .requires(.pyYAML))
    func manifest() throws {
        let validate = try DocsTools.run("pre-commit", ["validate-manifest", DocsPaths.file(".pre-commit-hooks.yaml").path])
        #expect(validate.status == 0, "\(validate.output)")
        let hooks = try Self.hooks()
        #expect(hooks.compactMap { $0["id"] as? String } == ["shop-fmt", "shop-check"])
        #expect(hooks.compactMap { $0["entry"] as? String } == ["shop fmt", "shop check"])
        #expect(hooks.allSatisfy { $0["language"] as? String == "swift" })
    }

    @Test("the hooks run on shopping.yaml and shopping.yml in any folder, and on nothing else", .requires(.pyYAML))
    func files() throws {
        for hook in try Self.hooks() {
            let pattern = try #require(hook["files"] as? String)
            let expression = try NSRegularExpression(pattern: pattern)
            func matches(_ path: String) -> Bool {
                expression.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
            }
            #expect(matches("shopping.yaml"))
            #expect(matches("shopping.yml"))
            #expect(matches("home/kitchen/shopping.yaml"))
            #expect(!matches("examples/groceries.yaml"))
            #expect(!matches("my-shopping.yaml"))
            #expect(!matches(".pre-commit-config.yaml"))
        }
    }

    @Test("the entries do what the hooks promise on the files pre-commit passes")
    func entries() throws {
        try withTemporaryDirectory { folder in
            let list = folder.appendingPathComponent("shopping.yaml")
            let messy = "items:\n- {name: Apples, price: 3.5}\n"
            try Files.write(messy, to: list)
            // shop-fmt with args: [--check] only reports.
            let check = try DocsTools.shop(["fmt", "--check", "shopping.yaml"], in: folder)
            #expect(check.status == 1)
            #expect(check.err == "would reformat shopping.yaml\n")
            #expect(try Files.text(list) == messy)
            // shop-fmt fixes the file; pre-commit then fails the commit because a file changed.
            let fix = try DocsTools.shop(["fmt", "shopping.yaml"], in: folder)
            #expect(fix.status == 0)
            #expect(fix.err == "reformatted shopping.yaml\n")
            #expect(try Files.text(list) == "items:\n  - name: Apples\n    price: 3.50\n")
            // shop-check passes a clean file and fails one with errors.
            #expect(try DocsTools.shop(["check", "shopping.yaml"], in: folder).status == 0)
            try Files.write("items:\n  - name: Apples\n    price: 3,50\n", to: list)
            let failing = try DocsTools.shop(["check", "shopping.yaml"], in: folder)
            #expect(failing.status == 1)
            #expect(failing.out.contains("shopping.yaml:3:12: error:"), "\(failing.out)")
        }
    }

    @Test(
        "the .pre-commit-config.yaml snippet of the README is a valid configuration using both hooks",
        .requires(.program("pre-commit")))
    func readmeSnippet() throws {
        let readme = try DocsPaths.text("README.md")
        let blocks = readme.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
        let snippet = try #require(blocks.first { $0.contains("repos:") }, "README shows a .pre-commit-config.yaml")
        #expect(snippet.contains("id: shop-fmt"))
        #expect(snippet.contains("id: shop-check"))
        try withTemporaryDirectory { folder in
            let config = folder.appendingPathComponent(".pre-commit-config.yaml")
            try Files.write(snippet, to: config)
            let validate = try DocsTools.run("pre-commit", ["validate-config", config.path])
            #expect(validate.status == 0, "\(validate.output)")
        }
    }
}
