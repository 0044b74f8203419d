import Foundation
import Testing
import TestSupport

/// A git repository in a fresh folder, with its own home folder (so that no configuration of the
/// user's or the system's counts), for tests that run git and shop the way a household does.
final class GitScratch {
    let scratch: EditScratch
    let home: URL
    private var clock = 0

    var folder: URL { scratch.folder }

    /// A repository with one branch, `main`, and no commits.
    init() throws {
        scratch = try EditScratch()
        home = URL(fileURLWithPath: "/tmp", isDirectory: true)
            .appendingPathComponent("shop-git-home-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try git("init", "-q", "-b", "main")
        try git("config", "user.name", "Sam")
        try git("config", "user.email", "sam@example.org")
    }

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    /// What git and shop see: this home, no system configuration, fixed dates that move a day
    /// with each commit (see ``commit(_:)``).
    var environment: [String: String] {
        let date = "2026-03-\(String(format: "%02d", 1 + clock))T12:00:00Z"
        return [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "NO_COLOR": "1",
            "LC_ALL": "C", "GIT_PAGER": "cat", "PAGER": "cat",
        ]
    }

    /// Runs git in the repository (or `folder`); a failure is recorded unless `allowFailure`.
    @discardableResult
    func git(_ arguments: String..., in folder: URL? = nil, allowFailure: Bool = false) throws -> ShopProcess.Result {
        try git(arguments, in: folder, allowFailure: allowFailure)
    }

    /// `path`, when given, is git's `PATH` (and so the drivers').
    @discardableResult
    func git(_ arguments: [String], in folder: URL? = nil, allowFailure: Bool = false, path: String? = nil) throws
        -> ShopProcess.Result
    {
        var environment = self.environment
        if let path { environment["PATH"] = path }
        let process = ShopProcess.process(
            URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder ?? self.folder,
            inheriting: .only(["PATH", "TMPDIR"]), environment: environment)
        let result = try ShopProcess.run(process, timeout: 60)
        if !allowFailure && result.status != 0 {
            Issue.record("git \(arguments.joined(separator: " ")) failed: \(result)")
        }
        return result
    }

    /// Runs the built shop in the repository (or `folder`).
    func shop(_ arguments: String..., in folder: URL? = nil) throws -> ShopProcess.Result {
        try shop(arguments, in: folder)
    }

    func shop(_ arguments: [String], in folder: URL? = nil) throws -> ShopProcess.Result {
        try EditCLI.run(arguments, in: folder ?? self.folder, environment: environment)
    }

    /// Runs shop and records a failure unless it exits 0.
    func shopOK(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try shop(arguments)
        #expect(run.status == 0, "shop \(arguments.joined(separator: " ")): \(run)", sourceLocation: sourceLocation)
    }

    /// Commits everything with `message`; the next commit is a day later.
    func commit(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "-m", message)
        clock += 1
    }

    func write(_ text: String, to name: String = "shopping.yaml") throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Files.write(text, to: url)
    }

    func text(_ name: String = "shopping.yaml") throws -> String {
        try Files.text(folder.appendingPathComponent(name))
    }

    /// A list with a few items, committed on `main` after `shop git setup`.
    func startList(setUp: Bool = true) throws {
        try write(GitScratch.list)
        if setUp { try shopOK("git", "setup") }
        try commit("the list")
    }

    static let list = """
        title: Weekly
        currency: EUR
        items:
          - name: Apples
            price: 3.49
            category: Produce
          - name: Bread
            price: 2.10
            category: Bakery
          - name: Oat milk
            price: 1.89
            category: Dairy

        """
}
