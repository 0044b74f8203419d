import ShopCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(ShopCommandLine.main(Array(CommandLine.arguments.dropFirst())))
