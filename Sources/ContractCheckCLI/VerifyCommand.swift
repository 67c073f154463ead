import ArgumentParser
import ContractReport
import ContractSchema
import ContractSpec
import ContractVerify
import Foundation

/// `contract-check verify`: check recorded traffic (HAR files, recordings) against a contract.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify recorded traffic (HAR 1.2 files, fake-backend recordings) against a contract.",
        discussion: """
            Every exchange is checked: route, parameters, body, security, status, headers and response body. \
            Exchanges whose URL matches none of the contract's servers are skipped and counted; --server maps \
            another host (a staging URL) onto the contract.
            Exit status: 0 when clean, 1 when violations were found or a file could not be read, 64 on a usage \
            error.
            """
    )

    @Option(help: "The contract to verify against.")
    var contract: String

    @Argument(help: "HAR files (.har), recordings (.jsonl), or folders holding them.")
    var paths: [String]

    @Option(name: .customLong("server"), help: "A base URL to treat as one of the contract's servers (repeatable).")
    var servers: [String] = []

    @Flag(help: "Also report query parameters the contract does not declare.")
    var strict = false

    @Option(help: "Write a JUnit XML report to this path.")
    var junit: String?

    @Option(
        name: .customLong("redact"),
        help: "Another header, query item or body field name whose values are secret (repeatable); cookies always are.")
    var redactedNames: [String] = []

    @Option(help: NullableHelp.text)
    var nullable: NullableReading = .lenient

    @Option(help: "Output format: text, json, or github.")
    var format: OutputFormat = .text

    @Option(help: "Folder that $refs may not leave (default: the working directory, or the contract's folder).")
    var root: String?

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one HAR file, recording or folder") }
    }

    func run() throws {
        var options = VerifierOptions(baseURLs: servers, strict: strict, secretNames: Set(redactedNames))
        options.nullable = nullable
        let outcome = try TrafficRun(contractPaths: [contract], trafficPaths: paths, options: options, root: root)
            .execute()
        let text = TrafficPrinter(format: format).render(outcome)
        print(format == .text ? TerminalStyle.highlight(text) : text)
        if let junit {
            try TrafficRun.writeJUnit(outcome, to: junit)
            if format == .text { print("wrote \(junit)") }
        }
        if outcome.failed { throw ExitCode(1) }
    }
}
