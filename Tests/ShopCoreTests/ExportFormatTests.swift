import ShopCore
import Testing

@Suite struct ExportFormatTests {
    @Test(arguments: [
        ("list.csv", ExportFormat.csv), ("out/LIST.CSV", .csv), ("a.md", .markdown), ("a.markdown", .markdown),
        ("a.Md", .markdown), ("x.y.json", .json), ("./dir.md/a.json", .json),
    ])
    func theExtensionNamesTheFormat(path: String, format: ExportFormat) {
        #expect(ExportFormat(fileExtensionOf: path) == format)
    }

    @Test(arguments: ["list", "list.txt", "list.yaml", ".csv", "dir.csv/", "dir.csv/list", "list.", "-"])
    func otherNamesNameNoFormat(path: String) {
        #expect(ExportFormat(fileExtensionOf: path) == nil)
    }

    @Test(arguments: [
        ("shopping.yaml", "shopping"), ("lists/weekly.yml", "weekly"), ("a.b.yaml", "a.b"), ("plain", "plain"),
        (".hidden", ".hidden"), ("-", "Shopping list"), ("dir/", "dir"),
    ])
    func theFallbackTitleIsTheFileNameWithoutItsExtension(path: String, title: String) {
        #expect(ExportOptions.title(forPath: path) == title)
    }

    @Test func theTitleComesFromTheListWhenItHasOne() throws {
        let titled = try ExportFixtures.parse("title: Weekly\nitems: []\n")
        let untitled = try ExportFixtures.parse("title: \"  \"\nitems: []\n")
        let options = ExportOptions(scope: .all, fallbackTitle: "file")
        #expect(ExportFormat.markdown.export(titled, options: options).starts(with: Array("# Weekly\n".utf8)))
        #expect(ExportFormat.markdown.export(untitled, options: options).starts(with: Array("# file\n".utf8)))
    }
}
