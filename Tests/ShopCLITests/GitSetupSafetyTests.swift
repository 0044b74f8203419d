import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// shop git setup where git runs the driver without shop on its PATH, where shop was moved, in a
/// clone, and where .gitattributes is not a plain file: the driver always runs, --check tells
/// when it cannot, and nothing is written outside the work tree.
extension GitIntegrationTests {
    /// A PATH with git and a shell but no shop, as a graphical client, a hook or cron may give.
    static let pathWithoutShop = "/usr/bin:/bin"

    /// A path as a POSIX shell word, as setup writes it: in single quotes unless every character is safe.
    static func shellWord(_ path: String) -> String {
        let safe = path.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-+,:@".unicodeScalars.contains($0)) }
        return safe ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Records a failure when a shop is in ``pathWithoutShop``: the tests that use it would prove nothing.
    static func requireNoShopOnPath() throws {
        let found = pathWithoutShop.split(separator: ":").map { "\($0)/shop" }.filter {
            FileManager.default.fileExists(atPath: $0)
        }
        try #require(found.isEmpty, "a shop is installed at \(found): these tests need a PATH without one")
    }

    /// Two branches that change different items where git's line merge conflicts (a rename on one
    /// side next to a line added on the other), merged with git's `PATH` set to `path`.
    func mergeDifferentItems(_ repository: GitScratch, path: String) throws -> ShopProcess.Result {
        try repository.git("checkout", "-q", "-b", "phone")
        try repository.shopOK("buy", "Bread")
        try repository.commit("bread")
        try repository.git("checkout", "-q", "main")
        try repository.shopOK("edit", "Oat milk", "--name", "Oat drink")
        try repository.commit("oat drink")
        return try repository.git(["merge", "-q", "phone", "-m", "merge"], allowFailure: true, path: path)
    }

    /// The built shop copied to `folder/name`, executable.
    func copyOfShop(to folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("shop")
        try FileManager.default.copyItem(at: try ShopProcess.requireBinary(), to: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        return copy
    }

    /// Runs `executable` (a shop) in the repository, as its user does.
    func run(_ executable: URL, _ arguments: [String], in repository: GitScratch) throws -> ShopProcess.Result {
        let process = ShopProcess.process(
            executable, arguments, in: repository.folder, inheriting: .only(["PATH", "LANG", "LC_ALL"]),
            environment: repository.environment)
        return try ShopProcess.run(process)
    }

    @Test("git runs the driver setup names by its absolute path where shop is not on the PATH; a bare 'shop' loses the other side")
    func driverRunsWithoutShopOnPath() throws {
        try Self.requireNoShopOnPath()
        let binary = try ShopProcess.requireBinary()
        let repository = try GitScratch()
        try repository.startList()
        let driver = try repository.git("config", "--get", "merge.shop.driver").out
        #expect(driver == "\(Self.shellWord(binary.path)) merge %O %A %B --marker-size %L --path %P\n", "\(driver)")
        #expect(try repository.git("config", "--get", "diff.shop.command").out == "\(Self.shellWord(binary.path)) diff --git\n")
        let merge = try mergeDifferentItems(repository, path: Self.pathWithoutShop)
        #expect(merge.status == 0, "\(merge)")
        let merged = try repository.text()
        #expect(merged.contains("  - name: Bread\n    price: 2.10\n    category: Bakery\n    buy: true\n"), "\(merged)")
        #expect(merged.contains("  - name: Oat drink\n    price: 1.89\n"), "\(merged)")
        #expect(!merged.contains("<<<<<<<"), "\(merged)")
        // git diff runs the diff driver there too.
        try repository.shopOK("edit", "Apples", "--price", "3.29")
        let diff = try repository.git(["diff"], path: Self.pathWithoutShop)
        #expect(diff.out == "diff --shop a/shopping.yaml b/shopping.yaml\n~ Apples: price 3.49 -> 3.29\n0 added, 0 removed, 1 changed\n", "\(diff)")

        // The same merge with the driver named as a bare 'shop', as setup wrote it before: git
        // cannot start it, reports a conflict, and leaves our side's version without markers.
        let old = try GitScratch()
        try old.startList()
        try old.git("config", "merge.shop.driver", "shop merge %O %A %B --marker-size %L --path %P")
        let failed = try mergeDifferentItems(old, path: Self.pathWithoutShop)
        #expect(failed.status != 0, "\(failed)")
        #expect(failed.output.contains("shop: not found") || failed.output.contains("shop: command not found"), "\(failed)")
        let ours = try old.text()
        #expect(ours.contains("Oat drink") && !ours.contains("buy: true") && !ours.contains("<<<<<<<"), "\(ours)")
    }

    @Test("setup quotes a path for the shell; --check names a driver program that is gone or cannot run; setup again names the shop in use")
    func checkFindsAMissingProgram() throws {
        try Self.requireNoShopOnPath()
        let binary = try ShopProcess.requireBinary()
        let repository = try GitScratch()
        try repository.write(GitScratch.list)
        let place = try EditScratch()
        let copy = try copyOfShop(to: place.url("shop's bin"))
        let setup = try run(copy, ["git", "setup"], in: repository)
        #expect(setup.status == 0, "\(setup)")
        #expect(copy.path.contains("shop's bin/"))
        #expect(try repository.git("config", "--get", "merge.shop.driver").out == "\(Self.shellWord(copy.path)) merge %O %A %B --marker-size %L --path %P\n")
        try repository.commit("the list")
        // The shell git starts the driver with reads the quotes.
        #expect(try mergeDifferentItems(repository, path: Self.pathWithoutShop).status == 0)
        #expect(try repository.text().contains("buy: true"))
        #expect(try run(copy, ["git", "setup", "--check"], in: repository).status == 0)

        // Not executable, then gone: --check fails and names it, and the command that mends it.
        #expect(chmod(copy.path, 0o644) == 0)
        let notExecutable = try repository.shop("git", "setup", "--check")
        #expect(notExecutable.status == 1, "\(notExecutable)")
        #expect(notExecutable.out.contains("missing: merge.shop.driver runs '\(copy.path)', which is not an executable file"), "\(notExecutable)")
        try FileManager.default.removeItem(at: copy)
        let gone = try repository.shop("git", "setup", "--check")
        #expect(gone.status == 1, "\(gone)")
        #expect(gone.out.contains("missing: merge.shop.driver runs '\(copy.path)', which does not exist\n"), "\(gone)")
        #expect(gone.out.contains("missing: diff.shop.command runs '\(copy.path)', which does not exist\n"), "\(gone)")
        #expect(
            gone.err.contains("shop: error: git cannot run shop's drivers: they name '\(copy.path)', which does not exist; run 'shop git setup' again"),
            "\(gone)")

        // Setup again, with the shop in use now, names it.
        let again = try repository.shop("git", "setup")
        #expect(again.status == 0, "\(again)")
        #expect(again.err.contains("set merge.shop.driver = \(Self.shellWord(binary.path)) merge"), "\(again)")
        #expect(again.err.contains("set diff.shop.command = \(Self.shellWord(binary.path)) diff --git"), "\(again)")
        #expect(try repository.shop("git", "setup", "--check").status == 0)

        // The bare name setup once wrote, where the PATH has no shop.
        try repository.git("config", "merge.shop.driver", "shop merge %O %A %B --marker-size %L --path %P")
        try repository.git("config", "diff.shop.command", "shop diff --git")
        let bare = try EditCLI.run(
            ["git", "setup", "--check"], in: repository.folder,
            environment: repository.environment.merging(["PATH": Self.pathWithoutShop]) { $1 })
        #expect(bare.status == 1, "\(bare)")
        #expect(bare.out.contains("missing: merge.shop.driver runs 'shop', which is not on the PATH\n"), "\(bare)")
        #expect(bare.err.contains("they name 'shop', which is not on the PATH; run 'shop git setup' again"), "\(bare)")
        // With shop on the PATH, the bare name runs, and is still not what setup writes.
        let onPath = try EditCLI.run(
            ["git", "setup", "--check"], in: repository.folder,
            environment: repository.environment.merging(["PATH": binary.deletingLastPathComponent().path + ":" + Self.pathWithoutShop]) { $1 })
        #expect(onPath.status == 1, "\(onPath)")
        #expect(onPath.out.contains("missing: merge.shop.driver is 'shop merge"), "\(onPath)")
        #expect(onPath.out.contains("git finds a bare name only where the PATH it runs with has it"), "\(onPath)")
    }

    @Test("setup names shop by the link it was started by, which outlives the file it points to")
    func setupKeepsTheLinkItWasStartedBy() throws {
        let repository = try GitScratch()
        try repository.write(GitScratch.list)
        let place = try EditScratch()
        let link = place.url("shop")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: try ShopProcess.requireBinary())
        #expect(try run(link, ["git", "setup"], in: repository).status == 0)
        #expect(try repository.git("config", "--get", "diff.shop.command").out == "\(Self.shellWord(link.path)) diff --git\n")
    }

