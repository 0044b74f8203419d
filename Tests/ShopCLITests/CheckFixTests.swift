import Foundation
import Testing

/// One safe fix: a file, what `check --fix` must make of it, and the rule it fixes.
struct SafeFixCase: CustomTestStringConvertible, Sendable {
    var name: String
    var input: String
    var output: String
    var rule: String
    /// Whether a finding of the rule remains that no safe fix resolves.
    var remains = false

    var testDescription: String { name }
}

/// `shop check --fix` on the built binary: every safe fix, and files where no fix is safe.
@Suite("check --fix")
struct CheckFixTests {
    static let safe: [SafeFixCase] = [
        SafeFixCase(
            name: "a decimal comma in EUR", input: "currency: EUR\nitems:\n  - name: Tofu\n    price: 3,49\n",
            output: "currency: EUR\nitems:\n  - name: Tofu\n    price: 3.49\n", rule: "bad-price"),
        SafeFixCase(
            name: "a decimal comma that a flow mapping split",
            input: "currency: EUR\nitems: [{name: Tofu, price: 3,49, buy: true}]\n",
            output: "currency: EUR\nitems:\n  - name: Tofu\n    price: 3.49\n    buy: true\n", rule: "bad-price"),
        SafeFixCase(
            name: "a decimal comma in a quantity", input: "items:\n  - name: Flour\n    quantity: \"1,5\"\n",
            output: "items:\n  - name: Flour\n    quantity: 1.5\n", rule: "bad-quantity"),
        SafeFixCase(
            name: "the euro sign before a price in EUR", input: "currency: EUR\nitems:\n  - name: Tofu\n    price: €3.49\n",
            output: "currency: EUR\nitems:\n  - name: Tofu\n    price: 3.49\n", rule: "bad-price"),
        SafeFixCase(
            name: "the code after a price, with a decimal comma",
            input: "currency: EUR\nitems:\n  - name: Tofu\n    price: 3,49 EUR\n",
            output: "currency: EUR\nitems:\n  - name: Tofu\n    price: 3.49\n", rule: "bad-price"),
        SafeFixCase(
            name: "a dollar sign in CAD", input: "currency: CAD\nitems:\n  - name: Tofu\n    price: $3\n",
            output: "currency: CAD\nitems:\n  - name: Tofu\n    price: 3.00\n", rule: "bad-price"),
        SafeFixCase(
            name: "a misspelt key", input: "items:\n  - name: Tofu\n    prize: 3.49 # per pack\n",
            output: "items:\n  - name: Tofu\n    price: 3.49 # per pack\n", rule: "unknown-key"),
        SafeFixCase(
            name: "two misspellings of one key: the first is fixed",
            input: "items:\n  - name: Tofu\n    prize: 3.49\n    pricee: 3.59\n",
            output: "items:\n  - name: Tofu\n    price: 3.49\n    pricee: 3.59\n", rule: "unknown-key", remains: true),
        SafeFixCase(
            name: "a category spelled otherwise than in categories",
            input: "categories: [Dairy]\nitems:\n  - name: Milk\n    category: dairy\n",
            output: "categories:\n  - Dairy\nitems:\n  - name: Milk\n    category: Dairy\n", rule: "category-spelling"),
        SafeFixCase(
            name: "a category listed twice: the later entry goes, its comment stays",
            input: "categories:\n  - Dairy\n  - Produce\n  - dairy # again\nitems: []\n",
            output: "categories:\n  - Dairy\n  - Produce\n  # again\nitems: []\n", rule: "duplicate-category"),
        SafeFixCase(
            name: "done without buy", input: "items:\n  - name: Milk\n    done: true # got it\n",
            output: "items:\n  - name: Milk\n    buy: true\n    done: true # got it\n", rule: "done-not-bought"),
        SafeFixCase(
            name: "done with buy: false", input: "items:\n  - {name: Milk, buy: false, done: true}\n",
            output: "items:\n  - name: Milk\n    buy: true\n    done: true\n", rule: "done-not-bought"),
        SafeFixCase(
            name: "done without buy in a flow mapping", input: "items:\n  - {name: Milk, done: true}\n",
            output: "items:\n  - name: Milk\n    buy: true\n    done: true\n", rule: "done-not-bought"),
        SafeFixCase(
            name: "done with buy written without a value", input: "items:\n  - name: Milk\n    buy:\n    done: true\n",
            output: "items:\n  - name: Milk\n    buy: true\n    done: true\n", rule: "done-not-bought"),
        SafeFixCase(
            name: "done with buy without a value in a flow mapping", input: "items: [{name: Milk, buy: , done: true}]\n",
            output: "items:\n  - name: Milk\n    buy: true\n    done: true\n", rule: "done-not-bought"),
        SafeFixCase(
            name: "a decimal comma in a block scalar: the line break stays",
            input: "currency: EUR\nitems:\n  - name: Tofu\n    price: |\n      3,49\n    buy: true\n",
            output: "currency: EUR\nitems:\n  - name: Tofu\n    price: 3.49\n    buy: true\n", rule: "bad-price"),
        SafeFixCase(
            name: "a category listed twice as a block scalar: the lines after it stay",
            input: "categories:\n  - A\n  - |-\n    a\n  - B\ncurrency: EUR\nitems: []\n",
            output: "currency: EUR\ncategories:\n  - A\n  - B\nitems: []\n", rule: "duplicate-category"),
        SafeFixCase(
            name: "a category spelled otherwise in a block scalar: the next key stays on its line",
            input: "categories: [Dairy]\nitems:\n  - name: a\n    category: >-\n      dairy\n    price: 1\n",
            output: "categories:\n  - Dairy\nitems:\n  - name: a\n    price: 1.00\n    category: Dairy\n",
            rule: "category-spelling"),
        SafeFixCase(
            name: "done with buy: false in a block scalar",
            input: "items:\n  - name: a\n    buy: >-\n      false\n    done: true\n",
            output: "items:\n  - name: a\n    buy: true\n    done: true\n", rule: "done-not-bought"),
        SafeFixCase(
            name: "done without buy, written as an explicit key",
            input: "items:\n  - name: Milk\n    ? done\n    : true\n",
            output: "items:\n  - name: Milk\n    buy: true\n    done: true\n", rule: "done-not-bought"),
        SafeFixCase(
            name: "done without buy, an explicit key first in its item",
            input: "items:\n  - ? done\n    : true\n    name: Milk\n",
            output: "items:\n  - name: Milk\n    buy: true\n    done: true\n", rule: "done-not-bought"),
        SafeFixCase(
            name: "the euro sign and a decimal comma that a flow mapping split",
            input: "currency: EUR\nitems: [{name: Tofu, price: € 3,49, buy: true}]\n",
            output: "currency: EUR\nitems:\n  - name: Tofu\n    price: 3.49\n    buy: true\n", rule: "bad-price"),
        SafeFixCase(
            name: "a decimal comma that a flow mapping split, the code after it",
            input: "currency: EUR\nitems: [{name: Tofu, price: 3,49 EUR}]\n",
            output: "currency: EUR\nitems:\n  - name: Tofu\n    price: 3.49\n", rule: "bad-price"),
    ]

