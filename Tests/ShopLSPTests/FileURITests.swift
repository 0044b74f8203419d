@testable import ShopLSP
import Testing

/// The paths of the `file:` URIs editors send.
@Suite struct FileURITests {
    @Test(
        "a file URI names its path, escapes decoded; other URIs name none",
        arguments: [
            ("file:///home/ann/shopping.yaml", "/home/ann/shopping.yaml"),
            ("file://localhost/home/ann/shopping.yaml", "/home/ann/shopping.yaml"),
            ("FILE:///tmp/a.yaml", "/tmp/a.yaml"),
            ("file:///home/ann/our%20groceries.yaml", "/home/ann/our groceries.yaml"),
            ("file:///home/ann/Einkauf%C3%A4.yaml", "/home/ann/Einkaufä.yaml"),
            ("file:///home/ann/50%25.yaml", "/home/ann/50%.yaml"),
            ("file:///tmp/ü.yaml", "/tmp/ü.yaml"),
            ("file:///tmp/bad%2.yaml", nil), ("file:///tmp/bad%zz.yaml", nil), ("file:///tmp/bad%FF.yaml", nil),
            ("file://server/share/a.yaml", nil), ("untitled:Untitled-1", nil), ("https://example.org/a.yaml", nil),
            ("file:", nil),
        ] as [(String, String?)])
    func paths(uri: String, path: String?) {
        #expect(FileURI.path(uri) == path)
    }
}