    @Test("setup asks for .gitattributes to be committed in a fresh repository, and not in a clone that has it committed")
    func commitAdviceOnlyWhenNeeded() throws {
        let advice = "commit .gitattributes so that every clone sends lists to shop"
        let origin = try GitScratch()
        try origin.write(GitScratch.list)
        let first = try origin.shop("git", "setup")
        #expect(first.status == 0 && first.err.contains(advice), "\(first)")
        // Set up, not yet committed: run again, it says so again.
        let again = try origin.shop("git", "setup")
        #expect(again.err.contains("nothing changed") && again.err.contains(advice), "\(again)")
        try origin.commit("the list")
        #expect(!(try origin.shop("git", "setup")).err.contains(advice))

        let clones = try EditScratch()
        try origin.git("clone", "-q", origin.folder.path, clones.url("laptop").path, in: clones.folder)
        let clone = clones.url("laptop")
        let setup = try origin.shop(["git", "setup"], in: clone)
        #expect(setup.status == 0, "\(setup)")
        #expect(setup.err.contains("set merge.shop.driver = "), "\(setup)")
        #expect(!setup.err.contains("added") && !setup.err.contains(advice), "\(setup)")
        #expect(try origin.shop(["git", "setup", "--check"], in: clone).status == 0)
        // A list file of another name adds a line: that change is to be committed.
        try Files.write(GitScratch.list, to: clone.appendingPathComponent("party.yaml"))
        let party = try origin.shop(["-f", "party.yaml", "git", "setup"], in: clone)
        #expect(party.err.contains("added 'party.yaml merge=shop diff=shop'") && party.err.contains(advice), "\(party)")
    }

