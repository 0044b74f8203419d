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

    /// The README's Neovim snippet, in the Neovim on the `PATH` (Debian 12's is 0.7): it loads
    /// without an error, and a list opened after it gets `shop lsp` attached, whose findings
    /// show as diagnostics.
    @Test(.requires(.program("nvim"))) func neovimSnippetAttachesShopLSP() throws {
        let lua = try #require(try blocks("lua").first { $0.contains("vim.lsp.start") })
        let nvim = try #require(programPath("nvim"))
        let shopFolder = try ShopProcess.requireBinary().deletingLastPathComponent().path
        try withTemporaryDirectory { folder in
            let snippet = folder.appendingPathComponent("init.lua")
            try Files.write(lua, to: snippet)
            try Files.write("title: Weekly\ncurrency: EUR\nitems:\n  - name: Apples\n    price: abc\n", to: folder.appendingPathComponent("shopping.yaml"))
            // Waits for the first diagnostics (the wait ends as soon as they come), then writes
            // the attached clients and the diagnostics where the test reads them.
            let probe = folder.appendingPathComponent("probe.lua")
            try Files.write(
                """
                vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 20)
                local lines = {}
                for _, client in pairs(vim.lsp.buf_get_clients(0)) do table.insert(lines, "client " .. client.name) end
                for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(lines, (d.lnum + 1) .. ": " .. d.message) end
                vim.fn.writefile(lines, "report.txt")
                vim.cmd("qa!")

                """, to: probe)
            let home = folder.appendingPathComponent("home").path
            let environment = [
                "PATH": shopFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "HOME": home,
                "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state",
                "XDG_CACHE_HOME": home + "/cache",
            ]
            func nvimRun(_ arguments: [String]) throws -> ShopProcess.Result {
                let process = ShopProcess.process(
                    URL(fileURLWithPath: nvim), ["--headless", "-i", "NONE", "-u", snippet.path] + arguments, in: folder,
                    inheriting: .only(["LANG", "LC_ALL", "TMPDIR"]), environment: environment)
                return try ShopProcess.run(process)
            }
            let loads = try nvimRun(["+q"])
            #expect(loads.status == 0 && loads.output.isEmpty, "\(loads)")
            let opened = try nvimRun(["shopping.yaml", "-c", "luafile \(probe.path)"])
            #expect(opened.status == 0 && !opened.output.contains("Error"), "\(opened)")
            let report = try Files.text(folder.appendingPathComponent("report.txt"))
            #expect(report.hasPrefix("client shop\n"), "\(report)")
            #expect(report.contains("5: price \"abc\" is not a decimal number"), "\(report)")
        }
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
