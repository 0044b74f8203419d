extension GitRunner {
    /// Whether git merges the list at `path` with shop: the file's `merge` attribute is `shop` and
    /// the driver is configured, as `shop git setup` leaves them. False outside a work tree, and
    /// when git cannot be run.
    ///
    /// It runs git twice, so it is only asked when a file has conflict markers: to tell whether
    /// advising `shop git setup` would help.
    static func mergesWithShop(_ path: String) -> Bool {
        let git = GitRunner(folder: FileAccess.directory(of: path))
        let name = FileAccess.fileName(of: path)
        guard let attribute = try? git.run(["check-attr", "merge", "--", name]),
            attribute.status == 0, attribute.text.hasSuffix(": merge: shop"),
            let driver = try? git.run(["config", "--get", "merge.shop.driver"])
        else { return false }
        return driver.status == 0 && !driver.text.isEmpty
    }
}
