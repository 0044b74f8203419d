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

        /// The list the bytes hold, decoded as it is read; nil, with the findings and the failure
        /// reported, when they are not one readable document.
        func read(_ bytes: [UInt8]) -> ShoppingList? {
            switch ShoppingList.read(bytes) {
            case .failure(let failure):
                let file = ListFile.unreadable(failure, bytes: bytes, path: path)
                file.reportDiagnostics(to: console)
                console.error(file.unreadableAdvice)
                return nil
            case .success(let list):
                return list
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

        do throws(FileError) {
            if inPlace {
                // A path that does not exist is reported as unreadable before anything else.
                if !FileAccess.exists(path) { _ = try FileAccess.read(path) }
                return try FileAccess.withEditLock(for: path, action: "reformat") { () throws(FileError) -> Int32 in
                    let (bytes, version) = try FileAccess.readVersion(path)
                    guard !refusedAsUnmerged(bytes) else { return 1 }
                    guard let list = read(bytes) else { return 1 }
                    let formatted = list.document.formatted(policy: CanonicalForm.policy(for: list))
                    guard !FileAccess.sameBytes(formatted, bytes) else { return 0 }
                    try FileAccess.writeAtomically(formatted, to: path, replacing: version)
                    console.note("reformatted \(display)")
                    return 0
                }
            }
            let bytes = try FileAccess.read(path)
            guard !refusedAsUnmerged(bytes) else { return 1 }
            guard let list = read(bytes) else { return 1 }
            let document = list.document
            let policy = CanonicalForm.policy(for: list)
            if toStdout && !check && !diff {
                // Written as it is printed, so that a large list is never held twice.
                document.format(policy: policy) { console.out.write($0) }
                return 0
            }
            if check && !diff && !toStdout {
                // Compared as it is printed: a large list is never held twice.
                var comparison = PrintedComparison(original: bytes)
                document.format(policy: policy) { comparison.compare($0) }
                guard comparison.differs else { return 0 }
                console.note("would reformat \(display)")
                return 1
            }
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
