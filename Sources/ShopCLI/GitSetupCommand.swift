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
            attributes in git's global attributes file. shop is named by its absolute path when the \
            shop on the PATH is another program or there is none. Run twice, it changes nothing. \
            git keeps drivers per clone: commit .gitattributes, and run shop git setup once in each \
            clone; a clone without the driver merges lists as text.
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
    }

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let git = GitRunner()
        let plan = try makePlan(context, git: git)
        if context.arguments.flag("check") { return try check(plan, git: git, context: context) }
        return try setUp(plan, git: git, context: context)
    }

    static func makePlan(_ context: CommandContext, git: GitRunner) throws(CommandFailure) -> Plan {
        let shop = ShopExecutable.command(context.environment)
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
        let folder = ShopExecutable.resolved(FileAccess.directory(of: path)) ?? FileAccess.directory(of: path)
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
        do throws(GitError) {
            return try git.run(arguments)
        } catch {
            throw CommandFailure.file(FileError(path: "git", action: "run", reason: error.description))
        }
    }

    // MARK: Setting up

    static func setUp(_ plan: Plan, git: GitRunner, context: CommandContext) throws(CommandFailure) -> Int32 {
        let console = context.console
        var changed = false
        let existing: String
        do throws(FileError) {
            existing = FileAccess.exists(plan.attributesFile)
                ? String(decoding: try FileAccess.read(plan.attributesFile), as: UTF8.self) : ""
        } catch {
            throw CommandFailure.file(error)
        }
        let (text, added) = GitAttributes.adding(plan.patterns.map(\.pattern), to: existing)
        if !added.isEmpty {
            do throws(FileError) {
                try FileAccess.makeFolders(FileAccess.directory(of: plan.attributesFile))
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
        let place = plan.scope == "--global" ? "the user's git configuration" : "this clone"
        if !changed {
            console.note("git is already set up to merge and diff lists with shop in \(place); nothing changed")
        } else if plan.scope == "--local" {
            console.note(
                "commit \(plan.attributesName) so that every clone sends lists to shop; git keeps drivers per clone, "
                    + "so run 'shop git setup' once in each clone (a clone without it merges lists as text)")
        }
        return 0
    }

    // MARK: Checking

    static func check(_ plan: Plan, git: GitRunner, context: CommandContext) throws(CommandFailure) -> Int32 {
        var missing: [String] = []
        let out = context.console.out
        if let top = plan.top {
            let checker = GitRunner(folder: top)
            for (_, path) in plan.patterns {
                let result = try run(checker, ["check-attr", "merge", "diff", "--", path])
                let lines = result.text.split(separator: "\n").map(String.init)
                let merge = lines.contains { $0.hasSuffix(": merge: shop") }
                let diff = lines.contains { $0.hasSuffix(": diff: shop") }
                if merge && diff {
                    out.write("ok: \(path) has merge=shop diff=shop\n")
                } else {
                    missing.append("\(path) lacks merge=shop diff=shop in the attributes")
                }
            }
        } else {
            let text: String
            do throws(FileError) {
                text = FileAccess.exists(plan.attributesFile)
                    ? String(decoding: try FileAccess.read(plan.attributesFile), as: UTF8.self) : ""
            } catch {
                throw CommandFailure.file(error)
            }
            for (pattern, _) in plan.patterns {
                if GitAttributes.hasLine(for: pattern, in: text) {
                    out.write("ok: \(plan.attributesFile) has '\(GitAttributes.line(for: pattern))'\n")
                } else {
                    missing.append("\(plan.attributesFile) lacks '\(GitAttributes.line(for: pattern))'")
                }
            }
        }
        for (key, value) in plan.settings where key != "merge.shop.name" {
            let scope = plan.top == nil ? ["--global"] : []
            let current = try run(git, ["config"] + scope + ["--get", key])
            if current.status == 0 && current.text == value {
                out.write("ok: \(key) = \(value)\n")
            } else if current.status == 0 {
                missing.append("\(key) is '\(current.text)', not '\(value)'")
            } else {
                missing.append("\(key) is not set")
            }
        }
        for line in missing { out.write("missing: \(line)\n") }
        guard missing.isEmpty else {
            context.console.error("git is not set up to merge lists with shop; run 'shop git setup\(plan.top == nil ? " --global" : "")'")
            return 1
        }
        return 0
    }
}
