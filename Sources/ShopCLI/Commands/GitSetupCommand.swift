#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shop git setup`: tells git to merge and diff lists with shop, in the repository's
/// configuration (the user's with `--global`).
enum GitSetupCommand {
    static let spec = CommandSpec(
        name: "git",
        abstract: "Set git up to merge and diff lists item by item (shop git setup).",
        discussion: """
            In a git work tree, adds shopping.yaml merge=shop diff=shop (and the same for \
            shopping.yml and the list file in use) to the .gitattributes file at the top of the work \
            tree, and sets merge.shop.name, merge.shop.driver and diff.shop.command in the \
            repository's configuration; with --global, in the user's configuration, with the \
            attributes in git's global attributes file. shop is named by its absolute path, quoted \
            for the shell: git runs drivers from graphical clients, editors, hooks and cron jobs, \
            whose PATH may not have shop. Run twice, it changes nothing; run again after moving or \
            reinstalling shop, it names the new one. A .gitattributes that is a symbolic link or not \
            a file is refused, and nothing is written. git keeps drivers per clone: commit \
            .gitattributes, and run shop git setup once in each clone; a clone without the driver \
            merges lists as text. --check also fails when a configured driver's program is missing \
            or cannot run.
            """,
        arguments: [
            ArgumentSpec(
                name: "setup", help: "What to do: set git up.", arity: .required, completion: .values(["setup"]),
                isWord: true)
        ],
        options: [
            OptionSpec(long: "global", help: "Set up the user's git configuration and global attributes file instead."),
            OptionSpec(long: "check", help: "Change nothing; say whether git is set up (exit 1 when it is not)."),
        ],
        examples: [
            Example(command: "shop git setup", explanation: "Merge and diff the lists of this repository with shop."),
            Example(command: "shop git setup --global", explanation: "Do it for every repository of this user."),
            Example(command: "shop git setup --check", explanation: "Is this clone set up?"),
        ],
        run: run)

    /// What setup writes.
    struct Plan {
        var attributesFile: String
        /// How messages name the attributes file.
        var attributesName: String
        /// The patterns, and the paths git checks them on.
        var patterns: [(pattern: String, path: String)]
        /// `--global` or `--local`.
        var scope: String
        var settings: [(key: String, value: String)]
        /// The work tree's top folder, outside `--global`.
        var top: String?

