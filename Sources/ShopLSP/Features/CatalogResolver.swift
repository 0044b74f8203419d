import ShopCore
import Synchronization

/// The catalogs of the open lists that name one: the catalog is the open document of its path
/// when the editor has it open (its unsaved text), else the file on disk, relative to the list's
/// folder, found and read by ShopCore's rules (``CatalogFile``) as `shop check` reads it: one that
/// cannot be read, is not one shop list, or names a catalog itself is the list's `catalog` error.
///
/// Each catalog's reading is kept with what it was read from, so that a list asked about again
/// pays for a read of the file (or nothing, for an open catalog) and not for decoding it again.
final class CatalogResolver: Sendable {
    /// What a list's catalog is, and what it was read from.
    struct Outcome: Sendable {
        /// What the analysis of a list depends on: equal stamps, equal catalogs.
        var stamp: Stamp
        /// The catalog, or why it could not be had.
        var catalog: Result<ShoppingList, CatalogProblem>

        /// `list` resolved against the catalog, or with the problem.
        func applied(to list: ShoppingList) -> ShoppingList {
            list.resolving(catalog)
        }
    }

    /// Where a catalog was read from, and which version of it.
    enum Stamp: Sendable, Hashable {
        /// The open document at the catalog's path, at a revision.
        case open(path: String, revision: Int)
        /// The file on disk, in the version counted for its path.
        case disk(path: String, generation: Int)
        /// Nothing could be read: why.
        case unreadable(path: String, reason: String)
    }

    private struct Kept {
        var bytes: [UInt8]?
        var revision: Int?
        var generation: Int
        var outcome: Outcome
    }

    /// How many catalogs are kept.
    static let capacity = 8
    private let kept = Mutex<[String: Kept]>([:])
    private let readFile: @Sendable (String) -> Result<[UInt8], DiskFile.Failure>

    /// A resolver that reads files with `readFile`.
    init(readFile: @escaping @Sendable (String) -> Result<[UInt8], DiskFile.Failure> = DiskFile.read) {
        self.readFile = readFile
    }

    /// The path of the catalog that the list at `listURI` names as `written`, as `shop check`
    /// opens it (the list's folder, then the path as written: the system resolves `..` after
    /// links, as for the command); nil when it cannot be known (a relative path in a document
    /// that is no file).
    static func catalogPath(_ written: String, listURI: String) -> String? {
        CatalogFile.path(written, listPath: FileURI.path(listURI))
    }

    /// `path` with `.` and empty parts taken out and each `..` taking out the part before it, so
    /// that two spellings of one path compare equal: how an open document is known to be a
    /// list's catalog, as editors name documents by such paths.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The normalised path of the document at `uri`, when it is a file.
    static func path(ofDocument uri: String) -> String? {
        FileURI.path(uri).map(normalized)
    }

    /// The catalog the list at `listURI` names as `written` (``ShoppingList/namedCatalog``), from
    /// the open `documents` or from disk; nil for a list that names none.
    func outcome(written: String?, listURI: String, documents: DocumentStore) -> Outcome? {
        guard let written else { return nil }
        guard let path = Self.catalogPath(written, listURI: listURI) else {
            let reason = "the list is not saved in a file, so there is no folder to find it in"
            return Outcome(stamp: .unreadable(path: written, reason: reason), catalog: .failure(.unreadable(reason: reason)))
        }
        let known = Self.normalized(path)
        if let open = documents.uris.lazy.compactMap({ uri in documents[uri] }).first(where: { Self.path(ofDocument: $0.uri) == known }) {
            return outcome(path: path, bytes: open.bytes, revision: open.revision)
        }
        switch readFile(path) {
        case .failure(let failure):
            return Outcome(
                stamp: .unreadable(path: path, reason: failure.reason), catalog: .failure(.unreadable(reason: failure.reason)))
        case .success(let bytes):
            return outcome(path: path, bytes: bytes, revision: nil)
        }
    }

    /// The outcome of the catalog at `path` read as `bytes` (from an open document at `revision`,
    /// or from disk when nil), decoded again only when it changed.
    private func outcome(path: String, bytes: [UInt8], revision: Int?) -> Outcome {
        let known = kept.withLock { $0[path] }
        if let known {
            if let revision, known.revision == revision { return known.outcome }
            if revision == nil, known.revision == nil, let old = known.bytes, old == bytes { return known.outcome }
        }
        let generation = (known?.generation ?? 0) + 1
        let stamp: Stamp = revision.map { .open(path: path, revision: $0) } ?? .disk(path: path, generation: generation)
        let outcome = Outcome(stamp: stamp, catalog: CatalogFile.catalog(.success(bytes)))
        kept.withLock { kept in
            if kept[path] == nil, kept.count >= Self.capacity { kept.removeAll() }
            kept[path] = Kept(bytes: revision == nil ? bytes : nil, revision: revision, generation: generation, outcome: outcome)
        }
        return outcome
    }
}
