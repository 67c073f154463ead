import ArgumentParser
import ContractInterception
import ContractMockServer
import ContractReport
import ContractSpec
import ContractVerify
import Foundation

/// `contract-check mock`: serves contracts over HTTP as the fake backend answers in unit tests.
///
/// ```
/// contract-check mock contracts/clinic.yaml --port 4010
/// contract-check mock contracts/clinic.yaml contracts/billing.yaml --port 0 --cors
/// ```
struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Serve contracts over HTTP, verifying every request as the fake backend does.",
        discussion: """
            Each request is routed to its operation under the contract's servers' base paths (several \
            contracts share the port, or take one each with --port-each), verified, answered as the fake \
            backend answers (stubs, Prism's Prefer header, the contract's own error responses for invalid \
            requests) and recorded where the default contract-check run reads it. Violations are logged and \
            counted in a ContractCheck-Violations response header. The control API under /__contract-check/ \
            sets stubs (PUT stubs/{operation}), resets (POST reset) and lists exchanges (GET exchanges). \
            Edited contracts are reloaded; a broken edit keeps the last good one. SIGINT or SIGTERM stops \
            the server after the requests in flight.
            Exit status: 0 after a clean shutdown, 1 when a contract does not load or the port cannot be \
            used, 64 on a usage error.
            """)

    @Argument(help: "The contracts (YAML or JSON).")
    var contracts: [String]

    @OptionGroup var server: ServerOptions

    @Flag(name: .customLong("port-each"), help: "Serve each contract on its own port: --port, --port + 1, …")
    var portEach = false

    func run() async throws {
        let urls = contracts.map { URL(fileURLWithPath: $0).standardizedFileURL }
        let groups = portEach ? urls.map { [$0] } : [urls]
        let names = portEach ? contracts.map { [$0] } : [contracts]
        let servers: [MockServer]
        do {
            servers = try groups.enumerated().map { index, group throws(ContractLoadError) in
                var settings = server.settings
                if settings.port != 0 { settings.port += index }
                return try MockServer(
                    contracts: group, options: server.verifierOptions, recording: server.recording,
                    settings: settings)
            }
        } catch {
            ServerOptions.printError("\(error)")
            throw ExitCode(1)
        }
        try await ServerOptions.runAll(servers.map { mock in { try await mock.run(onListening: $0) } }) {
            index, port in
            let paths = servers[index].basePaths.flatMap(\.paths)
            return "contract-check mock: serving \(names[index].joined(separator: ", ")) on "
                + "http://\(server.host):\(port) (base paths \(paths.joined(separator: ", ")))"
        }
    }
}
