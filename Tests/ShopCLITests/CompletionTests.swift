import Foundation
import ShopCore
import Testing

/// `shop completions bash|zsh|fish`, run in the real shells on a real list file.
@Suite struct CompletionTests {
    static let list = """
        title: Test list
        currency: EUR
        categories:
          - Produce
          - Dairy
          - Drinks
        items:
          - name: Apples
            category: Produce
          - name: Oat milk
            category: Dairy
          - name: Olive oil
            category: Pantry
          - name: Orange juice
            category: Drinks
          - name: Crème fraîche
            category: dairy

        """

    static let other = """
        items:
          - name: Other thing
            category: Elsewhere

        """

    /// A folder with `shopping.yaml`, `other.yaml` and the script of `shell`.
    static func withListFolder<T>(shell: String, _ body: (URL, URL) throws -> T) throws -> T {
        try withTemporaryDirectory { folder in
            try Files.write(list, to: folder.appendingPathComponent("shopping.yaml"))
            try Files.write(other, to: folder.appendingPathComponent("other.yaml"))
            let run = try DocsTools.shop(["completions", shell])
            #expect(run.status == 0)
            #expect(run.err == "")
            let script = folder.appendingPathComponent("completion.\(shell)")
            try Files.write(run.out, to: script)
            return try body(folder, script)
        }
    }

    /// The environment of a completing shell: `shop` on the PATH, no list file from the test's
    /// own environment.
    static func shellEnvironment(_ extra: [String: String] = [:]) throws -> [String: String] {
        let folder = try DocsTools.shop().deletingLastPathComponent().path
        var environment = ["PATH": folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "SHOP_FILE": ""]
        environment.merge(extra) { $1 }
        return environment
    }

    // MARK: bash

    /// The candidates bash's completion function offers for `words`, the last being the word
    /// under the cursor: COMP_WORDS and COMP_CWORD are set, `_shop` is called, COMPREPLY is read.
    static func bashCandidates(
        _ words: [String], script: URL, in folder: URL, environment: [String: String] = [:]
    ) throws -> [String] {
        let harness = """
            source "$1"; shift
            COMP_WORDS=("$@")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="$*"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _shop shop "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            status=$?
            (( ${#COMPREPLY[@]} )) && printf '%s\\n' "${COMPREPLY[@]}"
            exit $status
            """
        let run = try DocsTools.run(
            "bash", ["--norc", "--noprofile", "-c", harness, "bash", script.path] + words, in: folder,
            environment: try shellEnvironment(["HOME": folder.path, "LC_ALL": "C.UTF-8"].merging(environment) { $1 }))
        #expect(run.status == 0, "\(words): \(run.err)")
        #expect(run.err == "", "\(words): \(run.err)")
        return run.out.split(separator: "\n").map(String.init)
    }

    @Test("bash: commands, options, option values, files, item names and categories", .requires(.program("bash")))
    func bash() throws {
        try Self.withListFolder(shell: "bash") { folder, script in
            func candidates(_ words: String..., environment: [String: String] = [:]) throws -> [String] {
                try Self.bashCandidates(words, script: script, in: folder, environment: environment)
            }
            let commands = try HelpPage.of(nil).entries("COMMANDS")
            #expect(try candidates("shop", "") == commands + ["help"])
            #expect(try candidates("shop", "c") == ["check", "clear", "completions"])
            #expect(try candidates("shop", "he") == ["help"])
            #expect(try candidates("shop", "help", "") == commands)
            #expect(try candidates("shop", "help", "ex") == ["export"])
            #expect(try candidates("shop", "help", "export", "").isEmpty, "help takes one command")
            #expect(try candidates("shop", "-") == ["-f", "--file", "--color", "-h", "--help", "--version"])

            // Options: those help shows, in its order.
            let checkOptions = try HelpPage.of("check").options
            #expect(try candidates("shop", "check", "--") == checkOptions.filter { $0.hasPrefix("--") })
            #expect(try candidates("shop", "check", "--s") == ["--strict"])
            #expect(try candidates("shop", "export", "-") == HelpPage.of("export").options)
            #expect(try candidates("shop", "list", "--na") == ["--names"])
            #expect(try candidates("shop", "list", "--n") == ["--not-done", "--names"])

            // Option values.
            #expect(try candidates("shop", "check", "--format", "") == ["text", "json", "sarif"])
            #expect(try candidates("shop", "export", "--format", "") == ["csv", "markdown", "json", "html", "phone"])
            #expect(try candidates("shop", "export", "--format", "m") == ["markdown"])
            #expect(try candidates("shop", "export", "--format=j") == ["--format=json"])
            #expect(try candidates("shop", "export", "--format", "=", "c") == ["csv"])
            #expect(try candidates("shop", "--color", "") == ["auto", "always", "never"])
            #expect(try candidates("shop", "init", "--currency", "") == Currency.minorUnits.keys.sorted())
            #expect(try candidates("shop", "init", "--currency", "jp") == ["JPY"])
            #expect(try candidates("shop", "edit", "Apples", "--unset", "") == [
                "id", "price", "quantity", "unit", "size", "category", "buy", "done", "notes",
            ])
            #expect(try candidates("shop", "completions", "") == ["bash", "zsh", "fish"])
            #expect(try candidates("shop", "add", "X", "--price", "").isEmpty)

