import FoundationEssentials
import Glibc

// The executable only wires the live environment to the command line and exits with its status.
let quiz = Quiz(
  environment: .live(variables: ProcessInfo.processInfo.environment), console: .standard)
exit(quiz.run(Array(CommandLine.arguments.dropFirst())).rawValue)
