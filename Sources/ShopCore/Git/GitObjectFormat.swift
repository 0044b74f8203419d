/// The hash a repository names its objects by: SHA-1, git's default, or SHA-256 in a repository
/// made with `git init --object-format=sha256` (`extensions.objectformat` in its configuration).
public enum GitObjectFormat: Hashable, Sendable {
    case sha1
    case sha256

    /// The length of an object id in bytes.
    public var idLength: Int {
        switch self {
        case .sha1: SHA1.digestLength
        case .sha256: SHA256.digestLength
        }
    }

    /// The id git gives a file of these bytes: the hash of `blob SIZE`, a NUL and the bytes, as
    /// `git hash-object` prints it (before any filter or line-end conversion).
    public func blobID(of bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .sha1: Self.blobID(of: bytes, SHA1())
        case .sha256: Self.blobID(of: bytes, SHA256())
        }
    }

    private static func blobID(of bytes: [UInt8], _ hash: some GitHashFunction) -> [UInt8] {
        var hash = hash
        hash.update(Array("blob \(bytes.count)".utf8) + [0])
        hash.update(bytes)
        return hash.finish()
    }

    /// The format the text of a repository's `config` file names: SHA-256 when its
    /// `[extensions]` section sets `objectformat = sha256`, SHA-1 when it sets nothing or `sha1`;
    /// nil when it names a format shop does not know (then nothing git holds can be read).
    ///
    /// Only what git's configuration syntax allows there is read: sections in brackets (names
    /// compared without case, a variable allowed after `]` on the same line), `name = value` with
    /// `#` or `;` comments and optional double quotes. A file git would refuse reads as whatever
    /// its lines say: git refuses to work in such a repository, which then has no merge to report.
    public init?(configuration: [UInt8]) {
        var named: String?
        var section = ""
        for rawLine in configuration.split(separator: 0x0A, omittingEmptySubsequences: true) {
            var line = Substring(decoding: rawLine, as: UTF8.self).drop { $0 == " " || $0 == "\t" }
            if line.first == "[" {
                guard let close = line.firstIndex(of: "]") else { continue }
                let header = line[line.index(after: line.startIndex)..<close]
                section = String(header.prefix { $0 != " " && $0 != "\t" && $0 != "\"" && $0 != "." }).lowercased()
                line = line[line.index(after: close)...].drop { $0 == " " || $0 == "\t" }
            }
            guard section == "extensions", let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingBlanks().lowercased()
            guard key == "objectformat" else { continue }
            var value = line[line.index(after: equals)...]
            if let comment = value.firstIndex(where: { $0 == "#" || $0 == ";" }) { value = value[..<comment] }
            named = value.trimmingBlanks().filter { $0 != "\"" }.lowercased()
        }
        switch named {
        case nil, "sha1": self = .sha1
        case "sha256": self = .sha256
        default: return nil
        }
    }
}

extension Substring {
    /// The text without spaces, tabs and carriage returns at either end.
    fileprivate func trimmingBlanks() -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return self[first...last]
    }
}