    @Test("a .gitattributes that is a link out of the work tree, a folder or a named pipe is refused, and nothing is written")
    func refusesAnAttributesFileThatIsNotAFile() throws {
        let outside = try EditScratch()
        let victim = try outside.write("kept\n", to: "v.txt")
        let repository = try GitScratch()
        try repository.write(GitScratch.list)
        let attributes = repository.folder.appendingPathComponent(".gitattributes")
        try FileManager.default.createSymbolicLink(at: attributes, withDestinationURL: victim)
        for _ in 0..<2 {
            let refused = try repository.shop("git", "setup")
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.err.hasPrefix("shop: error: '"), "\(refused)")
            #expect(refused.err.contains(".gitattributes' is a symbolic link (to '\(victim.path)')"), "\(refused)")
            #expect(refused.err.contains("nothing was written"), "\(refused)")
            #expect(!refused.err.contains("already set up"), "\(refused)")
        }
        #expect(try Files.text(victim) == "kept\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: attributes.path) == victim.path)
        #expect(try repository.git("config", "--get-regexp", "shop", allowFailure: true).out == "")
        let check = try repository.shop("git", "setup", "--check")
        #expect(check.status == 1, "\(check)")
        #expect(check.out.contains(".gitattributes' is a symbolic link"), "\(check)")
        #expect(check.err.contains("make .gitattributes a regular file, then run 'shop git setup'"), "\(check)")

