import Foundation
import Testing

/// One failing run of shop, and the exit status it must have.
struct FailingRun: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32

    init(_ status: Int32, _ arguments: String...) {
        self.arguments = arguments
        self.status = status
    }

    var testDescription: String { "shop " + arguments.joined(separator: " ") }
}

/// What shop says when something fails, end to end on the built binary: every failure of every
/// command has a `shop: error:` line that says why; results that exit 1 (the differences of
/// diff, the conflicts of merge, the files fmt --check names) are not failures; a write the file
/// system refuses names what to change.
@Suite("failure messages")
struct MessagesTests {
    /// The files every run finds in its folder.
    static let files: [String: String] = [
        "shopping.yaml": "title: Weekly\ncurrency: EUR\ncategories:\n  - Produce\n  - Dairy\nitems:\n"
            + "  - name: Apples\n    price: 3.49\n    category: Produce\n    buy: true\n  - name: Milk\n    category: Dairy\n",
        "broken.yaml": "items:\n  - name: [Apples\n",
        "shape.yaml": "items: 5\n",
        "dup.yaml": "items:\n  - name: Rice\n  - name: rice\n",
        "badprice.yaml": "currency: EUR\nitems:\n  - name: Rice\n    price: 1,500\n    buy: true\n",
        "warn.yaml": "items:\n  - name: Rice\n    prize: 2\n",
        "conflict.yaml": "items:\n<<<<<<< ours\n  - name: A\n=======\n  - name: B\n>>>>>>> theirs\n",
        "unformatted.yaml": "items:\n- name: A\n",
        "fixable.yaml": "currency: EUR\nitems:\n  - name: Tofu\n    price: 3,49\n",
        "other.yaml": "items:\n  - name: Pears\n",
        "prices.csv": "name,price\nApples,abc\n",
        "list.md": "- [x] Apples\n",
    ]

