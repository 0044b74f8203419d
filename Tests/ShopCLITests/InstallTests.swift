import Foundation
import Testing

/// `make install` and `make uninstall` into a temporary prefix.
///
/// The release build goes to a scratch folder of its own in the temporary directory, kept
/// between runs: `swift test` holds the lock of the package's `.build` while tests run, and a
/// second run reuses the first one's build. The folder is named after the checkout, so that two
/// checkouts on one machine do not rebuild each other's.
@Suite(.serialized, .requires(.program("make"))) struct InstallTests {
    static let scratchPath: String = {
        // FNV-1a: Swift's own hashes change from run to run.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in DocsPaths.root.path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let name = "shop-install-tests-build-" + String(hash, radix: 16)
        return FileManager.default.temporaryDirectory.appendingPathComponent(name).path
    }()

    static let installedFiles = [
        "bin/shop",
        "share/man/man1/shop.1",
        "share/man/man5/shop.5",
        "share/bash-completion/completions/shop",
        "share/zsh/site-functions/_shop",
        "share/fish/vendor_completions.d/shop.fish",
    ]

    static func make(_ arguments: [String]) throws -> ShopProcess.Result {
        try DocsTools.run("make", ["--no-print-directory", "-C", DocsPaths.root.path, "SCRATCH_PATH=\(scratchPath)"] + arguments)
    }

    /// Every regular file under `folder`, relative to it, sorted.
    static func files(under folder: URL) -> [String] {
        let base = folder.path + "/"
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.append(path)
            }
        }
        return result.sorted()
    }

    @Test(
        "make install PREFIX=... installs the binary, both manual pages and three completions; uninstall removes them",
        .requires(.program("mandoc")))
    func installAndUninstall() throws {
        try withTemporaryDirectory { prefix in
            let install = try Self.make(["install", "PREFIX=\(prefix.path)"])
            #expect(install.status == 0, "\(install.output)")
            #expect(Self.files(under: prefix) == Self.installedFiles.sorted())

            let installed = prefix.appendingPathComponent("bin/shop").path
            #expect(FileManager.default.isExecutableFile(atPath: installed))
            let version = try DocsTools.run(installed, ["--version"])
            #expect(version.status == 0)
            #expect(version.out == (try DocsTools.shop(["--version"])).out)

            for page in ["man1/shop.1", "man5/shop.5"] {
                let copy = try Files.text(prefix.appendingPathComponent("share/man/" + page))
                #expect(copy == (try DocsPaths.text("man/" + page.split(separator: "/")[1])))
            }
            let scripts = [
                ("bash", "share/bash-completion/completions/shop"), ("zsh", "share/zsh/site-functions/_shop"),
                ("fish", "share/fish/vendor_completions.d/shop.fish"),
            ]
            for (shell, path) in scripts {
                let script = try Files.text(prefix.appendingPathComponent(path))
                #expect(script == (try DocsTools.shop(["completions", shell])).out, "\(shell)")
            }
            // The installed page renders.
            let manual = try DocsTools.run("mandoc", ["-T", "ascii", prefix.appendingPathComponent("share/man/man1/shop.1").path])
            #expect(manual.out.contains("SHOP(1)"))

            let uninstall = try Self.make(["uninstall", "PREFIX=\(prefix.path)"])
            #expect(uninstall.status == 0, "\(uninstall.output)")
            #expect(Self.files(under: prefix).isEmpty, "\(Self.files(under: prefix))")
        }
    }

    @Test("DESTDIR stages an install under another root")
    func destdir() throws {
        try withTemporaryDirectory { root in
            let install = try Self.make(["install", "DESTDIR=\(root.path)", "PREFIX=/usr"])
            #expect(install.status == 0, "\(install.output)")
            #expect(Self.files(under: root) == Self.installedFiles.map { "usr/" + $0 }.sorted())
            let uninstall = try Self.make(["uninstall", "DESTDIR=\(root.path)", "PREFIX=/usr"])
            #expect(uninstall.status == 0, "\(uninstall.output)")
            #expect(Self.files(under: root).isEmpty)
        }
    }
}
