import ShopCore

/// `shop merge`: a three-way merge of lists item by item, for git's merge driver protocol.
enum MergeCommand {
    static let largestMarkerSize = 1024

    static let spec = CommandSpec(
        name: "merge",
        abstract: "Merge two versions of a list item by item (git's merge driver).",
        discussion: """
            Merges the changes from BASE to OURS and from BASE to THEIRS: items are matched by id, \
            else by name (and renames), each key is merged three ways, comments go with what they \
            belong to, the order is ours' with theirs' additions and moves placed in it, and the \
            result is written to OURS (or OUT) in canonical form. Conflicts are written with git's \
            markers around the smallest whole lines that hold them. When a version cannot be read as \
            a list, the texts are merged line by line as git merge-file does, and shop says so. Exit \
            status 0 for a clean merge, 1 when it has conflicts, 2 when it could not run (then \
            nothing is written). shop git setup configures git to use it: merge.shop.driver = shop \
            merge %O %A %B --marker-size %L --path %P.
            """,
        arguments: [
            ArgumentSpec(name: "base", help: "The common ancestor (git's %O); an empty file is an empty list.", arity: .required, completion: .file),
            ArgumentSpec(name: "ours", help: "Our version (git's %A); the result goes here.", arity: .required, completion: .file),
            ArgumentSpec(name: "theirs", help: "Their version (git's %B).", arity: .required, completion: .file),
        ],
        options: [
            OptionSpec(
                long: "output", short: "o", valueName: "out",
                help: "Write the result here instead of to OURS; - writes standard output.", completion: .file),
            OptionSpec(
                long: "marker-size", valueName: "n",
                help: "How many characters the conflict markers have (default: 7; git's %L)."),
            OptionSpec(long: "path", valueName: "name", help: "The file's name in messages (git's %P)."),
            OptionSpec(
                long: "labels", valueName: "base,ours,theirs",
                help: "The labels after the conflict markers (default: base,ours,theirs)."),
        ],
        examples: [
            Example(
                command: "shop merge base.yaml mine.yaml theirs.yaml -o merged.yaml",
                explanation: "Merge two edited copies of a list by hand."),
            Example(
                command: "shop merge %O %A %B --marker-size %L --path %P",
                explanation: "What git runs when shop git setup has configured the driver."),
        ],
        run: run)

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let arguments = context.arguments
        let console = context.console
        let paths = arguments.positionals
        let markerSize = try self.markerSize(arguments.value("marker-size"))
        let labels = try self.labels(arguments.value("labels"))
        let output = arguments.value("output") ?? paths[1]
        let name = arguments.value("path") ?? CommandContext.displayName(paths[1])
        var texts: [[UInt8]] = []
        for path in paths {
            do throws(FileError) {
                texts.append(try FileAccess.read(path))
            } catch {
                console.error(error.description + "; nothing was written")
                return 2
            }
        }
        // The base is handed over, not copied: the merge releases it once it has made its plan.
        let base = texts.removeFirst()
        let result = ListMerge.merge(
            base: consume base, ours: texts[0], theirs: texts[1], labels: labels, markerSize: markerSize)
        if let reason = result.lineMergeReason {
            console.warning("\(name): \(reason); merged line by line")
        }
        do throws(FileError) {
            if output == "-" {
                console.out.write(result.merged)
            } else {
                try FileAccess.withExclusiveLock(for: output) { () throws(FileError) in
                    try FileAccess.writeAtomically(result.merged, to: output)
                }
            }
        } catch {
            console.error(error.description)
            return 2
        }
        guard result.conflicts == 0 else {
            let count = result.conflicts == 1 ? "1 conflict" : "\(result.conflicts) conflicts"
            console.note("\(name): \(count), written with markers")
            return 1
        }
        return 0
    }

    /// The marker size: a whole number from 1 to 1024.
    static func markerSize(_ text: String?) throws(CommandFailure) -> Int {
        guard let text else { return LineMerge.defaultMarkerSize }
        guard let size = Int(text), size >= 1, size <= largestMarkerSize else {
            throw CommandFailure.usage(
                "invalid marker size '\(text)'; expected a whole number from 1 to \(largestMarkerSize)", command: "merge")
        }
        return size
    }

    /// The three labels, `BASE,OURS,THEIRS`.
    static func labels(_ text: String?) throws(CommandFailure) -> LineMerge.Labels {
        guard let text else { return .standard }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts.contains(where: { $0.contains("\n") }) else {
            throw CommandFailure.usage(
                "invalid labels '\(text)'; expected three labels separated by commas: BASE,OURS,THEIRS", command: "merge")
        }
        let label = { (text: String) in text.isEmpty ? nil : text }
        return LineMerge.Labels(ours: label(parts[1]), base: label(parts[0]), theirs: label(parts[2]))
    }
}
