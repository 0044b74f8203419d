/// `shop help [COMMAND [SUBCOMMAND]]`: the help of shop, or of a command. The argument parser
/// answers it itself (``ArgumentParser``); this spec is what `shop help help` shows.
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show the help of shop, or of a command.",
        discussion: """
            Without a command, prints the overview of shop: its commands, global options and examples. \
            With a command, prints the same help as shop COMMAND --help (shop help git setup that of \
            shop git setup --help). A name that is not a command is a usage error that suggests the \
            closest one.
            """,
        arguments: [
            ArgumentSpec(name: "command", help: "The command whose help to show.", arity: .optional),
            ArgumentSpec(name: "subcommand", help: "Its subcommand, for a command that has one (setup of git).", arity: .optional),
        ],
        examples: [
            Example(command: "shop help", explanation: "The commands of shop, and what each does."),
            Example(command: "shop help check", explanation: "The help of check: the same as shop check --help."),
            Example(command: "shop help git setup", explanation: "The help of shop git setup."),
        ],
        run: { _ throws(CommandFailure) in 0 })
}
