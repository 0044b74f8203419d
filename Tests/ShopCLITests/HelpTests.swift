import Foundation
import Testing

/// `--help` for shop and every command, in one layout with examples; mistakes get suggestions.
@Suite struct HelpTests {
    @Test("shop --help: overview, usage, commands, options and examples")
    func overview() throws {
        let run = try DocsTools.shop(["--help"])
        #expect(run.status == 0)
        #expect(run.err == "")
        let page = HelpPage(run.out)
        #expect(page.headings == ["OVERVIEW", "USAGE", "COMMANDS", "OPTIONS", "EXAMPLES"])
        #expect(
            page.entries("COMMANDS") == [
                "check", "fmt", "export", "import", "list", "init", "add", "edit", "rm", "buy", "unbuy", "done", "undone", "clear",
                "diff", "merge", "git", "history", "completions", "lsp",
            ])
        #expect(page.sections["USAGE"]?.hasPrefix("shop [--file <path>] [--color <when>] <command>") == true)
        #expect(run.out.contains("man shop"))
        // -h is the same page.
        #expect(try DocsTools.shop(["-h"]).out == run.out)
    }

    @Test("shop COMMAND --help for every command: overview, usage, arguments, options, examples")
    func everyCommand() throws {
        for command in try HelpPage.of(nil).entries("COMMANDS") {
            let run = try DocsTools.shop([command, "--help"])
            #expect(run.status == 0, "\(command)")
            #expect(run.err == "")
            let page = HelpPage(run.out)
            let usage = try #require(page.sections["USAGE"], "\(command)")
            #expect(usage.hasPrefix("shop \(command)"), "\(command): \(usage)")
            var expected = ["OVERVIEW", "USAGE"]
            // Arguments are the placeholders left once the options and their values are gone.
            let withoutOptions = usage.replacingOccurrences(
                of: #"\[--[a-z-]+( <[a-z-]+>)?\]"#, with: "", options: .regularExpression)
            if withoutOptions.contains("<") { expected.append("ARGUMENTS") }
            expected += ["OPTIONS", "EXAMPLES", "SEE ALSO"]
            #expect(page.headings == expected, "\(command)")
            #expect(!page.entries("EXAMPLES").isEmpty, "\(command) has examples")
            // The help of a command and `shop help`-style spellings agree.
            #expect(try DocsTools.shop(["--help", command]).out == run.out, "\(command)")
            #expect(try DocsTools.shop([command, "-h"]).out == run.out, "\(command)")
        }
    }

    @Test("a usage line gives each option's long form whole, a value name with commas too")
    func usageLineOfMerge() throws {
        let run = try DocsTools.shop(["merge", "--help"])
        #expect(
            HelpPage(run.out).sections["USAGE"]?.contains(
                "shop merge <base> <ours> <theirs> [--output <out>] [--marker-size <n>] [--path <name>] [--labels <base,ours,theirs>]")
                == true, "\(run.out)")
    }

    @Test("every example in every help page uses real commands and options")
    func examplesParse() throws {
        var pages = [try DocsTools.shop(["--help"]).out]
        for command in try HelpPage.of(nil).entries("COMMANDS") {
            pages.append(try DocsTools.shop([command, "--help"]).out)
        }
        var count = 0
        for page in pages {
            let examples = (HelpPage(page).sections["EXAMPLES"] ?? "").split(separator: "\n")
                .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            for example in examples {
                let commands = ShellWords.commands(in: example)
                #expect(!commands.isEmpty, "\(example)")
                for command in commands {
                    count += 1
                    let run = try DocsTools.shop(command + ["--help"])
                    #expect(run.status == 0, "\(example): \(run.err)")
                }
            }
        }
        #expect(count >= 20)
    }

    @Test("a mistyped command gets a suggestion and exit status 2", arguments: [
        ("chek", "check"), ("exprot", "export"), ("buyy", "buy"), ("completion", "completions"), ("lst", "list"),
    ])
    func mistypedCommand(typed: String, meant: String) throws {
        let run = try DocsTools.shop([typed])
        #expect(run.status == 2)
        #expect(run.out == "")
        #expect(run.err.hasPrefix("shop: error: unknown command '\(typed)'; did you mean '\(meant)'?\n"), "\(run.err)")
    }

    @Test("a mistyped option of any command gets a suggestion and exit status 2")
    func mistypedOption() throws {
        for command in try HelpPage.of(nil).entries("COMMANDS") {
            for option in try HelpPage.of(command).options where option.hasPrefix("--") && option.count > 5 {
                // Type the first letter twice: --strict becomes --sstrict.
                let typed = "--" + String(option.dropFirst(2).prefix(1)) + option.dropFirst(2)
                let run = try DocsTools.shop([command, typed])
                #expect(run.status == 2, "shop \(command) \(typed)")
                #expect(run.err.contains("unknown option '\(typed)'; did you mean '\(option)'?"), "\(run.err)")
                #expect(run.err.contains("See 'shop \(command) --help'"), "\(run.err)")
            }
        }
    }

    @Test("a value outside an option's set gets a suggestion and exit status 2")
    func mistypedValue() throws {
        let run = try DocsTools.shop(["export", "--format", "markdwn"])
        #expect(run.status == 2)
        #expect(run.err.contains("did you mean 'markdown'?"), "\(run.err)")
        let shell = try DocsTools.shop(["completions", "bsh"])
        #expect(shell.status == 2)
        #expect(shell.err.contains("unknown shell 'bsh'; expected bash, zsh or fish (did you mean 'bash'?)"), "\(shell.err)")
    }

    @Test("--version prints the version")
    func version() throws {
        let run = try DocsTools.shop(["--version"])
        #expect(run.status == 0)
        #expect(run.out.range(of: #"^shop \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(run.out)")
        let mistyped = try DocsTools.shop(["--versoin"])
        #expect(mistyped.status == 2)
        #expect(mistyped.err.hasPrefix("shop: error: unknown option '--versoin'; did you mean '--version'?\n"), "\(mistyped.err)")
        let late = try DocsTools.shop(["list", "--version"])
        #expect(late.status == 2)
        #expect(late.err.hasPrefix("shop: error: unknown option '--version'; '--version' comes before any command: shop --version\n"), "\(late.err)")
    }

    @Test("shop help --help is the overview, as shop help is")
    func helpOnHelp() throws {
        let overview = try DocsTools.shop(["help"])
        for arguments in [["help", "--help"], ["help", "-h"]] {
            let run = try DocsTools.shop(arguments)
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out == overview.out)
        }
        #expect(overview.out.contains("COMMANDS"))
    }
}
