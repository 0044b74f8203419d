/// `shop git setup --check`: whether git merges and diffs lists with this shop, and can run it.
extension GitSetupCommand {
    /// What a check finds: lines that are as setup makes them, lines that are not, and the
    /// configured drivers whose program cannot run.
    struct Findings {
        var ok: [String] = []
        var missing: [String] = []
        var unrunnable: [ShellCommand.Problem] = []
        /// Why setup would refuse the attributes file.
        var attributesFile: AttributesFileProblem?
    }

    static func check(_ plan: Plan, git: GitRunner, context: CommandContext) throws(CommandFailure) -> Int32 {
        let found = try findings(plan, git: git, environment: context.environment)
        let out = context.console.out
        for line in found.ok { out.write("ok: \(line)\n") }
        for line in found.missing { out.write("missing: \(line)\n") }
        if let problem = found.unrunnable.first {
            let mend =
                if case .notOnPath = problem {
                    "run '\(plan.setupCommand)' again to name shop by its absolute path, which git finds whatever its PATH"
                } else {
                    "run '\(plan.setupCommand)' again with the shop you use now (after moving or reinstalling shop) "
                        + "to name it by its absolute path"
                }
            context.console.error("git cannot run shop's drivers: they name '\(problem.program)', \(problem.reason); \(mend)")
            return 1
        }
        guard found.missing.isEmpty else {
            let first = found.attributesFile.map { "\($0.mend), then " } ?? ""
            context.console.error("git is not set up to merge lists with shop; \(first)run '\(plan.setupCommand)'")
            return 1
        }
        return 0
    }

    /// What git does with the plan's lists and drivers now.
    static func findings(_ plan: Plan, git: GitRunner, environment: Environment) throws(CommandFailure) -> Findings {
        var found = Findings()
        if let problem = try attributesFileProblem(plan) {
            found.missing.append(problem.description)
            found.attributesFile = problem
        }
        if let top = plan.top, found.attributesFile == nil {
            // As git sees them, from every attributes file. Not past a .gitattributes that is not
            // a file: git would wait forever on a named pipe.
            let checker = GitRunner(folder: top)
            for (_, path) in plan.patterns {
                let result = try run(checker, ["check-attr", "merge", "diff", "--", path])
                let lines = result.text.split(separator: "\n").map(String.init)
                let merge = lines.contains { $0.hasSuffix(": merge: shop") }
                let diff = lines.contains { $0.hasSuffix(": diff: shop") }
                if merge && diff {
                    found.ok.append("\(path) has merge=shop diff=shop")
                } else {
                    found.missing.append("\(path) lacks merge=shop diff=shop in the attributes")
                }
            }
        } else if plan.top == nil, found.attributesFile == nil {
            let text = try readAttributes(plan)
            for (pattern, _) in plan.patterns {
                if GitAttributes.hasLine(for: pattern, in: text) {
                    found.ok.append("\(plan.attributesFile) has '\(GitAttributes.line(for: pattern))'")
                } else {
                    found.missing.append("\(plan.attributesFile) lacks '\(GitAttributes.line(for: pattern))'")
                }
            }
        }
        for (key, value) in plan.settings where key != "merge.shop.name" {
            let scope = plan.top == nil ? ["--global"] : []
            let current = try run(git, ["config"] + scope + ["--get", key])
            guard current.status == 0 else {
                found.missing.append("\(key) is not set")
                continue
            }
            if let problem = ShellCommand.problem(
                of: current.text, path: environment["PATH"] ?? "", home: environment["HOME"], folder: plan.top)
            {
                found.missing.append("\(key) runs '\(problem.program)', \(problem.reason)")
                found.unrunnable.append(problem)
            } else if current.text == value {
                found.ok.append("\(key) = \(value)")
            } else {
                let bare = ShellCommand.program(of: current.text, home: nil).map { !$0.contains("/") } ?? false
                let why = bare ? " (git finds a bare name only where the PATH it runs with has it)" : ""
                found.missing.append("\(key) is '\(current.text)', not '\(value)'\(why)")
            }
        }
        return found
    }
}