        try FileManager.default.removeItem(at: attributes)
        try FileManager.default.createDirectory(at: attributes, withIntermediateDirectories: false)
        let folder = try repository.shop("git", "setup")
        #expect(folder.status == 1 && folder.err.contains(".gitattributes' is a folder, not a regular file"), "\(folder)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: attributes.path).isEmpty)

        try FileManager.default.removeItem(at: attributes)
        #expect(mkfifo(attributes.path, 0o644) == 0)
        for arguments in [["git", "setup"], ["git", "setup", "--check"]] {
            let pipe = try repository.shop(arguments)
            #expect(pipe.status == 1, "\(pipe)")
            #expect(pipe.output.contains(".gitattributes' is a named pipe, not a regular file"), "\(pipe)")
        }
        #expect(try repository.git("config", "--get-regexp", "shop", allowFailure: true).out == "")
    }

    @Test("setup and --check agree where another attributes file overrides .gitattributes")
    func setupAgreesWithCheck() throws {
        let repository = try GitScratch()
        try repository.write(GitScratch.list)
        try repository.write("shopping.yaml -merge\n", to: ".git/info/attributes")
        for _ in 0..<2 {
            let setup = try repository.shop("git", "setup")
            #expect(setup.status == 1, "\(setup)")
            #expect(setup.err.contains("still missing: shopping.yaml lacks merge=shop diff=shop"), "\(setup)")
            #expect(!setup.err.contains("already set up"), "\(setup)")
        }
        #expect(try repository.shop("git", "setup", "--check").status == 1)
    }

    @Test("setup --global writes through a global attributes file that is a link, as a dotfiles manager keeps it, and refuses a folder")
    func globalAttributesFileMayBeALink() throws {
        let repository = try GitScratch()
        try repository.write(GitScratch.list)
        let home = repository.home
        let dotfiles = home.appendingPathComponent("dotfiles/gitattributes")
        try FileManager.default.createDirectory(at: dotfiles.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Files.write("*.png binary\n", to: dotfiles)
        let global = home.appendingPathComponent(".config/git/attributes")
        try FileManager.default.createDirectory(at: global.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: global, withDestinationURL: dotfiles)
        let setup = try repository.shop("git", "setup", "--global")
        #expect(setup.status == 0, "\(setup)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: global.path) == dotfiles.path)
        #expect(try Files.text(dotfiles) == "*.png binary\nshopping.yaml merge=shop diff=shop\nshopping.yml merge=shop diff=shop\n")
        // git reads the global file through the link.
        #expect(try repository.git("check-attr", "merge", "--", "shopping.yaml").out == "shopping.yaml: merge: shop\n")
        #expect(try repository.shop("git", "setup", "--global", "--check").status == 0)

        // A link to a file not yet made: the file is made.
        try FileManager.default.removeItem(at: dotfiles)
        let made = try repository.shop("git", "setup", "--global")
        #expect(made.status == 0, "\(made)")
        #expect(try Files.text(dotfiles) == "shopping.yaml merge=shop diff=shop\nshopping.yml merge=shop diff=shop\n")

        // A folder: refused before anything is set.
        let other = try GitScratch()
        let folder = other.home.appendingPathComponent(".config/git/attributes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let refused = try other.shop("git", "setup", "--global")
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.err.contains("git's global attributes file '\(folder.path)' is a folder, not a regular file"), "\(refused)")
        #expect(try other.git("config", "--global", "--get-regexp", "shop", allowFailure: true).out == "")
    }
}
