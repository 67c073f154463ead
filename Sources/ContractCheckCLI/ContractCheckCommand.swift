import ArgumentParser

/// `contract-check`: lint OpenAPI contracts and check recorded traffic against them in CI.
package struct ContractCheckCommand: AsyncParsableCommand {
    /// The command's name, summary and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "contract-check",
        abstract: "Check OpenAPI contracts, and the traffic that claims to follow them.",
        discussion: """
            With no subcommand, runs `contract-check run`: lints every contract in contracts/ and writes \
            Reports/.
            Exit status: 0 when clean, 1 when problems were found, 64 on a usage error.
            """,
        subcommands: [
            RunCommand.self, LintCommand.self, VerifyCommand.self, ValidateCommand.self, ExampleCommand.self,
            MergeCommand.self, BaselineCommand.self, MockCommand.self, ProxyCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Creates the command (argument parsing fills it in).
    package init() {}
}
