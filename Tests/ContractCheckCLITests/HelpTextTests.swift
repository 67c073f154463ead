import ArgumentParser
import Testing

@testable import ContractCheckCLI

/// Every command's discussion is written as paragraphs for ArgumentParser to wrap to the terminal: a line
/// broken by hand at another width came out ragged in `--help` (a few words alone on every other line).
@Suite("Help text")
struct HelpTextTests {
    @Test("discussions break lines only before the exit status")
    func discussionsAreParagraphs() {
        let commands = [ContractCheckCommand.self] + ContractCheckCommand.configuration.subcommands
        #expect(commands.count > 5)
        for command in commands {
            let discussion = command.configuration.discussion
            #expect(discussion.contains("Exit status:"), "\(command)")
            let lines = discussion.split(separator: "\n")
            for line in lines.dropFirst() {
                #expect(line.hasPrefix("Exit status:"), "\(command): \(line)")
            }
        }
    }
}
