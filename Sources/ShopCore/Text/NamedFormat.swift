/// A file format chosen by name: `--format NAME`, or the extension of a file's name. Export and
/// import formats declare their names once, and both ways of choosing read that declaration.
public protocol NamedFormat: Sendable {
    /// The names `--format` accepts, in lower case, file extensions among them.
    static var names: [(name: String, format: Self)] { get }
}

extension NamedFormat {
    /// The format with this name or file extension, in any case.
    public init?(name: String) {
        let lower = name.lowercased()
        guard let known = Self.names.first(where: { $0.name == lower }) else { return nil }
        self = known.format
    }

    /// The format a file name's extension stands for, in any case; nil for a name without an
    /// extension (a leading dot, as in `.md`, names a hidden file, not an extension) or with one
    /// no format claims. The longest extension a format claims wins: `list.phone.html` is named
    /// by `phone.html` before `html`.
    public init?(fileExtensionOf path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        var dot = name.firstIndex(of: ".")
        while let found = dot {
            if found != name.startIndex, let format = Self(name: String(name[name.index(after: found)...])) {
                self = format
                return
            }
            dot = name[name.index(after: found)...].firstIndex(of: ".")
        }
        return nil
    }
}
