import Foundation
import Testing
import TestSupport

/// `shop history` judged by a reader it did not write: PyYAML and git, from Python, work out the
/// price history of generated repositories, following each item by its id, or by its name when
/// it has none, and the CSV must be theirs row for row.
@Suite("shop history judged by PyYAML", .requires(.program("git")), .requires(.pyYAML))
struct HistoryJudgeTests {
    /// Every price change of the items of the newest version, as `history --format csv` writes
    /// them: the items of each version of `shopping.yaml` (first parent, oldest first) read by
    /// PyYAML; an item is its id when it has one, else its name in lower case with its spaces
    /// collapsed; a price counts when it differs from the item's last one.
    static let judge = """
        import csv, io, subprocess, sys, yaml
        repo = sys.stdin.read().strip()
        def git(*arguments):
            return subprocess.run(["git", "-C", repo] + list(arguments), capture_output=True, check=True).stdout.decode()
        tracks, newest = {}, []
        for line in git("log", "--first-parent", "--reverse", "--format=%H %cs", "--", "shopping.yaml").split("\\n"):
            if not line:
                continue
            commit, date = line.split()
            data = yaml.safe_load(git("show", commit + ":shopping.yaml"))
            newest = []
            for item in [i for i in (data.get("items") or []) if isinstance(i, dict)]:
                key = "id:" + str(item["id"]) if item.get("id") else "name:" + " ".join(str(item["name"]).lower().split())
                newest.append((key, item["name"]))
                if item.get("price") is not None:
                    cents = round(item["price"] * 100)
                    track = tracks.setdefault(key, [])
                    if not track or track[-1][2] != cents:
                        track.append((date, commit, cents))
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\\r\\n")
        writer.writerow(["item", "date", "commit", "price"])
        for key, name in newest:
            for date, commit, cents in tracks.get(key, []):
                writer.writerow([name, date, commit, "%d.%02d" % (cents // 100, cents % 100)])
        sys.stdout.write(out.getvalue())
        """

    /// One item of a generated list. Every item has its own `notes`, so that no two items are
    /// alike but for their names (which would be a rename); names are never used again.
    struct Item {
        var serial: Int
        var name: String
        var id: String?
        var cents: Int?
        var category: String

        var text: String {
            var lines = ["  - name: \(name)"]
            if let id { lines.append("    id: \(id)") }
            if let cents { lines.append("    price: \(cents / 100).\(String(format: "%02d", cents % 100))") }
            lines.append("    category: \(category)")
            lines.append("    notes: serial \(serial)")
            return lines.joined(separator: "\n") + "\n"
        }
    }

    @Test("generated histories: prices changed and dropped, items added, removed, brought back, moved, renamed with an id", arguments: 0..<5)
    func generated(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(1000 + seed))
        let repository = try GitScratch()
        var serial = 0
        func newItem() -> Item {
            serial += 1
            return Item(
                serial: serial, name: "Item \(serial)", id: Bool.random(using: &random) ? "id-\(serial)" : nil,
                cents: Int.random(in: 0..<5, using: &random) == 0 ? nil : Int.random(in: 50...999, using: &random),
                category: ["Produce", "Dairy", "Pantry"].randomElement(using: &random)!)
        }
        var items = (0..<20).map { _ in newItem() }
        var removed: [Item] = []
        for version in 0..<8 {
            if version > 0 {
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let index = Int.random(in: 0..<items.count, using: &random)
                    switch Int.random(in: 0..<9, using: &random) {
                    case 0, 1, 2: items[index].cents = Int.random(in: 50...999, using: &random)
                    case 3: items[index].cents = nil
                    case 4: removed.append(items.remove(at: index))
                    case 5: items.insert(newItem(), at: Int.random(in: 0...items.count, using: &random))
                    case 6 where !removed.isEmpty: items.append(removed.removeFirst())
                    case 7: items.insert(items.remove(at: index), at: Int.random(in: 0..<items.count, using: &random))
                    default:
                        // An item with an id keeps it under a new name; one without, in another case.
                        if items[index].id != nil {
                            items[index].name = "Renamed \(items[index].serial) in \(version)"
                        } else {
                            items[index].name = items[index].name.uppercased()
                        }
                    }
                }
            }
            try repository.write("currency: EUR\nitems:\n" + items.map(\.text).joined())
            try repository.commit("version \(version)")
        }
        let run = try repository.shop("history", "--format", "csv")
        #expect(run.status == 0, "\(run)")
        let judged = try runPython(Self.judge, input: Array(repository.folder.path.utf8))
        #expect(judged.status == 0, "\(judged.stderr)")
        let expected = String(decoding: judged.stdout, as: UTF8.self)
        #expect(expected.split(separator: "\r\n").count > 20, "\(expected)")
        #expect(run.out == expected)
    }
}
