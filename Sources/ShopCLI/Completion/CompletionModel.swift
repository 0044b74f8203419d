import ShopCore

/// What a shell completion script needs to know about shop's command line, read from the command
/// registry so that the scripts always offer exactly the commands and options the program accepts.
struct CompletionModel {
    /// One command with everything its words can complete to.
    struct Command {
        var name: String
        var abstract: String
        /// The command's own options, then the global ones.
        var options: [OptionSpec]
        /// What the positional arguments complete to.
        var argumentCompletion: CompletionKind
        /// How many positional arguments the command takes; nil when there is no limit.
        var argumentLimit: Int?
    }

    var commands: [Command]
    /// The options accepted before the command name.
    var globalOptions: [OptionSpec]

    /// The model of `specs`, in the order given.
    init(specs: [CommandSpec]) {
        globalOptions = CommandSpec.globalOptions
        commands = specs.map { spec in
            var limit: Int? = 0
            for argument in spec.arguments {
                switch argument.arity {
                case .required, .optional: limit = limit.map { $0 + 1 }
                case .oneOrMore, .zeroOrMore: limit = nil
                }
            }
            return Command(
                name: spec.name, abstract: spec.abstract, options: spec.allOptions,
                argumentCompletion: spec.arguments.first?.completion ?? .none, argumentLimit: limit)
        }
        // `shop help COMMAND` is typed like a command, though the parser answers it itself.
        commands.append(
            Command(
                name: "help", abstract: "Show the help of a command.", options: [],
                argumentCompletion: .values(specs.map(\.name)), argumentLimit: 1))
    }

    /// Every ISO 4217 code shop accepts, sorted: the values of `--currency`.
    static let currencyCodes: [String] = Currency.minorUnits.keys.sorted()

    /// The fixed words a completion kind offers (values, currency codes); empty for kinds whose
    /// candidates come from the file system or the list file.
    static func words(for kind: CompletionKind) -> [String] {
        switch kind {
        case .values(let values): values
        case .currency: currencyCodes
        case .none, .file, .itemName, .category, .store: []
        }
    }

    /// The spellings of an option on the command line: `-o` and `--output`.
    static func forms(of option: OptionSpec) -> [String] {
        (option.short.map { ["-\($0)"] } ?? []) + ["--\(option.long)"]
    }

    /// Every `COMMAND:OPTION` pair, as a shell `case` pattern, of an option that takes a value;
    /// global options match any command (and none). Scripts use it to skip option values when they
    /// look for the command name and count arguments.
    var valueOptionPatterns: [String] {
        var patterns = globalOptions.filter { !$0.isFlag }.flatMap { Self.forms(of: $0).map { "*:\($0)" } }
        let globalLongNames = Set(globalOptions.map(\.long))
        for command in commands {
            for option in command.options where !option.isFlag && !globalLongNames.contains(option.long) {
                patterns += Self.forms(of: option).map { "\(command.name):\($0)" }
            }
        }
        return patterns
    }

    /// The `case` patterns of bash's and zsh's option values, with what each completes to: a global
    /// option's pattern is `*:OPTION`, given once, where the first command lists it.
    var valueOptionCases: [(pattern: String, completion: CompletionKind)] {
        var cases: [(pattern: String, completion: CompletionKind)] = []
        var seenGlobal = Set<String>()
        for command in commands {
            for option in command.options where !option.isFlag {
                let isGlobal = globalOptions.contains { $0.long == option.long }
                if isGlobal && !seenGlobal.insert(option.long).inserted { continue }
                let scope = isGlobal ? "*" : command.name
                cases.append((Self.forms(of: option).map { "\(scope):\($0)" }.joined(separator: "|"), option.completion))
            }
        }
        return cases
    }

    /// The text quoted for a POSIX-style shell (bash, zsh) in single quotes.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "'\\''") + "'"
    }
}

extension String {
    /// The text with every occurrence of `target` replaced (a small stand-in for Foundation's
    /// method, which ShopCLI does not import).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
