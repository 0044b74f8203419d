import ShopCore

/// The options and arguments given to a command.
struct ParsedArguments: Sendable {
    /// Values by option long name; a flag has one empty value per occurrence.
    var options: [String: [String]] = [:]
    /// Positional arguments in order.
    var positionals: [String] = []

    func flag(_ long: String) -> Bool { options[long] != nil }
    func value(_ long: String) -> String? { options[long]?.last }
    func values(_ long: String) -> [String] { options[long] ?? [] }
}

/// What the command line asks for.
enum Invocation {
    case help(CommandSpec?)
    case version
    case run(CommandSpec, ParsedArguments)
}

/// Reads a command line the way swift-argument-parser programs do: `shop [options] <command>
/// [arguments and options]`, options as `--name value`, `--name=value` or `-n value`, `--` before
/// arguments that start with a dash, global options before or after the command.
enum ArgumentParser {
    static func parse(_ arguments: [String], commands: [CommandSpec]) throws(CommandFailure) -> Invocation {
        var parsed = ParsedArguments()
        var command: CommandSpec?
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if onlyPositionals || token == "-" || !token.hasPrefix("-") {
                if command == nil {
                    if token == "help" {
                        return try help(Array(arguments[index...]), helpAsked: parsed.flag("help"), commands: commands)
                    }
                    guard let found = commands.first(where: { $0.name == token }) else {
                        throw unknownCommand(token, commands: commands)
                    }
                    command = found
                } else {
                    parsed.positionals.append(token)
                }
                continue
            }
            if token == "--" {
                if command == nil {
                    throw CommandFailure.usage("expected a command before '--'", command: nil)
                }
                onlyPositionals = true
                continue
            }
            if command == nil && token == "--version" { return .version }
            let options = command?.allOptions ?? CommandSpec.globalOptions
            let (name, attached) = split(token)
            guard let option = find(name, in: options) else {
                throw unknownOption(token: name, options: options, command: command)
            }
            if option.isFlag {
                if attached != nil {
                    throw CommandFailure.usage("'\(name)' takes no value", command: command?.name)
                }
                parsed.options[option.long, default: []].append("")
                continue
            }
            var value = attached
            if value == nil {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw CommandFailure.usage("missing value for '\(option.synopsis)'", command: command?.name)
                }
                value = arguments[index]
                index += 1
            }
            guard let value else { continue }
            if !option.allowedValues.isEmpty && !option.allowedValues.contains(value) {
                var message = "invalid value '\(value)' for '--\(option.long)'; expected one of \(option.allowedValues.joined(separator: ", "))"
                if let suggestion = SpellingSuggestion.closest(to: value, among: option.allowedValues) {
                    message += " (did you mean '\(suggestion)'?)"
                }
                throw CommandFailure.usage(message, command: command?.name)
            }
            if option.repeatable {
                parsed.options[option.long, default: []].append(value)
            } else {
                parsed.options[option.long] = [value]
            }
        }
        // Without a command, the overview: what a newcomer typing `shop` wants to see.
        guard let command else { return .help(nil) }
        if parsed.flag("help") { return .help(command) }
        try checkArity(parsed.positionals, command: command)
        return .run(command, parsed)
    }

    private static func split(_ token: String) -> (String, String?) {
        guard let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    private static func find(_ name: String, in options: [OptionSpec]) -> OptionSpec? {
        if name.hasPrefix("--") {
            let long = name.dropFirst(2)
            return options.first { $0.long == long }
        }
        guard name.count == 2, let letter = name.dropFirst().first else { return nil }
        return options.first { $0.short == letter }
    }

    private static func checkArity(_ positionals: [String], command: CommandSpec) throws(CommandFailure) {
        var remaining = positionals[...]
        for argument in command.arguments {
            switch argument.arity {
            case .required:
                guard let first = remaining.first else {
                    throw CommandFailure.usage("missing expected argument '\(argument.synopsis)'", command: command.name)
                }
                if argument.isWord && first != argument.name {
                    throw CommandFailure.usage(
                        "unknown subcommand '\(first)'; expected 'shop \(command.name) \(argument.name)'", command: command.name)
                }
                remaining = remaining.dropFirst()
            case .optional:
                remaining = remaining.dropFirst()
            case .oneOrMore:
                guard !remaining.isEmpty else {
                    throw CommandFailure.usage("missing expected argument '<\(argument.name)>'", command: command.name)
                }
                remaining = []
            case .zeroOrMore:
                remaining = []
            }
        }
        if let extra = remaining.first {
            throw CommandFailure.usage("unexpected argument '\(extra)'", command: command.name)
        }
    }

    private static func unknownCommand(_ name: String, commands: [CommandSpec]) -> CommandFailure {
        var message = "unknown command '\(name)'"
        if let suggestion = SpellingSuggestion.closest(to: name, among: commands.map(\.name) + ["help"]) {
            message += "; did you mean '\(suggestion)'?"
        }
        return .usage(message, command: nil)
    }

    /// `shop help [COMMAND [SUBCOMMAND]]`, the words after `help` being `words`: `shop COMMAND
    /// --help` in other words. `--help` among them (or before `help`, `helpAsked`) with no command
    /// asks what help itself does.
    private static func help(_ words: [String], helpAsked: Bool, commands: [CommandSpec]) throws(CommandFailure)
        -> Invocation
    {
        var names: [String] = []
        var asksForHelp = helpAsked
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("-") && word != "-" else {
                names.append(word)
                continue
            }
            // The global options are taken as everywhere, and change nothing here.
            let (name, attached) = split(word)
            guard let option = find(name, in: HelpCommand.spec.allOptions) else {
                throw unknownOption(token: name, options: HelpCommand.spec.allOptions, command: HelpCommand.spec)
            }
            if option.long == "help" { asksForHelp = true }
            if !option.isFlag && attached == nil { index += 1 }
        }
        guard let name = names.first else { return .help(asksForHelp ? HelpCommand.spec : nil) }
        if name == HelpCommand.spec.name {
            guard names.count == 1 else {
                throw CommandFailure.usage("unexpected argument '\(names[1])'; 'help' has no subcommands", command: HelpCommand.spec.name)
            }
            return .help(HelpCommand.spec)
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            throw unknownCommand(name, commands: commands)
        }
        let words = command.arguments.filter(\.isWord).map(\.name)
        if names.count >= 2 {
            let subcommand = names[1]
            guard let word = words.first else {
                throw CommandFailure.usage(
                    "unexpected argument '\(subcommand)'; '\(name)' has no subcommands", command: HelpCommand.spec.name)
            }
            guard subcommand == word else {
                throw CommandFailure.usage(
                    "unknown subcommand '\(subcommand)'; expected 'shop help \(name) \(word)'", command: HelpCommand.spec.name)
            }
            if names.count > 2 {
                throw CommandFailure.usage(
                    "unexpected argument '\(names[2])'; 'shop help' takes a command and its subcommand", command: HelpCommand.spec.name)
            }
        }
        return .help(command)
    }

    private static func unknownOption(token: String, options: [OptionSpec], command: CommandSpec?) -> CommandFailure {
        var message = "unknown option '\(token)'"
        if token == "--version", command != nil {
            return .usage(message + "; '--version' comes before any command: shop --version", command: command?.name)
        }
        if let suggestion = suggestedOption(for: token, among: options, globalLevel: command == nil) {
            message += "; did you mean '\(suggestion)'?"
        }
        return .usage(message, command: command?.name)
    }

    /// The option a mistyped `token` most likely meant, written in full: a long name spelled
    /// nearly right (`--quantty`, `-all` with one dash), else the only long name that starts with
    /// what was typed (`--quan`, `-v`, the one letter of a short option that does not exist).
    /// Before a command, `--version` is one too.
    static func suggestedOption(for token: String, among options: [OptionSpec], globalLevel: Bool) -> String? {
        let names = options.map(\.long) + (globalLevel ? ["version"] : [])
        let typed = String(token.drop { $0 == "-" })
        guard !typed.isEmpty else { return nil }
        if let close = SpellingSuggestion.closest(to: typed, among: names) { return "--" + close }
        let starting = names.filter { $0.hasPrefix(typed.lowercased()) }
        return starting.count == 1 ? "--" + starting[0] : nil
    }
}
