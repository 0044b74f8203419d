import ShopLSP

/// `shop lsp`: a language server on standard input and output.
enum LSPCommand {
    static let spec = CommandSpec(
        name: "lsp",
        abstract: "Run a language server (LSP 3.17) for editing lists in any editor.",
        discussion: """
            Speaks the Language Server Protocol over standard input and output, for an editor that \
            starts it. Open list files get the findings of check as diagnostics after every change, \
            their fixes as quick fixes, completion of keys and values, hover on keys and items, an \
            outline of categories and items, and formatting as fmt writes. Problems with messages \
            are reported to the client and logged on standard error; the server stops at exit, with \
            status 0 after a shutdown request and 1 otherwise.
            """,
        options: [
            OptionSpec(
                long: "stdio", help: "Talk over standard input and output (the default and only way; editors pass it).")
        ],
        examples: [
            Example(command: "shop lsp", explanation: "Start the server; an editor runs this, not a person."),
            Example(command: "shop lsp --stdio", explanation: "The same, as editors that pass --stdio start it."),
        ],
        run: run)

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let errors = FileDescriptorSink(descriptor: 2)
        let features = ShopLanguageFeatures.make(
            mergesWithShop: GitRunner.mergesWithShop,
            unmerged: { path in UnmergedLookup.shared.lookup(path).map { ($0.stages, $0.pathInWorkTree) } })
        let server = LanguageServer(
            name: "shop", version: CommandSpec.programVersion, features: features,
            log: { message in _ = errors.write(Array("shop lsp: \(message)\n".utf8)) })
        let status = server.run(input: FileDescriptorSource(descriptor: 0), output: FileDescriptorSink(descriptor: 1))
        if status != 0 {
            // An editor that goes away without asking the server to shut down has ended it
            // abnormally, as the protocol has it: exit status 1, said where a log shows it.
            context.console.error("the language server stopped without a shutdown request from its client")
        }
        return status
    }
}
