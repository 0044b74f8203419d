import ShopCore
import Synchronization
import YAML

/// A document's text read as a shop file, once per revision, for every feature that needs it.
struct ShopAnalysis: Sendable {
    /// The document, or the findings that stop it from being read (a syntax error, merge conflicts).
    let parsed: Result<Document, ReadFailure>
    /// The list, when the document was read.
    let list: ShoppingList?
    /// Every finding of `check`, the syntax error included, ordered by position.
    let findings: [Finding]
    /// What the catalog the list names was read from; nil for a list that names none.
    let catalogStamp: CatalogResolver.Stamp?

    /// Reads `bytes`; `mergesWithShop` says, for a text with conflict markers, whether git already
    /// merges the document's file with shop (then the findings do not advise `shop git setup`).
    /// A list that names a catalog is resolved against what `catalog` gives for the path as
    /// written, and checked as `shop check` checks it.
    init(
        bytes: [UInt8], mergesWithShop: () -> Bool = { false },
        catalog: (_ written: String?) -> CatalogResolver.Outcome? = { _ in nil }
    ) {
        switch ShoppingList.read(bytes) {
        case .success(let read):
            let outcome = catalog(read.namedCatalog)
            let list = outcome?.applied(to: read) ?? read
            parsed = .success(list.document)
            self.list = list
            findings = list.check()
            catalogStamp = outcome?.stamp
        case .failure(let read):
            let failure = read.withoutGitSetupAdvice(if: mergesWithShop)
            parsed = .failure(failure)
            list = nil
            findings = failure.findings
            catalogStamp = nil
        }
    }

    /// The source text the findings' spans are in.
    var source: SourceText {
        switch parsed {
        case .success(let document): document.source
        case .failure(let failure): failure.source
        }
    }
}

/// The analyses of the documents worked on last, by URI and revision, so that diagnostics,
/// formatting and whatever comes after read a text once. With each is kept the list of the last
/// text of the document that did read, for completions while a line is half typed.
final class ShopAnalysisCache: Sendable {
    private struct Entry {
        var uri: String
        var revision: Int
        var analysis: ShopAnalysis
        var lastList: ShoppingList?
    }

    /// How many documents are kept.
    static let capacity = 8
    private let entries = Mutex<[Entry]>([])
    /// Whether git merges the file at a path with shop; asked for a document with conflict
    /// markers, and kept for ``answerLifetime``, as the answer takes running git.
    private let mergesWithShop: @Sendable (_ path: String) -> Bool
    private let mergingAnswers = Mutex<[String: (merges: Bool, asked: ContinuousClock.Instant)]>([:])
    private let answerLifetime: Duration
    /// What git holds for the file at a path while it holds it as unmerged. Asked at each
    /// publication of a document's diagnostics, not kept with its analysis: git's state changes
    /// without the text changing (`git add` in a terminal), and the answer is read from git's
    /// files, kept by the caller until git writes its index again.
    private let unmerged: @Sendable (_ path: String) -> (stages: UnmergedStages, name: String)?
    /// The last `unmerged` finding of each document, with the revision and the stages it was made
    /// for: the text is hashed once for them, not at each question.
    private let unmergedFindings = Mutex<[String: (revision: Int, stages: UnmergedStages, finding: Finding)]>([:])

    /// How long an answer about git is kept by default: typing in a file with conflicts runs git
    /// at most once in that time, and `shop git setup` run while the editor is open changes the
    /// advice from the first change after it.
    static let defaultAnswerLifetime = Duration.seconds(5)

    /// The catalogs of the lists that name one.
    let catalogs: CatalogResolver

    /// A cache that asks `mergesWithShop` whether git merges a file with shop, and asks again
    /// once an answer is older than `answerLifetime`.
    init(
        mergesWithShop: @escaping @Sendable (_ path: String) -> Bool = { _ in false },
        answerLifetime: Duration = ShopAnalysisCache.defaultAnswerLifetime,
        unmerged: @escaping @Sendable (_ path: String) -> (stages: UnmergedStages, name: String)? = { _ in nil },
        catalogs: CatalogResolver = CatalogResolver()
    ) {
        self.catalogs = catalogs
        self.mergesWithShop = mergesWithShop
        self.answerLifetime = answerLifetime
        self.unmerged = unmerged
    }

