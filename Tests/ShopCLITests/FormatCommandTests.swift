import Foundation
import Testing
import TestSupport

@Suite("shop fmt")
struct FormatCommandTests {
    static let messy = """
        items:
        - price: 3.5
          name: Apples   # red ones
          buy: yes
        currency: eur
        title: Groceries

        """

    static let canonical = """
        title: Groceries
        currency: EUR
        items:
          - name: Apples # red ones
            price: 3.50
            buy: true

        """

    @Test("rewrites a file in place: exit 0, a note on standard error, nothing on standard output")
    func inPlace() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("list.yaml")
            try Files.write(Self.messy, to: file)
            let result = try ShopProcess.run(["fmt", "list.yaml"], in: folder)
            #expect(result.status == 0)
            #expect(result.out == "")
            #expect(result.err == "reformatted list.yaml\n")
            #expect(try Files.text(file) == Self.canonical)
            let again = try ShopProcess.run(["fmt", "list.yaml"], in: folder)
            #expect(again.status == 0)
            #expect(again.err == "", "an unchanged file is not reported")
        }
    }

    @Test("a file already canonical is not rewritten: same inode, same modification time")
    func unchangedNotRewritten() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("list.yaml")
            try Files.write(Self.canonical, to: file)
            try Files.age(file)
            let before = try Files.identity(file)
            let result = try ShopProcess.run(["fmt", "list.yaml"], in: folder)
            #expect(result.status == 0)
            #expect(try Files.identity(file) == before)
        }
    }

    @Test("an in-place rewrite keeps the permissions and leaves no temporary file")
    func permissionsAndNoStrayFiles() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("list.yaml")
            try Files.write(Self.messy, to: file)
            try Files.setPermissions(file, 0o640)
            let before = try Files.identity(file)
            let result = try ShopProcess.run(["fmt", "list.yaml"], in: folder)
            #expect(result.status == 0)
            let after = try Files.identity(file)
            #expect(after.permissions == 0o640)
            #expect(after.inode != before.inode, "the file is replaced by rename, not written over")
            #expect(try Files.text(file) == Self.canonical)
            #expect(try Files.names(in: folder) == ["list.yaml"])
        }
    }

    @Test("a symbolic link is written through to its target and stays a link")
    func symbolicLink() throws {
        try withTemporaryDirectory { folder in
            let real = folder.appendingPathComponent("real")
            try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
            let target = real.appendingPathComponent("groceries.yaml")
            try Files.write(Self.messy, to: target)
            try Files.setPermissions(target, 0o600)
            let link = folder.appendingPathComponent("link.yaml")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/groceries.yaml")
            let result = try ShopProcess.run(["fmt", "link.yaml"], in: folder)
            #expect(result.status == 0)
            let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
            #expect(destination == "real/groceries.yaml")
            #expect(try Files.text(target) == Self.canonical)
            #expect(try Files.identity(target).permissions == 0o600)
            #expect(try Files.names(in: folder) == ["link.yaml", "real"])
            #expect(try Files.names(in: real).filter { !$0.hasSuffix(".lock") } == ["groceries.yaml"])
        }
    }

    @Test("several fmt runs at once on one file: each waits for the lock, the result is canonical")
    func concurrentRuns() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("list.yaml")
            let big = Self.messy + (1...300).map { "x-\($0): {a: [1, 2], b: \"\($0)\"}\n" }.joined()
            try Files.write(big, to: file)
            let expected = try ShopProcess.run(["fmt", "-"], input: big).stdout
            let statuses = Failures()
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                do {
                    let result = try ShopProcess.run(["fmt", "list.yaml"], in: folder)
                    if result.status != 0 || result.signaled { statuses.add("exit \(result.status): \(result.err)") }
                } catch {
                    statuses.add("\(error)")
                }
            }
            #expect(statuses.all.isEmpty, "\(statuses.all)")
            #expect(try Files.bytes(file) == expected)
            #expect(try Files.names(in: folder) == ["list.yaml"])
        }
    }

    @Test("--check writes nothing and names each file that would change")
    func check() throws {
        try withTemporaryDirectory { folder in
            let messy = folder.appendingPathComponent("messy.yaml")
            let tidy = folder.appendingPathComponent("tidy.yaml")
            try Files.write(Self.messy, to: messy)
            try Files.write(Self.canonical, to: tidy)
            try Files.age(messy)
            let before = try Files.identity(messy)
            let result = try ShopProcess.run(["fmt", "--check", "messy.yaml", "tidy.yaml"], in: folder)
            #expect(result.status == 1)
            #expect(result.out == "")
            #expect(result.err.contains("messy.yaml"))
            #expect(!result.err.contains("tidy.yaml"))
            #expect(try Files.text(messy) == Self.messy)
            #expect(try Files.identity(messy) == before)
            #expect(try Files.names(in: folder) == ["messy.yaml", "tidy.yaml"], "no lock or temporary file either")
            let clean = try ShopProcess.run(["fmt", "--check", "tidy.yaml"], in: folder)
            #expect(clean.status == 0)
            #expect(clean.err == "")
        }
    }

    @Test(
        "--diff prints a unified diff that patch and git apply accept, and writes nothing",
        .requires(.anyProgram(["patch", "git"])))
    func diff() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("list.yaml")
            let original = Self.messy + "x-long:\n" + (1...12).map { "  - entry \($0)\n" }.joined() + "x-tail: [a, b]\n"
            try Files.write(original, to: file)
            let result = try ShopProcess.run(["fmt", "--diff", "list.yaml"], in: folder)
            #expect(result.status == 0)
            #expect(result.out.hasPrefix("--- a/list.yaml\n+++ b/list.yaml\n@@ "))
            #expect(result.out.components(separatedBy: "\n@@ ").count == 3, "two hunks, three lines of context each")
            #expect(try Files.text(file) == original)
            let formatted = try ShopProcess.run(["fmt", "--stdout", "list.yaml"], in: folder).stdout

            // Each tool that is installed applies the diff; one that is not says so, and under
            // CI=true its absence fails the test.
            for tool in [["patch", "-p1", "--quiet"], ["git", "apply", "-p1", "-"]] {
                guard try Prerequisite.program(tool[0]).allowsRun() else {
                    print("skipped: \(Prerequisite.program(tool[0]).skipMessage)")
                    continue
                }
                try withTemporaryDirectory { copy in
                    try Files.write(original, to: copy.appendingPathComponent("list.yaml"))
                    let applied = try runTool(tool[0], Array(tool.dropFirst()), in: copy, stdin: result.stdout)
                    #expect(applied.status == 0, "\(tool[0]): \(applied.output)")
                    #expect(try Files.bytes(copy.appendingPathComponent("list.yaml")) == formatted, "\(tool[0])")
                }
            }
            let none = try ShopProcess.run(["fmt", "--diff", "-"], stdin: formatted)
            #expect(none.status == 0)
            #expect(none.out == "", "no diff for a canonical file")
        }
    }

    /// A removed blank line that could be either of two: git removes the later one.
    static let blankLineChoice = "items:\n\n  - name: Bread\n    price: 3.5\n  - name: Milk\n\n\n  # from the corner shop\n"

    @Test("--diff shows the hunks git diff shows for the formatter's fixtures", .requires(.program("git")))
    func diffAsGit() throws {
        let git = try #require(programPath("git"))
        let fixtures = CLIPaths.repositoryRoot.appendingPathComponent("Tests/ShopCoreTests/Fixtures/fmt")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
            .filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".expected.yaml") }.sorted()
        #expect(inputs.count > 20)
        var compared = 0
        for input in inputs + ["blank line choice"] {
            try withTemporaryDirectory { folder in
                let list = folder.appendingPathComponent("list.yaml")
                if input == "blank line choice" {
                    try Files.write(Self.blankLineChoice, to: list)
                } else {
                    try FileManager.default.copyItem(at: fixtures.appendingPathComponent(input), to: list)
                }
                let formatted = try ShopProcess.run(["fmt", "--stdout", "list.yaml"], in: folder)
                guard formatted.status == 0 else { return }
                try formatted.stdout.write(to: folder.appendingPathComponent("formatted.yaml"))
                let shop = try ShopProcess.run(["fmt", "--diff", "list.yaml"], in: folder)
                let gitDiff = try runTool(
                    git, ["-c", "diff.noprefix=false", "diff", "--no-index", "--no-color", "list.yaml", "formatted.yaml"],
                    in: folder)
                // git adds its own header lines and a function name after each hunk header.
                let expected = gitDiff.out.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(4)
                    .map { $0.hasPrefix("@@ ") ? "@@" + $0.split(separator: "@@")[0] + "@@" : String($0) }
                let actual = shop.out.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).map(String.init)
                #expect(actual == expected, "\(input)")
                if !actual.isEmpty { compared += 1 }
            }
        }
        #expect(compared > 10, "only \(compared) fixtures change when formatted")
    }

    @Test("--diff of a file without a final line break", .requires(.anyProgram(["patch", "git"])))
    func diffWithoutFinalNewline() throws {
        try withTemporaryDirectory { folder in
            let original = "items:\n- name: Apples"
            try Files.write(original, to: folder.appendingPathComponent("list.yaml"))
            let result = try ShopProcess.run(["fmt", "--diff", "list.yaml"], in: folder)
            #expect(result.out.contains("\\ No newline at end of file"))
            let tool = programPath("patch") != nil ? ["patch", "-p1", "--quiet"] : ["git", "apply", "-p1", "-"]
            let applied = try runTool(tool[0], Array(tool.dropFirst()), in: folder, stdin: result.stdout)
            #expect(applied.status == 0, "\(applied.output)")
            #expect(try Files.text(folder.appendingPathComponent("list.yaml")) == "items:\n  - name: Apples\n")
        }
    }

    @Test("--stdout prints the canonical text and writes nothing")
    func toStandardOutput() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("list.yaml")
            try Files.write(Self.messy, to: file)
            let result = try ShopProcess.run(["fmt", "--stdout", "list.yaml"], in: folder)
            #expect(result.status == 0)
            #expect(result.out == Self.canonical)
            #expect(result.err == "")
            #expect(try Files.text(file) == Self.messy)
            #expect(try Files.names(in: folder) == ["list.yaml"])
        }
    }

    @Test(
        "text that would start a line as a conflict marker is written quoted, so that the output reads back",
        arguments: [
            // A document that is one plain scalar over two lines, the first indented (the shop fuzzer's).
            ("# note: |\n <<<<<<<<<<<<< %80,  Épicerie  ,true\ntitl", "# note: |\n\"<<<<<<<<<<<<< %80,  Épicerie  ,true titl\"\n"),
            ("\"<<<<<<< ours\": 1\n", "\"<<<<<<< ours\": 1\n"), ("'<<<<<<<': 1\n", "\"<<<<<<<\": 1\n"),
            ("\"=======\"\n", "\"=======\"\n"),
            ("items: []\n\"======= b\": 2\n", "items: []\n\"======= b\": 2\n"),
        ])
    func conflictMarkerLikeText(input: String, expected: String) throws {
        let result = try ShopProcess.run(["fmt", "-"], input: input)
        #expect(result.status == 0, "\(result)")
        #expect(result.out == expected)
        let again = try ShopProcess.run(["check", "--format", "json", "-"], input: result.out)
        #expect(!again.out.contains("merge-conflict"), "\(again)")
        let formattedAgain = try ShopProcess.run(["fmt", "--check", "-"], input: result.out)
        #expect(formattedAgain.status == 0, "\(formattedAgain)")
    }

    @Test("- reads standard input and writes standard output")
    func standardInput() throws {
        try withTemporaryDirectory { folder in
            let result = try ShopProcess.run(["fmt", "-"], input: Self.messy, in: folder)
            #expect(result.status == 0)
            #expect(result.out == Self.canonical)
            #expect(result.err == "")
            #expect(try Files.names(in: folder).isEmpty)
            let check = try ShopProcess.run(["fmt", "--check", "-"], input: Self.messy)
            #expect(check.status == 1)
            #expect(check.out == "")
            #expect(check.err.contains("<stdin>"))
            let crlf = try ShopProcess.run(["fmt", "-"], input: "\u{FEFF}items:\r\n  - name: A\r\n")
            #expect(crlf.out == "items:\n  - name: A\n")
        }
    }

    @Test("a file that cannot be parsed is left byte for byte, exit 1, the reason on standard error")
    func unparsable() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("bad.yaml")
            let original = Data("items:\r\n  - name: [Apples\r\n  - &a x\n\t\u{1}".utf8)
            try original.write(to: file)
            try Files.age(file)
            let before = try Files.identity(file)
            let result = try ShopProcess.run(["fmt", "bad.yaml"], in: folder)
            #expect(result.status == 1)
            #expect(result.out == "")
            #expect(result.err.contains("bad.yaml:"))
            #expect(result.err.contains("[syntax]"))
            #expect(try Files.bytes(file) == original)
            #expect(try Files.identity(file) == before)
            #expect(try Files.names(in: folder).filter { !$0.hasSuffix(".lock") } == ["bad.yaml"])
            for mode in [["--check"], ["--diff"], ["--stdout"]] {
                let other = try ShopProcess.run(["fmt"] + mode + ["bad.yaml"], in: folder)
                #expect(other.status == 1, "\(mode)")
                #expect(other.out == "", "\(mode)")
                #expect(try Files.bytes(file) == original)
            }
        }
    }

    @Test("anchors, aliases and tags are refused and the file is left alone")
    func refusedFeatures() throws {
        try withTemporaryDirectory { folder in
            for (name, text) in [("anchor", "items:\n  - &a {name: x}\n"), ("alias", "a: &x 1\nitems: [*x]\n"), ("tag", "items: !!seq []\n")] {
                let file = folder.appendingPathComponent("\(name).yaml")
                try Files.write(text, to: file)
                let result = try ShopProcess.run(["fmt", "\(name).yaml"], in: folder)
                #expect(result.status == 1, "\(name)")
                #expect(try Files.text(file) == text, "\(name)")
            }
        }
    }

    @Test("a file check rejects for other reasons is still formatted, its invalid values as written")
    func formatsInvalidLists() throws {
        let input = "items:\n- name: Milk\n  price: \"3,49\"\n- name: milk\n  buy: maybe\n"
        let result = try ShopProcess.run(["fmt", "-"], input: input)
        #expect(result.status == 0)
        #expect(result.out == "items:\n  - name: Milk\n    price: \"3,49\"\n  - name: milk\n    buy: maybe\n")
    }

    @Test("several files: each is handled, the worst status wins")
    func severalFiles() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.messy, to: folder.appendingPathComponent("a.yaml"))
            try Files.write("items: [\n", to: folder.appendingPathComponent("b.yaml"))
            try Files.write(Self.messy, to: folder.appendingPathComponent("c.yaml"))
            let result = try ShopProcess.run(["fmt", "a.yaml", "b.yaml", "c.yaml"], in: folder)
            #expect(result.status == 1)
            #expect(try Files.text(folder.appendingPathComponent("a.yaml")) == Self.canonical)
            #expect(try Files.text(folder.appendingPathComponent("b.yaml")) == "items: [\n")
            #expect(try Files.text(folder.appendingPathComponent("c.yaml")) == Self.canonical)
            let missing = try ShopProcess.run(["fmt", "a.yaml", "missing.yaml"], in: folder)
            #expect(missing.status == 2)
        }
    }

    @Test("a missing file exits 2 with the reason on standard error")
    func missingFile() throws {
        try withTemporaryDirectory { folder in
            let result = try ShopProcess.run(["fmt", "missing.yaml"], in: folder)
            #expect(result.status == 2)
            #expect(result.out == "")
            #expect(result.err.contains("missing.yaml"))
            #expect(result.err.contains("No such file or directory"))
            #expect(try Files.names(in: folder).isEmpty, "nothing is created for a missing file")
        }
    }

    @Test("a read-only file is not replaced: exit 2 with the reason")
    func readOnly() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("list.yaml")
            try Files.write(Self.messy, to: file)
            try Files.setPermissions(file, 0o444)
            let result = try ShopProcess.run(["fmt", "list.yaml"], in: folder)
            #expect(result.status == 2)
            #expect(result.err.contains("list.yaml"))
            #expect(try Files.text(file) == Self.messy)
            #expect(try Files.identity(file).permissions == 0o444)
            #expect(try Files.names(in: folder).filter { !$0.hasSuffix(".lock") } == ["list.yaml"])
        }
    }

    @Test("the default file: -f, else SHOP_FILE, else shopping.yaml")
    func defaultFile() throws {
        try withTemporaryDirectory { folder in
            for name in ["shopping.yaml", "env.yaml", "flag.yaml"] {
                try Files.write(Self.messy, to: folder.appendingPathComponent(name))
            }
            #expect(try ShopProcess.run(["fmt", "--check"], in: folder).err.contains("shopping.yaml"))
            let environment = try ShopProcess.run(["fmt"], environment: ["SHOP_FILE": "env.yaml"], in: folder)
            #expect(environment.err == "reformatted env.yaml\n")
            let flag = try ShopProcess.run(["fmt", "-f", "flag.yaml"], environment: ["SHOP_FILE": "env.yaml"], in: folder)
            #expect(flag.err == "reformatted flag.yaml\n")
            #expect(try Files.text(folder.appendingPathComponent("shopping.yaml")) == Self.messy)
            let plain = try ShopProcess.run(["fmt"], in: folder)
            #expect(plain.err == "reformatted shopping.yaml\n")
        }
    }

    @Test("usage errors exit 2")
    func usage() throws {
        let option = try ShopProcess.run(["fmt", "--chek"])
        #expect(option.status == 2)
        #expect(option.err.contains("did you mean '--check'?"))
        let command = try ShopProcess.run(["fmtt"])
        #expect(command.status == 2)
        #expect(command.err.contains("did you mean 'fmt'?"))
    }
}
