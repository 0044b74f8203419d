import JSON
import ShopCore

/// Two versions compared for `shop diff`: item by item when both are lists, else line by line; a
/// version that is not text (``BinaryContent``) only as bytes, same or not.
struct DiffComparison {
    enum Side {
        case old, new
    }

    let old: [UInt8]
    let new: [UInt8]
    /// The versions that are not lists, with why.
    private(set) var unreadable: [(side: Side, reason: String)] = []
    /// The versions that are not text, with why: then nothing else is compared.
    private(set) var notText: [(side: Side, reason: String)] = []
    /// The changes, when both are lists.
    private(set) var diff: ListDiff?

    /// `mergesWithShop` says whether git merges the file of a side with shop (asked only of a side
    /// with conflict markers), which then gets no advice to set git up.
    init(old: [UInt8], new: [UInt8], order: Bool, mergesWithShop: (Side) -> Bool = { _ in false }) {
        self.old = old
        self.new = new
        for (side, bytes) in [(Side.old, old), (.new, new)] {
            if let reason = BinaryContent.reason(bytes) { notText.append((side, reason)) }
        }
        guard notText.isEmpty else { return }
        var lists: [ShoppingList] = []
        for (side, bytes) in [(Side.old, old), (.new, new)] {
            switch VersionReading.list(bytes, mergesWithShop: { mergesWithShop(side) }) {
            case .success(let list): lists.append(list)
            case .failure(let failure): unreadable.append((side, failure.reason))
            }
        }
        if lists.count == 2 {
            diff = ListDiff(old: lists[0], new: lists[1], options: ListDiff.Options(order: order))
        }
    }

    /// Whether there is nothing to show: the lists are the same, or the texts are.
    var isSame: Bool {
        if !notText.isEmpty { return FileAccess.sameBytes(old, new) }
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
    /// byte.
    func write(oldPath: String, newPath: String, console: Console) {
        if !notText.isEmpty {
            return console.out.write(binaryLine(oldPath: oldPath, newPath: newPath))
        }
        guard let diff else {
            return console.out.write(UnifiedDiff.make(old: old, new: new, path: oldPath, newPath: newPath))
        }
        diff.forEachLine { console.out.write(Self.styled($0, console) + "\n") }
        console.out.write(console.styled(diff.summaryLine, .bold) + "\n")
    }

    /// Writes the changes as JSON (see ``ListDiff/jsonText()``); for texts that are not both
    /// lists, `{"lineDiff": UNIFIED-DIFF, "unreadable": [{"file", "reason"}]}`.
    func writeJSON(oldPath: String, newPath: String, console: Console) {
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
