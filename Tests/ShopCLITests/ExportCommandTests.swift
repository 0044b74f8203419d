import Foundation
import Testing

/// `shop export` run as a user runs it: the built executable, real files, exit statuses.
@Suite struct ExportCommandTests {
    static let list = """
        title: Weekly
        currency: EUR
        categories: [Produce, Dairy]
        items:
          - name: Apples
            price: 3.49
            quantity: 6
            unit: pcs
            category: Produce
            buy: true
          - name: Milk
            price: 1.05
            category: Dairy
            buy: true
            done: true
          - name: Butter
            price: 2.99
            category: Dairy

        """

    static let csvHeader = "name,quantity,unit,price,total,category,buy,done,notes,id\r\n"

    @Test func theShoppingListByDefaultEveryItemWithAll() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "list.yaml")

        let shopping = try folder.run(["export", "list.yaml", "--format", "csv"])
        #expect(shopping.status == 0, "\(shopping.err)")
        #expect(shopping.err.isEmpty)
        #expect(
            shopping.out == Self.csvHeader + "Apples,6,pcs,3.49,20.94,Produce,true,false,,\r\n"
                + "Milk,1,,1.05,1.05,Dairy,true,true,,\r\n")

        let all = try folder.run(["export", "list.yaml", "--format", "csv", "--all"])
        #expect(all.status == 0)
        #expect(all.out == shopping.out + "Butter,1,,2.99,2.99,Dairy,false,false,,\r\n")

        let markdown = try folder.run(["export", "--all", "--format", "markdown", "list.yaml"])
        #expect(
            markdown.out == """
                # Weekly

                ## Produce

                - [ ] Apples — 6 pcs — 20.94

                ## Dairy

                - [x] Milk — 1.05
                - [ ] Butter — 2.99

                **Total: 24.98 EUR**

                """)

        let json = try folder.run(["export", "list.yaml", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        #expect(object["title"] as? String == "Weekly")
        #expect(object["total"] as? String == "21.99")
        #expect((object["items"] as? [Any])?.count == 2)
    }

    @Test(arguments: [
        ("out.csv", "csv"), ("OUT.CSV", "csv"), ("out.md", "markdown"), ("out.markdown", "markdown"),
        ("out.json", "json"),
    ])
    func theOutputsExtensionPicksTheFormat(output: String, format: String) throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "list.yaml")
        let toFile = try folder.run(["export", "list.yaml", "--output", output])
        #expect(toFile.status == 0, "\(toFile.err)")
        #expect(toFile.stdout.isEmpty)
        let toStdout = try folder.run(["export", "list.yaml", "--format", format])
        #expect(try folder.read(output) == [UInt8](toStdout.stdout))
        #expect(try folder.contents() == ["list.yaml", output].sorted(), "a temporary or lock file was left behind")
    }

    @Test func anExplicitFormatWinsOverTheExtension() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "list.yaml")
        let run = try folder.run(["export", "list.yaml", "--format", "json", "-o", "list.txt"])
        #expect(run.status == 0)
        #expect(try folder.read("list.txt").first == UInt8(ascii: "{"))
    }

    @Test(arguments: [
        [] as [String], ["--output", "-"], ["--output", "list.txt"], ["--output", "csv"], ["-o", "list.yaml.bak"],
    ])
    func withoutAFormatItIsAUsageError(arguments: [String]) throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "list.yaml")
        let run = try folder.run(["export", "list.yaml"] + arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.err.contains("--format"), "\(run.err)")
        #expect(try folder.contents() == ["list.yaml"])
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "list.yaml")
        let run = try folder.run(["export", "list.yaml", "--format", "xml"])
        #expect(run.status == 2)
        #expect(run.err.contains("csv, markdown, md, json"), "\(run.err)")
    }

    @Test func dashOrNoOutputWritesStandardOutput() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "list.yaml")
        let dash = try folder.run(["export", "list.yaml", "--format", "csv", "--output", "-"])
        let none = try folder.run(["export", "list.yaml", "--format", "csv"])
        #expect(dash.status == 0)
        #expect(dash.stdout == none.stdout)
        #expect(dash.out.hasPrefix(Self.csvHeader))
        #expect(try folder.contents() == ["list.yaml"])
    }

    @Test func theFileDefaultsToTheListFile() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "shopping.yaml")
        try folder.write(Self.list.replacingOccurrences(of: "Apples", with: "Pears"), to: "other.yaml")
        try folder.write(Self.list.replacingOccurrences(of: "Apples", with: "Plums"), to: "env.yaml")

        let plain = try folder.run(["export", "--format", "csv"])
        #expect(plain.status == 0)
        #expect(plain.out.contains("Apples,"))
        let environment = try folder.run(["export", "--format", "csv"], environment: ["SHOP_FILE": "env.yaml"])
        #expect(environment.out.contains("Plums,"))
        let option = try folder.run(
            ["-f", "other.yaml", "export", "--format", "csv"], environment: ["SHOP_FILE": "env.yaml"])
        #expect(option.out.contains("Pears,"))
        let operand = try folder.run(["export", "other.yaml", "--format", "csv", "-f", "env.yaml"])
        #expect(operand.out.contains("Pears,"))
        let stdin = try folder.run(
            ["export", "-", "--format", "markdown"],
            stdin: Self.list.replacingOccurrences(of: "title: Weekly\n", with: ""))
        #expect(stdin.status == 0)
        #expect(stdin.out.hasPrefix("# Shopping list\n"))
        let untitled = try folder.write(
            Self.list.replacingOccurrences(of: "title: Weekly\n", with: ""), to: "party.list.yaml")
        let titled = try folder.run(["export", untitled, "--format", "markdown"])
        #expect(titled.out.hasPrefix("# party.list\n"))
    }

    @Test func aFileWithCheckErrorsIsNotExported() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        let broken = Self.list.replacingOccurrences(of: "name: Butter", with: "name: apples")
            .replacingOccurrences(of: "price: 1.05", with: "price: 1,05")
        try folder.write(broken, to: "list.yaml")
        try folder.write("keep me\n", to: "existing.csv")

        for arguments in [
            ["--format", "csv"], ["-o", "new.md"], ["-o", "existing.csv"], ["--format", "json", "--all"],
        ] {
            let run = try folder.run(["export", "list.yaml"] + arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(run.err.contains("list.yaml:12:12: error:"), "\(run.err)")
            #expect(run.err.contains("[bad-price]"), "\(run.err)")
            #expect(run.err.contains("[duplicate-name]"), "\(run.err)")
            #expect(run.err.contains("nothing was exported"), "\(run.err)")
        }
        #expect(!folder.exists("new.md"))
        #expect(try folder.read("existing.csv") == Array("keep me\n".utf8))
        #expect(try folder.contents() == ["existing.csv", "list.yaml"])

        try folder.write("items: [\n", to: "syntax.yaml")
        let syntax = try folder.run(["export", "syntax.yaml", "-o", "out.csv"])
        #expect(syntax.status == 1)
        #expect(syntax.err.contains("[syntax]"), "\(syntax.err)")
        #expect(!folder.exists("out.csv"))
    }

    @Test func warningsDoNotStopAnExport() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list + "    prize: 3\n", to: "list.yaml")
        let run = try folder.run(["export", "list.yaml", "--format", "csv", "--all"])
        #expect(run.status == 0)
        #expect(run.out.contains("Butter,"))
    }

    @Test func spreadsheetFormulasAreDefused() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(
            """
            items:
              - {name: "=HYPERLINK(\\"http://evil\\")", buy: true, notes: "+1+1"}
              - {name: "+cmd|' /C calc'!A0", buy: true, unit: "-2", category: "@SUM(A1)"}
              - {name: "-1", buy: true, id: "=1"}
              - {name: "@x", buy: true}
              - {name: "\\tTab", buy: true}
              - {name: "\\rReturn", buy: true}
              - {name: "Safe = not first", buy: true}

            """, to: "list.yaml")
        let run = try folder.run(["export", "list.yaml", "-o", "out.csv"])
        #expect(run.status == 0, "\(run.err)")
        let csv = String(decoding: try folder.read("out.csv"), as: UTF8.self)
        #expect(
            csv == Self.csvHeader + "\"'=HYPERLINK(\"\"http://evil\"\")\",1,,,,,true,false,'+1+1,\r\n"
                + "'+cmd|' /C calc'!A0,1,'-2,,,'@SUM(A1),true,false,,\r\n"
                + "'-1,1,,,,,true,false,,'=1\r\n"
                + "'@x,1,,,,,true,false,,\r\n"
                + "'\tTab,1,,,,,true,false,,\r\n"
                + "\"'\rReturn\",1,,,,,true,false,,\r\n"
                + "Safe = not first,1,,,,,true,false,,\r\n")
    }

    @Test func anExistingOutputIsReplacedAtomicallyKeepingItsMode() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "list.yaml")
        try folder.write("old\n", to: "out.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder.path("out.json"))
        let run = try folder.run(["export", "list.yaml", "-o", "out.json"])
        #expect(run.status == 0)
        #expect(try folder.read("out.json").first == UInt8(ascii: "{"))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path("out.json"))[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try folder.contents() == ["list.yaml", "out.json"])
    }

    @Test func aNamedPipeOrADeviceIsWrittenAsItStands() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "list.yaml")
        let expected = try folder.run(["export", "list.yaml", "--format", "csv"]).out
        // A named pipe stays one, and its reader gets the export. (Opened first, without waiting,
        // so that the writer's open does not wait for a reader.)
        let pipe = folder.path("pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let run = try folder.run(["export", "list.yaml", "--format", "csv", "-o", "pipe"])
        #expect(run.status == 0, "\(run.err)")
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(reader, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        #expect(String(decoding: received, as: UTF8.self) == expected)
        var info = stat()
        #expect(lstat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(try folder.contents() == ["list.yaml", "pipe"])
        // /dev/stdout, here the pipe the test reads, is written as standard output is.
        let stdout = try folder.run(["export", "list.yaml", "--format", "csv", "-o", "/dev/stdout"])
        #expect(stdout.status == 0, "\(stdout.err)")
        #expect(stdout.out == expected)
        // A folder is refused.
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: false)
        let into = try folder.run(["export", "list.yaml", "--format", "csv", "-o", "out"])
        #expect(into.status == 2)
        #expect(into.err == "shop: error: cannot write 'out': it is a folder\n")
    }

    @Test func unreadableInputsAndUnwritableOutputsExitTwo() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        let missing = try folder.run(["export", "nope.yaml", "--format", "csv"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("nope.yaml"), "\(missing.err)")
        let noListFile = try folder.run(["export", "--format", "csv"])
        #expect(noListFile.status == 2)
        #expect(noListFile.err.contains("shopping.yaml"), "\(noListFile.err)")

        try folder.write(Self.list, to: "list.yaml")
        let noFolder = try folder.run(["export", "list.yaml", "-o", "missing/out.csv"])
        #expect(noFolder.status == 2)
        #expect(noFolder.err.contains("missing/out.csv"), "\(noFolder.err)")

        let sameFile = try folder.run(["export", "list.yaml", "--format", "csv", "-o", "./list.yaml"])
        #expect(sameFile.status == 2)
        #expect(try folder.read("list.yaml") == Array(Self.list.utf8))
        // Standard input redirected from the list is the list too.
        let redirected = try ShopProcess.run(
            EditCLI.process(
                ["export", "-", "--format", "csv", "-o", "list.yaml"], in: folder.url,
                prefix: ["/bin/sh", "-c", "exec \"$0\" \"$@\" <list.yaml"]))
        #expect(redirected.status == 2 && redirected.err.contains("refusing to write the export over the list"), "\(redirected)")
        #expect(try folder.read("list.yaml") == Array(Self.list.utf8))
    }

    @Test func helpDescribesTheCommand() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        let help = try folder.run(["export", "--help"])
        #expect(help.status == 0)
        #expect(
            help.out.contains("USAGE: shop export [<file>] [--format <format>] [--all] [--store <store>] [--output <path>]"),
            "\(help.out)")
        let overview = try folder.run(["--help"])
        let commands = overview.out.components(separatedBy: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        let check = try #require(commands.firstIndex(of: "check"))
        #expect(Array(commands[check..<min(check + 5, commands.count)]) == ["check", "fmt", "export", "import", "list"])
    }
}
