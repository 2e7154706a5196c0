import LayoutdCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(LayoutdCommand.run(Array(CommandLine.arguments.dropFirst())))
