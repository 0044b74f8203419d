import Foundation
import Testing

/// `shop export` writes the phone's page when asked by `--format phone`, or by an output file
/// named `.phone.html`; `.html` alone is still the printable page. Help and completion offer it.
@Suite struct PhoneExportCommandTests {
    @Test func theFormatOrTheOutputsExtensionPicksThePhonesPage() throws {
        let scratch = try EditScratch()
        try scratch.write("title: Trip\nitems:\n  - name: <Milk>\n    buy: true\n", to: "shopping.yaml")
        let run = try scratch.run(["export", "--format", "phone"])
        #expect(run.status == 0, "\(run)")
        #expect(run.out.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
        #expect(run.out.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "))
        #expect(run.out.contains("<span class=\"name\">&lt;Milk&gt;</span>"))
        #expect(run.out.contains("<script data-key=\"shop:"))
        for name in ["list.phone.html", "LIST.Phone.HTML"] {
            let file = try scratch.run(["export", "-o", name])
            #expect(file.status == 0, "\(file)")
            #expect(try scratch.text(name) == run.out, "\(name)")
        }
        let html = try scratch.run(["export", "-o", "phone.html"])
        #expect(html.status == 0, "\(html)")
        #expect(try !scratch.text("phone.html").contains("<script"))
        // --format wins over the name.
        let named = try scratch.run(["export", "--format", "html", "-o", "other.phone.html"])
        #expect(named.status == 0, "\(named)")
        #expect(try !scratch.text("other.phone.html").contains("<script"))
    }

    @Test func aListWithErrorsGivesNoPage() throws {
        let scratch = try EditScratch()
        try scratch.write("items:\n  - name: Milk\n    price: -1\n    buy: true\n", to: "shopping.yaml")
        let run = try scratch.run(["export", "-o", "list.phone.html"])
        #expect(run.status == 1, "\(run)")
        #expect(run.err.contains("nothing was exported"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url("list.phone.html").path))
    }

    @Test func helpNamesThePhonesPage() throws {
        let help = try ShopProcess.run(["help", "export"])
        #expect(help.status == 0, "\(help)")
        #expect(help.out.contains("phone"), "\(help.out)")
        #expect(help.out.contains("shop export -o list.phone.html"), "\(help.out)")
        let missing = try ShopProcess.run(["export", "-"], input: "items: []\n")
        #expect(missing.status == 2)
        #expect(missing.err.contains("html or phone"), "\(missing.err)")
    }
}
