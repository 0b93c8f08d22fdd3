import FoundationEssentials
import Glibc
import QuizApp

// The executable only wires the live environment, with the decks built into it (the EmbedDecks
// plugin), to the command line and exits with its status.
// The locale first: it may put LC_CTYPE in the environment, which the editor then inherits.
let charset = TerminalLocale.setUp()
var environment = Environment.live(
  variables: ProcessInfo.processInfo.environment, shippedDecks: ShippedDecks.files)
environment.charset = charset
let quiz = Quiz(environment: environment, console: .standard)
exit(quiz.run(Array(CommandLine.arguments.dropFirst())).rawValue)
