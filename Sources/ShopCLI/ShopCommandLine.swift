#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `shop` program: reads the command line, runs the command, and returns the exit status.
public enum ShopCommandLine {
    /// The version `shop --version` prints.
    public static let version = CommandSpec.programVersion

    /// Every command, in the order help lists them.
    static let commands: [CommandSpec] = [
        CheckCommand.spec,
        FormatCommand.spec,
        ExportCommand.spec,
        ImportCommand.spec,
        ListCommand.spec,
        InitCommand.spec,
    ] + EditCommands.all + [
        DiffCommand.spec, MergeCommand.spec, GitSetupCommand.spec, HistoryCommand.spec, CompletionsCommand.spec, LSPCommand.spec,
    ]

    /// Runs `shop` with the given arguments (without the program name) and returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let environment = Environment()
        let console = Console(environment: environment)
        let status = run(arguments, environment: environment, console: console)
        console.out.flush()
        // Output that could not be written is a failure the caller must hear of: a script that
        // redirects an export to a full disk would otherwise get an empty file and success.
        if let failure = console.out.failure {
            console.error("cannot write standard output: \(String(cString: strerror(failure)))")
            console.err.flush()
            return max(status, 2)
        }
        console.err.flush()
        return status
    }

    /// Parses the arguments and runs what they ask for, reporting a failure; returns the status.
    private static func run(_ arguments: [String], environment: Environment, console: Console) -> Int32 {
        do throws(CommandFailure) {
            switch try ArgumentParser.parse(arguments, commands: commands) {
            case .version:
                console.out.write("shop \(version)\n")
                return 0
            case .help(let command):
                console.out.write(command.map(HelpFormatter.help(for:)) ?? HelpFormatter.overview(commands: commands))
                return 0
            case .run(let command, let parsed):
                if parsed.value("file")?.isEmpty == true {
                    throw CommandFailure.usage("'--file' needs the name of a list file, not an empty one", command: command.name)
                }
                if let choice = parsed.value("color").flatMap(Console.ColorChoice.init(rawValue:)) {
                    console.configure(choice, environment: environment)
                }
                let context = CommandContext(
                    command: command, arguments: parsed, environment: environment, console: console)
                return try command.run(context)
            }
        } catch {
            report(error, console: console)
            return error.status
        }
    }

    static func report(_ failure: CommandFailure, console: Console) {
        switch failure {
        case .usage(let message, let commandName):
            console.error(message)
            if let commandName, let command = (commands + [HelpCommand.spec]).first(where: { $0.name == commandName }) {
                console.note("Usage: \(command.usage)\n  See 'shop \(commandName) --help' for more information.")
            } else {
                console.note("Usage: shop <command> [<arguments>]\n  See 'shop --help' for the list of commands.")
            }
        case .refused(let message):
            console.error(message)
        case .file(let error):
            console.error(error.description)
        case .exit:
            break
        }
    }
}
