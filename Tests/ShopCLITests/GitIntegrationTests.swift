import Foundation
import Testing
import TestSupport

/// A list shared through git, as a household shares it: shop git setup, branches edited with
/// shop, and git merge, rebase, cherry-pick, diff and log with shop as the driver.
@Suite("git integration", .requires(.program("git")))
struct GitIntegrationTests {
    @Test("git setup writes the attributes and the configuration, once; --check tells")
    func setup() throws {
        let repository = try GitScratch()
        try repository.write(GitScratch.list)
        let before = try repository.shop("git", "setup", "--check")
        #expect(before.status == 1, "\(before)")
        #expect(before.out.contains("missing: shopping.yaml lacks merge=shop diff=shop"), "\(before)")
        let first = try repository.shop("git", "setup")
        #expect(first.status == 0, "\(first)")
        #expect(first.err.contains("added 'shopping.yaml merge=shop diff=shop' to .gitattributes"), "\(first)")
        #expect(try repository.text(".gitattributes") == "shopping.yaml merge=shop diff=shop\nshopping.yml merge=shop diff=shop\n")
        let driver = try repository.git("config", "--local", "--get", "merge.shop.driver").out
        #expect(driver.hasSuffix(" merge %O %A %B --marker-size %L --path %P\n"), "\(driver)")
        let diff = try repository.git("config", "--local", "--get", "diff.shop.command").out
        #expect(diff.hasSuffix(" diff --git\n"), "\(diff)")
        // shop is not on the tests' PATH: git names it by its absolute path.
        #expect(driver.hasPrefix("/"), "\(driver)")
        let attributes = try repository.git("check-attr", "merge", "diff", "--", "shopping.yaml", "lists/shopping.yml").out
        #expect(
            attributes
                == "shopping.yaml: merge: shop\nshopping.yaml: diff: shop\nlists/shopping.yml: merge: shop\nlists/shopping.yml: diff: shop\n")
        let again = try repository.shop("git", "setup")
        #expect(again.status == 0)
        #expect(again.err.contains("nothing changed"), "\(again)")
        #expect(try repository.text(".gitattributes").components(separatedBy: "\n").count == 3)
        let check = try repository.shop("git", "setup", "--check")
        #expect(check.status == 0, "\(check)")
        #expect(!check.out.contains("missing"), "\(check)")
    }

    @Test("git setup adds the list file in use, keeps what .gitattributes had, and refuses outside a work tree")
    func setupWithAListFile() throws {
        let repository = try GitScratch()
        try repository.write("*.png binary", to: ".gitattributes")
        try repository.write(GitScratch.list, to: "lists/our groceries.yaml")
        let run = try repository.shop("-f", "lists/our groceries.yaml", "git", "setup")
        #expect(run.status == 0, "\(run)")
        #expect(
            try repository.text(".gitattributes")
                == "*.png binary\nshopping.yaml merge=shop diff=shop\nshopping.yml merge=shop diff=shop\n\"lists/our groceries.yaml\" merge=shop diff=shop\n")
        let attributes = try repository.git("check-attr", "merge", "--", "lists/our groceries.yaml").out
        #expect(attributes == "lists/our groceries.yaml: merge: shop\n", "\(attributes)")
        let outside = try EditScratch()
        let refused = try EditCLI.run(["git", "setup"], in: outside.folder, environment: repository.environment)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.err.contains("not in a git work tree"), "\(refused)")
        #expect(try outside.names().isEmpty)
        let typo = try repository.shop("git", "setpu")
        #expect(typo.status == 2 && typo.err.contains("expected 'shop git setup'"), "\(typo)")
    }

    @Test("git setup twice changes nothing: a quoted name (with a space), a file with CRLF line ends kept as they are")
    func setupIsIdempotentForQuotedNamesAndCRLF() throws {
        let repository = try GitScratch()
        try repository.write("*.txt text\r\nshopping.yaml merge=shop diff=shop\r\n", to: ".gitattributes")
        try repository.write(GitScratch.list, to: "our list.yaml")
        let first = try repository.shop("-f", "our list.yaml", "git", "setup")
        #expect(first.status == 0, "\(first)")
        let expected = "*.txt text\r\nshopping.yaml merge=shop diff=shop\r\nshopping.yml merge=shop diff=shop\r\n\"our list.yaml\" merge=shop diff=shop\r\n"
        #expect(try repository.text(".gitattributes") == expected)
        let second = try repository.shop("-f", "our list.yaml", "git", "setup")
        #expect(second.status == 0 && !second.err.contains("added"), "\(second)")
        #expect(try repository.text(".gitattributes") == expected)
        let check = try repository.shop("-f", "our list.yaml", "git", "setup", "--check")
        #expect(check.status == 0 && check.out.contains("ok: our list.yaml has merge=shop diff=shop"), "\(check)")
    }

    @Test("git setup --global sets up the user's configuration and git's global attributes file")
    func setupGlobal() throws {
        let repository = try GitScratch()
        let outside = try EditScratch()
        let run = try EditCLI.run(["git", "setup", "--global"], in: outside.folder, environment: repository.environment)
        #expect(run.status == 0, "\(run)")
        let attributes = repository.home.appendingPathComponent(".config/git/attributes")
        #expect(try Files.text(attributes) == "shopping.yaml merge=shop diff=shop\nshopping.yml merge=shop diff=shop\n")
        let driver = try repository.git("config", "--global", "--get", "merge.shop.driver").out
        #expect(driver.contains(" merge %O %A %B"), "\(driver)")
        #expect(try repository.git("config", "--local", "--get", "merge.shop.driver", allowFailure: true).status == 1)
        // A repository of this user now merges lists with shop without a setup of its own.
        try repository.write(GitScratch.list)
        #expect(try repository.git("check-attr", "merge", "--", "shopping.yaml").out == "shopping.yaml: merge: shop\n")
        let check = try EditCLI.run(["git", "setup", "--global", "--check"], in: outside.folder, environment: repository.environment)
        #expect(check.status == 0, "\(check)")
        #expect(try EditCLI.run(["git", "setup", "--global"], in: outside.folder, environment: repository.environment).err.contains("nothing changed"))
    }

    @Test("two branches that each add an item merge cleanly with the driver, and conflict without it")
    func mergeAdditions() throws {
        for setUp in [true, false] {
            let repository = try GitScratch()
            try repository.startList(setUp: setUp)
            try repository.git("checkout", "-q", "-b", "phone")
            try repository.shopOK("add", "Tea", "--price", "4.50")
            try repository.commit("tea")
            try repository.git("checkout", "-q", "main")
            try repository.shopOK("add", "Coffee", "--price", "7.99")
            try repository.commit("coffee")
            let merge = try repository.git("merge", "-q", "phone", "-m", "merge", allowFailure: true)
            if setUp {
                #expect(merge.status == 0, "\(merge)")
                #expect(try repository.text() == GitScratch.list + "  - name: Coffee\n    price: 7.99\n  - name: Tea\n    price: 4.50\n")
                #expect(try repository.shop("check").status == 0)
            } else {
                #expect(merge.status != 0, "git merges lists as text without the driver")
                #expect(try repository.text().contains("<<<<<<<"))
                let check = try repository.shop("check")
                #expect(check.status == 1, "\(check)")
                #expect(check.out.contains("delete the marker lines; 'shop git setup' makes git merge lists item by item"), "\(check)")
                let refused = try repository.shop("fmt")
                #expect(refused.status == 1 && refused.err.contains("'shop git setup' makes git merge lists"), "\(refused)")
            }
        }
    }

    @Test("changes to different keys of one item merge cleanly; one key changed both ways is a conflict around its line")
    func mergeKeys() throws {
        let repository = try GitScratch()
        try repository.startList()
        try repository.git("checkout", "-q", "-b", "phone")
        try repository.shopOK("edit", "Bread", "--price", "2.30")
        try repository.shopOK("buy", "Apples")
        try repository.commit("phone")
        try repository.git("checkout", "-q", "main")
        try repository.shopOK("buy", "Bread")
        try repository.shopOK("edit", "Apples", "--price", "3.29")
        try repository.commit("laptop")
        #expect(try repository.git("merge", "-q", "phone", "-m", "merge").status == 0)
        let merged = try repository.text()
        #expect(merged.contains("  - name: Bread\n    price: 2.30\n    category: Bakery\n    buy: true\n"), "\(merged)")
        #expect(merged.contains("  - name: Apples\n    price: 3.29\n    category: Produce\n    buy: true\n"), "\(merged)")

        try repository.git("checkout", "-q", "-b", "tablet")
        try repository.shopOK("edit", "Oat milk", "--price", "1.99")
        try repository.commit("tablet")
        try repository.git("checkout", "-q", "main")
        try repository.shopOK("edit", "Oat milk", "--price", "2.09")
        try repository.commit("laptop again")
        let conflict = try repository.git("merge", "-q", "tablet", "-m", "merge", allowFailure: true)
        #expect(conflict.status == 1, "\(conflict)")
        #expect(
            try repository.text().contains(
                "  - name: Oat milk\n<<<<<<< ours\n    price: 2.09\n=======\n    price: 1.99\n>>>>>>> theirs\n    category: Dairy\n"))
        #expect(conflict.output.contains("shopping.yaml: 1 conflict, written with markers"), "\(conflict)")
        // shop already merges this list: the conflict is one both sides made, and check does not
        // advise setting git up.
        let check = try repository.shop("check")
        #expect(check.status == 1 && check.out.contains("[merge-conflict]"), "\(check)")
        #expect(check.out.contains("delete the marker lines [merge-conflict]"), "\(check)")
        #expect(!check.out.contains("shop git setup"), "\(check)")
        // So do fmt and the edits, which refuse the file with the same findings.
        for arguments in [["fmt"], ["buy", "Bread"]] {
            let refused = try repository.shop(arguments)
            #expect(refused.status == 1 && refused.err.contains("delete the marker lines [merge-conflict]"), "\(refused)")
            #expect(!refused.err.contains("shop git setup"), "\(refused)")
        }
        // Nor does git diff against the commit, which compares the file with markers line by line.
        let diff = try repository.git("diff", "HEAD")
        #expect(diff.out.contains("+<<<<<<< ours\n"), "\(diff)")
        #expect(diff.err.contains("cannot be read as a list") && !diff.err.contains("shop git setup"), "\(diff)")
    }

    @Test("the marker size git asks for (conflict-marker-size) is the one written")
    func markerSize() throws {
        let repository = try GitScratch()
        try repository.startList()
        try repository.write(try repository.text(".gitattributes") + "shopping.yaml conflict-marker-size=12\n", to: ".gitattributes")
        try repository.commit("bigger markers")
        try repository.git("checkout", "-q", "-b", "phone")
        try repository.shopOK("edit", "Bread", "--price", "2.30")
        try repository.commit("phone")
        try repository.git("checkout", "-q", "main")
        try repository.shopOK("edit", "Bread", "--price", "2.20")
        try repository.commit("laptop")
        _ = try repository.git("merge", "-q", "phone", "-m", "merge", allowFailure: true)
        #expect(try repository.text().contains("<<<<<<<<<<<< ours\n    price: 2.20\n============\n    price: 2.30\n>>>>>>>>>>>> theirs\n"))
    }

    @Test("git diff, git show --ext-diff and git log -p --ext-diff show lists item by item")
    func diffAndLog() throws {
        let repository = try GitScratch()
        try repository.startList()
        try repository.shopOK("edit", "Bread", "--price", "2.30")
        try repository.shopOK("add", "Tea", "--price", "4.50", "--category", "Drinks")
        let diff = try repository.git("diff")
        #expect(
            diff.out == """
                diff --shop a/shopping.yaml b/shopping.yaml
                ~ Bread: price 2.10 -> 2.30
                + Tea (price 4.50, category Drinks)
                1 added, 0 removed, 1 changed

                """, "\(diff)")
        try repository.commit("tea")
        let log = try repository.git("log", "-p", "--ext-diff", "--format=%s", "-1")
        #expect(log.out.hasSuffix("diff --shop a/shopping.yaml b/shopping.yaml\n~ Bread: price 2.10 -> 2.30\n+ Tea (price 4.50, category Drinks)\n1 added, 0 removed, 1 changed\n"), "\(log)")
        // git show, as git log -p, runs the diff driver only when told to with --ext-diff.
        let show = try repository.git("show", "--format=%s")
        #expect(show.out.contains("diff --git a/shopping.yaml b/shopping.yaml\n") && !show.out.contains("diff --shop"), "\(show)")
        let shown = try repository.git("show", "--ext-diff", "--format=%s")
        #expect(shown.out == "tea\n\n" + diff.out, "\(shown)")
        let plainLog = try repository.git("log", "-p", "--format=%s", "-1")
        #expect(!plainLog.out.contains("diff --shop"), "\(plainLog)")
        // The first commit: every item added.
        let first = try repository.git("log", "-p", "--ext-diff", "--format=%s", "--reverse")
        #expect(first.out.contains("+ Apples (price 3.49, category Produce)\n"), "\(first)")
    }

    @Test("git rebase and git cherry-pick merge lists with the driver")
    func rebaseAndCherryPick() throws {
        let repository = try GitScratch()
        try repository.startList()
        try repository.git("checkout", "-q", "-b", "phone")
        try repository.shopOK("add", "Tea")
        try repository.commit("tea")
        try repository.shopOK("edit", "Apples", "--price", "3.29")
        try repository.commit("apples")
        try repository.git("checkout", "-q", "main")
        try repository.shopOK("add", "Coffee")
        try repository.shopOK("buy", "Apples")
        try repository.commit("coffee")

        try repository.git("checkout", "-q", "-b", "picked")
        let pick = try repository.git("cherry-pick", "phone", allowFailure: true)
        #expect(pick.status == 0, "\(pick)")
        let picked = try repository.text()
        #expect(picked.contains("  - name: Apples\n    price: 3.29\n    category: Produce\n    buy: true\n"), "\(picked)")
        #expect(!picked.contains("Tea"), "only the picked commit's change")

        try repository.git("checkout", "-q", "phone")
        let rebase = try repository.git("rebase", "-q", "main", allowFailure: true)
        #expect(rebase.status == 0, "\(rebase)")
        let rebased = try repository.text()
        #expect(rebased.hasSuffix("  - name: Coffee\n  - name: Tea\n"), "\(rebased)")
        #expect(rebased.contains("    price: 3.29\n    category: Produce\n    buy: true\n"), "\(rebased)")
        #expect(try repository.git("log", "--format=%s", "main..phone").out == "apples\ntea\n")
    }
}
