import PackagePlugin

/// Embeds the files it lists from `Resources/` (the route, `expeditions.json`, and the message catalogue
/// `zh-Hans.json`) in the target as Swift string constants.
///
/// SwiftPM resource bundles need full Foundation and break once the binary is copied
/// away from its resource folder, so each JSON file becomes a raw string
/// literal in a generated source file: `Resources/expeditions.json` turns
/// into `EmbeddedResources.expeditionsJSON`, and the route also into the
/// values it decodes to, `EmbeddedResources.expeditionsRoute`; the catalogue
/// also into sorted arrays, `EmbeddedResources.zhHansTemplates` and `zhHansTranslations`.
@main
struct EmbedResourcesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let resources = context.package.directoryURL.appending(path: "Resources")
        let inputs = ["expeditions.json", "zh-Hans.json"].map { resources.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding resources in \(target.name)",
                executable: try context.tool(named: "EmbedResources").url,
                arguments: [output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
