import ShopCore

/// `shop diff`: what changed between two versions of a list, item by item; with `--git`, git's
/// external diff for lists.
enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two versions of a list, item by item.",
        discussion: """
            One line per change: + NAME for an added item (with its price, quantity and category), \
            - NAME for a removed one, ~ NAME: KEY OLD -> NEW for a changed one (renamed from OLD when \
            it was renamed, comments changed when only comments did), ~ KEY: ... for the top level, \
            then a summary. Items are matched as shop merge matches them: by id, by name, and a rename \
            when everything else is equal. Formatting never counts; moves count only with --order. \
            Exit status 0 when the lists are the same, 1 when they differ, 2 when a file cannot be \
            read. A version that is not a list is compared line by line. A version that is not text \
            (a NUL byte, or more than a few bytes that are not UTF-8) is not shown: Binary files \
            a/OLD and b/NEW differ, as git says, with exit status 1 (0 when the bytes are the \
            same). With --git, the arguments \
            are the seven git gives an external diff (shop git setup configures it as \
            diff.shop.command): a diff --shop header, the changes, exit status 0.
            """,
        arguments: [
            ArgumentSpec(name: "old", help: "The old version; - reads standard input.", arity: .required, completion: .file),
            ArgumentSpec(name: "new", help: "The new version (needed unless --git).", arity: .optional, completion: .file),
            ArgumentSpec(
                name: "git-argument", help: "With --git: the rest of git's external-diff arguments.", arity: .zeroOrMore),
        ],
        options: [
            OptionSpec(
                long: "format", valueName: "format", help: "Output format: text or json (default: text).",
                allowedValues: ["text", "json"], completion: .values(["text", "json"])),
            OptionSpec(long: "order", help: "Show items and categories that moved, and count them as changes."),
            OptionSpec(
                long: "git",
                help: "Take git's external-diff arguments (PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE)."),
        ],
        examples: [
            Example(command: "shop diff old.yaml shopping.yaml", explanation: "What changed since the copy was made."),
            Example(
                command: "git show HEAD~1:shopping.yaml | shop diff - shopping.yaml",
                explanation: "What changed since the commit before last."),
            Example(command: "shop diff --format json a.yaml b.yaml", explanation: "The changes for a script."),
        ],
        run: run)

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let arguments = context.arguments
        if arguments.flag("git") {
            if arguments.value("format") == "json" {
                throw CommandFailure.usage("'--git' writes text; it cannot be used with '--format json'", command: "diff")
            }
            return try runForGit(context)
        }
        let paths = arguments.positionals
        guard paths.count == 2 else {
            throw CommandFailure.usage("expected two files to compare, OLD and NEW", command: "diff")
        }
        if paths[0] == "-" && paths[1] == "-" {
            throw CommandFailure.usage("only one of the two versions can be read from standard input", command: "diff")
        }
        let json = arguments.value("format") == "json"
        guard let old = read(paths[0], context), let new = read(paths[1], context) else { return 2 }
        let console = context.console
        let comparison = DiffComparison(old: old, new: new, order: arguments.flag("order")) { side in
            let path = side == .old ? paths[0] : paths[1]
            return path != "-" && GitRunner.mergesWithShop(path)
        }
        let oldName = CommandContext.displayName(paths[0])
        let newName = CommandContext.displayName(paths[1])
        for (side, reason) in comparison.unreadable {
            console.note("shop: \(side == .old ? oldName : newName) cannot be read as a list (\(reason)); compared line by line")
        }
        if json {
            comparison.writeJSON(oldPath: oldName, newPath: newName, console: console)
        } else {
            comparison.write(oldPath: oldName, newPath: newName, console: console)
        }
        return comparison.isSame ? 0 : 1
    }

    /// git's external diff: `PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE`, with a new
    /// path and git's rename lines after them for a rename; PATH alone for a path with conflicts.
    static func runForGit(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let values = context.arguments.positionals
        let console = context.console
        if values.count == 1 {
            console.out.write("* Unmerged path \(values[0])\n")
            return 0
        }
        guard values.count == 7 || values.count == 9 else {
            throw CommandFailure.usage(
                "'--git' takes the seven arguments git gives an external diff (nine for a rename); got \(values.count)",
                command: "diff")
        }
        let path = values[0]
        let newPath = values.count == 9 ? values[7] : path
        var header = "diff --shop a/\(path) b/\(newPath)\n"
        if values.count == 9, !values[8].isEmpty {
            header += values[8].hasSuffix("\n") ? values[8] : values[8] + "\n"
        }
        let oldMode = values[3]
        let newMode = values[6]
        if oldMode != newMode && oldMode != "." && newMode != "." {
            header += "old mode \(oldMode)\nnew mode \(newMode)\n"
        }
        guard let old = read(values[1], context), let new = read(values[4], context) else { return 2 }
        // git runs an external diff at the top of the working tree, where its paths start.
        let comparison = DiffComparison(old: old, new: new, order: context.arguments.flag("order")) { side in
            GitRunner.mergesWithShop(side == .old ? path : newPath)
        }
        for (side, reason) in comparison.unreadable {
            let name = side == .old ? "a/\(path)" : "b/\(newPath)"
            console.note("shop: \(name) cannot be read as a list (\(reason)); compared line by line")
        }
        console.out.write(header)
        comparison.write(oldPath: path, newPath: newPath, console: console)
        return 0
    }

    /// The bytes of a file, or nil after saying why it cannot be read.
    static func read(_ path: String, _ context: CommandContext) -> [UInt8]? {
        do throws(FileError) {
            return try FileAccess.read(path)
        } catch {
            context.console.error(error.description)
            return nil
        }
    }
}
