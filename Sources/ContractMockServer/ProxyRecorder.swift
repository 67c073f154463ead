import ContractInterception
import ContractJSON
import ContractReport
import ContractVerify
import Foundation

/// Records the proxy's exchanges as the fake backend records its own, so `contract-check` reports them.
final class ProxyRecorder: Sendable {
    private let writer: Result<RecordingWriter, any Error>?
    private let log: @Sendable (String) -> Void

    init(_ recording: ExchangeRecording, log: @escaping @Sendable (String) -> Void) {
        self.log = log
        guard case .directory(let folder) = recording else {
            writer = nil
            return
        }
        writer = Result {
            RecordingRuns.removeEarlier(than: .current, in: folder)
            return try RecordingWriter(directory: folder, run: .current)
        }
        if case .failure(let error)? = writer {
            log("cannot record exchanges in \(folder.path): \(error.localizedDescription)")
        }
    }

    func record(
        _ exchange: HTTPExchange, violations: [ContractViolation], contract: MockedContract, verifier: ContractVerifier,
        startedAt: Date
    ) {
        guard case .success(let writer)? = writer else { return }
        let path = verifier.document.file.displayPath
        let entry = TrafficEntry(
            exchange: exchange, source: SourceLocation(file: path, position: .unknown), startedAt: startedAt,
            duration: Date().timeIntervalSince(startedAt), contract: path, options: verifier.options)
        writer.append(entry, violations: violations)
    }
}