    static let failures: [FailingRun] = [
        // The command line.
        FailingRun(2, "chek"), FailingRun(2, "-v"), FailingRun(2, "list", "--al"), FailingRun(2, "buy", "Apples", "--quantty", "2"),
        FailingRun(2, "help", "nosuch"), FailingRun(2, "help", "git", "nosuch"), FailingRun(2, "help", "check", "extra"),
        FailingRun(2, "--color", "blue", "list"), FailingRun(2, "-f", "", "list"), FailingRun(2, "list", "--category"),
        FailingRun(2, "--", "list"), FailingRun(2, "check", "--strict=yes"), FailingRun(2, "list", "--version"),
        // init
        FailingRun(1, "init"), FailingRun(2, "init", "-"), FailingRun(1, "init", "--currency", "XXX", "new.yaml"),
        FailingRun(2, "init", "missing/new.yaml"), FailingRun(1, "init", "folder"),
        // add
        FailingRun(1, "add", "Apples"), FailingRun(1, "add", "Pears", "--price", "abc"), FailingRun(1, "add", "Pears", "--category", "Diary"),
        FailingRun(2, "add", "Pears", "--new-category"), FailingRun(2, "add"), FailingRun(1, "add", "  "),
        FailingRun(1, "-f", "broken.yaml", "add", "Pears"), FailingRun(1, "-f", "shape.yaml", "add", "Pears"),
        FailingRun(1, "-f", "conflict.yaml", "add", "Pears"), FailingRun(2, "-f", "missing.yaml", "add", "Pears"),
        FailingRun(2, "-f", "readonly.yaml", "add", "Pears"), FailingRun(2, "-f", "-", "add", "Pears"),
        FailingRun(2, "-f", "folder", "add", "Pears"),
        // edit
        FailingRun(1, "edit", "Nope", "--price", "1"), FailingRun(2, "edit", "Apples"),
        FailingRun(2, "edit", "Apples", "--price", "1", "--unset", "price"), FailingRun(1, "edit", "Apples", "--quantity", "-1"),
        FailingRun(1, "edit", "Apples", "--unset", "colour"), FailingRun(1, "edit", "Apples", "--name", "milk"),
        FailingRun(1, "edit", "Apples", "--category", "Dary"), FailingRun(1, "-f", "broken.yaml", "edit", "Apples", "--price", "1"),
        // rm, buy, unbuy, done, undone, clear
        FailingRun(1, "rm", "Nope"), FailingRun(2, "rm"), FailingRun(1, "buy", "Nope"), FailingRun(1, "buy", "Apples", "--quantity", "0"),
        FailingRun(2, "buy"), FailingRun(1, "unbuy", "Nope"), FailingRun(1, "done", "Nope"), FailingRun(1, "undone", "Nope"),
        FailingRun(2, "clear", "Apples"), FailingRun(1, "-f", "broken.yaml", "clear"), FailingRun(2, "-f", "missing.yaml", "buy", "Apples"),
        FailingRun(2, "-f", "readonly.yaml", "buy", "Milk"),
        // list
        FailingRun(2, "-f", "missing.yaml", "list"), FailingRun(1, "-f", "broken.yaml", "list"), FailingRun(1, "-f", "badprice.yaml", "list"),
        FailingRun(1, "-f", "conflict.yaml", "list"), FailingRun(1, "list", "--category", "Nope"), FailingRun(2, "list", "--names", "--categories"),
        FailingRun(1, "-f", "broken.yaml", "list", "--names"), FailingRun(2, "-f", "folder", "list"),
        // export
        FailingRun(2, "export"), FailingRun(2, "export", "--format", "pdf"), FailingRun(2, "export", "--format", "csv", "missing.yaml"),
        FailingRun(1, "export", "--format", "csv", "broken.yaml"), FailingRun(1, "export", "--format", "csv", "badprice.yaml"),
        FailingRun(1, "export", "--format", "html", "shape.yaml"),
        FailingRun(2, "export", "--format", "csv", "-o", "shopping.yaml", "shopping.yaml"),
        FailingRun(2, "export", "--format", "csv", "-o", "missing/out.csv"),
        // import
        FailingRun(2, "import"), FailingRun(2, "import", "missing.md"), FailingRun(1, "import", "shopping.yaml"),
        FailingRun(1, "import", "other.yaml"), FailingRun(1, "import", "prices.csv"), FailingRun(1, "-f", "broken.yaml", "import", "list.md"),
        FailingRun(2, "-f", "missing.yaml", "import", "list.md"), FailingRun(2, "import", "--format", "xml", "list.md"),
        // fmt
        FailingRun(2, "fmt", "missing.yaml"), FailingRun(1, "fmt", "broken.yaml"), FailingRun(1, "fmt", "--check", "broken.yaml"),
        FailingRun(1, "fmt", "--diff", "broken.yaml"), FailingRun(1, "fmt", "--stdout", "broken.yaml"), FailingRun(1, "fmt", "conflict.yaml"),
        FailingRun(1, "fmt", "shopping.yaml", "broken.yaml"), FailingRun(2, "fmt", "readonly-unformatted.yaml"), FailingRun(2, "fmt", "folder"),
        FailingRun(2, "check", "--fix", "readonly-fixable.yaml"),
        // check
        FailingRun(1, "check", "broken.yaml"), FailingRun(1, "check", "dup.yaml"), FailingRun(1, "check", "shape.yaml"),
        FailingRun(1, "check", "--strict", "warn.yaml"), FailingRun(2, "check", "missing.yaml"), FailingRun(2, "check", "--fix", "-"),
        FailingRun(1, "check", "--fix", "dup.yaml"), FailingRun(2, "check", "--format", "xml"), FailingRun(1, "check", "--format", "json", "dup.yaml"),
        FailingRun(1, "check", "--format", "sarif", "broken.yaml"), FailingRun(2, "check", "--fix", "missing.yaml"),
        // diff
        FailingRun(2, "diff", "shopping.yaml"), FailingRun(2, "diff", "shopping.yaml", "missing.yaml"), FailingRun(2, "diff", "-", "-"),
        FailingRun(2, "diff", "--git", "a", "b"), FailingRun(2, "diff", "--format", "json", "--git", "p", "a", "1", "1", "b", "2", "1"),
        FailingRun(2, "diff", "--format", "json", "missing.yaml", "shopping.yaml"),
        // merge
        FailingRun(2, "merge", "a", "b"), FailingRun(2, "merge", "missing.yaml", "shopping.yaml", "other.yaml"),
        FailingRun(2, "merge", "--marker-size", "x", "shopping.yaml", "shopping.yaml", "other.yaml"),
        // history (the folder is no git work tree)
        FailingRun(1, "history"), FailingRun(2, "history", "--format", "xml"), FailingRun(2, "-f", "missing.yaml", "history"),
        // git setup (the folder is no git work tree)
        FailingRun(1, "git", "setup"), FailingRun(1, "git", "setup", "--check"), FailingRun(2, "git", "stup"), FailingRun(2, "git"),
        // completions, lsp (standard input ends without a shutdown request)
        FailingRun(2, "completions"), FailingRun(2, "completions", "bsh"), FailingRun(2, "completions", "bash", "zsh"), FailingRun(1, "lsp"),
        FailingRun(2, "lsp", "--tcp"),
    ]

