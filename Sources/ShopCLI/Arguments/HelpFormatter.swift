/// Renders help in the OVERVIEW / USAGE / ARGUMENTS / OPTIONS / EXAMPLES layout.
enum HelpFormatter {
    static let width = 80
    static let labelWidth = 26

    static func help(for command: CommandSpec) -> String {
        var text = "OVERVIEW: \(command.abstract)\n"
        if !command.discussion.isEmpty {
            text += "\n" + wrap(command.discussion, indent: 0) + "\n"
        }
        text += "\nUSAGE: \(command.usage)\n"
        let placeholders = command.arguments.filter { !$0.isWord }
        if !placeholders.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in placeholders {
                text += row("<\(argument.name)>", argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in command.allOptions {
            text += row(option.synopsis, option.help)
        }
        if !command.examples.isEmpty {
            text += "\nEXAMPLES:\n" + examples(command.examples)
        }
        text += "\nSEE ALSO: shop(1), shop(5)\n"
        return text
    }

    static func overview(commands: [CommandSpec]) -> String {
        var text = "OVERVIEW: Keep shopping lists as plain YAML files: format, check, export and edit them.\n"
        text += "\nUSAGE: shop [--file <path>] [--color <when>] <command> [<arguments>] [<options>]\n"
        text += "\nCOMMANDS:\n"
        for command in commands {
            text += row(command.name, command.abstract)
        }
        text += "\nOPTIONS:\n"
        for option in CommandSpec.globalOptions where option.long != "help" {
            text += row(option.synopsis, option.help)
        }
        text += row("--version", "Show the version.")
        text += row("-h, --help", "Show help information.")
        text += "\nEXAMPLES:\n" + examples(overviewExamples)
        text += "\nSee 'shop help <command>' (or 'shop <command> --help') for the help of a command, and 'man shop' for the manual.\n"
        return text
    }

    /// A day with a list, from creating it to printing it.
    static let overviewExamples = [
        Example(command: "shop init", explanation: "Create shopping.yaml with a starter catalog."),
        Example(command: "shop buy Apples \"Oat milk\"", explanation: "Put two items on the shopping list."),
        Example(command: "shop export --format markdown", explanation: "Print the list as a checklist."),
        Example(command: "shop fmt --check && shop check", explanation: "What a pre-commit hook runs."),
    ]

    /// Each example's command, and under it its explanation.
    static func examples(_ examples: [Example]) -> String {
        examples.map { "  \($0.command)\n" + wrap($0.explanation, indent: 6) + "\n" }.joined()
    }

    /// `label` and `help` beside it, wrapped in the help column; a label too wide for its column
    /// has a line of its own.
    static func row(_ label: String, _ help: String) -> String {
        let padded = "  " + label
        var lines = wrapLines(help, width: width - labelWidth).map { String(repeating: " ", count: labelWidth) + $0 + "\n" }
        if padded.count + 2 <= labelWidth {
            lines[0] = padded + lines[0].dropFirst(padded.count)
        } else {
            lines.insert(padded + "\n", at: 0)
        }
        return lines.joined()
    }

    static func wrap(_ text: String, indent: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            wrapLines(String(paragraph), width: width - indent).map {
                String(repeating: " ", count: indent) + $0
            }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static func wrapLines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
