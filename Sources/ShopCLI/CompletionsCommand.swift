import ShopCore

/// `shop completions`: prints a completion script for bash, zsh or fish.
enum CompletionsCommand {
    static let shells = ["bash", "zsh", "fish"]

    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script for bash, zsh or fish.",
        discussion: """
            The script completes commands, options, option values (formats, currencies, colour \
            choices), file names, and the item names and categories of the list file: the one given \
            with -f or --file earlier on the command line, else $SHOP_FILE, else shopping.yaml. It \
            asks shop for them (shop list --names and --categories), so shop must be on the PATH.
            """,
        arguments: [
            ArgumentSpec(name: "shell", help: "bash, zsh or fish.", arity: .required, completion: .values(shells))
        ],
        examples: [
            Example(command: "source <(shop completions bash)", explanation: "Complete shop in the running bash."),
            Example(
                command: "shop completions zsh > ~/.zfunc/_shop",
                explanation: "Install for zsh (with ~/.zfunc in $fpath before compinit)."),
            Example(
                command: "shop completions fish > ~/.config/fish/completions/shop.fish", explanation: "Install for fish."),
        ],
        run: run)

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let shell = context.arguments.positionals[0]
        guard let text = script(for: shell, commands: ShopCommandLine.commands) else {
            var message = "unknown shell '\(shell)'; expected bash, zsh or fish"
            if let suggestion = SpellingSuggestion.closest(to: shell, among: shells) {
                message += " (did you mean '\(suggestion)'?)"
            }
            throw CommandFailure.usage(message, command: "completions")
        }
        context.console.out.write(text)
        return 0
    }

    /// The completion script of `shell` for `commands`; nil for a shell without one.
    static func script(for shell: String, commands: [CommandSpec]) -> String? {
        let model = CompletionModel(specs: commands)
        switch shell {
        case "bash": return BashCompletionScript.make(model)
        case "zsh": return ZshCompletionScript.make(model)
        case "fish": return FishCompletionScript.make(model)
        default: return nil
        }
    }
}
