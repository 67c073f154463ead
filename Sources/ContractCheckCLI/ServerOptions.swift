import ArgumentParser
import ContractInterception
import ContractMockServer
import ContractReport
import ContractSchema
import ContractSpec
import ContractVerify
import Foundation

/// The options `contract-check mock` and `contract-check proxy` share: where to listen, CORS, limits,
/// recordings.
struct ServerOptions: ParsableArguments {
    @Option(name: .long, help: "The port (0: any free one, printed when the server listens).")
    var port = 4010

    @Option(name: .long, help: "The address to listen on (loopback unless told otherwise).")
    var host = "127.0.0.1"

    @Flag(name: .long, help: "Allow cross-origin requests from browsers.")
    var cors = false

    @Option(
        name: .long,
        help:
            "Folder to record exchanges in, or off (default: CONTRACTCHECK_RECORDINGS or .build/contract-check/recordings)."
    )
    var recordings: String?

    @Option(
        name: .customLong("max-body"),
        help: "The largest request body in bytes; larger ones get 413. The proxy decodes no more of a compressed body.")
    var maximumBodyBytes = 16 << 20

    @Flag(name: .customLong("no-reload"), help: "Do not reload the contracts when their files change.")
    var noReload = false

    @Option(help: NullableHelp.text)
    var nullable: NullableReading = .lenient

    var settings: MockServer.Settings {
        var settings = MockServer.Settings(log: Self.printError)
        settings.host = host
        settings.port = port
        settings.cors = cors
        settings.maximumBodyBytes = maximumBodyBytes
        settings.reloadInterval = noReload ? nil : .seconds(1)
        return settings
    }

    var verifierOptions: VerifierOptions {
        var options = VerifierOptions()
        options.nullable = nullable
        return options
    }

    var recording: ExchangeRecording {
        switch recordings {
        case let folder? where ["off", "0", "false", "no"].contains(folder.lowercased()): .off
        case let folder?: .directory(URL(fileURLWithPath: folder, isDirectory: true))
        case nil:
            if case .off? = Recording.environmentSetting() { .off } else { .directory(Recording.defaultDirectory) }
        }
    }

    /// Prints a line on standard error at once.
    @Sendable static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Runs the servers until they stop, printing `describe(index, port)` for each as it starts listening;
    /// the first that fails stops the rest.
    static func runAll(
        _ servers: [@Sendable (@escaping @Sendable (Int) async -> Void) async throws -> Void],
        describe: @escaping @Sendable (Int, Int) -> String
    ) async throws {
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, serve) in servers.enumerated() {
                    group.addTask {
                        try await serve { port in
                            FileHandle.standardOutput.write(Data((describe(index, port) + "\n").utf8))
                        }
                    }
                }
                try await group.next()
                group.cancelAll()
                try await group.waitForAll()
            }
        } catch {
            printError("contract-check: \(error)")
            throw ExitCode(1)
        }
    }
}
