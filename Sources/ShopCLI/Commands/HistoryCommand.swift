import JSON
import ShopCore

/// `shop history`: how the prices of items changed, from the list's git history.
enum HistoryCommand {
    static let spec = CommandSpec(
        name: "history",
        abstract: "Show how the prices of items changed in the list's git history.",
        discussion: """
            Reads every committed version of the list file as the current branch saw it (git log \
            --follow --first-parent: a renamed file keeps its history, and a change made on another \
            branch counts when it was merged) with shop's reader, skipping with a note the versions that are not lists, and \
            follows each item through the versions as shop merge matches them (by id, by name, and \
            renames). For each item of the newest version: the first and last price, the change in \
            percent, a sparkline, and the date (the committer's, YYYY-MM-DD) and commit of each price \
            change, oldest first; the first price counts as a change. Uncommitted changes are not part \
            of the history.
            """,
        arguments: [
            ArgumentSpec(
                name: "name", help: "Only these items (names compared like names; default: every item).",
                arity: .zeroOrMore, completion: .itemName)
        ],
        options: [
            OptionSpec(
                long: "format", valueName: "format", help: "Output format: text, csv or json (default: text).",
                allowedValues: ["text", "csv", "json"], completion: .values(["text", "csv", "json"]))
        ],
        examples: [
            Example(command: "shop history", explanation: "The price history of every item."),
            Example(command: "shop history \"Oat milk\" Apples", explanation: "The history of two items."),
            Example(command: "shop history --format csv > prices.csv", explanation: "Every price change, for a spreadsheet."),
        ],
        run: run)

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let path = context.listFile
        let console = context.console
        guard FileAccess.exists(path) else {
            console.error("cannot read '\(path)': No such file or directory" + ListFile.initHint(for: path))
            return 2
        }
        let git = GitRunner(folder: FileAccess.directory(of: path))
        let file = FileAccess.fileName(of: path)
        let inside = try GitSetupCommand.run(git, ["rev-parse", "--is-inside-work-tree"])
        guard inside.status == 0, inside.text == "true" else {
            throw CommandFailure.refused("\(path) is not in a git work tree, so it has no history")
        }
        let log = try GitSetupCommand.run(git, ["log", "--follow", "--first-parent", "--format=%x01%H %cs", "--name-only", "-z", "--", file])
        guard log.status == 0 else {
            throw CommandFailure.refused("git log of \(path) failed: \(log.errorText)")
        }
        let commits = parseLog(log.stdout, fallbackPath: file)
        guard !commits.isEmpty else {
            throw CommandFailure.refused("\(path) has no committed versions; commit it first")
        }
        let top = try GitSetupCommand.run(git, ["rev-parse", "--show-toplevel"])
        let reader = GitRunner(folder: top.text)
        // The versions are read one at a time, oldest first (short ones a batch at a time), each
        // dropped once its items are followed: a long history of a long list is never held whole.
        let oldestFirst = Array(commits.reversed())
        var versions = VersionTexts(git: reader, commits: oldestFirst)
        try versions.measure()
        var history = try PriceHistory.read(
            oldestFirst.map { PriceHistory.Version(commit: $0.hash, date: $0.date) },
            text: { (index: Int) throws(CommandFailure) -> [UInt8]? in try versions.text(index) },
            skipped: { index, skip in
                let commit = oldestFirst[index]
                switch skip {
                case .missing:
                    console.note("skipped \(commit.hash.prefix(7)) (\(commit.date)): git has no \(commit.path) in it")
                case .unreadable(let reason):
                    console.note("skipped \(commit.hash.prefix(7)) (\(commit.date)): not a readable list (\(reason))")
                }
            })
        let names = context.arguments.positionals
        if !names.isEmpty {
            let known = history.names
            for name in names where !known.contains(where: { NameKey($0) == NameKey(name) }) {
                var message = "no item named \"\(name)\" in the newest committed version of \(path)"
                let suggestions = SpellingSuggestion.closestNames(to: name, among: known)
                if !suggestions.isEmpty {
                    message += " (did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: " or ") + "?)"
                }
                throw CommandFailure.refused(message)
            }
            history = history.keeping(names: names)
        }
        switch context.arguments.value("format") ?? "text" {
        case "csv": history.writeCSV(to: console.out.write)
        case "json": history.writeJSON(to: console.out.write)
        default: history.writeText(namingUnpriced: !names.isEmpty, to: console.out.write)
        }
        return 0
    }

    /// One commit of the list's history.
    struct Commit {
        var hash: String
        var date: String
        /// The list's path at that commit, from the top of the work tree.
        var path: String
    }

    /// The commits of `git log --format=%x01%H %cs --name-only -z`, newest first. A commit that
    /// names no file (a merge) has the path of the commit after it.
    static func parseLog(_ bytes: [UInt8], fallbackPath: String) -> [Commit] {
        var commits: [Commit] = []
        for record in bytes.split(separator: 0x01) {
            let parts = record.split(separator: 0, omittingEmptySubsequences: false)
            guard let header = parts.first else { continue }
            let fields = String(decoding: header, as: UTF8.self).split(separator: " ")
            guard fields.count == 2 else { continue }
            var path = parts.dropFirst().map { String(decoding: $0, as: UTF8.self) }
                .map { $0.hasPrefix("\n") ? String($0.dropFirst()) : $0 }.first { !$0.isEmpty }
            if path == nil { path = commits.last?.path }
            commits.append(Commit(hash: String(fields[0]), date: String(fields[1]), path: path ?? fallbackPath))
        }
        return commits
    }

    /// The texts of the list file's versions, from `git cat-file --batch`: a version of
    /// ``batchSize`` bytes or more is read alone, into a buffer of its size, and not kept; shorter
    /// ones are read a batch at a time, and the last batch is kept for the versions asked for again.
    struct VersionTexts {
        let git: GitRunner
        let requests: [String]
        /// The versions' sizes (nil for one git does not have), once measured.
        private var sizes: [Int?] = []
        /// The batches of versions read together.
        private var runs: [Range<Int>] = []
        /// For each version, its batch in ``runs``.
        private var runOfVersion: [Int] = []
        /// The batch read last, and its texts.
        private var kept: (run: Range<Int>, texts: [[UInt8]?])?

        init(git: GitRunner, commits: [Commit]) {
            self.git = git
            requests = commits.map { "\($0.hash):\($0.path)\n" }
        }

        /// Asks git for the versions' sizes, which decide the batches; a version larger than
        /// shop reads (``FileAccess/maximumInputBytes``) is refused before any is read.
        mutating func measure() throws(CommandFailure) {
            sizes = try GitSetupCommand.askingGit { () throws(GitError) in try git.objectSizes(Array(requests.joined().utf8)) }
            for (index, size) in sizes.enumerated() {
                guard let size, size > FileAccess.maximumInputBytes, index < requests.count else { continue }
                let name = String(requests[index].dropLast())
                throw CommandFailure.file(
                    FileError(path: name, action: "read", reason: FileAccess.tooLargeReason(size: size), code: nil))
            }
            // Sizes that do not answer every request leave one batch of them all.
            runs = sizes.count == requests.count ? batches(sizes: sizes, limit: batchSize) : [0..<requests.count]
            runOfVersion = runs.indices.flatMap { run in Array(repeating: run, count: runs[run].count) }
        }

        /// The text of version `index`; nil when git has no list file in it.
        mutating func text(_ index: Int) throws(CommandFailure) -> [UInt8]? {
            if let kept, kept.run.contains(index) { return kept.texts[index - kept.run.lowerBound] }
            guard index < runOfVersion.count else { return nil }
            let run = runs[runOfVersion[index]]
            let capacity = sizes.count == requests.count ? run.reduce(0) { $0 + (sizes[$1] ?? 0) + 128 } : 0
            let texts = try GitSetupCommand.askingGit { () throws(GitError) in
                try git.objectContents(Array(requests[run].joined().utf8), capacity: capacity)
            }
            if run.count > 1 { kept = (run, texts) }
            return texts.count > index - run.lowerBound ? texts[index - run.lowerBound] : nil
        }
    }

    /// How many bytes of versions one `git cat-file --batch` reads at most (one larger version is
    /// read alone).
    static let batchSize = 1 << 20

    /// The requests, by their sizes (nil for an object git does not have), in runs of at most
    /// `limit` bytes together, or of one request larger than that.
    static func batches(sizes: [Int?], limit: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var total = 0
        for (index, size) in sizes.enumerated() {
            let bytes = size ?? 0
            if index > start && total + bytes > limit {
                result.append(start..<index)
                start = index
                total = 0
            }
            total += bytes
        }
        if start < sizes.count { result.append(start..<sizes.count) }
        return result
    }
}