    /// A folder with ``files``, read-only copies of a list, of an unformatted one and of one with
    /// a fix to make, and a folder.
    static func folder() throws -> EditScratch {
        let scratch = try EditScratch()
        for (name, text) in files { try scratch.write(text, to: name) }
        try Files.setPermissions(try scratch.write(files["shopping.yaml"] ?? "", to: "readonly.yaml"), 0o444)
        try Files.setPermissions(try scratch.write(files["unformatted.yaml"] ?? "", to: "readonly-unformatted.yaml"), 0o444)
        try Files.setPermissions(try scratch.write(files["fixable.yaml"] ?? "", to: "readonly-fixable.yaml"), 0o444)
        try FileManager.default.createDirectory(at: scratch.url("folder"), withIntermediateDirectories: false)
        return scratch
    }

    @Test("every failure says why on standard error, in a line that starts shop: error:", arguments: failures)
    func failureSaysWhy(_ failure: FailingRun) throws {
        let scratch = try Self.folder()
        let before = try Self.snapshots(in: scratch)
        let run = try scratch.run(failure.arguments)
        #expect(run.status == failure.status, "\(run)")
        #expect(!run.signaled, "\(run)")
        let errors = run.err.split(separator: "\n").filter { $0.hasPrefix("shop: error: ") }
        #expect(errors.count >= 1, "no 'shop: error:' line: \(run)")
        // The line says why: more than the prefix, and no bare status.
        #expect(errors.allSatisfy { $0.count > "shop: error: ".count + 10 }, "\(run)")
        // A failure changes no file.
        #expect(try Self.snapshots(in: scratch) == before, "\(failure.arguments)")
    }

    /// The bytes of every file in the folder, by name.
    static func snapshots(in scratch: EditScratch) throws -> [String: Data] {
        var bytes: [String: Data] = [:]
        for name in try scratch.names() where name != "folder" {
            bytes[name] = try Data(contentsOf: scratch.url(name))
        }
        return bytes
    }

    @Test("results that exit 1 are not failures: diff's differences, merge's conflicts, the files fmt --check names")
    func resultsAreNoErrors() throws {
        let scratch = try Self.folder()
        let diff = try scratch.run(["diff", "shopping.yaml", "other.yaml"])
        #expect(diff.status == 1 && diff.out.contains("+ Pears"), "\(diff)")
        #expect(diff.err == "", "\(diff)")
        let lines = try scratch.run(["diff", "shopping.yaml", "broken.yaml"])
        #expect(lines.status == 1 && !lines.err.contains("shop: error:"), "\(lines)")

        try scratch.write("items:\n  - name: A\n    price: 1.00\n", to: "base.yaml")
        try scratch.write("items:\n  - name: A\n    price: 2.00\n", to: "ours.yaml")
        try scratch.write("items:\n  - name: A\n    price: 3.00\n", to: "theirs.yaml")
        let merge = try scratch.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml"])
        #expect(merge.status == 1, "\(merge)")
        #expect(merge.err == "ours.yaml: 1 conflict, written with markers\n", "\(merge)")

        let format = try scratch.run(["fmt", "--check", "unformatted.yaml", "shopping.yaml"])
        #expect(format.status == 1)
        #expect(format.err == "would reformat unformatted.yaml\n", "\(format)")
    }

