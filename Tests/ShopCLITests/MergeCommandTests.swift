import Foundation
import Testing
import TestSupport

/// `shop merge` as git's merge driver runs it: where the result goes, exit statuses, what it says,
/// and what happens with inputs that are not lists or not there.
@Suite("shop merge")
struct MergeCommandTests {
    static let base = GitScratch.list
    static let ours = base.replacingOccurrences(of: "    price: 2.10\n", with: "    price: 2.30\n")
    static let theirs = base + "  - name: Tea\n    price: 4.50\n"
    static let conflicting = base.replacingOccurrences(of: "    price: 2.10\n", with: "    price: 2.20\n")

    func files(_ scratch: EditScratch, _ base: String, _ ours: String, _ theirs: String) throws {
        try scratch.write(base, to: "base.yaml")
        try scratch.write(ours, to: "ours.yaml")
        try scratch.write(theirs, to: "theirs.yaml")
    }

    @Test("a clean merge is written to OURS, says nothing and exits 0")
    func clean() throws {
        let scratch = try EditScratch()
        try files(scratch, Self.base, Self.ours, Self.theirs)
        let run = try scratch.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml"])
        #expect(run.status == 0, "\(run)")
        #expect(run.output == "")
        #expect(try scratch.text("ours.yaml") == Self.ours + "  - name: Tea\n    price: 4.50\n")
        #expect(try scratch.text("theirs.yaml") == Self.theirs)
        #expect(try scratch.names() == ["base.yaml", "ours.yaml", "theirs.yaml"])
    }

    @Test("conflicts are written with markers and the labels given, and exit 1")
    func conflicts() throws {
        let scratch = try EditScratch()
        try files(scratch, Self.base, Self.ours, Self.conflicting)
        let run = try scratch.run([
            "merge", "base.yaml", "ours.yaml", "theirs.yaml", "--path", "shopping.yaml", "--labels", "base,HEAD,phone",
            "--marker-size", "9",
        ])
        #expect(run.status == 1, "\(run)")
        #expect(run.err == "shopping.yaml: 1 conflict, written with markers\n")
        #expect(
            try scratch.text("ours.yaml")
                == Self.base.replacingOccurrences(
                    of: "    price: 2.10\n", with: "<<<<<<<<< HEAD\n    price: 2.30\n=========\n    price: 2.20\n>>>>>>>>> phone\n"))
    }

    @Test("-o writes elsewhere and leaves OURS alone; -o - writes standard output")
    func output() throws {
        let scratch = try EditScratch()
        try files(scratch, Self.base, Self.ours, Self.theirs)
        let run = try scratch.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml", "-o", "merged.yaml"])
        #expect(run.status == 0, "\(run)")
        #expect(try scratch.text("ours.yaml") == Self.ours)
        #expect(try scratch.text("merged.yaml") == Self.ours + "  - name: Tea\n    price: 4.50\n")
        let printed = try scratch.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml", "-o", "-"])
        #expect(printed.status == 0 && printed.out == Self.ours + "  - name: Tea\n    price: 4.50\n", "\(printed)")
        #expect(try scratch.text("ours.yaml") == Self.ours)
    }

    @Test("a missing or unreadable file exits 2 and nothing is written")
    func missingFile() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.ours, to: "ours.yaml")
        try scratch.write(Self.theirs, to: "theirs.yaml")
        let before = try EditFileSnapshot(scratch.url("ours.yaml"))
        let run = try scratch.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml"])
        #expect(run.status == 2, "\(run)")
        #expect(run.err.contains("cannot read 'base.yaml'") && run.err.contains("nothing was written"), "\(run)")
        #expect(try EditFileSnapshot(scratch.url("ours.yaml")) == before)
        #expect(try scratch.names() == ["ours.yaml", "theirs.yaml"])
        try FileManager.default.createDirectory(at: scratch.url("folder"), withIntermediateDirectories: true)
        let directory = try scratch.run(["merge", "folder", "ours.yaml", "theirs.yaml"])
        #expect(directory.status == 2 && directory.err.contains("it is a directory"), "\(directory)")
        #expect(try EditFileSnapshot(scratch.url("ours.yaml")) == before)
    }

    @Test("usage mistakes exit 2: marker sizes and labels that do not parse")
    func usage() throws {
        let scratch = try EditScratch()
        try files(scratch, Self.base, Self.ours, Self.theirs)
        for arguments in [["--marker-size", "0"], ["--marker-size", "seven"], ["--marker-size", "100000"], ["--labels", "a,b"]] {
            let run = try scratch.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml"] + arguments)
            #expect(run.status == 2, "\(arguments): \(run)")
        }
        #expect(try scratch.text("ours.yaml") == Self.ours)
        #expect(try scratch.run(["merge", "base.yaml", "ours.yaml"]).status == 2)
    }

    @Test("a version that is not a list is merged line by line as git merge-file does, and shop says so", .requires(.program("git")))
    func lineMerge() throws {
        let scratch = try EditScratch()
        let broken = Self.ours.replacingOccurrences(of: "title: Weekly\n", with: "title: [Weekly\n")
        try files(scratch, Self.base, broken, Self.conflicting)
        try scratch.write(broken, to: "git-ours.yaml")
        let git = try runTool(
            "git", ["merge-file", "-L", "ours", "-L", "base", "-L", "theirs", "git-ours.yaml", "base.yaml", "theirs.yaml"],
            in: scratch.folder)
        let run = try scratch.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml", "--path", "shopping.yaml"])
        #expect(run.status == 1, "\(run)")
        #expect(git.status == 1)
        #expect(run.err.hasPrefix("shop: warning: shopping.yaml: ours cannot be read as a list (line 2:"), "\(run)")
        #expect(run.err.contains("; merged line by line\n"), "\(run)")
        #expect(try scratch.text("ours.yaml") == scratch.text("git-ours.yaml"))
        // A file that is YAML but no list: the same.
        try files(scratch, Self.base, "- just\n- a list\n", Self.theirs)
        let notAList = try scratch.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml"])
        #expect(notAList.err.contains("ours cannot be read as a list (its top level is not a mapping"), "\(notAList)")
    }

    @Test("hostile inputs get an answer: deep nesting, a huge scalar, binary data")
    func hostileInputs() throws {
        let scratch = try EditScratch()
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
        let huge = "title: " + String(repeating: "x", count: 8_000_000) + "\nitems: []\n"
        let binary = String(decoding: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }, as: UTF8.self)
        for (name, text) in [("deep", deep), ("huge", huge), ("binary", binary)] {
            try files(scratch, "items: []\n", text, "items:\n  - name: Tea\n")
            let run = try scratch.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml", "-o", "out.yaml"])
            #expect(!run.signaled && (run.status == 0 || run.status == 1), "\(name): \(run.status) \(run.err.prefix(300))")
        }
    }
}
