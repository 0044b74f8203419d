import Foundation
import Testing
import TestSupport

/// A list git still holds as unmerged, after a merge, rebase, cherry-pick, revert or stash pop
/// that stopped on it: `check` reports it (rule `unmerged`), an error while the file is one side's
/// version as it was, which every command that refuses a file with errors refuses, a warning once
/// it is resolved by hand and not yet added.
@Suite("unmerged lists", .requires(.program("git")))
struct UnmergedTests {
    static let oursError =
        "shopping.yaml:1:1: error: git still holds shopping.yaml as unmerged, and it is byte for byte one side's version (ours): "
        + "the other side's changes are not in it, as when git could not run the merge driver; 'git checkout -m shopping.yaml' "
        + "makes the merge again (with shop's driver once 'shop git setup' has run) [unmerged]\n"
    static let warning =
        "shopping.yaml:1:1: warning: git still holds shopping.yaml as unmerged: 'git add shopping.yaml' once it is resolved [unmerged]\n"
    static let refusal = "shop: error: shopping.yaml is one side's version of an unfinished merge; make the merge again first (see 'shop check')\n"

    /// A merge whose driver cannot run (a driver command naming a program that is not there, as
    /// when a GUI client's PATH lacks shop): git leaves ours' version, without markers.
    static func mergeWithoutDriver() throws -> GitScratch {
        let repository = try GitScratch()
        try repository.startList()
        try repository.git("config", "merge.shop.driver", "/nonexistent/bin/shop merge %O %A %B --marker-size %L --path %P")
        try repository.git("checkout", "-q", "-b", "other")
        try repository.shopOK("edit", "Apples", "--price", "3.99")
        try repository.commit("apples dearer")
        try repository.git("checkout", "-q", "main")
        try repository.shopOK("edit", "Bread", "--price", "2.50")
        try repository.commit("bread dearer")
        let ours = try repository.text()
        let merge = try repository.git("merge", "other", allowFailure: true)
        #expect(merge.status != 0, "\(merge)")
        #expect(try repository.text() == ours, "git left ours' version as it was")
        #expect(try repository.git("status", "--porcelain").out.contains("UU shopping.yaml"))
        return repository
    }

