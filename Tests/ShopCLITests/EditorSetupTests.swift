import Foundation
import Testing
import TestSupport

/// The README's editor set-up for `shop lsp`: each snippet starts `shop lsp` for files named
/// shopping.yaml and shopping.yml, and those in a data format read as that format.
@Suite struct EditorSetupTests {
    /// The README's fenced blocks in `language`.
    func blocks(_ language: String) throws -> [String] {
        let readme = try DocsPaths.text("README.md")
        return readme.components(separatedBy: "```\(language)\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
    }

    @Test func neovimAndEmacs() throws {
        let lua = try #require(try blocks("lua").first { $0.contains("vim.lsp.start") })
        #expect(lua.contains(#"cmd = { "shop", "lsp" }"#))
        #expect(lua.contains(#"pattern = { "shopping.yaml", "shopping.yml" }"#))
        let elisp = try #require(try blocks("elisp").first { $0.contains("eglot") })
        #expect(elisp.contains(#"(shop-list-mode "shop" "lsp")"#))
        // The file name pattern, as Emacs reads the string: both names, and nothing after them.
        #expect(elisp.contains(#"'("/shopping\\.ya?ml\\'" . shop-list-mode)"#))
        #expect(elisp.contains("#'eglot-ensure"))
    }

    @Test func vsCodeSettingsAreJSON() throws {
        let settings = try #require(try blocks("json").first { $0.contains("glspc") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(settings.utf8)) as? [String: Any])
        #expect(object["glspc.server.command"] as? String == "shop")
        #expect(object["glspc.server.commandArguments"] as? [String] == ["lsp"])
        #expect(object["glspc.server.languageId"] as? [String] == ["yaml"])
    }

    @Test func helixLanguagesAreTOML() throws {
        guard try requireTool(pythonHasModule("tomllib"), "the Python module tomllib (Python 3.11)", for: "the Helix snippet test")
        else { return }
        let toml = try #require(try blocks("toml").first { $0.contains("[language-server.shop]") })
        let read = try runPython("import json, sys, tomllib; print(json.dumps(tomllib.loads(sys.stdin.read())))", input: Array(toml.utf8))
        #expect(read.status == 0, "\(read.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout)) as? [String: Any])
        let server = (object["language-server"] as? [String: Any])?["shop"] as? [String: Any]
        #expect(server?["command"] as? String == "shop")
        #expect(server?["args"] as? [String] == ["lsp"])
        let language = try #require((object["language"] as? [[String: Any]])?.first)
        #expect(language["language-servers"] as? [String] == ["shop"])
        #expect(language["grammar"] as? String == "yaml")
        let globs = (language["file-types"] as? [[String: String]])?.compactMap { $0["glob"] }
        #expect(globs == ["shopping.yaml", "shopping.yml"])
    }
}
