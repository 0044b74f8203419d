#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program a shell command line runs (git runs its drivers with `sh -c`), and whether it can
/// run: its first word, unquoted as the shell does, found as the shell finds it.
enum ShellCommand {
    /// Why the program of a command cannot run.
    enum Problem: Equatable {
        /// A path that names nothing.
        case missing(String)
        /// A path that names something that is not an executable file (a folder, a file without
        /// execute permission).
        case notExecutable(String)
        /// A bare name that no folder of the `PATH` has.
        case notOnPath(String)

        /// The program as the command names it.
        var program: String {
            switch self {
            case .missing(let program), .notExecutable(let program), .notOnPath(let program): program
            }
        }

        /// What is wrong, after the program's name.
        var reason: String {
            switch self {
            case .missing: "which does not exist"
            case .notExecutable: "which is not an executable file"
            case .notOnPath: "which is not on the PATH"
            }
        }
    }

    /// The first word of `command` without its quotes: `'...'` kept as written, `"..."` and a
    /// backslash outside quotes as the shell reads them, a leading `~/` as the home folder. Nil
    /// when there is none, or when the shell would expand it (`$`, a backquote, glob characters)
    /// and only running it could tell what it is.
    static func program(of command: String, home: String?) -> String? {
        var scalars = command.unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" { scalars.removeFirst() }
        var word = ""
        var quoted = false
        if scalars.starts(with: "~/".unicodeScalars), let home {
            word = home
            scalars.removeFirst()
        }
        while let scalar = scalars.popFirst() {
            switch scalar {
            case " ", "\t", "\n", ";", "&", "|", "<", ">", "(", ")":
                return word.isEmpty && !quoted ? nil : word
            case "'":
                quoted = true
                guard let end = scalars.firstIndex(of: "'") else { return nil }
                word.unicodeScalars.append(contentsOf: scalars[..<end])
                scalars = scalars[scalars.index(after: end)...]
            case "\"":
                quoted = true
                var closed = false
                while let inner = scalars.popFirst() {
                    if inner == "\"" {
                        closed = true
                        break
                    }
                    if inner == "$" || inner == "`" { return nil }
                    if inner == "\\", let next = scalars.first, "$`\"\\\n".unicodeScalars.contains(next) {
                        scalars.removeFirst()
                        if next != "\n" { word.unicodeScalars.append(next) }
                        continue
                    }
                    word.unicodeScalars.append(inner)
                }
                guard closed else { return nil }
            case "\\":
                guard let next = scalars.popFirst() else { return nil }
                if next != "\n" { word.unicodeScalars.append(next) }
            case "$", "`", "*", "?", "[":
                return nil
            default:
                word.unicodeScalars.append(scalar)
            }
        }
        return word.isEmpty && !quoted ? nil : word
    }

    /// Why the program of `command` cannot run, or nil when it can (or cannot be told without
    /// running the command). A bare name is looked for on `path` (a `PATH` value); a relative path
    /// is taken from `folder`, where git runs the command.
    static func problem(of command: String, path: String, home: String?, folder: String?) -> Problem? {
        guard let program = program(of: command, home: home) else { return nil }
        if !program.contains("/") {
            // Words the shell runs itself, which start another program or none.
            if ["exec", "command", "eval", "true", ":"].contains(program) { return nil }
            return ShopExecutable.find(program, onPath: path) == nil ? .notOnPath(program) : nil
        }
        var file = program
        if !program.hasPrefix("/"), let folder { file = folder + "/" + program }
        var info = stat()
        guard stat(file, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing(program) : .notExecutable(program)
        }
        return ShopExecutable.isExecutableFile(file) ? nil : .notExecutable(program)
    }
}