    @Test("a merge whose driver could not run: check fails at line 1, every command that refuses a file with errors refuses it")
    func driverCouldNotRun() throws {
        let repository = try Self.mergeWithoutDriver()
        let ours = try repository.text()
        let check = try repository.shop("check")
        #expect(check.status == 1, "\(check)")
        #expect(check.out.hasPrefix(Self.oursError + "   1 | title: Weekly\n     | ^\n"), "\(check)")
        #expect(check.out.hasSuffix("1 error, 0 warnings in 1 file\n"), "\(check)")
        let json = try repository.shop("check", "--format", "json")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["rule"] as? String == "unmerged")
        #expect(entries.first?["severity"] as? String == "error")
        #expect(entries.first?["line"] as? Int == 1)
        let sarif = try repository.shop("check", "--format", "sarif")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { "\($0["ruleId"] ?? "") \($0["level"] ?? "")" } == ["unmerged error"], "\(sarif.out)")
        #expect(sarif.status == 1)

        // Each refusal says why on standard error, writes nothing and exits 1.
        let refusals: [[String]] = [
            ["buy", "Apples"], ["edit", "Bread", "--price", "2.60"], ["add", "Pears"], ["rm", "Bread"], ["clear"],
            ["fmt"], ["fmt", "--check"], ["fmt", "--stdout"], ["fmt", "--diff"], ["list"], ["list", "--all"],
        ]
        for arguments in refusals {
            let run = try repository.shop(arguments)
            #expect(run.status == 1, "shop \(arguments.joined(separator: " ")): \(run)")
            #expect(run.out.isEmpty, "shop \(arguments.joined(separator: " ")): \(run)")
            #expect(run.err.hasPrefix(Self.oursError), "shop \(arguments.joined(separator: " ")): \(run)")
            #expect(run.err.hasSuffix(Self.refusal), "shop \(arguments.joined(separator: " ")): \(run)")
        }
        let export = try repository.shop("export", "--format", "csv")
        #expect(export.status == 1 && export.out.isEmpty, "\(export)")
        #expect(export.err.hasPrefix(Self.oursError), "\(export)")
        #expect(export.err.hasSuffix("shop: error: shopping.yaml has errors; nothing was exported (see 'shop check')\n"), "\(export)")
        try repository.write("2 kg potatoes\n", to: "pasted.txt")
        for arguments in [["import", "pasted.txt"], ["import", "--dry-run", "pasted.txt"]] {
            let run = try repository.shop(arguments)
            #expect(run.status == 1 && run.out.isEmpty, "shop \(arguments.joined(separator: " ")): \(run)")
            #expect(run.err.hasSuffix(Self.refusal), "shop \(arguments.joined(separator: " ")): \(run)")
        }
        let fix = try repository.shop("check", "--fix")
        #expect(fix.status == 1, "\(fix)")
        #expect(fix.out.hasPrefix(Self.oursError), "\(fix)")
        #expect(fix.err.contains("no fix was made in shopping.yaml: git holds it as one side's version of an unfinished merge"), "\(fix)")
        #expect(try repository.text() == ours, "nothing was written")

        // Standard input has no git state: the same text read there has no finding.
        let piped = try ShopProcess.run(
            try EditCLI.process(["check", "-"], in: repository.folder, environment: repository.environment),
            stdin: .pipe(Data(ours.utf8)))
        #expect(piped.status == 0 && piped.out == "no problems in 1 file\n", "\(piped)")

        // Setup names shop again; git checkout -m makes the merge again, with shop's driver.
        try repository.shopOK("git", "setup")
        try repository.git("checkout", "-m", "shopping.yaml")
        let merged = try repository.text()
        #expect(merged.contains("price: 3.99") && merged.contains("price: 2.50"), "\(merged)")
        let resolved = try repository.shop("check")
        #expect(resolved.status == 0, "\(resolved)")
        #expect(resolved.out.hasPrefix(Self.warning), "\(resolved)")
        let strict = try repository.shop("check", "--strict")
        #expect(strict.status == 1, "\(strict)")
        let warningJSON = try repository.shop("check", "--format", "json")
        #expect(warningJSON.out.contains("\"severity\":\"warning\",\"rule\":\"unmerged\""), "\(warningJSON.out)")
        // A warning stops nothing.
        #expect(try repository.shop("export", "--format", "csv").status == 0)
        try repository.git("add", "shopping.yaml")
        let added = try repository.shop("check")
        #expect(added.status == 0 && added.out == "no problems in 1 file\n", "\(added)")
        try repository.git("commit", "-q", "--no-edit")
    }

    /// An operation of git that stops on a conflict in the list.
    enum Stop: String, CaseIterable, CustomTestStringConvertible {
        case merge, rebase, cherryPick = "cherry-pick", revert, stashPop = "stash pop"
        var testDescription: String { rawValue }
    }

    /// A list left with conflict markers by `stop`, which changed Apples' price on both sides;
    /// git has no driver for it (no setup), so it merges as text.
    static func conflict(_ stop: Stop) throws -> GitScratch {
        let repository = try GitScratch()
        try repository.startList(setUp: false)
        var result: ShopProcess.Result
        switch stop {
        case .merge, .rebase, .cherryPick:
            try repository.git("checkout", "-q", "-b", "other")
            try repository.shopOK("edit", "Apples", "--price", "3.99")
            try repository.commit("apples at 3.99")
            try repository.git("checkout", "-q", "main")
            try repository.shopOK("edit", "Apples", "--price", "4.29")
            try repository.commit("apples at 4.29")
            switch stop {
            case .merge:
                result = try repository.git("merge", "other", allowFailure: true)
            case .rebase:
                try repository.git("checkout", "-q", "other")
                result = try repository.git("rebase", "main", allowFailure: true)
            default:
                result = try repository.git("cherry-pick", "other", allowFailure: true)
            }
        case .revert:
            try repository.shopOK("edit", "Apples", "--price", "3.99")
            try repository.commit("apples at 3.99")
            try repository.shopOK("edit", "Apples", "--price", "4.29")
            try repository.commit("apples at 4.29")
            result = try repository.git("revert", "--no-edit", "HEAD~1", allowFailure: true)
        case .stashPop:
            try repository.shopOK("edit", "Apples", "--price", "3.99")
            try repository.git("stash", "-q")
            try repository.shopOK("edit", "Apples", "--price", "4.29")
            try repository.commit("apples at 4.29")
            result = try repository.git("stash", "pop", allowFailure: true)
        }
        #expect(result.status != 0, "git \(stop.rawValue): \(result)")
        #expect(try repository.git("ls-files", "-u", "shopping.yaml").out.split(separator: "\n").count >= 2)
        return repository
    }

    @Test("after a merge, rebase, cherry-pick, revert or stash pop that stopped: markers, then resolved by hand, then a side taken whole", arguments: Stop.allCases)
    func stopped(stop: Stop) throws {
        let repository = try Self.conflict(stop)
        // Conflict markers stay the merge-conflict error, alone.
        let markers = try repository.shop("check")
        #expect(markers.status == 1, "\(markers)")
        #expect(markers.out.contains("[merge-conflict]") && !markers.out.contains("[unmerged]"), "\(markers)")
        // Resolved by hand, not yet added: a warning, and commands take the file.
        try repository.write(GitScratch.list.replacingOccurrences(of: "3.49", with: "4.19"))
        let resolved = try repository.shop("check")
        #expect(resolved.status == 0, "\(resolved)")
        #expect(resolved.out == Self.warning + "   1 | title: Weekly\n     | ^\n0 errors, 1 warning in 1 file\n", "\(resolved)")
        try repository.shopOK("buy", "Apples")
        // One side taken whole: an error naming that side.
        for side in ["ours", "theirs"] {
            try repository.git("checkout", "--\(side)", "shopping.yaml")
            let taken = try repository.shop("check")
            #expect(taken.status == 1, "\(side): \(taken)")
            #expect(taken.out.contains("one side's version (\(side))"), "\(side): \(taken)")
            #expect(try repository.shop("buy", "Apples").status == 1)
        }
        try repository.git("add", "shopping.yaml")
        let added = try repository.shop("check")
        #expect(added.status == 0 && added.out == "no problems in 1 file\n", "\(added)")
    }

    @Test("nothing is found outside git, for a list git holds merged while another file is unmerged, or for an untracked one")
    func nothingElsewhere() throws {
        let outside = try EditScratch()
        try outside.write(GitScratch.list, to: "shopping.yaml")
        let plain = try outside.run(["check"])
        #expect(plain.status == 0 && plain.out == "no problems in 1 file\n", "\(plain)")

        let repository = try GitScratch()
        try repository.startList(setUp: false)
        try repository.write("one\n", to: "notes.txt")
        try repository.commit("notes")
        try repository.git("checkout", "-q", "-b", "other")
        try repository.write("two\n", to: "notes.txt")
        try repository.commit("notes two")
        try repository.git("checkout", "-q", "main")
        try repository.write("three\n", to: "notes.txt")
        try repository.commit("notes three")
        #expect(try repository.git("merge", "other", allowFailure: true).status != 0)
        #expect(try repository.git("ls-files", "-u").out.contains("notes.txt"))
        let merged = try repository.shop("check")
        #expect(merged.status == 0 && merged.out == "no problems in 1 file\n", "\(merged)")
        // A file git does not hold, named like the unmerged one in another folder.
        try repository.write(GitScratch.list, to: "lists/notes.txt.yaml")
        let untracked = try repository.shop("check", "lists/notes.txt.yaml")
        #expect(untracked.status == 0 && untracked.out == "no problems in 1 file\n", "\(untracked)")
    }

    @Test("a linked worktree's own index, through a .git file; a symbolic link to a folder of the work tree")
    func linkedWorktree() throws {
        let repository = try GitScratch()
        try repository.startList(setUp: false)
        try repository.git("branch", "other")
        try repository.git("worktree", "add", "-q", "linked", "other")
        let linked = repository.folder.appendingPathComponent("linked")
        #expect(FileManager.default.fileExists(atPath: linked.appendingPathComponent(".git").path))
        try repository.shopOK("edit", "Apples", "--price", "4.29")
        try repository.commit("apples at 4.29")
        try repository.shopOK("-f", "linked/shopping.yaml", "edit", "Apples", "--price", "3.99")
        try repository.git("commit", "-q", "-am", "apples at 3.99", in: linked)
        #expect(try repository.git("merge", "main", in: linked, allowFailure: true).status != 0)
        try repository.git("checkout", "--theirs", "shopping.yaml", in: linked)
        let taken = try repository.shop("check", "linked/shopping.yaml")
        #expect(taken.status == 1 && taken.out.contains("one side's version (theirs)"), "\(taken)")
        #expect(taken.out.contains("'git checkout -m linked/shopping.yaml'"), "\(taken)")
        // The main work tree's index holds its list merged.
        let main = try repository.shop("check", "shopping.yaml")
        #expect(main.status == 0, "\(main)")
        // Through a link to the worktree's folder, the file is the one git holds.
        let elsewhere = try EditScratch()
        try FileManager.default.createSymbolicLink(at: elsewhere.url("groceries"), withDestinationURL: linked)
        let throughLink = try EditCLI.run(
            ["check", "groceries/shopping.yaml"], in: elsewhere.folder, environment: repository.environment)
        #expect(throughLink.status == 1 && throughLink.out.contains("[unmerged]"), "\(throughLink)")
    }

    @Test("a submodule's index, through its .git file with a relative gitdir")
    func submodule() throws {
        let library = try GitScratch()
        try library.startList(setUp: false)
        let repository = try GitScratch()
        try repository.write("# the household's lists\n", to: "README")
        try repository.commit("readme")
        try repository.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", library.folder.path, "groceries")
        try repository.commit("groceries")
        let groceries = repository.folder.appendingPathComponent("groceries")
        let gitFile = try String(contentsOf: groceries.appendingPathComponent(".git"), encoding: .utf8)
        #expect(gitFile.hasPrefix("gitdir: ../.git/modules/groceries"), "\(gitFile)")
        try repository.git("config", "user.name", "Sam", in: groceries)
        try repository.git("config", "user.email", "sam@example.org", in: groceries)
        try repository.git("checkout", "-q", "-b", "other", in: groceries)
        try repository.shopOK("-f", "groceries/shopping.yaml", "edit", "Apples", "--price", "3.99")
        try repository.git("commit", "-q", "-am", "apples at 3.99", in: groceries)
        try repository.git("checkout", "-q", "main", in: groceries)
        try repository.shopOK("-f", "groceries/shopping.yaml", "edit", "Apples", "--price", "4.29")
        try repository.git("commit", "-q", "-am", "apples at 4.29", in: groceries)
        #expect(try repository.git("merge", "other", in: groceries, allowFailure: true).status != 0)
        try repository.git("checkout", "--ours", "shopping.yaml", in: groceries)
        let check = try repository.shop("check", "groceries/shopping.yaml")
        #expect(check.status == 1 && check.out.contains("one side's version (ours)"), "\(check)")
    }

    @Test(
        "check starts no process, in an unfinished merge or outside one (strace)", .requires(.program("strace")),
        arguments: [true, false])
    func noProcess(unmerged: Bool) throws {
        let repository: GitScratch
        if unmerged {
            repository = try Self.mergeWithoutDriver()
        } else {
            repository = try GitScratch()
            try repository.startList()
        }
        let trace = repository.home.appendingPathComponent("trace")
        for arguments in [["check"], ["list"], ["buy", "Apples"]] {
            let run = try EditCLI.run(
                arguments, in: repository.folder, environment: repository.environment,
                prefix: EditCLI.strace(["-f", "-qq", "-o", trace.path, "-e", "trace=execve"]))
            #expect(run.status == (unmerged ? 1 : 0), "shop \(arguments.joined(separator: " ")): \(run)")
            let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            #expect(lines.filter { $0.contains("execve(") }.count == 1, "shop \(arguments.joined(separator: " ")): \(lines)")
        }
    }
}
