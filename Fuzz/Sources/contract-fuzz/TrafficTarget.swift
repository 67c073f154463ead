import Foundation

@testable import ContractReport
@testable import ContractVerify

/// Recorded traffic: the input written as a HAR file or a JSON-lines recording, read as the CLI reads
/// it, and every exchange read verified against the clinic contract.
enum TrafficTarget {
    static let verifier = FixtureContracts.verifier("contracts/clinic.yaml")

    static let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "contract-fuzz-traffic-\(ProcessInfo.processInfo.processIdentifier)")

    static func runHAR(_ bytes: [UInt8]) {
        write(bytes)
        guard let entries = try? HARReader.read(url: file, path: "fuzz.har") else { return }
        for entry in entries { _ = verifier.verify(exchange: entry.exchange) }
    }

    static func runRecording(_ bytes: [UInt8]) {
        write(bytes)
        guard let read = try? Recording.read(url: file, path: "fuzz.jsonl") else { return }
        for entry in read.records { _ = verifier.verify(exchange: entry.exchange) }
    }

    private static func write(_ bytes: [UInt8]) {
        do {
            try Data(bytes).write(to: file)
        } catch {
            fatalError("cannot write the fuzz input to \(file.path): \(error)")
        }
    }
}
