import ContractInterception
import ContractVerify
import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// An HTTP/1.1 server that answers for contracts as the fake backend does, for clients in other processes
/// (an app driven by UI tests, Android and web clients, AsyncHTTPClient): each request is routed to its
/// contract's operation (under the contract's servers' base paths), verified, answered with the
/// backend's choice (stubs, `Prefer`, the contract's own error responses for invalid requests) and
/// recorded for `contract-check`.
package struct MockServer: Sendable {
    /// How the server listens and answers.
    package struct Settings: Sendable {
        /// The address to listen on; loopback unless told otherwise.
        package var host = "127.0.0.1"
        /// The port; `0` for one the system picks (see `run(onListening:)`).
        package var port = 4010
        /// Whether cross-origin requests from browsers are allowed (preflights answered, origins echoed).
        package var cors = false
        /// The largest request body read; a larger one gets 413 and the connection closes.
        package var maximumBodyBytes = 16 << 20
        /// How many connections are served at once; more wait until one closes.
        package var maximumConnections = 4096
        /// How long an idle connection (a client that stopped sending) stays open.
        package var idleTimeout: Duration = .seconds(30)
        /// How many exchanges each contract keeps for the control API (the recording keeps all).
        package var keptExchanges = 10_000
        /// How often the contracts' files are checked for changes; `nil` never reloads.
        package var reloadInterval: Duration? = .seconds(1)
        /// Where violations and reload diagnostics go, one message per call.
        package var log: @Sendable (String) -> Void

        /// Settings with the defaults above and `log` as given.
        package init(log: @escaping @Sendable (String) -> Void) {
            self.log = log
        }
    }

    let contracts: MockedContracts
    let settings: Settings

    /// A server for the contracts at `urls`, verified with `options`, its exchanges recorded as `recording`
    /// says.
    /// - Throws: `ContractLoadError` for the first contract that does not load.
    package init(
        contracts urls: [URL], options: VerifierOptions = VerifierOptions(), recording: ExchangeRecording,
        settings: Settings
    ) throws(ContractLoadError) {
        var loaded: [MockedContract] = []
        for url in urls { loaded.append(try MockedContract(url: url, options: options, recording: recording)) }
        contracts = MockedContracts(loaded)
        self.settings = settings
    }

    /// The base paths each contract is served under (`/v1`), by contract path.
    package var basePaths: [(contract: String, paths: [String])] {
        contracts.all.map { ($0.url.path, MountPaths.basePaths(of: $0.backend.document)) }
    }

    /// Serves until SIGINT or SIGTERM, which stop accepting connections and let requests in flight
    /// complete (every exchange is already in the recording when it is answered), or until the task is
    /// cancelled. `onListening` gets the port once the server listens.
    package func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let responder = MockResponder(
            contracts: contracts, settings: settings, control: ControlAPI(contracts: contracts))
        try await Self.serve(settings: settings, onListening: onListening) {
            await ContractWatcher(contracts: contracts, settings: settings).run()
        } respond: { request, writer, channel in
            try await responder.write(request, to: writer, channel: channel)
        }
    }

    /// Listens with the settings' address and limits, hands each request to `respond` (which writes the
    /// whole response itself), and runs `alongside` until the server stops.
    ///
    /// HummingbirdCore's server rather than Hummingbird's `Application`, which sets `Date` on every
    /// response: the proxy hands back the upstream's fields as they came, and streams a body too large
    /// to verify.
    static func serve(
        settings: Settings, onListening: @escaping @Sendable (Int) async -> Void,
        alongside: @escaping @Sendable () async -> Void, respond: @escaping HTTPChannelHandler.Responder
    ) async throws {
        // HummingbirdCore's own messages (a connection cut while it was answered) are not the user's
        // business; violations and reloads go to `settings.log`.
        var logger = Logger(label: "contract-check")
        logger.logLevel = .critical
        let idle = settings.idleTimeout.components
        let server = try HTTPServerBuilder.http1(
            configuration: .init(
                additionalChannelHandlers: [UnparsableRequestAnswer()],
                idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000))
        ).buildServer(
            configuration: ServerConfiguration(
                address: .hostname(settings.host, port: settings.port),
                availableConnectionsDelegate: MaximumAvailableConnections(settings.maximumConnections)),
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger, responder: respond,
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? settings.port) })
        let services = ServiceGroup(
            configuration: .init(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await alongside() }
            try await services.run()
            group.cancelAll()
        }
    }
}
