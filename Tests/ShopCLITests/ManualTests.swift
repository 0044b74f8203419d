import Foundation
import ShopCore
import Testing

/// The manual pages: they lint clean, and `shop.1` documents every command and option that
/// `--help` shows, and nothing else.
@Suite struct ManualTests {
    /// The sections (`.Sh`) and subsections (`.Ss`) of an mdoc page, with their source lines.
    struct MdocPage {
        var lines: [String]

        init(_ text: String) {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }

        /// The lines of section `name` (up to the next `.Sh`).
        func section(_ name: String) -> [String] {
            guard let start = lines.firstIndex(of: ".Sh \(name)") else { return [] }
            let rest = lines[(start + 1)...]
            let end = rest.firstIndex { $0.hasPrefix(".Sh ") } ?? lines.endIndex
            return Array(lines[(start + 1)..<end])
        }

        /// The subsections of section `name`, by title.
        func subsections(of name: String) -> [(title: String, lines: [String])] {
            var result: [(title: String, lines: [String])] = []
            for line in section(name) {
                if line.hasPrefix(".Ss ") {
                    result.append((String(line.dropFirst(4)), []))
                } else if !result.isEmpty {
                    result[result.count - 1].lines.append(line)
                }
            }
            return result
        }

        /// The options a piece of the page documents: every `Fl` of its `.Op` (synopsis) and
        /// `.It` (option list) lines, as typed on a command line (`-f`, `--file`).
        static func options(in lines: [String]) -> Set<String> {
            var result = Set<String>()
            for line in lines where line.hasPrefix(".Op ") || line.hasPrefix(".It ") {
                let words = line.split(separator: " ")
                for (index, word) in words.enumerated() where word == "Fl" && index + 1 < words.count {
                    result.insert("-" + words[index + 1])
                }
            }
            return result
        }

        /// The first argument of every `.It MACRO` line: `.It Cm syntax Pq error` gives `syntax`.
        static func items(in lines: [String], macro: String) -> [String] {
            lines.compactMap { line in
                let words = line.split(separator: " ")
                guard words.count >= 3, words[0] == ".It", words[1] == macro else { return nil }
                return String(words[2])
            }
        }
    }

    static func manual() throws -> MdocPage {
        MdocPage(try DocsPaths.text("man/shop.1"))
    }

    @Test(
        "both pages lint clean together, cross references included", .requires(.program("mandoc")),
        .requires(.program("makewhatis")))
    func lint() throws {
        let mandoc = try DocsTools.path(of: "mandoc")
        let makewhatis = try DocsTools.path(of: "makewhatis")
        try withTemporaryDirectory { tree in
            let fileManager = FileManager.default
            for (section, page) in [("man1", "shop.1"), ("man5", "shop.5")] {
                let folder = tree.appendingPathComponent(section)
                try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
                try fileManager.copyItem(at: DocsPaths.file("man/\(page)"), to: folder.appendingPathComponent(page))
            }
            let index = try DocsTools.run(makewhatis, [tree.path])
            #expect(index.status == 0, "\(index.output)")
            // mandoc 1.14 looks cross references up in the manual path of MANPATH at -W style; at
            // the default -T lint level (-W base, which adds only OpenBSD base-system checks) it
            // looks only in its built-in path, where shop(1) and shop(5) are not installed.
            let lint = try DocsTools.run(
                mandoc, ["-T", "lint", "-W", "style", "man1/shop.1", "man5/shop.5"], in: tree,
                environment: ["MANPATH": tree.path])
            #expect(lint.output == "", "mandoc -T lint:\n\(lint.output)")
            #expect(lint.status == 0)
            // And at the default level, nothing but the two pages not being installed.
            let plain = try DocsTools.run(mandoc, ["-T", "lint", "man1/shop.1", "man5/shop.5"], in: tree)
            let remaining = plain.output.split(separator: "\n").filter {
                !$0.contains("referenced manual not found: Xr shop ")
            }
            #expect(remaining.isEmpty, "mandoc -T lint:\n\(plain.output)")
        }
    }

    @Test("every command of shop --help has its subsection in COMMANDS, and no other command does")
    func everyCommand() throws {
        let overview = try HelpPage.of(nil)
        let commands = overview.entries("COMMANDS")
        #expect(commands.count >= 14, "\(commands)")
        let documented = try Self.manual().subsections(of: "COMMANDS").map(\.title)
            .filter { $0 != "Editing commands" }
        #expect(Set(documented) == Set(commands))
        #expect(documented == commands, "the manual lists commands in the order help does")
        for command in commands {
            let subsection = try #require(try Self.manual().subsections(of: "COMMANDS").first { $0.title == command })
            #expect(subsection.lines.starts(with: [".Nm", ".Cm \(command)"]), "the synopsis of \(command)")
        }
    }

    @Test("every option --help shows is documented where it belongs, long and short forms, and no other")
    func everyOption() throws {
        let manual = try Self.manual()
        let overview = try HelpPage.of(nil)
        let globalOptions = Set(overview.options)
        #expect(globalOptions == ["-f", "--file", "--color", "--version", "-h", "--help"])
        let globalSection = try #require(manual.subsections(of: "DESCRIPTION").first { $0.title == "Global options" })
        #expect(MdocPage.options(in: globalSection.lines) == globalOptions)
        // The synopsis of shop shows the global options too.
        #expect(MdocPage.options(in: manual.section("SYNOPSIS")).isSubset(of: globalOptions))

        let subsections = manual.subsections(of: "COMMANDS")
        for command in overview.entries("COMMANDS") {
            let help = try HelpPage.of(command)
            let shown = Set(help.options)
            #expect(shown.isSuperset(of: ["-f", "--file", "--color", "-h", "--help"]), "\(command): \(shown)")
            let own = shown.subtracting(globalOptions)
            let documented = MdocPage.options(in: subsections.first { $0.title == command }?.lines ?? [])
            #expect(own.subtracting(documented).isEmpty, "shop \(command): not in shop.1: \(own.subtracting(documented).sorted())")
            #expect(documented.subtracting(own).isEmpty, "shop.1 \(command): not in --help: \(documented.subtracting(own).sorted())")
        }
    }

