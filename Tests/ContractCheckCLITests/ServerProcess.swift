import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A `contract-check mock` or `proxy` process on an ephemeral loopback port, and curl to talk to it.
final class ServerProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private(set) var port = 0

    /// Starts `contract-check` with `arguments` (which ask for `--port 0`) in `directory` and waits for the
    /// line that says where it listens.
    init(_ arguments: [String], in directory: URL) throws {
        process.executableURL = CLITests.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CONTRACTCHECK_RECORDINGS" }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression),
            let port = Int(text[range].split(separator: ":").last ?? "")
        else {
            process.terminate()
            throw ServerDidNotStart(output: text)
        }
        self.port = port
    }

    struct ServerDidNotStart: Error {
        var output: String
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Sends SIGTERM and waits for the exit; returns the exit status and what the server logged.
    func stop() -> (status: Int32, log: String) {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, log)
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Runs curl with `arguments` and returns what it printed (`-w '%{http_code}'` for the status).
    static func curl(_ arguments: [String]) throws -> String {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "--max-time", "20"] + arguments
        let pipe = Pipe()
        curl.standardOutput = pipe
        try curl.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
