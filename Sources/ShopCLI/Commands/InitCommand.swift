#if canImport(Glibc)
import Glibc
#endif
import ShopCore

/// `shop init`: creates a new list.
enum InitCommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Create a new list, seeded with a starter catalog of common items.",
        discussion: "Writes the list file (or PATH) with about 30 common items in a few categories, none on the list and without prices. An existing file is never overwritten.",
        arguments: [
            ArgumentSpec(name: "path", help: "Where to create the list (default: the list file).", arity: .optional, completion: .file)
        ],
        options: [
            OptionSpec(long: "title", valueName: "title", help: "The list's title."),
            OptionSpec(long: "currency", valueName: "code", help: "The ISO 4217 currency of prices, such as EUR.", completion: .currency),
            OptionSpec(long: "empty", help: "Start with no items and no categories."),
        ],
        examples: [
            Example(command: "shop init", explanation: "Create shopping.yaml with the starter catalog."),
            Example(command: "shop init party.yaml --title \"Party\" --currency USD --empty", explanation: "Create an empty list."),
        ],
        run: run)

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let arguments = context.arguments
        // A new list goes here (or where -f or $SHOP_FILE say), whatever lists exist above.
        let path = arguments.positionals.first ?? context.namedListFile ?? ListDiscovery.defaultName
        // Every other command reads `-` as standard input: a file of that name would be a trap.
        guard path != "-" else {
            throw CommandFailure.usage("'-' is standard input, not a file to create; write ./- for a file named '-'", command: "init")
        }
        var currency: Currency?
        if let code = arguments.value("currency") {
            guard let known = Currency(code: code) else {
                throw CommandFailure.refused(Currency.unknownCodeMessage(code))
            }
            currency = known
        }
        let text = StarterCatalog.text(title: arguments.value("title"), currency: currency, empty: arguments.flag("empty"))
        do throws(FileError) {
            return try FileAccess.withExclusiveLock(for: path) { () throws(FileError) -> Int32 in
                // A link to a file that does not exist yet is written through, like every write.
                let target = try FileAccess.writeTarget(path)
                if FileAccess.exists(target) {
                    var info = stat()
                    let isFolder = stat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
                    context.console.error(isFolder ? "\(path) is a folder; name a file in it, such as \(path)/shopping.yaml" : "\(path) already exists; not overwriting it")
                    return 1
                }
                try FileAccess.writeAtomically(text, to: path)
                context.console.note("created \(path)")
                return 0
            }
        } catch {
            context.console.error(error.description)
            return 2
        }
    }
}
