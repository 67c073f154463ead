import ArgumentParser
import ContractInterception
import ContractMockServer
import ContractSpec
import Foundation

/// `contract-check proxy`: verifies the traffic between clients and a real server.
///
/// ```
/// contract-check proxy contracts/clinic.yaml --upstream https://staging.example.com
/// contract-check proxy contracts/clinic.yaml --upstream http://127.0.0.1:8080 --answer-unimplemented
/// ```
struct ProxyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proxy",
        abstract: "Forward requests to a real server, verifying requests and responses against contracts.",
        discussion: """
            Each request is verified and forwarded to --upstream; the upstream's response is verified and \
            handed back as it came (status, headers, body bytes; a compressed body stays compressed and is \
            verified decoded; redirects are not followed). Violations are \
            logged on standard error and, with --mark-violations, counted in a ContractCheck-Violations \
            response header. With --answer-unimplemented, an operation the upstream answers with 404, 405 or \
            501 is answered by the mock instead. Every exchange is recorded where the default contract-check \
            run reads it.
            Exit status: 0 after a clean shutdown, 1 when a contract does not load or the port cannot be \
            used, 64 on a usage error.
            """)

    @Argument(help: "The contracts (YAML or JSON).")
    var contracts: [String]

    @Option(name: .long, help: "The real server, e.g. https://staging.example.com.")
    var upstream: String

    @Option(
        name: .customLong("upstream-ca"),
        help: ArgumentHelp(
            "PEM certificates to trust for an https upstream beside the system's.", valueName: "file"))
    var upstreamCA: String?

    @Flag(
        name: .customLong("answer-unimplemented"),
        help: "Answer from the contract what the upstream does not implement.")
    var answerUnimplemented = false

    @Flag(
        name: .customLong("mark-violations"),
        help: "Add a ContractCheck-Violations header to responses with violations.")
    var markViolations = false

    @OptionGroup var server: ServerOptions

    func validate() throws {
        guard let url = URL(string: upstream), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw ValidationError("--upstream must be an http or https URL, got \(upstream)")
        }
    }

    func run() async throws {
        let urls = contracts.map { URL(fileURLWithPath: $0).standardizedFileURL }
        guard let upstreamURL = URL(string: upstream) else { throw ExitCode.validationFailure }
        let mock: MockServer
        do {
            mock = try MockServer(
                contracts: urls, options: server.verifierOptions, recording: server.recording,
                settings: server.settings)
        } catch {
            ServerOptions.printError("\(error)")
            throw ExitCode(1)
        }
        var settings = MockProxy.Settings(upstream: upstreamURL)
        settings.answersUnimplemented = answerUnimplemented
        settings.marksViolations = markViolations
        settings.trustedCertificates = upstreamCA
        let proxy = MockProxy(server: mock, settings: settings)
        let host = server.host
        let upstream = upstream
        try await ServerOptions.runAll([{ try await proxy.run(onListening: $0) }]) { _, port in
            "contract-check proxy: forwarding http://\(host):\(port) to \(upstream)"
        }
    }
}