            // Item names of the list file, each one candidate even with spaces, matched ignoring case,
            // escaped as the shell reads them (inside a quote, as they are).
            #expect(try candidates("shop", "buy", "O") == ["Oat\\ milk", "Olive\\ oil", "Orange\\ juice"])
            #expect(try candidates("shop", "buy", "o") == ["Oat\\ milk", "Olive\\ oil", "Orange\\ juice"])
            #expect(try candidates("shop", "buy", "Oat\\ m") == ["Oat\\ milk"])
            #expect(try candidates("shop", "buy", "\"Oli") == ["Olive oil"])
            #expect(try candidates("shop", "done", "Apples", "cr") == ["Crème\\ fraîche"])
            #expect(try candidates("shop", "rm", "").count == 5)
            #expect(try candidates("shop", "edit", "Apples", "").isEmpty, "edit takes one name")
            #expect(try candidates("shop", "add", "").isEmpty, "a new name is not one of the list")
            #expect(try candidates("shop", "buy", "--quantity", "2", "App") == ["Apples"])

            // Categories: the categories list, then the others items use.
            #expect(try candidates("shop", "add", "X", "--category", "") == ["Produce", "Dairy", "Drinks", "Pantry"])
            #expect(try candidates("shop", "list", "--category", "D") == ["Dairy", "Drinks"])
            #expect(try candidates("shop", "edit", "Apples", "--category", "p") == ["Produce", "Pantry"])

            // The list file: -f, --file, --file=, after the command too, else $SHOP_FILE.
            #expect(try candidates("shop", "-f", "other.yaml", "buy", "") == ["Other\\ thing"])
            #expect(try candidates("shop", "--file", "other.yaml", "buy", "") == ["Other\\ thing"])
            #expect(try candidates("shop", "--file=other.yaml", "buy", "") == ["Other\\ thing"])
            #expect(try candidates("shop", "--file", "=", "other.yaml", "buy", "") == ["Other\\ thing"])
            #expect(try candidates("shop", "buy", "-f", "other.yaml", "") == ["Other\\ thing"])
            #expect(try candidates("shop", "-f", "~/other.yaml", "buy", "") == ["Other\\ thing"])
            #expect(try candidates("shop", "add", "X", "--category", "", environment: ["SHOP_FILE": "other.yaml"]) == ["Elsewhere"])
            #expect(try candidates("shop", "-f", "missing.yaml", "buy", "").isEmpty)

            // Files for file operands and options, none after `--` for options.
            #expect(try candidates("shop", "check", "sh") == ["shopping.yaml"])
            #expect(try candidates("shop", "export", "-o", "oth") == ["other.yaml"])
            #expect(try candidates("shop", "check", "--", "--").isEmpty)
            #expect(try candidates("shop", "fmt", "--check", "other.yaml", "sh") == ["shopping.yaml"])