    @Test("CHECKS lists every rule with its severity, as check --format sarif reports them")
    func everyRule() throws {
        try withTemporaryDirectory { folder in
            try Files.write("items: []\n", to: folder.appendingPathComponent("empty.yaml"))
            let sarif = try DocsTools.shop(["check", "--format", "sarif", "empty.yaml"], in: folder)
            let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any])
            let run = try #require((log["runs"] as? [[String: Any]])?.first)
            let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
            let reported = rules.compactMap { rule -> String? in
                guard let id = rule["id"] as? String,
                    let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
                else { return nil }
                return "\(id) \(level)"
            }
            #expect(reported.count == RuleID.allCases.count)
            let documented = try Self.manual().section("CHECKS").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard words.count == 5, words[0] == ".It", words[1] == "Cm", words[3] == "Pq" else { return nil }
                return "\(words[2]) \(words[4])"
            }
            #expect(documented == reported)
        }
    }

    @Test("exit status, environment and files are documented")
    func statusEnvironmentFiles() throws {
        let manual = try Self.manual()
        let statuses = manual.section("EXIT STATUS").filter { $0.hasPrefix(".It ") }
        #expect(statuses == [".It 0", ".It 1", ".It 2"])
        #expect(MdocPage.items(in: manual.section("ENVIRONMENT"), macro: "Ev") == ["SHOP_FILE", "SHOP_STORE", "NO_COLOR", "TERM"])
        #expect(
            MdocPage.items(in: manual.section("FILES"), macro: "Pa") == ["shopping.yaml", "shopping.yml", ".NAME.tmp-XXXXXX"])
        #expect(manual.section("ENVIRONMENT").joined(separator: " ").contains(".Ql dumb"))
    }

    @Test("the files the manual names are the files shop leaves: the list alone")
    func filesMatchBehaviour() throws {
        try withTemporaryDirectory { folder in
            try Files.write("items:\n  - name: Apples\n", to: folder.appendingPathComponent("shopping.yaml"))
            let run = try DocsTools.shop(["buy", "apples"], in: folder, environment: ["SHOP_FILE": ""])
            #expect(run.status == 0, "\(run.err)")
            #expect(run.err == "\"Apples\" is on the list\n")
            #expect(try Files.names(in: folder) == ["shopping.yaml"])
        }
    }

    @Test("every shop command line in EXAMPLES is accepted by the argument parser", .requires(.program("bash")))
    func examplesParse() throws {
        let lines = try Self.manual().section("EXAMPLES").filter { $0.hasPrefix("shop ") }
        #expect(lines.count >= 8)
        for line in lines {
            for command in ShellWords.commands(in: line) {
                let run = try DocsTools.shop(command + ["--help"])
                #expect(run.status == 0, "\(line): \(run.err)")
            }
        }
    }
    @Test("the table of currency symbols names each symbol and currency check --fix knows, and no other")
    func currencySymbols() throws {
        let lines = try Self.manual().lines
        let start = try #require(lines.firstIndex { $0.hasPrefix("Currency symbols") })
        var documented: [String: Set<String>] = [:]
        for line in lines[(start + 1)...].prefix(while: { $0 != ".El" }) where line.hasPrefix(".It ") && !line.contains("Sy ") {
            let parts = line.dropFirst(4).components(separatedBy: " Ta ")
            let symbols = parts[0].replacingOccurrences(of: "\\&", with: "").split(separator: " ").map(String.init)
            let codes = parts[1].replacingOccurrences(of: "USD and the other dollars:", with: "USD,")
                .split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet.whitespaces) }
            // A row of several symbols lists one currency for each, in order; a single symbol all of
            // its currencies.
            if symbols.count == 1 {
                documented[symbols[0]] = Set(codes)
            } else {
                for (symbol, code) in zip(symbols, codes) { documented[symbol, default: []].insert(code) }
            }
        }
        let known = Dictionary(uniqueKeysWithValues: CurrencyMarker.symbols.map { ($0.symbol, Set($0.codes)) })
        #expect(documented == known)
    }
}

/// Splits example command lines the way a shell would, with bash itself.
enum ShellWords {
    /// The `shop` commands of a line, each without `shop` and without redirections: `a && b`
    /// and `a | b` give two, `source <(a)` gives `a`.
    static func commands(in line: String) -> [[String]] {
        line.components(separatedBy: "&&").flatMap { $0.components(separatedBy: " | ") }.compactMap { part in
            var command = part
            for redirection in [" > ", " < "] { command = command.components(separatedBy: redirection).first ?? command }
            command = command.trimmingCharacters(in: .whitespaces)
            if command.hasPrefix("source <("), command.hasSuffix(")") {
                command = String(command.dropFirst("source <(".count).dropLast())
            }
            guard let words = try? split(command), words.first == "shop" else { return nil }
            return Array(words.dropFirst())
        }
    }

    /// The words of `text` after quote removal, with globbing off.
    static func split(_ text: String) throws -> [String] {
        let run = try DocsTools.run(
            "bash", ["-c", "set -f; eval \"set -- $1\"; printf '%s\\0' \"$@\"", "bash", text],
            environment: ["HOME": "/home/user"])
        return run.out.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)
    }

}