    @Test("fmt of a file with a syntax error: its diagnostic, then why nothing was formatted")
    func formatOfBrokenFile() throws {
        let scratch = try Self.folder()
        let run = try scratch.run(["fmt", "broken.yaml"])
        #expect(run.status == 1)
        #expect(run.out == "")
        #expect(run.err.hasPrefix("broken.yaml:") && run.err.contains(" error: "), "\(run)")
        #expect(run.err.hasSuffix("\nshop: error: broken.yaml is not valid YAML; fix it by hand first (see 'shop check')\n"), "\(run)")
        let conflict = try scratch.run(["fmt", "conflict.yaml"])
        #expect(conflict.err.hasSuffix("\nshop: error: conflict.yaml has unresolved merge conflicts; resolve them first (see 'shop check')\n"), "\(conflict)")
    }

    // MARK: Writes the file system refuses

    @Test("a read-only file in a writable folder: the message names the file, for every command that writes it")
    func readOnlyFile() throws {
        let scratch = try Self.folder()
        for arguments in [
            ["-f", "readonly.yaml", "buy", "Milk"], ["-f", "readonly.yaml", "add", "Pears"], ["fmt", "readonly-unformatted.yaml"],
            ["check", "--fix", "readonly-fixable.yaml"],
        ] {
            let run = try scratch.run(arguments)
            let name = arguments.first { $0.hasPrefix("readonly") } ?? ""
            #expect(run.status == 2, "\(arguments): \(run)")
            #expect(run.err.hasSuffix("shop: error: cannot write '\(name)': the file is read-only (its mode forbids writing)\n"), "\(run)")
            #expect(!run.err.contains("folder"), "\(run)")
        }
    }

    @Test("a folder that cannot take a new file: the message names the folder, for a list replaced and a file created")
    func unwritableFolder() throws {
        // Root writes any folder: the runs are made as an unprivileged user, which must work.
        let nobody = try EditCLI.unprivileged()
        let scratch = try Self.folder()
        let version = try EditCLI.run(["--version"], in: scratch.folder, prefix: nobody)
        try #require(version.status == 0, "shop cannot run as an unprivileged user: \(version)")
        // Every file may be written by anyone: only the folder stands in the way.
        for name in try scratch.names() where name != "folder" {
            try Files.setPermissions(scratch.url(name), 0o666)
        }
        try Files.setPermissions(scratch.folder, 0o555)
        defer { try? Files.setPermissions(scratch.folder, 0o755) }
        let before = try Self.snapshots(in: scratch)
        let folderMessage =
            "the folder '\(scratch.folder.path)' does not let shop create files in it (Permission denied); "
            + "every write makes a new file there, renamed into place when it is complete\n"
        for (arguments, file) in [
            (["buy", "Milk"], "shopping.yaml"), (["fmt", "unformatted.yaml"], "unformatted.yaml"),
            (["check", "--fix", "fixable.yaml"], "fixable.yaml"), (["init", "new.yaml"], "new.yaml"),
            (["export", "--format", "csv", "-o", "out.csv"], "out.csv"),
            (["-f", "other.yaml", "add", "Plums", "--category", "Fruit", "--new-category"], "other.yaml"),
        ] {
            let run = try EditCLI.run(arguments, in: scratch.folder, prefix: nobody)
            #expect(run.status == 2, "\(arguments): \(run)")
            #expect(run.err.hasSuffix("shop: error: cannot write '\(file)': " + folderMessage), "\(arguments): \(run)")
        }
        #expect(try Self.snapshots(in: scratch) == before, "nothing was written, no file was left")
    }
}
