import Foundation
import Testing

/// `shop export` writes the HTML page when asked by `--format html` or `htm`, or by an output
/// file named `.html` or `.htm`.
@Suite struct HTMLExportCommandTests {
    @Test func theFormatOrTheOutputsExtensionPicksThePage() throws {
        let scratch = try EditScratch()
        try scratch.write("title: Trip\nitems:\n  - name: <Milk>\n    buy: true\n", to: "shopping.yaml")
        for format in ["html", "htm"] {
            let run = try scratch.run(["export", "--format", format])
            #expect(run.status == 0, "\(run)")
            #expect(run.out.hasPrefix("<!DOCTYPE html>\n"), "\(format)")
            #expect(run.out.contains("<span class=\"name\">&lt;Milk&gt;</span>"))
        }
        for name in ["list.html", "LIST.HTM"] {
            let run = try scratch.run(["export", "-o", name])
            #expect(run.status == 0, "\(run)")
            #expect(try scratch.text(name).hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"), "\(name)")
        }
        let unknown = try scratch.run(["export", "-o", "list.xhtml"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains(".json, .html or .htm"), "\(unknown.err)")
    }
}
