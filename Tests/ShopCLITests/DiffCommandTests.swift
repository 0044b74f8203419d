import Foundation
import Testing
import TestSupport

/// `shop diff` on files, on standard input, and as git's external diff.
@Suite("shop diff")
struct DiffCommandTests {
    static let old = GitScratch.list
    static let new = old.replacingOccurrences(of: "    price: 2.10\n", with: "    price: 2.30\n    buy: true\n") + "  - name: Tea\n"

    @Test("the changes and a summary on standard output; exit 0 when equal, 1 when not, 2 when a file is missing")
    func exitStatus() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.old, to: "old.yaml")
        try scratch.write(Self.new, to: "new.yaml")
        let run = try scratch.run(["diff", "old.yaml", "new.yaml"])
        #expect(run.status == 1)
        #expect(run.out == "~ Bread: price 2.10 -> 2.30, buy false -> true\n+ Tea\n1 added, 0 removed, 1 changed\n")
        #expect(run.err == "")
        let same = try scratch.run(["diff", "old.yaml", "old.yaml"])
        #expect(same.status == 0 && same.out == "no changes\n", "\(same)")
        let missing = try scratch.run(["diff", "old.yaml", "gone.yaml"])
        #expect(missing.status == 2 && missing.err.contains("cannot read 'gone.yaml'"), "\(missing)")
        let piped = try ShopProcess.run(["diff", "-", "new.yaml"], input: Self.old, in: scratch.folder)
        #expect(piped.status == 1 && piped.out == run.out, "\(piped)")
        #expect(try scratch.run(["diff", "old.yaml"]).status == 2)
    }

    @Test("--format json for scripts; --order shows moves")
    func jsonAndOrder() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.old, to: "old.yaml")
        let moved = Self.old.replacingOccurrences(
            of: "  - name: Apples\n    price: 3.49\n    category: Produce\n", with: "") + "  - name: Apples\n    price: 3.49\n    category: Produce\n"
        try scratch.write(moved, to: "moved.yaml")
        #expect(try scratch.run(["diff", "old.yaml", "moved.yaml"]).status == 0)
        let ordered = try scratch.run(["diff", "--order", "old.yaml", "moved.yaml"])
        #expect(ordered.status == 1)
        #expect(ordered.out == "~ Apples: moved after Oat milk\n0 added, 0 removed, 0 changed, 1 moved\n", "\(ordered)")
        let json = try scratch.run(["diff", "--format", "json", "--order", "old.yaml", "moved.yaml"])
        let value = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let items = try #require(value["items"] as? [[String: Any]])
        #expect(items.count == 1 && items[0]["change"] as? String == "moved" && items[0]["movedAfter"] as? String == "Oat milk")
    }

    @Test("a version that is not a list is compared line by line")
    func lineDiff() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.old, to: "old.yaml")
        try scratch.write("title: [unclosed\n", to: "broken.yaml")
        let run = try scratch.run(["diff", "old.yaml", "broken.yaml"])
        #expect(run.status == 1)
        #expect(run.out.hasPrefix("--- a/old.yaml\n+++ b/broken.yaml\n@@ "), "\(run)")
        #expect(run.err.hasPrefix("shop: broken.yaml cannot be read as a list (line "), "\(run)")
        let json = try scratch.run(["diff", "--format", "json", "old.yaml", "broken.yaml"])
        #expect(json.out.hasPrefix("{\"lineDiff\":\"--- a/old.yaml"), "\(json)")
        try scratch.write("title: [unclosed\n", to: "same.yaml")
        #expect(try scratch.run(["diff", "broken.yaml", "same.yaml"]).status == 0)
    }

    @Test("a version with a key written twice is compared line by line, where both values show")
    func repeatedKeys() throws {
        let scratch = try EditScratch()
        try scratch.write("items: []\nitems:\n  - name: A\n", to: "a.yaml")
        try scratch.write("items: []\nitems:\n  - name: B\n", to: "b.yaml")
        let run = try scratch.run(["diff", "a.yaml", "b.yaml"])
        // Compared by key, only the first `items` counted, and the lists were the same.
        #expect(run.status == 1, "\(run)")
        #expect(run.out.hasSuffix("-  - name: A\n+  - name: B\n"), "\(run)")
        #expect(run.err.contains("a.yaml cannot be read as a list (line 2: duplicate key \"items\""), "\(run)")
    }

    @Test("a line-by-line diff keeps bytes that are not UTF-8, so that it applies back to the file")
    func lineDiffKeepsBytes() throws {
        let scratch = try EditScratch()
        try scratch.write("items:\n  - name: A\n", to: "old.yaml")
        let bad = scratch.url("bad.yaml")
        try Data([UInt8]("items:\n  - name: ".utf8) + [0xC3, 0x28, 0x0A]).write(to: bad)
        let run = try scratch.run(["diff", "old.yaml", "bad.yaml"])
        #expect(run.status == 1)
        #expect(run.stdout.range(of: Data("+  - name: ".utf8) + Data([0xC3, 0x28, 0x0A])) != nil, "\(run)")
        #expect(run.stdout.range(of: Data([0xEF, 0xBF, 0xBD])) == nil, "no U+FFFD in place of the byte")
    }

    @Test("a version that is not text: git's Binary files line, never its bytes; exit 1, 0 when the bytes are the same")
    func binaryVersion() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.old, to: "old.yaml")
        // A NUL byte, as in an image or a list saved as UTF-16.
        try Data([UInt8]("items:\n  - name: A".utf8) + [0x00, 0x01, 0xFF] + Array("\n".utf8)).write(to: scratch.url("nul.yaml"))
        // Far more bytes that are not UTF-8 than a list saved once in Latin-1 has.
        try Data([UInt8]("items:\n  - name: ".utf8) + [UInt8](repeating: 0xE9, count: 12) + [0x0A]).write(to: scratch.url("latin.yaml"))
        for (old, new) in [("old.yaml", "nul.yaml"), ("nul.yaml", "old.yaml"), ("old.yaml", "latin.yaml")] {
            let run = try scratch.run(["diff", old, new])
            #expect(run.status == 1, "\(old) \(new): \(run)")
            #expect(run.out == "Binary files a/\(old) and b/\(new) differ\n", "\(run)")
            #expect(run.err == "", "\(run)")
            // git says the same of a file with a NUL byte (it reads the other as text).
            guard [old, new].contains("nul.yaml") else { continue }
            let git = try runTool("git", ["diff", "--no-index", "--", old, new], in: scratch.folder)
            #expect(git.status == 1, "\(git)")
            #expect(git.out.hasSuffix(run.out), "git: \(git.out)")
        }
        let same = try scratch.run(["diff", "nul.yaml", "nul.yaml"])
        #expect(same.status == 0 && same.out == "" && same.err == "", "\(same)")

        let json = try scratch.run(["diff", "--format", "json", "old.yaml", "nul.yaml"])
        #expect(json.status == 1)
        let value = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any], "\(json)")
        #expect(value["lineDiff"] as? String == "Binary files a/old.yaml and b/nul.yaml differ\n")
        let unreadable = try #require(value["unreadable"] as? [[String: String]])
        #expect(unreadable == [["file": "nul.yaml", "reason": "not text: it has NUL bytes"]])

        let git = try scratch.run(["diff", "--git", "shopping.yaml", "old.yaml", "1111111", "100644", "nul.yaml", "2222222", "100644"])
        #expect(git.status == 0, "\(git)")
        #expect(git.out == "diff --shop a/shopping.yaml b/shopping.yaml\nBinary files a/shopping.yaml and b/shopping.yaml differ\n")
    }

    @Test("a few bytes that are not UTF-8 keep a version text: it is compared line by line")
    func fewInvalidBytesAreText() throws {
        let scratch = try EditScratch()
        try scratch.write("items:\n  - name: Cafe\n", to: "old.yaml")
        // Latin-1 é in two names: 2 bytes.
        try Data([UInt8]("items:\n  - name: Caf".utf8) + [0xE9] + Array("\n  - name: Pur".utf8) + [0xE9, 0x0A])
            .write(to: scratch.url("latin.yaml"))
        let run = try scratch.run(["diff", "old.yaml", "latin.yaml"])
        #expect(run.status == 1)
        #expect(run.out.hasPrefix("--- a/old.yaml\n+++ b/latin.yaml\n"), "\(run)")
    }

    @Test("git diff of a list that became binary shows git's header and the Binary files line")
    func binaryThroughGit() throws {
        let repository = try GitScratch()
        try repository.startList()
        try Data([0x00, 0x01, 0x02, 0xFF, 0xFE]).write(to: repository.folder.appendingPathComponent("shopping.yaml"))
        let diff = try repository.git("diff")
        #expect(
            diff.out == "diff --shop a/shopping.yaml b/shopping.yaml\nBinary files a/shopping.yaml and b/shopping.yaml differ\n",
            "\(diff)")
    }

    @Test("--git takes git's seven arguments, writes a diff --shop header and exits 0")
    func gitMode() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.old, to: "old.yaml")
        try scratch.write(Self.new, to: "new.yaml")
        let run = try scratch.run(["diff", "--git", "shopping.yaml", "old.yaml", "1111111", "100644", "new.yaml", "2222222", "100644"])
        #expect(run.status == 0, "\(run)")
        #expect(
            run.out == "diff --shop a/shopping.yaml b/shopping.yaml\n~ Bread: price 2.10 -> 2.30, buy false -> true\n+ Tea\n1 added, 0 removed, 1 changed\n")
        let created = try scratch.run(["diff", "--git", "shopping.yaml", "/dev/null", ".", ".", "new.yaml", "2222222", "100644"])
        #expect(created.status == 0 && created.out.contains("\n+ Apples (price 3.49, category Produce)\n"), "\(created)")
        let unmerged = try scratch.run(["diff", "--git", "shopping.yaml"])
        #expect(unmerged.out == "* Unmerged path shopping.yaml\n")
        let wrong = try scratch.run(["diff", "--git", "a", "b", "c"])
        #expect(wrong.status == 2 && wrong.err.contains("seven arguments"), "\(wrong)")
    }
}
