import ShopCore
import YAML

/// `shop fmt`: rewrites files in canonical form, keeping every comment.
enum FormatCommand {
    static let spec = CommandSpec(
        name: "fmt",
        abstract: "Rewrite shop files in canonical form, keeping every comment.",
        discussion: """
            Formats each file in place, writing only when the text changes (atomically, keeping the \
            file's permissions). - reads standard input and writes standard output. A file that is not \
            one well-formed YAML document is reported and left untouched; fmt formats files that check \
            would reject for other reasons, keeping values it does not understand exactly as written.
            """,
        arguments: [
            ArgumentSpec(
                name: "file", help: "Files to format; - reads standard input (default: the list file).",
                arity: .zeroOrMore, completion: .file)
        ],
        options: [
            OptionSpec(long: "check", help: "Write nothing; exit 1 naming each file that would change."),
            OptionSpec(long: "diff", help: "Print a unified diff of the changes instead of writing."),
            OptionSpec(long: "stdout", help: "Print the formatted text instead of writing."),
        ],
        examples: [
            Example(command: "shop fmt", explanation: "Format shopping.yaml (or $SHOP_FILE) in place."),
            Example(command: "shop fmt --check *.yaml", explanation: "Fail when a file is not formatted, as in a pre-commit hook."),
            Example(command: "shop fmt - < list.yaml", explanation: "Format standard input to standard output."),
        ],
        run: run)

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        var status: Int32 = 0
        for path in context.fileOperands {
            status = max(status, format(path, context: context))
        }
        return status
    }

    static func format(_ path: String, context: CommandContext) -> Int32 {
        let arguments = context.arguments
        let check = arguments.flag("check")
        let diff = arguments.flag("diff")
        let toStdout = arguments.flag("stdout") || (path == "-" && !check && !diff)
        let inPlace = !check && !diff && !toStdout
        let console = context.console
        let display = CommandContext.displayName(path)

        /// Says why the bytes are not one readable document: the findings, then the failure.
        func reportUnreadable(_ failure: ReadFailure, _ bytes: [UInt8]) {
            let file = ListFile.unreadable(failure, bytes: bytes, path: path)
            file.reportDiagnostics(to: console)
            console.error(file.unreadableAdvice)
        }

        /// The list the bytes hold, decoded as it is read; nil, with the reason reported, when
        /// they are not one readable document.
        func read(_ bytes: [UInt8]) -> ShoppingList? {
            switch ShoppingList.read(bytes) {
            case .failure(let failure):
                reportUnreadable(failure, bytes)
                return nil
            case .success(let list):
                return list
            }
        }

        /// Prints the canonical text of `bytes` into `spool` as the list is read in parts; false, with
        /// the reason reported, when they are not one readable document.
        func print(_ bytes: [UInt8], into spool: OutputSpool) -> Bool {
            switch CanonicalForm.formatInParts(bytes, restart: spool.discard, into: spool.write) {
            case .failure(let failure):
                reportUnreadable(failure, bytes)
                return false
            case .success:
                return true
            }
        }

        /// Whether git holds the file as one side's version of an unfinished merge, which fmt
        /// refuses (reporting why) as edits do: formatted, the file would no longer be that side's
        /// version byte for byte, and would pass for one resolved by hand.
        func refusedAsUnmerged(_ bytes: [UInt8]) -> Bool {
            guard let refused = ListFile.unmergedRefusal(path: path, bytes: bytes) else { return false }
            refused.reportRefusal(to: console)
            return true
        }

        /// Whether the text `spool` holds differs from `bytes`, compared piece by piece.
        func differs(_ spool: OutputSpool, from bytes: [UInt8]) throws(FileError) -> Bool {
            var comparison = PrintedComparison(original: bytes)
            try spool.deliver { comparison.compare($0) }
            return comparison.differs
        }

        do throws(FileError) {
            // The text is printed as the list is read, and held aside (a large one in a temporary
            // file) until the read has succeeded: a file that is not YAML writes nothing.
            if inPlace {
                // A path that does not exist is reported as unreadable before anything else.
                if !FileAccess.exists(path) { _ = try FileAccess.read(path) }
                return try FileAccess.withEditLock(for: path, action: "reformat") { () throws(FileError) -> Int32 in
                    let (bytes, version) = try FileAccess.readVersion(path)
                    guard !refusedAsUnmerged(bytes) else { return 1 }
                    let spool = OutputSpool(folder: TemporaryFile.folder(in: context.environment))
                    guard print(bytes, into: spool) else { return 1 }
                    guard try differs(spool, from: bytes) else { return 0 }
                    var failure: FileError?
                    try FileAccess.writeAtomically(to: path, replacing: version) { write in
                        do throws(FileError) { try spool.deliver(to: write) } catch { failure = error }
                    }
                    if let failure { throw failure }
                    console.note("reformatted \(display)")
                    return 0
                }
            }
            let bytes = try FileAccess.read(path)
            guard !refusedAsUnmerged(bytes) else { return 1 }
            if !diff && (toStdout != check) {
                let spool = OutputSpool(folder: TemporaryFile.folder(in: context.environment))
                guard print(bytes, into: spool) else { return 1 }
                if toStdout {
                    try spool.deliver { console.out.write($0) }
                    return 0
                }
                guard try differs(spool, from: bytes) else { return 0 }
                console.note("would reformat \(display)")
                return 1
            }
            // A diff needs both texts whole.
            guard let list = read(bytes) else { return 1 }
            let document = list.document
            let policy = CanonicalForm.policy(for: list)
            let formatted = document.formatted(policy: policy)
            let changed = !FileAccess.sameBytes(formatted, bytes)
            if diff && changed {
                console.out.write(UnifiedDiff.make(old: bytes, new: formatted, path: display))
            }
            if toStdout {
                console.out.write(formatted)
            }
            if check && changed {
                console.note("would reformat \(display)")
                return 1
            }
            return 0
        } catch {
            ListFile.reportUnreadable(error, path: path, context: context)
            return 2
        }
    }
}

/// Compares printed text, piece by piece as it is printed, with the text it was printed from.
struct PrintedComparison {
    let original: [UInt8]
    private var position = 0
    /// Whether a difference was seen so far.
    private(set) var mismatch = false

    init(original: [UInt8]) {
        self.original = original
    }

    /// Whether the printed text differs from the original (once every piece has been compared).
    var differs: Bool { mismatch || position != original.count }

    mutating func compare(_ piece: UnsafeBufferPointer<UInt8>) {
        guard !mismatch else { return }
        guard position + piece.count <= original.count,
            original.withUnsafeBufferPointer({ UnsafeBufferPointer(rebasing: $0[position..<(position + piece.count)]).elementsEqual(piece) })
        else {
            mismatch = true
            return
        }
        position += piece.count
    }
}
