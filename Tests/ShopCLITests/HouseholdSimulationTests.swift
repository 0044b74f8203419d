import Foundation
import TestSupport
import Testing

/// A short schedule of the household simulation (scripts/household.py): five clones of one
/// repository holding a catalog and two lists that name it edit, commit, pull through shop's merge
/// driver and push, and every step is checked (the three files pass check, the lists resolved
/// against the catalog; no merge loses a committed edit; the clones end byte-identical). The long
/// schedule is run by hand: `make household`.
@Suite("the household simulation", .requires(.python), .requires(.program("git")))
struct HouseholdSimulationTests {
    @Test("60 steps of five clones: every check holds, and the schedule merges lists")
    func shortSchedule() throws {
        let binary = try ShopProcess.requireBinary()
        let script = CLIPaths.repositoryRoot.appendingPathComponent("scripts/household.py").path
        let result = try ShopProcess.run(
            ShopProcess.process(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", script, "--shop", binary.path, "--steps", "60", "--seed", "1"],
                inheriting: .only(["PATH", "LANG", "LC_ALL", "TMPDIR"])))
        #expect(result.status == 0, "\(result)")
        // The figures, one JSON line: a schedule that merged nothing would check nothing.
        let figures = try #require(
            try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Int], "\(result)")
        #expect(figures["steps"] == 60)
        #expect((figures["list_merges"] ?? 0) > 0, "\(figures)")
        // The catalog is edited and merged too.
        #expect((figures["catalog_edits"] ?? 0) > 0, "\(figures)")
        #expect((figures["merge_file_conflicts_avoided"] ?? 0) > 0, "\(figures)")
    }
}