    /// The `unmerged` finding of the document's current text while git holds its file as
    /// unmerged; nil otherwise, and for a document that is no file.
    func unmergedFinding(of document: TextDocument) -> Finding? {
        guard let path = FileURI.path(document.uri), let (stages, name) = unmerged(path) else {
            unmergedFindings.withLock { _ = $0.removeValue(forKey: document.uri) }
            return nil
        }
        if let known = unmergedFindings.withLock({ $0[document.uri] }), known.revision == document.revision,
            known.stages == stages
        {
            return known.finding
        }
        let finding = Finding(unmerged: stages, bytes: document.bytes, name: name)
        unmergedFindings.withLock { findings in
            if findings.count >= Self.capacity { findings.removeAll() }
            findings[document.uri] = (document.revision, stages, finding)
        }
        return finding
    }

    /// Whether git merges the file of the document at `uri` with shop: false for a document that
    /// is no file.
    private func mergesWithShop(uri: String) -> Bool {
        guard let path = FileURI.path(uri) else { return false }
        let now = ContinuousClock.now
        if let known = mergingAnswers.withLock({ $0[path] }), now - known.asked < answerLifetime { return known.merges }
        let answer = mergesWithShop(path)
        mergingAnswers.withLock { $0[path] = (answer, now) }
        return answer
    }

    /// The analysis of the document's current text, a list resolved against its catalog as it
    /// is now: the open document of the catalog's path among `documents`, else the file.
    func analysis(of document: TextDocument, documents: DocumentStore = DocumentStore()) -> ShopAnalysis {
        let cached = entries.withLock { entries in
            entries.first { $0.uri == document.uri && $0.revision == document.revision }?.analysis
        }
        var outcome: CatalogResolver.Outcome?
        if let cached {
            guard let stamp = cached.catalogStamp else { return cached }
            // The text is the same; the catalog may not be.
            outcome = catalogs.outcome(written: cached.list?.namedCatalog, listURI: document.uri, documents: documents)
            if outcome?.stamp == stamp { return cached }
        }
        let analysis = ShopAnalysis(
            bytes: document.bytes, mergesWithShop: { mergesWithShop(uri: document.uri) },
            catalog: { written in
                if let outcome { return outcome }
                return catalogs.outcome(written: written, listURI: document.uri, documents: documents)
            })
        entries.withLock { entries in
            let earlier = entries.firstIndex { $0.uri == document.uri }
            let lastList = analysis.list ?? earlier.flatMap { entries[$0].lastList }
            if let earlier { entries.remove(at: earlier) }
            entries.insert(Entry(uri: document.uri, revision: document.revision, analysis: analysis, lastList: lastList), at: 0)
            if entries.count > Self.capacity { entries.removeLast() }
        }
        return analysis
    }

    /// The analysis of a snapshot's document among the documents open with it.
    func analysis(of snapshot: DocumentSnapshot) -> ShopAnalysis {
        analysis(of: snapshot.document, documents: snapshot.documents)
    }

    /// `list`, read from the document at `uri`, resolved against the catalog it names.
    func resolved(_ list: ShoppingList, uri: String, documents: DocumentStore) -> ShoppingList {
        catalogs.outcome(written: list.namedCatalog, listURI: uri, documents: documents)?.applied(to: list) ?? list
    }

    /// The open documents that name the file at `uri` as their catalog, in URI order.
    func lists(naming uri: String, among documents: DocumentStore) -> [String] {
        guard let path = CatalogResolver.path(ofDocument: uri) else { return [] }
        return documents.uris.sorted().filter { other in
            // Most documents never mention a catalog: they are not read for it.
            guard other != uri, let document = documents[other], Self.mentionsCatalog(document.bytes),
                let written = analysis(of: document, documents: documents).list?.catalogPath
            else { return false }
            return CatalogResolver.catalogPath(written, listURI: other).map(CatalogResolver.normalized) == path
        }
    }

    /// Whether `bytes` hold the word `catalog` anywhere.
    static func mentionsCatalog(_ bytes: [UInt8]) -> Bool {
        let word = Array("catalog".utf8)
        guard bytes.count >= word.count else { return false }
        var start = 0
        while let found = bytes[start...].firstIndex(of: word[0]), found + word.count <= bytes.count {
            if bytes[found..<found + word.count].elementsEqual(word) { return true }
            start = found + 1
        }
        return false
    }

    /// The list of the newest text of the document at `uri` that read as one; nil when none did
    /// (or the document has not been analysed lately).
    func lastList(of uri: String) -> ShoppingList? {
        entries.withLock { entries in entries.first { $0.uri == uri }?.lastList }
    }
}
