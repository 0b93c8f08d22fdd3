import FoundationEssentials
import Glibc

// The executable only wires the live environment to the command line and exits with its status.
// The locale first: it may put LC_CTYPE in the environment, which the editor then inherits.
let charset = TerminalLocale.setUp()
var environment = Environment.live(variables: ProcessInfo.processInfo.environment)
environment.charset = charset
let quiz = Quiz(environment: environment, console: .standard)
exit(quiz.run(Array(CommandLine.arguments.dropFirst())).rawValue)
