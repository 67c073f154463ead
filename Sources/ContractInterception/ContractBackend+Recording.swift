import ContractJSON
import ContractMockClient
import ContractReport
import ContractSpec
import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ContractBackend {
    /// The test that uses this backend (`Tests/ClientTests.swift:42`), written with each recorded
    /// exchange so that `contract-check` can name it. The Swift Testing trait and the XCTest helper set it.
    public var testLocation: String? {
        get { state.withLock { $0.testLocation } }
        set { state.withLock { $0.testLocation = newValue } }
    }

    /// Appends an exchange to this process's recording, when the backend records. Called once per
    /// exchange, when its answer is planned and before it is delivered; the writer queues it and writes it
    /// right after (see `RecordingWriter` for what a killed process can lose).
    func persist(_ record: RecordedExchange) {
        guard case .directory(let directory) = recording else { return }
        append(record, to: directory)
    }

    /// The writing itself, not inlined where `persist` is: most backends do not record, and the request path
    /// finds its code out of the processor's caches, so code it skips still costs where it sits in between.
    @inline(never)
    private func append(_ record: RecordedExchange, to directory: URL) {
        let file = recordingFile.withLock { file in
            if let file { return file }
            let found = RecordingFiles.writer(for: directory)
            file = found
            return found
        }
        switch file {
        case .success(let writer):
            writer.append(entry(for: record), violations: record.violations)
        case .failure(let unavailable):
            let first = state.withLock { state in
                defer { state.reportedRecordingFailure = true }
                return !state.reportedRecordingFailure
            }
            if first { recordProblem(unavailable.message) }
        }
    }

    private func entry(for record: RecordedExchange) -> TrafficEntry {
        let elapsed = Date().timeIntervalSince(record.receivedAt)
        let scheduled = record.scheduledDelay.components
        return TrafficEntry(
            exchange: HTTPExchange(request: record.request, response: record.response ?? HTTPResponse(status: 0)),
            source: SourceLocation(file: document.file.displayPath, position: .unknown),
            startedAt: record.receivedAt,
            duration: elapsed + Double(scheduled.seconds) + Double(scheduled.attoseconds) / 1e18,
            test: testLocation, contract: document.file.displayPath, options: contract.verifier.options,
            failure: record.failure.map(TransportErrorName.name(of:)))
    }
}
