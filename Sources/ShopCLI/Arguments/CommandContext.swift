/// What a running command can see: its arguments, the environment and the console.
struct CommandContext {
    let command: CommandSpec
    let arguments: ParsedArguments
    let environment: Environment
    let console: Console

    /// The list file named by `--file`, else by `$SHOP_FILE`; nil when neither is given.
    var namedListFile: String? {
        if let path = arguments.value("file") { return path }
        if let path = environment["SHOP_FILE"], !path.isEmpty { return path }
        return nil
    }

    /// The list file: `--file`, else `$SHOP_FILE`, else `shopping.yaml` or `shopping.yml` in the
    /// current folder or the nearest folder above it that has one (`shopping.yaml` when neither
    /// is found).
    var listFile: String {
        namedListFile ?? ListDiscovery.find() ?? ListDiscovery.defaultName
    }

    /// The files `check`, `fmt` and `export` work on: the operands, else the list file.
    var fileOperands: [String] {
        arguments.positionals.isEmpty ? [listFile] : arguments.positionals
    }

    /// A name for a path in messages: `<stdin>` for `-`.
    static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }
}
