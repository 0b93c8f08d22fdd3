import Foundation
import PackagePlugin

/// Embeds the package's `Decks/` folder into the `quiz` executable as Swift source.
@main
struct EmbedDecks: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let decks = context.package.directoryURL.appending(path: "Decks")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: decks.path())) ?? []
    let inputs = names.filter { $0.hasSuffix(".md") || $0.hasSuffix(".txt") }.sorted()
      .map { decks.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "ShippedDecks.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.count) shipped decks",
        executable: try context.tool(named: "DeckEmbedder").url,
        arguments: [output.path()] + inputs.map { $0.path() },
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