            // A recipe for buy --from is a file; the option can be given again.
            #expect(try candidates("shop", "buy", "--") == HelpPage.of("buy").options.filter { $0.hasPrefix("--") })
            #expect(try candidates("shop", "buy", "--from", "oth") == ["other.yaml"])
            #expect(try candidates("shop", "buy", "--from", "other.yaml", "--from", "sh") == ["shopping.yaml"])
            #expect(try candidates("shop", "buy", "--from", "other.yaml", "--t") == ["--times"])
            #expect(try candidates("shop", "buy", "--from", "other.yaml", "--times", "").isEmpty)
        }
    }

    /// Drives an interactive bash or zsh in a pseudo-terminal: for each line, types it, presses
    /// TAB, then turns the line into a command that prints its words in brackets, and prints that.
    /// What the line editor inserted (escapes, closing quotes, a `/`, the pieces around a `:`) is
    /// then seen as the words a command would get. No timing: keys are read in the order typed.
    static let interactiveDriver = #"""
        import os, pty, select, sys, time
        shell, script, lines = sys.argv[1], sys.argv[2], sys.argv[3:]
        pid, fd = pty.fork()
        if pid == 0:
            if shell == "bash":
                os.execvp("bash", ["bash", "--norc", "--noprofile", "-i"])
            os.execvp("zsh", ["zsh", "-f", "-i"])
        deadline = time.time() + 60
        pending = b""
        def upto(marker):
            global pending
            while marker not in pending:
                if time.time() > deadline:
                    sys.exit("timed out; the shell printed: %r" % pending)
                if select.select([fd], [], [], 0.5)[0]:
                    try:
                        chunk = os.read(fd, 65536)
                    except OSError:
                        chunk = b""
                    if not chunk:
                        sys.exit("the shell ended; it printed: %r" % pending)
                    pending += chunk
            before, _, pending = pending.partition(marker)
            return before
        setup = b"autoload -Uz compinit; compinit -u -D; " if shell == "zsh" else b""
        os.write(fd, b"PS1='$ '; " + setup + b"source \"$SHOP_SCRIPT\"; echo READY$((1))\n")
        upto(b"READY1")
        for number, line in enumerate(lines, start=1):
            # Ctrl-A and Ctrl-E move to the start and end of the line.
            os.write(fd, line.encode() + b"\t\x01printf '[%s]' \x05; echo ' END'$((" + str(number).encode() + b"))\n")
            output = upto(b" END%d" % number)
            print(output.replace(b"\r", b"").split(b"\n")[-1].decode())
        os.write(fd, b"exit\n")
        os.waitpid(pid, 0)
        """#

    @Test("bash: what readline inserts on TAB in an interactive shell", .requires(.program("bash")), .requires(.python))
    func bashReadline() throws {
        try Self.withListFolder(shell: "bash") { folder, script in
            try Self.writeListBesideFolder(
                folder, names: ["Apples", "Oat milk", "\"Tea: green\"", "\"Tea: black\"", "Crème fraîche", "It's"])
            let typed: [(String, String)] = [
                ("shop buy App", "[shop][buy][Apples]"),
                ("shop buy oat\\ m", "[shop][buy][Oat milk]"),
                ("shop buy 'Oat", "[shop][buy][Oat milk]"),
                ("shop buy \"cr", "[shop][buy][Crème fraîche]"),
                ("shop buy Cr", "[shop][buy][Crème fraîche]"),
                ("shop buy It", "[shop][buy][It's]"),
                // Readline breaks words at `:`; shop's names keep it.
                ("shop buy Tea:\\ g", "[shop][buy][Tea: green]"),
                ("shop buy 'Tea: b", "[shop][buy][Tea: black]"),
                ("shop buy Tea:\\ green Tea:\\ b", "[shop][buy][Tea: green][Tea: black]"),
                ("shop edit Tea:\\ green --na", "[shop][edit][Tea: green][--name]"),
                ("shop edit Tea:\\ green App", "[shop][edit][Tea: green][App]"),
                // Files still end in `/` when they are folders.
                ("shop check App", "[shop][check][Apples/]"),
                ("shop check oth", "[shop][check][other.yaml]"),
            ]
            try Self.expectInteractive("bash", script: script, in: folder, typed)
        }
    }

    /// Writes `shopping.yaml` with items of the names `names` (as YAML scalars) and a folder named
    /// like the first: a name is not a path, and gets no `/` when completed.
    static func writeListBesideFolder(_ folder: URL, names: [String]) throws {
        try Files.write("items:\n" + names.map { "  - name: \($0)\n" }.joined(), to: folder.appendingPathComponent("shopping.yaml"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(names[0]), withIntermediateDirectories: false)
    }

    /// Types each line of `typed` into an interactive `shell` with `script` loaded, presses TAB, and
    /// expects the words the line then holds.
    static func expectInteractive(_ shell: String, script: URL, in folder: URL, _ typed: [(String, String)]) throws {
        let run = try DocsTools.run(
            "python3", ["-c", interactiveDriver, shell, script.path] + typed.map(\.0), in: folder,
            environment: try shellEnvironment([
                "HOME": folder.path, "SHOP_SCRIPT": script.path, "TERM": "dumb", "INPUTRC": "/dev/null",
                "LC_ALL": "C.UTF-8",
            ]))
        #expect(run.status == 0, "\(shell): \(run.err)")
        let printed = run.out.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        for (position, (line, expected)) in typed.enumerated() {
            #expect(position < printed.count && printed[position] == expected, "\(shell): \(line): \(run.out)")
        }
    }

    @Test("bash: a list with check errors still completes; a broken one completes nothing", .requires(.program("bash")))
    func bashOnBrokenLists() throws {
        try Self.withListFolder(shell: "bash") { folder, script in
            try Files.write(
                "items:\n  - name: Apples\n    price: 3,49\n  - name: apples\n  - name: Pears\n",
                to: folder.appendingPathComponent("shopping.yaml"))
            #expect(try Self.bashCandidates(["shop", "buy", ""], script: script, in: folder) == ["Apples", "apples", "Pears"])
            try Files.write("items: [\n", to: folder.appendingPathComponent("shopping.yaml"))
            #expect(try Self.bashCandidates(["shop", "buy", ""], script: script, in: folder).isEmpty)
        }
    }

    // MARK: zsh

    @Test("zsh: the script parses, and offers what bash offers", .requires(.program("zsh")))
    func zsh() throws {
        try Self.withListFolder(shell: "zsh") { folder, script in
            let syntax = try DocsTools.run("zsh", ["-n", script.path])
            #expect(syntax.status == 0, "\(syntax.output)")
            #expect(syntax.output == "")
            let text = try Files.text(script)
            #expect(text.hasPrefix("#compdef shop\n"))

            // The completion system's functions are replaced by ones that print what they are
            // given, so the script's own logic runs in a plain zsh.
            let harness = #"""
                compdef() { :; }
                compset() { :; }
                _files() { print -r -- '<files>'; }
                compadd() {
                  local -a found
                  while [[ $1 == -* && $1 != -- ]]; do
                    case $1 in
                      -M) shift 2 ;;
                      -a) found+=("${(@P)2}"); shift 2 ;;
                      *) shift ;;
                    esac
                  done
                  [[ $1 == -- ]] && shift
                  found+=("$@")
                  print -rl -- "${found[@]}"
                }
                _describe() { local -a entries=("${(@P)4}"); print -rl -- "${entries[@]%%:*}"; }
                source "$1"; shift
                words=("$@")
                CURRENT=$#words
                _shop
                """#
            func candidates(_ words: String...) throws -> [String] {
                let run = try DocsTools.run(
                    "zsh", ["-f", "-c", harness, "zsh", script.path] + words, in: folder,
                    environment: try Self.shellEnvironment(["HOME": folder.path]))
                #expect(run.err == "", "\(words): \(run.err)")
                return run.out.split(separator: "\n").map(String.init)
            }
            #expect(try candidates("shop", "") == HelpPage.of(nil).entries("COMMANDS") + ["help"])
            #expect(try candidates("shop", "help", "") == HelpPage.of(nil).entries("COMMANDS"))
            #expect(try candidates("shop", "check", "--") == HelpPage.of("check").options)
            #expect(try candidates("shop", "check", "--format", "") == ["text", "json", "sarif"])
            #expect(try candidates("shop", "init", "--currency", "") == Currency.minorUnits.keys.sorted())
            #expect(try candidates("shop", "buy", "") == ["Apples", "Oat milk", "Olive oil", "Orange juice", "Crème fraîche"])
            #expect(try candidates("shop", "-f", "other.yaml", "add", "X", "--category", "") == ["Elsewhere"])
            #expect(try candidates("shop", "-f", "~/other.yaml", "buy", "") == ["Other thing"])
            #expect(try candidates("shop", "--file=~/other.yaml", "buy", "") == ["Other thing"])
            #expect(try candidates("shop", "export", "--format=m") == ["csv", "markdown", "json", "html", "phone"])
            #expect(try candidates("shop", "fmt", "") == ["<files>"])
            #expect(try candidates("shop", "buy", "--from", "") == ["<files>"])
            #expect(try candidates("shop", "buy", "--from", "other.yaml", "--") == HelpPage.of("buy").options)
            #expect(try candidates("shop", "edit", "Apples", "").isEmpty)
        }
    }

    @Test(
        "zsh: what the line editor inserts on TAB in an interactive shell, names matched ignoring case",
        .requires(.program("zsh")), .requires(.python))
    func zshInteractive() throws {
        try Self.withListFolder(shell: "zsh") { folder, script in
            try Self.writeListBesideFolder(folder, names: ["Apples", "Oat milk", "Olive oil", "\"Tea: green\"", "Élan", "Ödön"])
            try Self.expectInteractive(
                "zsh", script: script, in: folder,
                [
                    ("shop buy App", "[shop][buy][Apples]"),
                    ("shop buy OAT", "[shop][buy][Oat milk]"),
                    // Letters beyond ASCII fold too (a matcher such as m:{a-z}={A-Z} did not).
                    ("shop buy él", "[shop][buy][Élan]"),
                    ("shop buy öD", "[shop][buy][Ödön]"),
                    ("shop buy tea:\\ g", "[shop][buy][Tea: green]"),
                    ("shop buy 'oat", "[shop][buy][Oat milk]"),
                    // Two names share only the O: that much is inserted.
                    ("shop buy o", "[shop][buy][O]"),
                    ("shop -f other.yaml buy ot", "[shop][-f][other.yaml][buy][Other thing]"),
                ])
        }
    }

    // MARK: fish

    @Test(
        "fish: the script parses, and fish's own completion engine offers the right candidates",
        .requires(.program("fish")))
    func fish() throws {
        try Self.withListFolder(shell: "fish") { folder, script in
            let syntax = try DocsTools.run("fish", ["--no-execute", script.path])
            #expect(syntax.status == 0, "\(syntax.output)")
            #expect(syntax.output == "")
            func candidates(_ line: String) throws -> [String] {
                let run = try DocsTools.run(
                    "fish", ["--no-config", "-c", "source $argv[1]; complete --do-complete=$argv[2]", script.path, line],
                    in: folder, environment: try Self.shellEnvironment(["HOME": folder.path]))
                #expect(run.err == "", "\(line): \(run.err)")
                return run.out.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
            }
            #expect(try Set(candidates("shop ")) == Set(HelpPage.of(nil).entries("COMMANDS") + ["help"]))
            #expect(try Set(candidates("shop help ")) == Set(HelpPage.of(nil).entries("COMMANDS")))
            #expect(try candidates("shop help export ").isEmpty)
            #expect(try Set(candidates("shop check --")) == Set(HelpPage.of("check").options.filter { $0.hasPrefix("--") }))
            #expect(try candidates("shop check --format ") == ["json", "sarif", "text"])
            #expect(try candidates("shop export --format ") == ["csv", "html", "json", "markdown", "phone"])
            #expect(try candidates("shop init --currency JP") == ["JPY"])
            #expect(try candidates("shop buy O") == ["Oat milk", "Olive oil", "Orange juice"])
            #expect(try Set(candidates("shop add X --category ")) == ["Produce", "Dairy", "Drinks", "Pantry"])
            #expect(try candidates("shop -f other.yaml buy ") == ["Other thing"])
            #expect(try candidates("shop -f ~/other.yaml buy ") == ["Other thing"])
            #expect(try candidates("shop --file=~/other.yaml buy ") == ["Other thing"])
            #expect(try candidates("shop edit Apples ").isEmpty)
            #expect(try candidates("shop completions ") == ["bash", "fish", "zsh"])
            #expect(try candidates("shop buy --from oth") == ["other.yaml"])
            #expect(try Set(candidates("shop buy --from other.yaml --")).isSuperset(of: ["--from", "--times", "--dry-run"]))
        }
    }
}

/// `shop list --names` and `--categories`, which the completion scripts ask.
@Suite struct ListNamesTests {
    @Test("--names prints every item name in file order; --categories the categories, then the others used")
    func namesAndCategories() throws {
        try withTemporaryDirectory { folder in
            try Files.write(CompletionTests.list, to: folder.appendingPathComponent("shopping.yaml"))
            let names = try DocsTools.shop(["list", "--names"], in: folder, environment: ["SHOP_FILE": ""])
            #expect(names.status == 0)
            #expect(names.out == "Apples\nOat milk\nOlive oil\nOrange juice\nCrème fraîche\n")
            #expect(names.err == "")
            let all = try DocsTools.shop(["list", "--names", "--all"], in: folder, environment: ["SHOP_FILE": ""])
            #expect(all.out == names.out)
            let categories = try DocsTools.shop(["list", "--categories"], in: folder, environment: ["SHOP_FILE": ""])
            #expect(categories.status == 0)
            #expect(categories.out == "Produce\nDairy\nDrinks\nPantry\n")
        }
    }

    @Test("an empty list prints nothing and succeeds")
    func empty() throws {
        try withTemporaryDirectory { folder in
            try Files.write("items: []\n", to: folder.appendingPathComponent("list.yaml"))
            for option in ["--names", "--categories"] {
                let run = try DocsTools.shop(["-f", "list.yaml", "list", option], in: folder)
                #expect(run.status == 0)
                #expect(run.out == "")
                #expect(run.err == "")
            }
        }
    }

    @Test("a list with check errors is still read; blank names and names with line breaks are left out")
    func checkErrors() throws {
        try withTemporaryDirectory { folder in
            let text = """
                categories: [A, a]
                items:
                  - name: Apples
                    price: abc
                    category: B
                  - name: apples
                  - name: "  "
                  - name: "two\\nlines"
                  - price: 3
                  - name: Pears
                    prize: 2

                """
            try Files.write(text, to: folder.appendingPathComponent("list.yaml"))
            let check = try DocsTools.shop(["check", "list.yaml"], in: folder)
            #expect(check.status == 1)
            let names = try DocsTools.shop(["list", "--names", "-f", "list.yaml"], in: folder)
            #expect(names.status == 0, "\(names.err)")
            #expect(names.out == "Apples\napples\nPears\n")
            let categories = try DocsTools.shop(["list", "--categories", "-f", "list.yaml"], in: folder)
            #expect(categories.out == "A\nB\n", "a category listed twice is printed once")
        }
    }

    @Test("a file that is not one YAML document is refused with status 1; a missing one with 2")
    func brokenAndMissing() throws {
        try withTemporaryDirectory { folder in
            try Files.write("items: [\n", to: folder.appendingPathComponent("list.yaml"))
            let broken = try DocsTools.shop(["list", "--names", "-f", "list.yaml"], in: folder)
            #expect(broken.status == 1)
            #expect(broken.out == "")
            #expect(broken.err.contains("[syntax]"), "\(broken.err)")
            #expect(broken.err.contains("shop: error: list.yaml is not valid YAML"), "\(broken.err)")
            let missing = try DocsTools.shop(["list", "--categories", "-f", "nothing.yaml"], in: folder)
            #expect(missing.status == 2)
        }
    }

    @Test("--names and --categories go alone")
    func alone() throws {
        try withTemporaryDirectory { folder in
            try Files.write("items: []\n", to: folder.appendingPathComponent("list.yaml"))
            for arguments in [["--names", "--categories"], ["--names", "--category", "A"], ["--categories", "--category", "A"]] {
                let run = try DocsTools.shop(["list", "-f", "list.yaml"] + arguments, in: folder)
                #expect(run.status == 2, "\(arguments)")
                #expect(run.err.contains("go alone"), "\(run.err)")
            }
        }
    }
}
