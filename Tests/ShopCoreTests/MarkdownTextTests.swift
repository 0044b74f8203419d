import Testing

@testable import ShopCore

/// The escapes keep Markdown readable: only what could start Markdown syntax is escaped. (That
/// names render exactly as written is checked with real renderers in ExportInteropTests.)
@Suite struct MarkdownTextTests {
    @Test(arguments: [
        ("Apples", "Apples"),
        ("Crème fraîche 🍮", "Crème fraîche 🍮"),
        ("Sunday's (big) brunch: eggs!", "Sunday's (big) brunch: eggs!"),
        ("Meat & fish", "Meat & fish"),
        ("*bold* _it_ `code`", "\\*bold\\* \\_it\\_ \\`code\\`"),
        ("[a](b) <c> #d |e| ~f~ $g$ \\h", "\\[a\\](b) \\<c\\> \\#d \\|e\\| \\~f\\~ \\$g\\$ \\\\h"),
        ("&amp; &#65; &x AT&T;", "\\&amp; \\&\\#65; &x AT\\&T;"),
        ("- a", "\\- a"),
        ("a - b", "a - b"),
        ("+ a", "\\+ a"),
        ("= a", "\\= a"),
        ("1. a", "1\\. a"),
        ("12) a", "12\\) a"),
        ("1.5 kg", "1.5 kg"),
        ("1.", "1\\."),
        ("2024.\tx", "2024\\.\tx"),
        ("http://x.org", "http\\://x.org"),
        ("www.x.org", "www\\.x.org"),
        (" a ", "&#32;a&#32;"),
        ("\ta\t", "&#9;a&#9;"),
        ("a  b", "a  b"),
        ("a\nb\rc", "a&#10;b&#13;c"),
        ("\u{A0}x", "&#160;x"),
    ])
    func escapes(text: String, expected: String) {
        #expect(MarkdownText.escaped(text) == expected)
    }
}
