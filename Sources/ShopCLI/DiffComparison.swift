import JSON
import ShopCore

/// Two versions compared for `shop diff`: item by item when both are lists, else line by line; a
/// version that is not text (``BinaryContent``) only as bytes, same or not.
struct DiffComparison {
    enum Side {
        case old, new
    }

    /// How the changes are written: as text (styled for `console`) or as JSON.
    enum Format {
        case text(Console)
        case json
    }

    let old: [UInt8]
    let new: [UInt8]
    /// The versions that are not lists, with why.
    private(set) var unreadable: [(side: Side, reason: String)] = []
    /// The versions that are not text, with why: then nothing else is compared.
    private(set) var notText: [(side: Side, reason: String)] = []
    /// The changes, when both are lists compared whole (or with the items neither changed set
    /// aside).
    private(set) var diff: ListDiff?
    /// The changes of two long lists compared a window of items at a time: the changes at the top
    /// level, the counts of all, and the item changes written as the format given says, held in a spool
    /// (memory, then a temporary file) until they are shown.
    private var windowed: (top: ListDiff, counts: ListDiff.Counts, items: OutputSpool)?

    /// `mergesWithShop` says whether git merges the file of a side with shop (asked only of a side
    /// with conflict markers), which then gets no advice to set git up. A spool's temporary file
    /// goes in `temporaryFolder`.
    init(
        old: [UInt8], new: [UInt8], order: Bool, format: Format, temporaryFolder: String,
        mergesWithShop: (Side) -> Bool = { _ in false }
    ) {
        self.old = old
        self.new = new
        for (side, bytes) in [(Side.old, old), (.new, new)] {
            if let reason = BinaryContent.reason(bytes) { notText.append((side, reason)) }
        }
        guard notText.isEmpty else { return }
        let options = ListDiff.Options(order: order)
        let spool = OutputSpool(folder: temporaryFolder)
        var first = true
        let long = ListDiff.ofLongVersions(old: old, new: new, options: options) { changes in
            for change in changes {
                let written: String
                switch format {
                case .text(let console): written = Self.styled(ListDiff.line(change), console) + "\n"
                case .json: written = (first ? "" : ",") + ListDiff.jsonText(change)
                }
                first = false
                var bytes = written
                bytes.withUTF8(spool.write)
            }
        }
        switch long {
        case .whole(let settled)?:
            diff = settled
            return
        case .inWindows(let top, let counts)?:
            windowed = (top, counts, spool)
            return
        case nil:
            break
        }
        var lists: [ShoppingList] = []
        for (side, bytes) in [(Side.old, old), (.new, new)] {
            switch VersionReading.list(bytes, mergesWithShop: { mergesWithShop(side) }) {
            case .success(let list): lists.append(list)
            case .failure(let failure): unreadable.append((side, failure.reason))
            }
        }
        if lists.count == 2 {
            diff = ListDiff(old: lists[0], new: lists[1], options: options)
        }
    }

    /// Whether there is nothing to show: the lists are the same, or the texts are.
    var isSame: Bool {
        if !notText.isEmpty { return FileAccess.sameBytes(old, new) }
        if let windowed { return windowed.counts == ListDiff.Counts() }
        return diff?.isEmpty ?? (old == new)
    }

    /// A line of changes as a terminal shows it: `+` lines green, `-` red, `~` yellow.
    private static func styled(_ line: String, _ console: Console) -> String {
        let style: Console.Style =
            switch line.first {
            case "+": .green
            case "-": .red
            default: .yellow
            }
        return console.styled(line, style)
    }

    /// Writes the changes and the summary to standard output a line at a time (a long diff is not
    /// made into one text first), styled on a terminal; or the unified diff of the texts, byte for
    /// byte. Throws when changes held in a temporary file cannot be read back.
    func write(oldPath: String, newPath: String, console: Console) throws(FileError) {
        if !notText.isEmpty {
            return console.out.write(binaryLine(oldPath: oldPath, newPath: newPath))
        }
        if let windowed {
            windowed.top.forEachLine { console.out.write(Self.styled($0, console) + "\n") }
            try windowed.items.deliver(to: console.out.write)
            let summary = ListDiff.summaryLine(windowed.counts, options: windowed.top.options)
            return console.out.write(console.styled(summary, .bold) + "\n")
        }
        guard let diff else {
            return console.out.write(UnifiedDiff.make(old: old, new: new, path: oldPath, newPath: newPath))
        }
        diff.forEachLine { console.out.write(Self.styled($0, console) + "\n") }
        console.out.write(console.styled(diff.summaryLine, .bold) + "\n")
    }

    /// Writes the changes as JSON (see ``ListDiff/jsonText()``); for texts that are not both
    /// lists, `{"lineDiff": UNIFIED-DIFF, "unreadable": [{"file", "reason"}]}`. Throws when
    /// changes held in a temporary file cannot be read back.
    func writeJSON(oldPath: String, newPath: String, console: Console) throws(FileError) {
        if let windowed {
            console.out.write(windowed.top.jsonHead())
            try windowed.items.deliver(to: console.out.write)
            return console.out.write(ListDiff.jsonTail(windowed.counts))
        }
        if let diff { return console.out.write(diff.jsonText()) }
        let lineDiff =
            notText.isEmpty
            ? String(decoding: UnifiedDiff.make(old: old, new: new, path: oldPath, newPath: newPath), as: UTF8.self)
            : binaryLine(oldPath: oldPath, newPath: newPath)
        let value: JSONValue = [
            // JSON holds text: bytes that are not UTF-8 show as U+FFFD there.
            "lineDiff": .string(lineDiff),
            "unreadable": .array(
                (notText.map { ($0.side, "not text: \($0.reason)") } + unreadable).map { side, reason in
                    ["file": .string(side == .old ? oldPath : newPath), "reason": .string(reason)]
                }),
        ]
        console.out.write(JSONWriter.string(value) + "\n")
    }

    /// What a diff of versions that are not text shows, as git shows it: `Binary files a/OLD and
    /// b/NEW differ`; nothing when they are the same bytes.
    private func binaryLine(oldPath: String, newPath: String) -> String {
        isSame ? "" : "Binary files a/\(oldPath) and b/\(newPath) differ\n"
    }
}
