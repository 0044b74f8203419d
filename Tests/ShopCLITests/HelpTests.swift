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
            let help = try DocsTools.shop(["help", command])
            #expect(help.status == 0 && help.err == "", "shop help \(command): \(help)")
            #expect(help.out == run.out, "shop help \(command)")
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

    @Test("shop help help, shop help --help and shop --help help: the help of help, in the layout of every command")
    func helpOnHelp() throws {
        let run = try DocsTools.shop(["help", "help"])
        #expect(run.status == 0 && run.err == "", "\(run)")
        let page = HelpPage(run.out)
        #expect(page.headings == ["OVERVIEW", "USAGE", "ARGUMENTS", "OPTIONS", "EXAMPLES", "SEE ALSO"], "\(run.out)")
        #expect(page.sections["USAGE"]?.hasPrefix("shop help [<command>] [<subcommand>]\n") == true, "\(run.out)")
        #expect(page.entries("ARGUMENTS") == ["<command>", "<subcommand>"])
        for arguments in [["help", "--help"], ["help", "-h"], ["--help", "help"], ["-h", "help"]] {
            let same = try DocsTools.shop(arguments)
            #expect(same.status == 0, "\(arguments): \(same.err)")
            #expect(same.out == run.out, "\(arguments)")
        }
        // Its examples are there, and run.
        for words in [["help"], ["help", "check"], ["help", "git", "setup"]] {
            #expect(run.out.contains("  shop " + words.joined(separator: " ") + "\n"), "\(words)")
            #expect(try DocsTools.shop(words).status == 0, "\(words)")
        }
        // Without a command, the overview.
        let overview = try DocsTools.shop(["help"])
        #expect(overview.status == 0)
        #expect(HelpPage(overview.out).headings == ["OVERVIEW", "USAGE", "COMMANDS", "OPTIONS", "EXAMPLES"])
        #expect(overview.out == (try DocsTools.shop(["--help"])).out)
    }

    @Test("shop help git setup is shop git setup --help, and shop help git the same page")
    func helpOfSubcommand() throws {
        let page = try DocsTools.shop(["git", "setup", "--help"])
        #expect(page.status == 0)
        #expect(page.out.contains("USAGE: shop git setup"), "\(page.out)")
        for arguments in [["help", "git", "setup"], ["help", "git"], ["help", "git", "setup", "--help"]] {
            let run = try DocsTools.shop(arguments)
            #expect(run.status == 0 && run.err == "", "\(arguments): \(run)")
            #expect(run.out == page.out, "\(arguments)")
        }
    }

    @Test("shop help of a name that is no command, or with a word too many: exit 2 with why", arguments: [
        (["help", "nosuch"], "shop: error: unknown command 'nosuch'\n"),
        (["help", "chek"], "shop: error: unknown command 'chek'; did you mean 'check'?\n"),
        (["help", "exprot"], "shop: error: unknown command 'exprot'; did you mean 'export'?\n"),
        (["help", "git", "stup"], "shop: error: unknown subcommand 'stup'; expected 'shop help git setup'\n"),
        (["help", "check", "extra"], "shop: error: unexpected argument 'extra'; 'check' has no subcommands\n"),
        (["help", "help", "check"], "shop: error: unexpected argument 'check'; 'help' has no subcommands\n"),
        (["help", "git", "setup", "more"], "shop: error: unexpected argument 'more'; 'shop help' takes a command and its subcommand\n"),
        (["help", "--verbose"], "shop: error: unknown option '--verbose'\n"),
    ])
    func helpMistakes(arguments: [String], firstLine: String) throws {
        let run = try DocsTools.shop(arguments)
        #expect(run.status == 2, "\(arguments): \(run)")
        #expect(run.out == "")
        #expect(run.err.hasPrefix(firstLine), "\(arguments): \(run.err)")
        #expect(run.err.contains("See 'shop"), "\(run.err)")
    }

    @Test("a mistyped option or flag, global or a command's, gets the closest one suggested", arguments: [
        (["-v"], "-v", "--version"),
        (["--verison"], "--verison", "--version"),
        (["-c", "never", "list"], "-c", "--color"),
        (["--colour", "never", "list"], "--colour", "--color"),
        (["list", "--al"], "--al", "--all"),
        (["list", "-all"], "-all", "--all"),
        (["list", "--not-dne"], "--not-dne", "--not-done"),
        (["buy", "Milk", "--quantty", "2"], "--quantty", "--quantity"),
        (["buy", "Milk", "--qty", "2"], "--qty", "--quantity"),
        (["buy", "Milk", "-q", "2"], "-q", "--quantity"),
        (["add", "Pears", "--new-categroy"], "--new-categroy", "--new-category"),
        (["export", "--fromat", "csv"], "--fromat", "--format"),
        (["check", "--stict"], "--stict", "--strict"),
        (["git", "setup", "--globl"], "--globl", "--global"),
        (["fmt", "--chek"], "--chek", "--check"),
        (["diff", "a", "b", "--ordr"], "--ordr", "--order"),
    ])
    func mistypedOptionSuggestion(arguments: [String], typed: String, meant: String) throws {
        let run = try DocsTools.shop(arguments)
        #expect(run.status == 2, "\(arguments): \(run)")
        #expect(run.out == "")
        #expect(run.err.hasPrefix("shop: error: unknown option '\(typed)'; did you mean '\(meant)'?\n"), "\(arguments): \(run.err)")
    }

    @Test("an option nothing is close to gets no guess")
    func unknownOptionWithoutSuggestion() throws {
        for arguments in [["--zzz"], ["list", "-z"], ["buy", "Milk", "--xyzzy"]] {
            let run = try DocsTools.shop(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.err.hasPrefix("shop: error: unknown option '"), "\(run.err)")
            #expect(!run.err.contains("did you mean"), "\(arguments): \(run.err)")
        }
    }
}
