// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The release build's link on Linux: one static executable, linked by the toolchain's lld with
/// libyaml's code first when the toolchain has lld (those since Swift 5.9 do), else by the
/// system's linker in its own order (see the comment on the `shop` target).
let staticLink: [String] = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    guard folders.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/ld.lld") }) else {
        return ["-static-executable"]
    }
    return [
        "-static-executable", "-use-ld=lld",
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/shop/libyaml-first.txt",
        "-Xlinker", "--no-warn-symbol-ordering",
    ]
}()

let package = Package(
    name: "shop",
    products: [
        .executable(name: "shop", targets: ["shop"])
    ],
    targets: [
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Threads for the targets that need a second one, without Foundation.
        .target(name: "Threads"),
        // The one system call the CLI needs that Swift's Glibc module does not show: starting the
        // write-back of a file being written (see FileAccess.writeAtomically).
        .target(name: "CWriteback"),
        .target(name: "YAML", dependencies: ["CLibYAML", "Threads"]),
        .target(name: "JSON"),
        .target(name: "ShopCore", dependencies: ["YAML", "JSON", "Threads"]),
        .target(name: "ShopLSP", dependencies: ["JSON", "ShopCore", "YAML", "Threads"]),
        .target(name: "ShopCLI", dependencies: ["CWriteback", "JSON", "ShopCore", "ShopLSP", "YAML"]),
        // A release build on Linux is one static executable, the C and Swift libraries linked in:
        // it starts in under a millisecond instead of two (no dynamic loader, no symbol lookups),
        // holds 2.5 MB less memory and runs where neither Swift nor libyaml is installed (see the
        // README's Performance section). The linker warns that the Swift runtime's optional
        // dlopen of a library of prespecialized generics needs glibc's shared libraries at run
        // time: in a static program that lookup finds nothing, and the runtime goes without.
        //
        // It is linked by the toolchain's lld with libyaml's code first (libyaml-first.txt names a
        // function of each of its files; `staticLink` above): placed after the Swift code, libyaml's parsing loops
        // moved with every change of that code's size, and their alignment with them. Measured,
        // two builds with the same instructions (703.2 M for `check` on 20,000 items) differed by
        // 8% in time, `check` 1.12 against 1.21 times the C loop; first, they keep one alignment.
        .executableTarget(
            name: "shop", dependencies: ["ShopCLI"], exclude: ["libyaml-first.txt"],
            linkerSettings: [.unsafeFlags(staticLink, .when(platforms: [.linux], configuration: .release))]),
        // Helpers every test target uses: golden files, Python, seeded random numbers.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ShopLSPTests", dependencies: ["ShopLSP", "JSON", "ShopCore", "YAML", "TestSupport"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ShopCoreTests", dependencies: ["ShopCore", "YAML", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ShopCLITests", dependencies: ["ShopCLI", "ShopCore", "YAML", "TestSupport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