    @Test("each safe fix: the file written in canonical form, what was fixed said, nothing left", arguments: safe)
    func safeFix(_ fix: SafeFixCase) throws {
        let scratch = try EditScratch()
        try scratch.write(fix.input, to: "shopping.yaml")
        let before = try scratch.run(["check"])
        #expect(before.out.contains("[\(fix.rule)]") && before.out.contains("help: "), "\(before)")
        let run = try scratch.run(["check", "--fix"])
        #expect(try scratch.text("shopping.yaml") == fix.output)
        #expect(run.err.contains("fixed shopping.yaml:") && run.err.contains("[\(fix.rule)]"), "\(run)")
        #expect(run.out.contains("[\(fix.rule)]") == fix.remains, "\(run)")
        #expect(run.status == 0, "\(run)")
        #expect(try scratch.run(["fmt", "--check"]).status == 0)
        #expect(try scratch.names() == ["shopping.yaml"])
    }

    @Test(
        "no safe fix: the file stays byte for byte, the findings remain, exit 1 for errors",
        arguments: [
            "currency: EUR\nitems:\n  - name: Rice\n    price: 1,500\n",
            "currency: EUR\nitems:\n  - name: Rice\n    price: \"1,499\"\n",
            "currency: JPY\nitems:\n  - name: Rice\n    price: 3,49\n",
            "currency: EUR\nitems:\n  - name: Rice\n    price: $3\n",
            "items:\n  - name: Rice\n    price: €3\n",
            "items:\n  - name: Rice\n    quantity: ½\n",
            "currency: EUOR\nitems: []\n",
            "items:\n  - name: Rice\n    price: 1\n    prize: 2\n",
            "categories: [Dairy]\nitems:\n  - name: Milk\n    category: Dairyy\n",
            "items:\n  - name: Rice\n  - name: rice\n",
            "currency: USD\nitems: [{name: Rice, price: € 3,49}]\n",
            "currency: JPY\nitems:\n  - name: Rice\n    price: 1,5\n",
            // A respelling that would give a known key a value of the wrong kind.
            "items:\n  - name: Rice\n    catgory: [a, b]\n", "items:\n  - name: Rice\n    byu: maybe\n",
            "title: T\nitmes: 3\n",
        ])
    func noSafeFix(input: String) throws {
        let scratch = try EditScratch()
        let file = try scratch.write(input, to: "shopping.yaml")
        let before = try EditFileSnapshot(file)
        let check = try scratch.run(["check"])
        let run = try scratch.run(["check", "--fix"])
        #expect(try EditFileSnapshot(file) == before, "\(run)")
        #expect(run.out == check.out, "\(run)")
        #expect(!run.err.contains("fixed shopping.yaml:"), "\(run)")
        #expect(run.status == check.status)
        // Errors that no fix applies to are said to be so; warnings alone are not errors.
        #expect(
            run.err.contains("no fix applies to the errors of shopping.yaml; they must be fixed by hand\n") == (check.status == 1),
            "\(run)")
    }

    @Test("a file whose errors no fix applies to is said to be so on standard error, before the failure")
    func noFixApplies() throws {
        let scratch = try EditScratch()
        // A duplicate name, and nothing else: which of the two to rename is for a person to say.
        let file = try scratch.write("items:\n  - name: Rice\n  - name: rice\n", to: "dup.yaml")
        let before = try EditFileSnapshot(file)
        let run = try scratch.run(["check", "--fix", "dup.yaml"])
        #expect(run.status == 1, "\(run)")
        #expect(run.out.contains("[duplicate-name]"), "\(run)")
        #expect(
            run.err == "no fix applies to the errors of dup.yaml; they must be fixed by hand\nshop: error: check found errors in 'dup.yaml'\n",
            "\(run)")
        #expect(try EditFileSnapshot(file) == before)

        // Not YAML: no fix either.
        try scratch.write("items:\n  - name: [Rice\n", to: "broken.yaml")
        let broken = try scratch.run(["check", "--fix", "broken.yaml"])
        #expect(broken.status == 1 && broken.err.hasPrefix("no fix applies to the errors of broken.yaml;"), "\(broken)")

        // Fixes made, an error left that none applies to.
        try scratch.write("currency: EUR\nitems:\n  - name: A\n    price: 3,49\n  - name: B\n    price: 1,500\n", to: "some.yaml")
        let some = try scratch.run(["check", "--fix", "some.yaml"])
        #expect(some.status == 1, "\(some)")
        #expect(some.err.contains("fixed some.yaml:4:12: "), "\(some)")
        #expect(some.err.contains("no fix applies to the errors left in some.yaml; they must be fixed by hand\n"), "\(some)")

        // Everything fixed: nothing to say of that.
        try scratch.write("currency: EUR\nitems:\n  - name: A\n    price: 3,49\n", to: "fine.yaml")
        let fine = try scratch.run(["check", "--fix", "fine.yaml"])
        #expect(fine.status == 0 && !fine.err.contains("no fix applies"), "\(fine)")
    }

    @Test("--fix reports what remains in the format asked for, and refuses standard input")
    func formatsAndStandardInput() throws {
        let scratch = try EditScratch()
        try scratch.write("currency: EUR\nitems:\n  - name: A\n    price: 3,49\n  - name: B\n    price: 1,500\n", to: "list.yaml")
        let run = try scratch.run(["check", "--fix", "--format", "json", "list.yaml"])
        #expect(run.status == 1)
        let findings = try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]]
        #expect(findings?.count == 1 && findings?.first?["line"] as? Int == 6, "\(run)")
        #expect(try scratch.text("list.yaml").contains("price: 3.49\n"))
        let stdin = try scratch.run(["check", "--fix", "-"])
        #expect(stdin.status == 2 && stdin.err.contains("cannot fix standard input"), "\(stdin)")
        // Refused before anything is written: no log begun on standard output.
        let sarif = try scratch.run(["check", "--fix", "--format", "sarif", "-"])
        #expect(sarif.status == 2 && sarif.out.isEmpty, "\(sarif)")
    }

    @Test("a file --fix cannot write keeps its findings in the report, with why it was not written, exit 2")
    func unwritableFile() throws {
        let scratch = try EditScratch()
        let text = "items:\n  - name: A\n    price: 3,49\n"
        let file = try scratch.write(text, to: "list.yaml")
        try Files.setPermissions(file, 0o444)
        let run = try scratch.run(["check", "--fix", "--format", "json", "list.yaml"])
        #expect(run.status == 2, "\(run)")
        let findings = try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]]
        #expect(findings?.count == 1 && findings?.first?["rule"] as? String == "bad-price", "\(run)")
        #expect(run.err.contains("cannot write 'list.yaml'") && !run.err.contains("fixed"), "\(run)")
        #expect(try scratch.text("list.yaml") == text)
    }

    @Test("a fix is offered only when what it writes is valid: no decimal in yen, no silent 3.00 for € 3,49")
    func fixesThatWouldNotResolve() throws {
        let scratch = try EditScratch()
        try scratch.write("currency: JPY\nitems:\n  - name: Rice\n    price: 1,5\n", to: "yen.yaml")
        let yen = try scratch.run(["check", "yen.yaml"])
        #expect(yen.status == 1 && yen.out.contains("[bad-price]") && !yen.out.contains("help:"), "\(yen)")
        try scratch.write("currency: EUR\nitems: [{name: Tofu, price: € 3,49}]\n", to: "euro.yaml")
        let euro = try scratch.run(["check", "euro.yaml"])
        #expect(euro.out.contains("this is price 3 and a key 49; write 3.49 [bad-price]"), "\(euro)")
        #expect(!euro.out.contains("[unknown-key]") && !euro.out.contains("3.00"), "\(euro)")
        #expect(try scratch.run(["export", "euro.yaml", "--format", "csv"]).status == 1)
    }

    @Test("a respelling that is not safe does not keep the safe fixes beside it from being made")
    func anUnsafeRespellingBesideSafeFixes() throws {
        let scratch = try EditScratch()
        try scratch.write(
            "items:\n  - name: A\n    catgory: [a, b]\n  - name: B\n    price: 3,49\n    done: true\n    notse: keep\n",
            to: "shopping.yaml")
        let run = try scratch.run(["check", "--fix"])
        #expect(run.status == 0, "\(run)")
        #expect(run.err.contains("write 3.49") && run.err.contains("add \"buy: true\"") && run.err.contains("rename to \"notes\""), "\(run)")
        #expect(run.out.contains("unknown key \"catgory\" (did you mean \"category\"?)"), "\(run)")
        let text = try scratch.text("shopping.yaml")
        #expect(text.contains("    catgory:\n      - a\n      - b\n") && text.contains("    price: 3.49\n    buy: true\n    done: true\n    notes: keep\n"), "\(text)")
    }

    @Test("a file with a structure error gets no fix, and is told why")
    func structureErrorsComeFirst() throws {
        let scratch = try EditScratch()
        let file = try scratch.write("items:\n  - name: A\n    category: [a]\n  - name: B\n    price: 3,49\n", to: "shopping.yaml")
        let before = try EditFileSnapshot(file)
        let run = try scratch.run(["check", "--fix"])
        #expect(run.status == 1, "\(run)")
        #expect(run.err.contains("no fix was made in shopping.yaml: its structure errors must be fixed by hand first"), "\(run)")
        #expect(try EditFileSnapshot(file) == before)
    }

    @Test("a fix that uncovers another is followed by it")
    func rounds() throws {
        let scratch = try EditScratch()
        try scratch.write("currency: EUR\nitems:\n  - name: Milk\n    prize: €1.09\n", to: "shopping.yaml")
        let run = try scratch.run(["check", "--fix"])
        #expect(run.status == 0, "\(run)")
        #expect(try scratch.text("shopping.yaml") == "currency: EUR\nitems:\n  - name: Milk\n    price: 1.09\n")
    }
}
