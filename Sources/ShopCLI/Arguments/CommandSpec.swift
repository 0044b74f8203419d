/// What the shell should complete for an argument or option value.
enum CompletionKind: Sendable {
    case none
    case file
    case values([String])
    case itemName
    case category
    /// The store names of the list file (`shop list --stores`).
    case store
    case currency
}

/// An option a command accepts: a flag (`--strict`) or an option with a value (`--format json`).
struct OptionSpec: Sendable {
    /// The long name without dashes: `format`.
    var long: String
    /// The one-letter name, if any: `f` for `-f`.
    var short: Character?
    /// The placeholder of the value (`format` is shown as `<format>`); nil for a flag.
    var valueName: String?
    /// One line of help.
    var help: String
    /// The accepted values, when they are a fixed set.
    var allowedValues: [String] = []
    /// What the shell completes for the value.
    var completion: CompletionKind = .none
    /// Whether the option may be given several times.
    var repeatable = false

    var isFlag: Bool { valueName == nil }

    /// `-f, --file <path>` or `--strict`.
    var synopsis: String {
        (short.map { "-\($0), " } ?? "") + longSynopsis
    }

    /// The long form with its value: `--output <out>`.
    var longSynopsis: String {
        valueName.map { "--\(long) <\($0)>" } ?? "--\(long)"
    }
}

/// A positional argument of a command.
struct ArgumentSpec: Sendable {
    enum Arity: Sendable {
        case required
        case optional
        case oneOrMore
        case zeroOrMore
    }

    /// The placeholder: `file` is shown as `<file>`.
    var name: String
    var help: String
    var arity: Arity
    var completion: CompletionKind = .none
    /// Whether the argument is a fixed word (`setup` in `shop git setup`), written as itself.
    var isWord = false

    var synopsis: String {
        if isWord { return name }
        switch arity {
        case .required: return "<\(name)>"
        case .optional: return "[<\(name)>]"
        case .oneOrMore: return "<\(name)> ..."
        case .zeroOrMore: return "[<\(name)> ...]"
        }
    }
}

/// An example shown in help and in the manual.
struct Example: Sendable {
    var command: String
    var explanation: String
}

/// A subcommand: its name, help, arguments, options and what it does.
struct CommandSpec: Sendable {
    var name: String
    /// One line: what the command does.
    var abstract: String
    /// More paragraphs of help, when needed.
    var discussion: String = ""
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    var examples: [Example] = []
    /// Runs the command; returns the exit status.
    var run: @Sendable (CommandContext) throws(CommandFailure) -> Int32

    /// The version of shop: what `shop --version` prints, and what the language server and the
    /// SARIF log name.
    static let programVersion = "0.1.0"

    /// The options every command accepts, after its own.
    static let globalOptions: [OptionSpec] = [
        OptionSpec(
            long: "file", short: "f", valueName: "path",
            help: "The list file to work on (default: $SHOP_FILE, else shopping.yaml).", completion: .file),
        OptionSpec(
            long: "color", valueName: "when", help: "Colour output: auto, always or never (default: auto).",
            allowedValues: Console.ColorChoice.allCases.map(\.rawValue),
            completion: .values(Console.ColorChoice.allCases.map(\.rawValue))),
        OptionSpec(long: "help", short: "h", help: "Show help information."),
    ]

    var allOptions: [OptionSpec] { options + Self.globalOptions }

    /// `shop check [<file> ...] [--format <format>] [--strict]`
    var usage: String {
        var parts = ["shop", name]
        parts += arguments.map(\.synopsis)
        for option in options {
            parts.append("[\(option.longSynopsis)]" + (option.repeatable ? " ..." : ""))
        }
        return parts.joined(separator: " ")
    }
}

/// Why a command stopped: the message for standard error and the exit status.
enum CommandFailure: Error {
    /// A mistake on the command line: exit status 2, with the usage.
    case usage(String, command: String?)
    /// A change that was refused, or findings: exit status 1.
    case refused(String)
    /// A file could not be read or written: exit status 2.
    case file(FileError)
    /// The message has been written already; just the status.
    case exit(Int32)

    var status: Int32 {
        switch self {
        case .usage, .file: 2
        case .refused: 1
        case .exit(let status): status
        }
    }
}
