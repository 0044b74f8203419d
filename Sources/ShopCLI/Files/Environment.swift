#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The environment variables a command reads (`SHOP_FILE`, `NO_COLOR`, `TERM`, `PATH`,
/// `HOME`, `XDG_CONFIG_HOME`), each looked up when it is asked for. A dictionary of the whole
/// environment, built at start-up, cost 40% of the instructions of `shop --version` (the
/// dictionary's type is set up at run time on first use) for the one or two names a run reads.
struct Environment {
    /// The value of the variable `name`; nil when it is not set.
    subscript(name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
