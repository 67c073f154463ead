import ContractInterception
import ContractVerify
import Foundation
import HTTPTypes

/// A verifying proxy in front of a real server: each request is verified, forwarded, and the real
/// response verified and handed back unchanged; violations go to the log (and, when asked, a response
/// header), and every exchange is recorded for `contract-check`. Bytes pass through as they came: a
/// compressed body stays compressed, and only the fields of one connection are left behind.
package struct MockProxy: Sendable {
    /// What the proxy does beside forwarding.
    package struct Settings: Sendable {
        /// The real server (`https://staging.example.com`); request targets are appended to it.
        package var upstream: URL
        /// Whether an operation the upstream answers with 404, 405 or 501 is answered by the mock instead
        /// (for an API that is implemented in part); otherwise every response is the upstream's.
        package var answersUnimplemented = false
        /// Whether responses carry the `ContractCheck-Violations` header; otherwise not a byte is added.
        package var marksViolations = false
        /// A PEM file of certificates trusted for an `https` upstream beside the system's (a staging
        /// server's own CA, a test server's self-signed certificate).
        package var trustedCertificates: String?

        /// Settings that forward everything to `upstream` and change nothing.
        package init(upstream: URL) {
            self.upstream = upstream
        }
    }

    let server: MockServer
    let settings: Settings

    /// A proxy for the contracts `server` serves (its settings say where to listen).
    package init(server: MockServer, settings: Settings) {
        self.server = server
        self.settings = settings
    }

    /// Serves until SIGINT or SIGTERM (requests in flight complete) or cancellation, then closes the
    /// connections to the upstream.
    /// - Throws: `UpstreamClient.SetupError` when `trustedCertificates` cannot be read.
    package func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let client = try UpstreamClient(upstream: settings.upstream, trustedCertificates: settings.trustedCertificates)
        do {
            try await serve(with: client, onListening: onListening)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    private func serve(with client: UpstreamClient, onListening: @escaping @Sendable (Int) async -> Void) async throws {
        let mock = MockResponder(
            contracts: server.contracts, settings: server.settings, control: ControlAPI(contracts: server.contracts))
        let responder = ProxyResponder(
            contracts: server.contracts, settings: server.settings, proxy: settings,
            client: client,
            recorder: ProxyRecorder(server.contracts.all.first?.recording ?? .off, log: server.settings.log),
            mock: mock)
        try await MockServer.serve(settings: server.settings, onListening: onListening) {
            await ContractWatcher(contracts: server.contracts, settings: server.settings).run()
        } respond: { request, writer, channel in
            try await responder.write(request, to: writer, channel: channel)
        }
    }
}