        /// The command that sets up the same scope again.
        var setupCommand: String { top == nil ? "shop git setup --global" : "shop git setup" }
    }

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let git = GitRunner()
        let plan = try makePlan(context, git: git)
        if context.arguments.flag("check") { return try check(plan, git: git, context: context) }
        return try setUp(plan, git: git, context: context)
    }

    static func makePlan(_ context: CommandContext, git: GitRunner) throws(CommandFailure) -> Plan {
        guard let shop = ShopExecutable.command(context.environment) else {
            throw CommandFailure.refused(
                "cannot tell the absolute path of this shop's program file (it was removed while running, or /proc is "
                    + "not mounted), which git needs to run it; run shop by its absolute path")
        }
        let settings = [
            ("merge.shop.name", "shop: lists merged item by item"),
            ("merge.shop.driver", "\(shop) merge %O %A %B --marker-size %L --path %P"),
            ("diff.shop.command", "\(shop) diff --git"),
        ]
        let names = ListDiscovery.names
        if context.arguments.flag("global") {
            var patterns = names.map { ($0, $0) }
            if let named = context.namedListFile {
                let name = FileAccess.fileName(of: named)
                if !names.contains(name) { patterns.append((GitAttributes.pattern(for: name), name)) }
            }
            let file = try globalAttributesFile(git, context.environment)
            return Plan(attributesFile: file, attributesName: file, patterns: patterns, scope: "--global", settings: settings)
        }
        let top = try run(git, ["rev-parse", "--show-toplevel"])
        guard top.status == 0, !top.text.isEmpty else {
            throw CommandFailure.refused(
                "not in a git work tree (\(top.errorText)); run 'shop git setup' in a clone of the list's repository, or use --global")
        }
        var patterns = names.map { ($0, $0) }
        if let list = context.namedListFile ?? ListDiscovery.find() {
            let name = FileAccess.fileName(of: list)
            if !names.contains(name) {
                if let relative = relativePath(of: list, in: top.text) {
                    patterns.append((GitAttributes.pattern(for: relative), relative))
                } else {
                    context.console.warning("the list file '\(list)' is not in this work tree; its own repository needs 'shop git setup'")
                }
            }
        }
        return Plan(
            attributesFile: top.text + "/.gitattributes", attributesName: ".gitattributes", patterns: patterns, scope: "--local",
            settings: settings, top: top.text)
    }

    /// The path of `path` from the work tree's top folder, when it is inside it.
    static func relativePath(of path: String, in top: String) -> String? {
        let folder = FileAccess.realPath(FileAccess.directory(of: path)) ?? FileAccess.directory(of: path)
        let absolute = folder + "/" + FileAccess.fileName(of: path)
        guard absolute.hasPrefix(top + "/") else { return nil }
        return String(absolute.dropFirst(top.count + 1))
    }

    /// git's global attributes file: `core.attributesFile`, else `$XDG_CONFIG_HOME/git/attributes`,
    /// else `~/.config/git/attributes`.
    static func globalAttributesFile(_ git: GitRunner, _ environment: Environment) throws(CommandFailure) -> String {
        let home = environment["HOME"] ?? ""
        let configured = try run(git, ["config", "--global", "--get", "core.attributesFile"])
        if configured.status == 0, !configured.text.isEmpty {
            let value = configured.text
            if value == "~" { return home }
            return value.hasPrefix("~/") ? home + value.dropFirst(1) : value
        }
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/git/attributes" }
        guard !home.isEmpty else {
            throw CommandFailure.refused("cannot find git's global attributes file: HOME is not set")
        }
        return home + "/.config/git/attributes"
    }

    static func run(_ git: GitRunner, _ arguments: [String]) throws(CommandFailure) -> GitRunner.Output {
        try askingGit { () throws(GitError) in try git.run(arguments) }
    }

    /// What `ask` gets from git, git's failure to run a failure of the command.
    static func askingGit<Answer>(_ ask: () throws(GitError) -> Answer) throws(CommandFailure) -> Answer {
        do throws(GitError) {
            return try ask()
        } catch {
            throw CommandFailure.file(FileError(path: "git", action: "run", reason: error.description))
        }
    }

    // MARK: Setting up

    static func setUp(_ plan: Plan, git: GitRunner, context: CommandContext) throws(CommandFailure) -> Int32 {
        let console = context.console
        // Before anything is written: a refusal leaves the file and the configuration as they were.
        if let problem = try attributesFileProblem(plan) {
            throw CommandFailure.refused(
                "\(problem.description); nothing was written: \(problem.mend), then run '\(plan.setupCommand)' again")
        }
        var changed = false
        let existing = try readAttributes(plan)
        let (text, added) = GitAttributes.adding(plan.patterns.map(\.pattern), to: existing)
        if !added.isEmpty {
            do throws(FileError) {
                // Outside --global the file is a regular file or none; the global one may be a
                // link, and the file it points to is written.
                try FileAccess.makeFolders(FileAccess.directory(of: try FileAccess.writeTarget(plan.attributesFile)))
                try FileAccess.writeAtomically(Array(text.utf8), to: plan.attributesFile)
            } catch {
                throw CommandFailure.file(error)
            }
            for line in added { console.note("added '\(line)' to \(plan.attributesName)") }
            changed = true
        }
        for (key, value) in plan.settings {
            let current = try run(git, ["config", plan.scope, "--get", key])
            if current.status == 0 && current.text == value { continue }
            let set = try run(git, ["config", plan.scope, key, value])
            guard set.status == 0 else {
                throw CommandFailure.file(FileError(path: "git config", action: "set \(key) in", reason: set.errorText))
            }
            console.note("set \(key) = \(value)")
            changed = true
        }
        // What --check would find: setup never says git is set up while --check says otherwise
        // (another attributes file or configuration that overrides these, say).
        let found = try findings(plan, git: git, environment: context.environment)
        guard found.missing.isEmpty else {
            for line in found.missing { console.note("still missing: \(line)") }
            throw CommandFailure.refused(
                "git is still not set up to merge lists with shop: another attributes file or configuration overrides "
                    + "what setup gives (see 'git check-attr -a FILE' and 'git config --show-origin --get-all KEY')")
        }
        let place = plan.top == nil ? "the user's git configuration" : "this clone"
        if !changed {
            console.note("git is already set up to merge and diff lists with shop in \(place); nothing changed")
        }
        if plan.top != nil, try !isCommitted(plan) {
            console.note(
                "commit \(plan.attributesName) so that every clone sends lists to shop; git keeps drivers per clone, "
                    + "so run 'shop git setup' once in each clone (a clone without it merges lists as text)")
        }
        return 0
    }

    /// Why setup must not write the attributes file: what is wrong, and what mends it.
    struct AttributesFileProblem {
        var description: String
        var mend: String
    }

    /// Why setup must not write the attributes file, or nil. In a work tree it must be a regular
    /// file or none: git reads no `.gitattributes` through a link, and a link could lead the write
    /// out of the work tree. The global file is the user's own, outside any work tree: a link
    /// (as dotfiles managers make) is followed, and must lead to a regular file or to none.
    static func attributesFileProblem(_ plan: Plan) throws(CommandFailure) -> AttributesFileProblem? {
        let path = plan.attributesFile
        var info = stat()
        if plan.top != nil {
            guard lstat(path, &info) == 0 else {
                if errno == ENOENT { return nil }
                throw CommandFailure.file(.system(path, "read"))
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                return nil
            case S_IFLNK:
                let target = FileAccess.linkTarget(path).map { " (to '\($0)')" } ?? ""
                return AttributesFileProblem(
                    description: "'\(path)' is a symbolic link\(target): git reads no .gitattributes through a link in a "
                        + "work tree, and shop git setup writes nothing outside the work tree",
                    mend: "make .gitattributes a regular file")
            default:
                return AttributesFileProblem(
                    description: "'\(path)' is \(kind(info.st_mode)), not a regular file: git reads attributes only from a file",
                    mend: "move it away")
            }
        }
        guard stat(path, &info) == 0 else {
            // None, or a link to none: the write makes the file.
            if errno == ENOENT { return nil }
            throw CommandFailure.file(.system(path, "read"))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return AttributesFileProblem(
                description: "git's global attributes file '\(path)' is \(kind(info.st_mode)), not a regular file",
                mend: "move it away, or set core.attributesFile to a file")
        }
        return nil
    }

    /// What a file that is not a regular file is, for a message.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }

    /// The attributes file's text; empty when there is none.
    static func readAttributes(_ plan: Plan) throws(CommandFailure) -> String {
        var info = stat()
        guard stat(plan.attributesFile, &info) == 0 else {
            if errno == ENOENT { return "" }
            throw CommandFailure.file(.system(plan.attributesFile, "read"))
        }
        do throws(FileError) {
            return String(decoding: try FileAccess.read(plan.attributesFile), as: UTF8.self)
        } catch {
            throw CommandFailure.file(error)
        }
    }

    /// Whether the work tree's `.gitattributes` is committed as it is: in `HEAD`, and unchanged.
    static func isCommitted(_ plan: Plan) throws(CommandFailure) -> Bool {
        guard let top = plan.top else { return true }
        let git = GitRunner(folder: top)
        let inHead = try run(git, ["ls-tree", "--name-only", "HEAD", "--", ".gitattributes"])
        guard inHead.status == 0, inHead.text == ".gitattributes" else { return false }
        return try run(git, ["diff", "--quiet", "--no-ext-diff", "HEAD", "--", ".gitattributes"]).status == 0
    }
}
